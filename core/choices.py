"""Choices: string enums whose members carry English and French labels and a number.

``class Grade(Choice): VETERAN = "veteran", "veterans", "vétérans", 10`` gives
``Grade.VETERAN == "veteran"`` (its JSON value), ``.en``, ``.fr``, ``.number == 10``.
"""

from __future__ import annotations

import enum
import unicodedata
from typing import TypeVar, cast

from core.breakdown import Line
from core.errors import RulesError

C = TypeVar("C", bound="Choice")
E = TypeVar("E", bound=enum.Enum)


class Choice(enum.StrEnum):
    en: str
    fr: str
    number: int

    def __new__(cls, value: str, en: str, fr: str, number: int = 0) -> Choice:
        member = str.__new__(cls, value)
        member._value_ = value
        member.en, member.fr, member.number = en, fr, number
        return member

    @property
    def label(self) -> Line:
        return Line(self.en, self.fr)


class _Marks(dict[int, int | None]):
    """For :meth:`str.translate`: a combining mark (an accent once decomposed) to nothing, any
    other character to itself; each character looked up once."""

    def __missing__(self, code: int) -> int | None:
        kept = None if unicodedata.combining(chr(code)) else code
        self[code] = kept
        return kept


_MARKS = _Marks()


def _folded(text: str) -> str:
    """Lower case, no accents, ``_`` for spaces and dashes: ``"Vétéran"`` → ``"veteran"``."""
    plain = text.strip().lower()
    if not plain.isascii():
        plain = unicodedata.normalize("NFKD", plain).translate(_MARKS)
    return plain.replace("-", "_").replace(" ", "_")


def parse_choice(kind: type[C], value: object, field: str) -> C:
    """A member of ``kind`` from itself, its value or its English or French label (case, accent,
    space and ``-`` blind), else a RulesError naming ``field`` with the allowed values."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        text = _folded(value)
        for member in kind:
            if text in (member.value, _folded(member.en), _folded(member.fr)):
                return member
    raise RulesError(
        field,
        f"unknown value {value!r}",
        [member.value for member in kind],
        f"valeur inconnue {value!r}",
        allowed_fr=[member.fr for member in kind],
    )


def parse_enum(kind: type[E], value: object, field: str) -> E:
    """A member of ``kind`` from itself or its value (a :class:`Choice` also takes its labels);
    anything unknown is a RulesError naming ``field`` with the allowed values."""
    if issubclass(kind, Choice):
        # kind is E and a Choice subclass, so parse_choice returns a member of kind, that is an E.
        return cast(E, parse_choice(kind, value, field))
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        raise RulesError(
            field, f"unknown value {value!r}", [m.value for m in kind], f"valeur inconnue {value!r}"
        ) from None
