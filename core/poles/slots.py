"""RULES 3, "Bonus daily slots": one extra slot per level up to the Résistance modifier."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from core.breakdown import Breakdown, Line
from core.poles.figures import whole
from core.poles.traditions import spell_level


def bonus_slots(resistance: int, open_levels: Iterable[int]) -> tuple[int, ...]:
    """One extra daily slot per spell level 1…Résistance modifier, only for levels already open."""
    whole("resistance", resistance)
    opened = set()
    for level in open_levels:
        opened.add(spell_level(level, "open"))
    return tuple(level for level in range(1, min(resistance, 9) + 1) if level in opened)


@attrs.frozen
class BonusSlots:
    levels: tuple[int, ...]
    breakdown: Breakdown


def daily_bonus_slots(resistance: int, open_levels: Iterable[int]) -> BonusSlots:
    """:func:`bonus_slots`, explained."""
    opened = sorted(set(open_levels))
    levels = bonus_slots(resistance, opened)
    shown = ", ".join(map(str, levels)) or "—"
    return BonusSlots(
        levels,
        (
            Line(f"Résistance {resistance:+d}: one extra daily slot per level 1…{max(resistance, 0)} already open ({', '.join(map(str, opened)) or 'none'})",
                 f"Résistance {resistance:+d} : un emplacement quotidien de plus par niveau 1…{max(resistance, 0)} déjà ouvert ({', '.join(map(str, opened)) or 'aucun'})"),
            Line(f"bonus slots at levels: {shown}", f"emplacements en plus aux niveaux : {shown}"),
        ),
    )  # fmt: skip
