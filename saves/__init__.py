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
from saves.format import CONVERTER, Encoder, History, Loaded, SaveFile, decode, encode, make_converter, read_journal
from saves.lock import CampaignLock, Holder, read_holder
from saves.paths import ensure_saves_dir, list_campaigns, resolve_campaign, saves_dir, slug
from saves.store import (
    AutoSaver,
    Opened,
    backups_that_load,
    create_campaign,
    load_campaign,
    open_campaign,
    refuses,
    restore_backup,
)

__all__ = [
    "CAMPAIGN",
    "CONVERTER",
    "CURRENT_VERSION",
    "DEFAULT_BACKUPS",
    "FORMAT",
    "AutoSaver",
    "BadFieldError",
    "CampaignLock",
    "Encoder",
    "EnvelopeFormat",
    "FutureVersionError",
    "History",
    "Holder",
    "Loaded",
    "LockedError",
    "MissingFileError",
    "NotCampaignError",
    "NotJsonError",
    "Opened",
    "SaveError",
    "SaveFile",
    "atomic_write",
    "backup_path",
    "backups_of",
    "backups_that_load",
    "create_campaign",
    "decode",
    "encode",
    "ensure_saves_dir",
    "list_campaigns",
    "load",
    "load_bytes",
    "load_campaign",
    "make_converter",
    "migration",
    "newest_loading_backup",
    "open_campaign",
    "open_envelope",
    "read_holder",
    "read_journal",
    "refuses",
    "resolve_campaign",
    "restore_backup",
    "saves_dir",
    "seal",
    "slug",
]
