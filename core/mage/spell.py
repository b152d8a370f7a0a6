"""RULES 2, the whole effect: :func:`mage_spell` answers everything the rules say of a
:class:`MageEffect`, step by step: the dice pool, the successes needed, the dice rolled, the odds,
Paradox and the ritual. Each step is a function of its section's module (pool, successes,
quintessence, dice, paradox, rituals) that returns its answers with its breakdown lines
(and the reasons the rules forbid it, if any).

Nothing is rolled here: the GM gives the difficulty per die and sees the exact chance before the
table rolls. An effect the rules cannot cast as asked (an unknown target's connection, a scope past
the tables, a pool below 1…) is not an error: its :class:`MageSpell` says ``possible=False`` and
why, with everything else still computed.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from core.breakdown import Breakdown, Line
from core.mage.dice import odds
from core.mage.effect import MageEffect
from core.mage.paradox import paradox_pool
from core.mage.pool import dice_pool
from core.mage.quintessence import dice_rolled
from core.mage.rituals import ritual
from core.mage.successes import Extras, extra_successes, successes_needed


@attrs.frozen
class MageSpell:
    """What a Mage effect takes. Values that cannot be known (an impossible scope, no
    difficulty given) are None; ``possible`` False says why in ``reason``."""

    effect: MageEffect
    pool: int
    dice_rolled: int
    free_successes: int
    free_used: int
    extras: Extras
    successes_needed: int | None
    difficulty: int | None
    chance: Fraction | None
    quintessence_dice: int
    quintessence_spent: int
    paradox_pool: int | None
    paradox_level: int
    ritual_interval_minutes: int | None
    ritual_max_rolls: int | None
    possible: bool
    reason: Line | None
    breakdown: Breakdown


def mage_spell(effect: MageEffect, *, ones_cancel: bool = True, scope_separate: bool = True) -> MageSpell:
    """Everything RULES 2 says about ``effect``: house rules ``mage_ones_cancel`` and
    ``mage_scope_separate`` (both on by default)."""
    e = effect
    pool, pool_line, reasons = dice_pool(e)
    extras, lines, scope_reasons = extra_successes(e, scope_separate)
    needed = successes_needed(e, extras)
    q_dice, dice, dice_lines = dice_rolled(e, pool)
    difficulty, chance_of, odds_lines, odds_reasons = odds(e, needed.successes, pool, dice, ones_cancel)
    paradox, paradox_lines = paradox_pool(e, needed)
    interval, rolls, ritual_lines = ritual(e)
    reasons += scope_reasons + list(needed.reasons) + odds_reasons
    lines = [pool_line, *lines, *needed.lines, *dice_lines, *odds_lines, *paradox_lines, *ritual_lines]
    reason = reasons[0] if reasons else None
    if reason is not None:
        lines.append(Line(f"impossible: {reason.en}", f"impossible : {reason.fr}"))
    return MageSpell(
        e, pool, dice, needed.free, needed.free_used, extras, needed.successes, difficulty, chance_of, q_dice, q_dice,
        paradox, needed.level + needed.free_used, interval, rolls, reason is None, reason, tuple(lines),
    )  # fmt: skip
