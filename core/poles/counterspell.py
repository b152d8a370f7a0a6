"""RULES 3.6, counterspells: a pure-resource counter's cost (the identify DC is in
:mod:`core.poles.saves_and_slots`)."""

from __future__ import annotations

import attrs

from core.house_rules import ILLUSION_HOLD_RATE
from core.poles.body_and_illusion import in_hold
from core.poles.traditions import Tradition, improvised_cost, priced_as
from core.validators import at_least, require, whole_at_least


def counter_cost(
    level: int,
    tradition: Tradition,
    *,
    other_class: bool = False,
    not_known: bool = False,
    spent: int = 0,
    hold_rate: int = ILLUSION_HOLD_RATE,
) -> int:
    """A pure-resource counterspell: the counterer's pure-resource cost for the level, +2 for
    another class's (or a forbidden school's) spell, else +1 if not on its list, + what the
    caster spent. An illusionist's is the profane one in mana, transposed into hold at
    ``hold_rate`` mana per point."""
    require(
        "not_known",
        not (other_class and not_known),
        "give --other-class or --not-known, not both",
        fr="l'un ou l'autre, pas les deux",
    )
    whole_at_least("spent", spent)
    base = improvised_cost(level, priced_as(tradition))
    assert base is not None
    total = base + (2 if other_class else 1 if not_known else 0) + spent
    return in_hold(total, hold_rate) if tradition is Tradition.illusion else total


@attrs.frozen
class Counter:
    """A pure-resource counterspell against a spell of the request's level."""

    other_class: bool = False
    not_known: bool = False
    spent: int = attrs.field(default=0, validator=at_least(0))

    def __attrs_post_init__(self) -> None:
        require("not_known", not (self.other_class and self.not_known), "give --other-class or --not-known, not both",
                fr="--other-class ou --not-known, pas les deux")  # fmt: skip
