"""Where campaigns live: ``--saves DIR``, else ``$APOTHEOSE_SAVES``, else the user data folder."""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path

import platformdirs

from core.errors import RulesError

ENV_VAR = "APOTHEOSE_SAVES"
SUFFIX = ".json"
#: Files beside a campaign that are not campaigns: its players' file and its access list.
NOT_CAMPAIGNS = (".players.json", ".access.json")
_SLUG_MAX = 80
_SEPARATORS = tuple(s for s in (os.sep, os.altsep) if s)


def saves_dir(explicit: str | os.PathLike[str] | None = None, env: Mapping[str, str] = os.environ) -> Path:
    """The saves folder: ``explicit`` (``--saves``), else ``$APOTHEOSE_SAVES``, else
    ``user_data_dir("apotheose")/campaigns``. Does not create it (see :func:`ensure_saves_dir`)."""
    if explicit is not None and str(explicit):
        return Path(explicit).expanduser()
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser()
    return Path(platformdirs.user_data_dir("apotheose", appauthor=False)) / "campaigns"


def ensure_saves_dir(folder: Path) -> Path:
    """Create ``folder`` if needed, private to the user (share it by hand: group + setgid)."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


def slug(name: str) -> str:
    """A safe file stem for a campaign name: ASCII letters, digits, ``-`` and ``_``, lower case.

    ``"Les Chroniques d'Éther"`` → ``"les-chroniques-d-ether"``. Rejects names with a path
    separator or ``..`` and names with nothing left to keep.
    """
    if any(s in name for s in ("/", "\\", "..", "\0")):
        raise RulesError("campaign", f"a campaign name cannot contain '/', '\\' or '..', got {name!r}")
    folded = unicodedata.normalize("NFKD", name)
    ascii_only = "".join(c for c in folded if not unicodedata.combining(c)).encode("ascii", "ignore").decode()
    stem = re.sub(r"[^a-z0-9_-]+", "-", ascii_only.lower()).strip("-_")[:_SLUG_MAX].rstrip("-_")
    if not stem:
        raise RulesError("campaign", f"a campaign name needs at least one letter or digit, got {name!r}")
    return stem


def looks_like_path(name_or_path: str | os.PathLike[str]) -> bool:
    """A path rather than a campaign name: has a separator, ends with ``.json`` or exists."""
    text = os.fspath(name_or_path)
    if any(s in text for s in _SEPARATORS) or text.endswith(SUFFIX):
        return True
    if text in ("", ".", "..") or ".." in text:
        return False
    return Path(text).expanduser().exists()


def resolve_campaign(name_or_path: str | os.PathLike[str], saves_dir: Path) -> Path:
    """The file of a campaign given by path (used as is) or by name (``<saves_dir>/<slug>.json``)."""
    if isinstance(name_or_path, os.PathLike) or looks_like_path(name_or_path):
        return Path(name_or_path).expanduser()
    return Path(saves_dir) / f"{slug(name_or_path)}{SUFFIX}"


def list_campaigns(saves_dir: Path) -> list[Path]:
    """The campaign files in ``saves_dir``, sorted by name (none if the folder does not exist)."""
    try:
        entries = list(os.scandir(saves_dir))
    except (FileNotFoundError, NotADirectoryError):
        return []
    found = [
        Path(e.path)
        for e in entries
        if e.name.endswith(SUFFIX)
        and not e.name.startswith(".")
        and not e.name.endswith(NOT_CAMPAIGNS)
        and e.is_file(follow_symlinks=False)
    ]
    return sorted(found, key=lambda p: p.name)
