"""RULES 4: what Système D6 magic costs in character points: a magic skill costs double the
usual, four times without a master of a higher level; a magic Attribute costs 20 and a master."""

from __future__ import annotations

import attrs

from core.breakdown import Breakdown, Line
from core.sums import whole

#: Character points to learn a magic Attribute (at 1D), with a master.
ATTRIBUTE_COST = 20


@attrs.frozen
class SkillCost:
    """Character points to spend; ``needs_master`` when a master is required."""

    cost: int
    multiplier: int
    needs_master: bool
    breakdown: Breakdown


def magic_skill_cost(usual_cost: int, master: bool = True) -> SkillCost:
    """A magic skill's raise: the usual cost (the GM's input: 3D+1 → 4D is 3 + 3 = 6) × 2 with a
    master of a higher level, × 4 without (Jaki: 12, 24)."""
    whole("usual_cost", usual_cost, 1)
    multiplier = 2 if master else 4
    cost = usual_cost * multiplier
    why = Line("with a master", "avec un maître") if master else Line("without a master", "sans maître")
    line = Line(
        f"magic skill: usual cost {usual_cost} × {multiplier} ({why.en}) = {cost} character points",
        f"compétence de magie : coût habituel {usual_cost} × {multiplier} ({why.fr}) = {cost} points de personnage",
    )
    return SkillCost(cost, multiplier, False, (line,))


def magic_attribute_cost() -> SkillCost:
    """Learning a magic Attribute after creation: 20 character points and a master, for 1D."""
    line = Line(
        f"magic Attribute at 1D: {ATTRIBUTE_COST} character points, and a master to teach it",
        f"Attribut de magie à 1D : {ATTRIBUTE_COST} points de personnage, et un maître pour l'enseigner",
    )
    return SkillCost(ATTRIBUTE_COST, 1, True, (line,))
