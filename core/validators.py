"""attrs validators that raise :class:`RulesError` naming the field and what it allows."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from core.errors import Allowed, RulesError


def not_whole(field: str, value: Any, allowed: str | None = None) -> RulesError:
    """The error for a value that is not a whole number."""
    return RulesError(field, f"must be a whole number, got {value!r}", allowed, f"doit être un nombre entier, pas {value!r}")


def whole_at_least(field: str, value: object, minimum: int = 0) -> None:
    """For plain functions: reject ``value`` unless it is a whole number ≥ ``minimum``."""
    ok = isinstance(value, int) and not isinstance(value, bool) and value >= minimum
    require(
        field, ok, f"must be a whole number ≥ {minimum}, got {value!r}", f"≥ {minimum}",
        f"doit être un nombre entier ≥ {minimum}, pas {value!r}",
    )


def at_least(minimum: int):
    """Reject a value below ``minimum`` (and anything that is not an int)."""

    def check(_instance: Any, attribute: Any, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise not_whole(attribute.name, value, f"≥ {minimum}")
        if value < minimum:
            raise RulesError(
                attribute.name, f"must be at least {minimum}, got {value}", f"≥ {minimum}",
                f"doit valoir au moins {minimum}, pas {value}",
            )

    return check


def between(minimum: int, maximum: int):
    """Reject a value outside ``minimum…maximum``."""

    def check(_instance: Any, attribute: Any, value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise not_whole(attribute.name, value, f"{minimum}…{maximum}")
        if not minimum <= value <= maximum:
            raise RulesError(
                attribute.name, f"must be between {minimum} and {maximum}, got {value}", f"{minimum}…{maximum}",
                f"doit être entre {minimum} et {maximum}, pas {value}",
            )

    return check


def whole_number(_instance: Any, attribute: Any, value: Any) -> None:
    """Reject anything that is not an int (bools included)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise not_whole(attribute.name, value)


def one_of(allowed: Collection[Any]):
    """Reject a value that is not among ``allowed``."""
    allowed_values = tuple(allowed)

    def check(_instance: Any, attribute: Any, value: Any) -> None:
        if value not in allowed_values:
            raise RulesError(
                attribute.name, f"unknown value {value!r}", [getattr(a, "value", a) for a in allowed_values],
                f"valeur inconnue {value!r}",
            )

    return check


def require(field: str, ok: bool, message: str, allowed: Allowed = None, fr: str | None = None, *, allowed_fr: Allowed = None) -> None:
    """Raise a :class:`RulesError` for ``field`` unless ``ok``: for checks in plain functions."""
    if not ok:
        raise RulesError(field, message, allowed, fr, allowed_fr=allowed_fr)


def text(_instance: Any, attribute: Any, value: Any) -> None:
    """Reject anything that is not a string."""
    if not isinstance(value, str):
        raise RulesError(attribute.name, f"must be text, got {value!r}", fr=f"doit être du texte, pas {value!r}")


def non_empty(_instance: Any, attribute: Any, value: Any) -> None:
    """Reject an empty or blank string."""
    if not isinstance(value, str) or not value.strip():
        raise RulesError(attribute.name, "must not be empty", fr="ne doit pas être vide")
