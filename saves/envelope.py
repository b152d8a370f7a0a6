"""The versioned envelope of a save: ``{"format": "apotheose.campaign", "version": N, ...payload}``.

Reading checks the envelope, then upgrades the payload through a chain of dict-level
migrations, ``migrate_N_to_N+1``, registered with ``@migration(N)``; only then does the campaign
module structure it. To change the format: raise ``CURRENT_VERSION`` here, register
``@migration(old)`` beside the campaign model, and add a golden file of the old version to the
tests. Migrations get and return the payload without the ``format``/``version`` keys; they may
raise :class:`core.errors.RulesError` to reject a field (it becomes a :class:`BadFieldError`).
"""

from __future__ import annotations

from collections.abc import Callable
from os import PathLike
from pathlib import Path
from typing import Any

import orjson

from core.errors import RulesError
from saves.errors import (
    BadFieldError,
    FutureVersionError,
    NotCampaignError,
    NotJsonError,
    SaveError,
)

FORMAT = "apotheose.campaign"
CURRENT_VERSION = 9

Payload = dict[str, Any]
Migration = Callable[[Payload], Payload]
_ENVELOPE_KEYS = ("format", "version")
_JSON_TYPES = {
    dict: "an object",
    list: "an array",
    str: "a string",
    int: "a number",
    float: "a number",
    bool: "true or false",
    type(None): "null",
}


class EnvelopeFormat:
    """A file format: its name, its current version and the migrations that lead up to it."""

    def __init__(self, format: str, current_version: int, migrations: dict[int, Migration] | None = None):
        self.format = format
        self.current_version = current_version
        self.migrations: dict[int, Migration] = dict(migrations or {})

    def migration(self, from_version: int) -> Callable[[Migration], Migration]:
        """Register ``fn`` as the migration from ``from_version`` to ``from_version + 1``."""
        if isinstance(from_version, bool) or not isinstance(from_version, int) or from_version < 1:
            raise ValueError(f"from_version must be a whole number ≥ 1, got {from_version!r}")

        def register(fn: Migration) -> Migration:
            if from_version in self.migrations:
                raise ValueError(f"{self.format}: a migration from version {from_version} is already registered")
            self.migrations[from_version] = fn
            return fn

        return register

    @property
    def an_format(self) -> str:
        """``an apotheose.campaign``, ``a players…``: the format's name after its article."""
        return f"{'an' if self.format[:1].lower() in 'aeiou' else 'a'} {self.format}"

    def missing_migrations(self) -> list[int]:
        """Versions below the current one that have no migration to the next (should be empty)."""
        return [v for v in range(1, self.current_version) if v not in self.migrations]

    def migrate(self, payload: Payload, from_version: int, path: str | PathLike[str]) -> Payload:
        """Run the migrations from ``from_version`` up to the current version, in order."""
        for version in range(from_version, self.current_version):
            step = self.migrations.get(version)
            if step is None:
                raise SaveError(
                    path,
                    f"format version {version} cannot be upgraded: no migration to version {version + 1} is registered",
                    "$.version",
                )
            try:
                payload = step(payload)
            except RulesError as exc:
                allowed = f" (allowed: {exc.allowed})" if exc.allowed else ""
                reason = f"{exc.reason}{allowed}, while upgrading from format version {version}"
                raise BadFieldError(path, f"$.{exc.field}", reason) from exc
            except SaveError:
                raise
            except Exception as exc:
                raise SaveError(
                    path, f"could not be upgraded from format version {version} to {version + 1}: {exc!r}"
                ) from exc
            if not isinstance(payload, dict):
                returned = type(payload).__name__
                raise SaveError(path, f"the migration from version {version} returned {returned}, not a dict")
        return payload

    def open(self, raw: bytes, path: str | PathLike[str]) -> Payload:
        """Parse and check an envelope; return its payload upgraded to the current version."""
        path = Path(path)
        if not raw.strip():
            raise NotJsonError(path, "is empty")
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError as exc:
            where = f"{exc.msg} at line {exc.lineno}, column {exc.colno}"
            raise NotJsonError(path, f"is not valid JSON, it may be truncated or damaged ({where})") from exc
        if not isinstance(data, dict):
            found_type = _json_type(data)
            raise NotCampaignError(path, f"is not {self.an_format} file: expected a JSON object, found {found_type}")
        found = data.get("format")
        if found != self.format:
            what = "no format" if "format" not in data else f"format {found!r}"
            raise NotCampaignError(path, f"is not {self.an_format} file ({what})", "$.format")
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int) or version < 1:
            found_version = f"{_json_type(version)} {version!r}"
            raise NotCampaignError(
                path, f"the format version must be a whole number ≥ 1, found {found_version}", "$.version"
            )
        if version > self.current_version:
            raise FutureVersionError(path, version, self.current_version)
        payload = {k: v for k, v in data.items() if k not in _ENVELOPE_KEYS}
        return self.migrate(payload, version, path)

    def seal(self, payload: Payload) -> bytes:
        """The bytes of ``payload`` in an envelope of the current version (format and version first)."""
        clash = [k for k in _ENVELOPE_KEYS if k in payload]
        if clash:
            raise ValueError(f"a payload cannot hold the envelope's own keys: {', '.join(clash)}")
        document = {"format": self.format, "version": self.current_version, **payload}
        return orjson.dumps(document, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE)


def _json_type(value: object) -> str:
    return _JSON_TYPES.get(type(value), type(value).__name__)


CAMPAIGN = EnvelopeFormat(FORMAT, CURRENT_VERSION)
migration = CAMPAIGN.migration


def open_envelope(raw: bytes, path: str | PathLike[str]) -> Payload:
    """Check a campaign file's envelope and return its payload at :data:`CURRENT_VERSION`."""
    return CAMPAIGN.open(raw, path)


def seal(payload: Payload) -> bytes:
    """A campaign payload as the bytes of a current-version envelope."""
    return CAMPAIGN.seal(payload)
