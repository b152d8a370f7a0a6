"""RULES 1.8: progression: XP cost of raises, free picks, the half-of-raises limit."""

from __future__ import annotations

import math

import attrs

from core.breakdown import Breakdown, Line
from core.validators import Whole, require, whole_at_least

#: The XP one award gives. **Decision**: a session gives a handful (RULES 1.8 prices a point 5 to
#: 20 XP); 9,999 at once is past any campaign.
XP_AWARD = Whole(1, 9999)

#: (lowest value reached, XP per point) from the top down: 20 from 16, 15 from 11, 10 from 6, else 5.
_TIERS = ((16, 20), (11, 15), (6, 10), (0, 5))


def raise_cost(value_reached: int) -> int:
    """XP to raise a characteristic by 1 to ``value_reached``: 5 up to 5, 10 from 6, 15 from 11, 20 from 16."""
    whole_at_least("value_reached", value_reached, 1)
    return next(cost for lowest, cost in _TIERS if value_reached >= lowest)


@attrs.frozen
class Step:
    """One point of a raise: the value reached and its XP cost."""

    to: int
    cost: int


@attrs.frozen
class XpCost:
    cost: int
    steps: tuple[Step, ...]
    breakdown: Breakdown


def xp_cost(from_value: int, to_value: int) -> XpCost:
    """XP to raise a characteristic from ``from_value`` to ``to_value``, one point at a time (E5: 10 → 11: 15)."""
    whole_at_least("from", from_value, 0)
    whole_at_least("to", to_value, 0)
    require(
        "to",
        to_value > from_value,
        f"must be above {from_value}, got {to_value}",
        f"≥ {from_value + 1}",
        f"doit dépasser {from_value}, pas {to_value}",
    )
    steps = tuple(Step(v, raise_cost(v)) for v in range(from_value + 1, to_value + 1))
    total = sum(step.cost for step in steps)
    parts = " + ".join(f"{s.cost} (→{s.to})" for s in steps)
    text = f"{from_value} → {to_value}: {parts} = {total} XP"
    return XpCost(total, steps, (Line(text, text.replace(" XP", " PX")),))


def free_picks(chars_before_total: int, chars_after_total: int) -> int:
    """How many multiples of 5 the sum of characteristics reaches going from before to after:
    one free speciality or trade each (a raise of several points may pass more than one)."""
    whole_at_least("chars_before_total", chars_before_total, 0)
    whole_at_least("chars_after_total", chars_after_total, 0)
    return max(0, chars_after_total // 5 - chars_before_total // 5)


def free_pick(chars_before_total: int, chars_after_total: int) -> bool:
    """The sum of characteristics becomes a multiple of 5 (E6: 19 → 20): a free speciality or trade."""
    return free_picks(chars_before_total, chars_after_total) > 0


def raise_limit(raises_since_creation: int) -> int:
    """The most raises one characteristic may take: ceil(raises / 2) (E7: 6 → 3)."""
    whole_at_least("raises_since_creation", raises_since_creation, 0)
    return math.ceil(raises_since_creation / 2)


@attrs.frozen
class RaiseCheck:
    """Whether a characteristic stays within half the raises; a warning the GM can override."""

    within: bool
    limit: int
    warning: Line | None
    breakdown: Breakdown


def check_raise(raises_in_characteristic: int, raises_since_creation: int, characteristic: str = "") -> RaiseCheck:
    """Check a characteristic's raises against ``ceil(raises / 2)``; both counts include the raise planned."""
    whole_at_least("raises_in_characteristic", raises_in_characteristic, 0)
    limit = raise_limit(raises_since_creation)
    require(
        "raises_in_characteristic",
        raises_in_characteristic <= raises_since_creation,
        f"cannot exceed the {raises_since_creation} raises since creation",
        f"0…{raises_since_creation}",
        f"ne peut pas dépasser les {raises_since_creation} augmentations depuis la création",
    )
    name = f"{characteristic} " if characteristic else ""
    summary = Line(
        f"{name}{raises_in_characteristic} of {raises_since_creation} raises; at most ceil({raises_since_creation} / 2) = {limit}",
        f"{name}{raises_in_characteristic} sur {raises_since_creation} augmentations ; au plus arrondi sup.({raises_since_creation} / 2) = {limit}",
    )
    within = raises_in_characteristic <= limit
    warning = None
    if not within:
        warning = Line(
            f"over half the raises in {characteristic or 'one characteristic'} (the GM may allow it)",
            f"plus de la moitié des augmentations en {characteristic or 'une caractéristique'} (le MJ peut l'autoriser)",
        )
    return RaiseCheck(within, limit, warning, (summary,) if warning is None else (summary, warning))


__all__ = [
    "RaiseCheck",
    "Step",
    "XpCost",
    "check_raise",
    "free_pick",
    "free_picks",
    "raise_cost",
    "raise_limit",
    "xp_cost",
]
