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


def rounded(value: Fraction | int) -> str:
    """``15.5``, ``8.75``, ``≈9.33``: a number with its fraction hidden (the Quatre Pôles tab's
    default), to two decimals, ``≈`` where they are not exact."""
    value = Fraction(value)
    text = f"{float(value):.2f}"
    return text.rstrip("0").rstrip(".") if (value * 100).denominator == 1 else f"≈{text}"


def comma(text: str) -> str:
    """A number written with the French decimal comma: ``15,5``."""
    return text.replace(".", ",")


def number_fr(value: Fraction) -> str:
    """A number with the French decimal comma: ``15,5``."""
    return comma(number(value))


def whole(field: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(
            field, f"must be a whole number, got {value!r}", fr=f"doit être un nombre entier, pas {value!r}"
        )
    return value
