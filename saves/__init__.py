"""Persistence: atomic writes with backups, one writer per campaign, versioned envelopes.

Never imports Textual or Rich; may import ``core``. The names below are each module's own,
loaded when first asked for (``saves.open_campaign``): importing one module of the package (the
command line's ``saves.errors``) does not load the converter and the rules behind it.
"""

from __future__ import annotations

import importlib
from typing import Any

#: Each public name, by the module of the package that defines it.
PUBLIC: dict[str, tuple[str, ...]] = {
    "atomic": (
        "DEFAULT_BACKUPS",
        "atomic_write",
        "backup_path",
        "backups_of",
        "load",
        "load_bytes",
        "newest_loading_backup",
    ),
    "envelope": ("CAMPAIGN", "CURRENT_VERSION", "FORMAT", "EnvelopeFormat", "migration", "open_envelope", "seal"),
    "errors": (
        "BadFieldError",
        "FutureVersionError",
        "LockedError",
        "MissingFileError",
        "NotCampaignError",
        "NotJsonError",
        "SaveError",
    ),
    "format": (
        "CONVERTER",
        "Encoder",
        "History",
        "Loaded",
        "SaveFile",
        "decode",
        "encode",
        "make_converter",
        "read_journal",
    ),
    "lock": ("CampaignLock", "Holder", "read_holder"),
    "paths": ("ensure_saves_dir", "list_campaigns", "resolve_campaign", "saves_dir", "slug"),
    "store": (
        "AutoSaver",
        "Opened",
        "backups_that_load",
        "create_campaign",
        "load_campaign",
        "open_campaign",
        "refuses",
        "restore_backup",
    ),
}

__all__ = sorted(name for names in PUBLIC.values() for name in names)
_MODULE_OF = {name: module for module, names in PUBLIC.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
