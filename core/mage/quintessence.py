"""RULES 2.3, quintessence: +1 die a point, at most 3 a roll and the Avatar's rating; with the
foci, assistants and acolytes, the dice rolled."""

from __future__ import annotations

from core.breakdown import Line
from core.mage.effect import MageEffect
from core.mage.limits import (
    QUINTESSENCE_PER_ROLL,
)
from core.sums import Term, sum_line


def dice_rolled(e: MageEffect, pool: int) -> tuple[int, int, list[Line]]:
    """The pool + quintessence (at most 3 a roll, and the Avatar), foci, assistants, acolytes:
    the quintessence dice, the dice rolled and the lines."""
    q_cap = QUINTESSENCE_PER_ROLL if e.avatar is None else min(QUINTESSENCE_PER_ROLL, e.avatar)
    q_dice = min(e.quintessence, q_cap)
    lines = []
    if e.quintessence:
        avatar = "" if e.avatar is None else f", avatar {e.avatar} a turn"
        avatar_fr = "" if e.avatar is None else f", avatar {e.avatar} par tour"
        lines.append(
            Line(
                f"quintessence {e.quintessence}: +{q_dice} dice, {q_dice} spent (at most 3 a roll{avatar})",
                f"quintessence {e.quintessence} : +{q_dice} dés, {q_dice} dépensés (au plus 3 par jet{avatar_fr})",
            )
        )
    added = [
        Term("quintessence", "quintessence", q_dice),
        Term("foci", "foci", e.foci),
        Term("assistants", "assistants", sum(e.assistants)),
        Term("acolytes", "acolytes", e.acolytes),
    ]
    added = [term for term in added if term.value]
    dice = max(pool, 0) + sum(term.value for term in added)
    if added:
        lines.append(sum_line([Term("pool", "groupement", max(pool, 0)), *added], "dice rolled: ", "dés lancés : "))
    return q_dice, dice, lines
