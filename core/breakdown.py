"""The lines that explain a number, in English and French.

Every result a GM sees carries a ``breakdown``: a tuple of :class:`Line`. A line holds both
languages so the same result can be shown to an English or a French table without recomputing.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

import attrs

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")


@attrs.frozen
class Line:
    """One line of explanation: ``Line("corps 4 + trade 3 = 7", "corps 4 + métier 3 = 7")``."""

    en: str
    fr: str

    def text(self, lang: Lang = "en") -> str:
        return self.fr if lang == "fr" else self.en


Breakdown = tuple[Line, ...]


def line(en: str, fr: str | None = None) -> Line:
    """A line; ``fr`` defaults to ``en`` for lines made only of numbers and names."""
    return Line(en, en if fr is None else fr)


def render(breakdown: Breakdown, lang: Lang = "en") -> str:
    """The breakdown as text, one line each."""
    return "\n".join(item.text(lang) for item in breakdown)


def percent(value: Fraction | float, lang: Lang = "en", decimals: int = 0) -> str:
    """A fraction as a percentage, the one way the app writes one: ``57%`` / ``57.4%`` in
    English, ``57 %`` / ``57,4 %`` in French; decimals shown only when not zero."""
    text = f"{float(value) * 100:.{decimals}f}"
    if decimals:
        text = text.rstrip("0").rstrip(".")
    return f"{text.replace('.', ',')} %" if lang == "fr" else f"{text}%"


def signed(value: int) -> str:
    """``+3``, ``-2``, ``+0``: how a modifier is written in a breakdown."""
    return f"{value:+d}"
