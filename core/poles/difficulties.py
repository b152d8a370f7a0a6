"""RULES 3, "Interruption" and "Save DC": the saves a spell asks for, explained."""

from __future__ import annotations

import attrs

from core.breakdown import Breakdown, Line
from core.poles.figures import whole
from core.poles.traditions import spell_level
from core.validators import whole_at_least


def interruption_dc(damage: int) -> int:
    """The Vigour save of a caster hit during its incantation: 10 + floor(damage / 3)."""
    whole_at_least("damage", damage)
    return 10 + damage // 3


def save_dc(level: int, mod: int, heighten: int = 0) -> int:
    """10 + spell level + casting modifier (+1 per application of heighten save)."""
    spell_level(level)
    whole("mod", mod)
    whole("heighten", heighten)
    return 10 + level + mod + heighten


@attrs.frozen
class Difficulty:
    """A DC and the line that explains it."""

    dc: int
    breakdown: Breakdown


def interruption(damage: int) -> Difficulty:
    """The Vigour save of a caster hit during its incantation, explained."""
    dc = interruption_dc(damage)
    return Difficulty(
        dc,
        (
            Line(f"hit for {damage} during the incantation: Vigour DC 10 + floor({damage}/3) = {dc}",
                 f"touché de {damage} pendant l'incantation : Vigueur difficulté 10 + arrondi inf.({damage}/3) = {dc}"),
            Line("failed: the spell is lost and the resource spent", "échec : le sort est perdu et la ressource dépensée"),
        ),
    )  # fmt: skip


def spell_save(level: int, mod: int) -> Difficulty:
    """The save against a spell (or an effect of that equivalent level), explained."""
    dc = save_dc(level, mod)
    return Difficulty(dc, (Line(f"save DC 10 + level {level} + modifier {mod} = {dc}", f"difficulté 10 + niveau {level} + modificateur {mod} = {dc}"),))
