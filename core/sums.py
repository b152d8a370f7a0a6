"""Sums shown in a breakdown: named terms, the line that adds them, an amount with its lines."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from core.breakdown import Breakdown, Line, signed
from core.validators import not_whole, require


def whole(field: str, value: object, minimum: int | None = None) -> int:
    """``value`` if it is an int (≥ ``minimum`` when given), else a RulesError naming ``field``."""
    allowed = None if minimum is None else f"≥ {minimum}"
    if isinstance(value, bool) or not isinstance(value, int):
        raise not_whole(field, value, allowed)
    if minimum is not None:
        require(
            field,
            value >= minimum,
            f"must be at least {minimum}, got {value}",
            allowed,
            f"doit valoir au moins {minimum}, pas {value}",
        )
    return value


@attrs.frozen
class Term:
    """One named part of a sum: ``Term("advantage", "avantage", 5)``; a ``signed`` term (a die)
    shows its sign: ``+ kult -3`` rather than ``− kult 3``."""

    en: str
    fr: str
    value: int = attrs.field(validator=lambda _i, _a, v: whole("value", v))
    signed: bool = False


def sum_text(terms: Sequence[Term], lang: str = "en") -> str:
    """``corps 4 + trade 3 − unfavourable affect 5``."""
    text = ""
    for index, term in enumerate(terms):
        label = term.fr if lang == "fr" else term.en
        if index == 0:
            text = f"{label} {term.value}"
        elif term.signed:
            text += f" + {label} {signed(term.value)}"
        else:
            text += f" {'+' if term.value >= 0 else '−'} {label} {abs(term.value)}"
    return text


def sum_line(terms: Sequence[Term], en: str = "", fr: str | None = None) -> Line:
    """``{en}corps 4 + trade 3 = 7``: a sum with an optional label in front (a single term
    is shown without ``= total``)."""
    fr = en if fr is None else fr
    total = "" if len(terms) == 1 else f" = {sum(term.value for term in terms)}"
    return Line(f"{en}{sum_text(terms, 'en')}{total}", f"{fr}{sum_text(terms, 'fr')}{total}")


def plural(count: int, en: str, fr: str) -> Line:
    """``plural(2, "rank{s}", "rang{s}")`` → ``2 ranks`` / ``2 rangs`` (French singular for 0 and 1)."""
    return Line(
        f"{count} " + en.format(s="" if count == 1 else "s"), f"{count} " + fr.format(s="s" if count > 1 else "")
    )


@attrs.frozen
class Amount:
    """A number with the lines that explain it."""

    value: int
    breakdown: Breakdown
