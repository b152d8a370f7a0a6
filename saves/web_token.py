"""The secret of a campaign's browser link (``apotheose serve NAME --web``): ``NAME.web-token``.

Beside the campaign, the GM's alone (``rw-------``): one line, 32 random bytes in URL-safe
base64 (``secrets.token_urlsafe``). Made on first use; :func:`renew_token` replaces it, and the
old link stops working at once (a running server reads the file again at each request, and
closes the tabs opened with the old one). Whoever holds the token may watch the players' view:
it never gives more than the players' file holds.
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

from saves.atomic import atomic_write, load_bytes
from saves.errors import MissingFileError, SaveError

SUFFIX = ".web-token"
#: What a token looks like: URL-safe base64 of 32 bytes (43 characters), nothing else.
TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")


def token_path(campaign: str | os.PathLike[str]) -> Path:
    """``villon.web-token`` beside ``villon.json``."""
    campaign = Path(campaign)
    stem = campaign.name[: -len(".json")] if campaign.name.endswith(".json") else campaign.name
    return campaign.with_name(f"{stem}{SUFFIX}")


def read_token(campaign: str | os.PathLike[str]) -> str | None:
    """The campaign's token, None when there is none yet. A file others may read, or that is not
    a token, is refused (:class:`SaveError`): renew it."""
    path = token_path(campaign)
    try:
        raw = load_bytes(path, limit=1024)
    except MissingFileError:
        return None
    mode = os.stat(path).st_mode & 0o077
    if mode:
        raise SaveError(
            path,
            f"others may read the browser link's secret ({oct(mode)}): apotheose players link {Path(campaign).stem} --renew",
        )
    text = raw.decode("ascii", "replace").strip()
    if TOKEN.fullmatch(text) is None:
        raise SaveError(path, f"is not a browser link's secret: apotheose players link {Path(campaign).stem} --renew")
    return text


def renew_token(campaign: str | os.PathLike[str]) -> str:
    """A new token for the campaign, written atomically, ``rw-------`` (the old one stops working)."""
    path = token_path(campaign)
    token = secrets.token_urlsafe(32)
    try:
        if os.lstat(path).st_mode & 0o077:
            os.unlink(path)  # not even for an instant may the new secret sit in a readable file
    except FileNotFoundError:
        pass
    atomic_write(path, f"{token}\n".encode("ascii"), backups=0, new_mode=0o600)
    os.chmod(path, 0o600)
    return token


def ensure_token(campaign: str | os.PathLike[str]) -> str:
    """The campaign's token, made on first use."""
    return read_token(campaign) or renew_token(campaign)
