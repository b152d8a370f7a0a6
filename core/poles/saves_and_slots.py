"""RULES 3.3, saves, identification and daily slots: the save DC, the identify DC of a spell
to counter, and the bonus daily slots of a high Résistance."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from core.breakdown import Breakdown, Line
from core.poles.casting_time import Difficulty
from core.poles.figures import whole
from core.poles.traditions import spell_level


def save_dc(level: int, mod: int, heighten: int = 0) -> int:
    """10 + spell level + casting modifier (+1 per application of heighten save)."""
    spell_level(level)
    whole("mod", mod)
    whole("heighten", heighten)
    return 10 + level + mod + heighten


def spell_save(level: int, mod: int) -> Difficulty:
    """The save against a spell (or an effect of that equivalent level), explained."""
    dc = save_dc(level, mod)
    return Difficulty(
        dc,
        (
            Line(
                f"save DC 10 + level {level} + modifier {mod} = {dc}",
                f"difficulté 10 + niveau {level} + modificateur {mod} = {dc}",
            ),
        ),
    )


def identify_dc(level: int) -> int:
    """The Art de la magie test that identifies a spell to counter: 15 + level."""
    return 15 + spell_level(level)


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
