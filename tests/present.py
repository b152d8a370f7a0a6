"""``present(x)``: ``x``, which the test expects to be there: an assertion that also tells the type
checker (``present(campaign.encounter).current``, not ``campaign.encounter.current``)."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def present(value: T | None) -> T:
    assert value is not None, "expected a value, got None"
    return value


def as_a(kind: type[T], value: object) -> T:
    """``value``, which the test expects to be a ``kind`` (a spell's inputs of one system, say)."""
    assert isinstance(value, kind), f"expected a {kind.__name__}, got {value!r}"
    return value
