"""RULES 1.7, invisible magic: 0 pm, at least one grace and all three conditions."""

from __future__ import annotations

import attrs

from core.breakdown import Breakdown, Line
from core.validators import whole_at_least


@attrs.frozen
class InvisibleMagic:
    """Whether invisible magic can flow: 0 pm, cannot be countered."""

    possible: bool
    cost: int
    breakdown: Breakdown


_CONDITIONS = {
    "benevolence": Line("benevolence", "bienveillance"),
    "gratuitousness": Line("gratuitousness", "gratuité"),
    "economy": Line("economy", "économie"),
}


def invisible_magic(graces: int, benevolence: bool, gratuitousness: bool, economy: bool) -> InvisibleMagic:
    """Invisible magic needs at least one grace and all three conditions; it costs 0 pm."""
    whole_at_least("graces", graces)
    held = {"benevolence": benevolence, "gratuitousness": gratuitousness, "economy": economy}
    lines = [] if graces else [Line("no grace: not in a state of grace", "aucune grâce : pas en état de grâce")]
    lines += [
        Line(f"missing: {_CONDITIONS[k].en}", f"manque : {_CONDITIONS[k].fr}") for k, ok in held.items() if not ok
    ]
    possible = not lines
    if possible:
        lines = [Line("invisible magic: 0 pm, cannot be countered", "magie invisible : 0 pm, ne peut être contrée")]
    else:
        lines.append(Line("invisible magic is impossible", "la magie invisible est impossible"))
    return InvisibleMagic(possible, 0, tuple(lines))
