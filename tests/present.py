"""``present(x)``: ``x``, which the test expects to be there: an assertion that also tells the type
checker (``present(campaign.encounter).current``, not ``campaign.encounter.current``)."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def present(value: T | None) -> T:
    assert value is not None, "expected a value, got None"
    return value
