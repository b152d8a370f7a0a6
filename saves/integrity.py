"""What a save must hold beyond its types: safe text and a campaign whose references resolve.

The converter (:mod:`saves.format`) checks every field's type; this module checks what would
make the app crash or write terminal codes once the file is open:

- **text**: no string anywhere in the payload holds a control character (C0 but newline and tab
  in free text, DEL, C1) or a bidi override/isolate/mark; names hold no newline either;
- **integrity** of the campaign (now and the history's base): ids unique, every participant a
  character or a group of the campaign, ``encounter.current`` one of its participants,
  ``active`` one of the encounters, ``raises`` naming characteristics, log kinds known.

Each refusal is a :class:`~saves.errors.BadFieldError` naming the file and the JSON path of the
field (``$.campaign.encounters[0].current``), so ``apotheose check`` and opening agree.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from os import PathLike
from typing import Any

from core.campaign import Campaign
from core.characteristics import CHARACTERISTICS
from core.journal import LogLine
from core.mooks import MookGroup
from core.roster import Character
from core.text import FREE_TEXT, UNSAFE, control_in, quote
from saves.errors import BadFieldError

__all__ = ["FREE_TEXT", "UNSAFE", "check_campaign", "check_loaded", "check_text", "quote"]

#: The same characters as they may appear in a save's bytes (escaped or raw UTF-8), plus the
#: escapes of newline, tab and carriage return: when none is there, the text walk is skipped.
_MAYBE = re.compile(
    rb"\\u00[01][0-9a-fA-F]|\\u00[89][0-9a-fA-F]|\\u007[fF]|\\u061[cC]|\\u200[eEfF]|\\u202[a-eA-E]|\\u206[6-9]"
    rb"|\\[bfnrt]|\x7f|\xc2[\x80-\x9f]|\xd8\x9c|\xe2\x80[\x8e\x8f\xaa-\xae]|\xe2\x81[\xa6-\xa9]"
)
#: What every match of ``_MAYBE`` holds, found much faster (``bytes in`` and patterns that start
#: with a literal, which the regex engine looks for at C speed; an alternation it tries at every
#: byte): ``_MAYBE`` itself runs only when one of them is there. A one-byte ``in`` is a
#: ``memchr`` (about 1 µs for 50 kB); a two-byte one is twenty times slower, so the Arabic
#: letter mark (``\xd8\x9c``) is looked for only in a file that holds a ``\xd8`` at all, and both
#: patterns led by ``\xe2`` are one pattern (one pass over the file, not two).
_HINTS = (b"\\", b"\x7f")
_RARE_HINTS = ((b"\xd8", b"\xd8\x9c"),)
_HINT_PATTERNS = tuple(
    re.compile(p) for p in (rb"\xc2[\x80-\x9f]", rb"\xe2(?:\x80[\x8e\x8f\xaa-\xae]|\x81[\xa6-\xa9])")
)
LOG_KINDS = ("do", "undo", "redo", "reroll")
_KINDS = frozenset(LOG_KINDS)


def _may_hold_control(raw: bytes) -> bool:
    """Whether ``raw`` may hold a character a terminal would obey (``_MAYBE`` matches)."""
    if (
        not any(hint in raw for hint in _HINTS)
        and not any(lead in raw and hint in raw for lead, hint in _RARE_HINTS)
        and not any(p.search(raw) for p in _HINT_PATTERNS)
    ):
        return False
    return _MAYBE.search(raw) is not None


def check_text(raw: bytes, payload: Any, path: str | PathLike[str]) -> None:
    """Refuse the first string of ``payload`` that holds a character a terminal would obey."""
    if not _may_hold_control(raw):
        return
    for where, key, value in _strings(payload, "$", ""):
        bad = control_in(value, key)
        if bad is not None:
            code = ord(bad.group())
            raise BadFieldError(
                path,
                where,
                f"holds the control character U+{code:04X} at {bad.start()} ({quote(value)}); "
                "remove it (names and notes are plain text)",
            )


def _strings(value: Any, where: str, key: str) -> Iterator[tuple[str, str, str]]:
    if type(value) is str:
        yield where, key, value
    elif type(value) is dict:
        for k, v in value.items():
            if type(k) is str and UNSAFE.search(k):
                yield where, "", k
            yield from _strings(v, f"{where}.{k}", k)
    elif type(value) is list:
        for i, v in enumerate(value):
            yield from _strings(v, f"{where}[{i}]", key)


def check_campaign(campaign: Campaign, path: str | PathLike[str], where: str = "$.campaign") -> None:
    """Refuse a campaign whose references do not resolve (see the module's docstring)."""
    seen = _check_ids(campaign, path, where)
    for i, character in enumerate(campaign.roster):
        for j, (name, _steps) in enumerate(character.raises):
            if name not in CHARACTERISTICS:
                raise BadFieldError(
                    path,
                    f"{where}.roster[{i}].raises[{j}][0]",
                    f"unknown characteristic {quote(name)} (allowed: {', '.join(CHARACTERISTICS)})",
                )
    encounters: dict[str, int] = {}
    for i, enc in enumerate(campaign.encounters):
        here = f"{where}.encounters[{i}]"
        if enc.id in encounters:
            raise BadFieldError(
                path,
                f"{here}.id",
                f"the id {quote(enc.id)} is already used at {where}.encounters[{encounters[enc.id]}]",
            )
        encounters[enc.id] = i
        keys: dict[str, int] = {}
        for j, part in enumerate(enc.participants):
            if part.key not in seen:
                raise BadFieldError(
                    path,
                    f"{here}.participants[{j}].key",
                    f"{quote(part.key)} is neither a character nor a group of the campaign",
                )
            if part.key in keys:
                raise BadFieldError(
                    path, f"{here}.participants[{j}].key", f"{quote(part.key)} already takes part at [{keys[part.key]}]"
                )
            keys[part.key] = j
        if enc.current is not None and enc.current not in keys:
            raise BadFieldError(path, f"{here}.current", f"{quote(enc.current)} does not take part in this encounter")
    if campaign.active is not None and campaign.active not in encounters:
        raise BadFieldError(path, f"{where}.active", f"no encounter has the id {quote(campaign.active)}")


def _check_ids(campaign: Campaign, path: str | PathLike[str], where: str) -> dict[str, str]:
    """Refuse an empty or repeated id or an empty name among the characters and groups; the ids
    seen, each with the place it is at."""
    seen: dict[str, str] = {}
    lists: tuple[tuple[str, tuple[Character | MookGroup, ...]], ...] = (
        ("roster", campaign.roster),
        ("groups", campaign.groups),
    )
    for field, items in lists:
        for i, item in enumerate(items):
            here = f"{where}.{field}[{i}].id"
            if item.id in seen:
                raise BadFieldError(path, here, f"the id {quote(item.id)} is already used at {seen[item.id]}")
            seen[item.id] = here
            if not item.id.strip():
                raise BadFieldError(path, here, "must not be empty")
            if not item.name.strip():
                raise BadFieldError(path, f"{where}.{field}[{i}].name", "must not be empty")
    return seen


def check_loaded(
    raw: bytes, payload: Any, campaign: Campaign, base: Campaign, log: tuple[LogLine, ...], path: str | PathLike[str]
) -> None:
    """Every check of this module on a decoded save."""
    check_text(raw, payload, path)
    check_campaign(campaign, path)
    if base is not campaign:
        check_campaign(base, path, "$.history.base")
    if _KINDS.issuperset({line.kind for line in log}):  # one set of the few kinds: 5x the loop's speed
        return
    for i, line in enumerate(log):
        if line.kind not in LOG_KINDS:
            raise BadFieldError(
                path, f"$.history.log[{i}].kind", f"unknown kind {quote(line.kind)} (allowed: {', '.join(LOG_KINDS)})"
            )
