"""How a breakdown of the four poles shows a number, and the whole-number check its functions share."""

from __future__ import annotations

from fractions import Fraction

from core.errors import RulesError


def number(value: Fraction | int) -> str:
    """``15.5``, ``45``, ``20/3``: a number as a breakdown shows it."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if (value * 10).denominator == 1:
        return f"{float(value):g}"
    return f"{value.numerator}/{value.denominator}"


def number_fr(value: Fraction) -> str:
    """A number with the French decimal comma: ``15,5``."""
    return number(value).replace(".", ",")


def whole(field: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(
            field, f"must be a whole number, got {value!r}", fr=f"doit être un nombre entier, pas {value!r}"
        )
    return value
