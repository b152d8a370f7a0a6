"""Errors for save files: each names the file, the field when there is one, and a backup that loads."""

from __future__ import annotations

from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from saves.lock import Holder


class SaveError(Exception):
    """A save file that cannot be read, written or opened.

    ``str(error)`` names the file, then the field (a JSON path such as ``$.roster[3].hp``) when
    one is known, then the reason, then the newest backup that loads when one was found.
    ``backup`` may be set after the error is raised (see :func:`saves.atomic.load`).
    """

    def __init__(
        self,
        path: str | PathLike[str],
        message: str,
        field: str | None = None,
        backup: Path | None = None,
    ) -> None:
        self.path = Path(path)
        self.reason = message
        self.field = field
        self.backup = backup
        super().__init__(path, message, field, backup)

    def __str__(self) -> str:
        text = f"{self.path}: "
        if self.field:
            text += f"{self.field}: "
        text += self.reason
        if self.backup is not None:
            text += f"; the newest backup that loads is {self.backup}"
        return text


class MissingFileError(SaveError):
    """The save file does not exist (or is not a regular file)."""


class NotJsonError(SaveError):
    """The file is empty, truncated or not JSON at all."""


class NotCampaignError(SaveError):
    """Valid JSON, but not an apotheose save: not an object, wrong ``format``, bad ``version``."""


class FutureVersionError(SaveError):
    """Written by a newer apotheose: its format version is above the one this program reads."""

    def __init__(self, path: str | PathLike[str], version: int, supported: int) -> None:
        self.version = version
        self.supported = supported
        super().__init__(
            path,
            f"was written by a newer apotheose (format version {version}; this one reads up to {supported})",
            "$.version",
        )


class BadFieldError(SaveError):
    """One field of the payload is wrong; ``field`` is its JSON path, e.g. ``$.roster[3].hp``."""

    def __init__(self, path: str | PathLike[str], field: str, message: str, backup: Path | None = None) -> None:
        super().__init__(path, message, field, backup)


class LockedError(SaveError):
    """Another process holds the campaign's lock; ``holder`` says who, when it is known."""

    def __init__(self, path: str | PathLike[str], holder: Holder | None, note: str = "") -> None:
        self.holder = holder
        #: What the GM may do about it (another host: which file to delete once sure).
        self.note = note
        who = holder.describe() if holder is not None else "another process (it has not said who yet)"
        message = f"is open in {who}" if holder is None else f"is open by {who}"
        if note:
            message += f"; {note}"
        super().__init__(path, message)
