"""Persistence: atomic writes with backups, one writer per campaign, versioned envelopes.

Never imports Textual or Rich; may import ``core``.
"""

from saves.atomic import (
    DEFAULT_BACKUPS,
    atomic_write,
    backup_path,
    backups_of,
    load,
    load_bytes,
    newest_loading_backup,
)
from saves.envelope import CAMPAIGN, CURRENT_VERSION, FORMAT, EnvelopeFormat, migration, open_envelope, seal
from saves.errors import (
    BadFieldError,
    FutureVersionError,
    LockedError,
    MissingFileError,
    NotCampaignError,
    NotJsonError,
    SaveError,
)
from saves.lock import CampaignLock, Holder, read_holder
from saves.paths import ensure_saves_dir, list_campaigns, resolve_campaign, saves_dir, slug

__all__ = [
    "CAMPAIGN",
    "CURRENT_VERSION",
    "DEFAULT_BACKUPS",
    "FORMAT",
    "BadFieldError",
    "CampaignLock",
    "EnvelopeFormat",
    "FutureVersionError",
    "Holder",
    "LockedError",
    "MissingFileError",
    "NotCampaignError",
    "NotJsonError",
    "SaveError",
    "atomic_write",
    "backup_path",
    "backups_of",
    "ensure_saves_dir",
    "list_campaigns",
    "load",
    "load_bytes",
    "migration",
    "newest_loading_backup",
    "open_envelope",
    "read_holder",
    "resolve_campaign",
    "saves_dir",
    "seal",
    "slug",
]
