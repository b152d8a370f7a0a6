"""RULES 3.2, casting time and interruption: a spell's incantation (vulnerable) and recovery
(rooted) by the casting-segments table, quickened, and the Vigour save of a caster hit during
its incantation."""

from __future__ import annotations

import attrs

from core.breakdown import Breakdown, Line
from core.poles.traditions import spell_level
from core.validators import at_least, whole_at_least


@attrs.frozen
class Segments:
    """A spell's time: the incantation (vulnerable) and the recovery (rooted), never negative."""

    incantation: int = attrs.field(validator=at_least(0))
    recovery: int = attrs.field(validator=at_least(0))

    @property
    def total(self) -> int:
        return self.incantation + self.recovery

    def quickened(self) -> Segments:
        """Two segments fewer: recovery first, then incantation."""
        from_recovery = min(2, self.recovery)
        return Segments(max(0, self.incantation - (2 - from_recovery)), self.recovery - from_recovery)


def casting_segments(level: int, damage: bool = False, summoning: bool = False) -> Segments:
    """The table of 8.2: 1 incantation and 0, 1, 2 or 3 recovery by category; a damage spell and
    a summoning each +1 incantation and +1 recovery."""
    spell_level(level)
    recovery = 0 if level == 0 else (level + 2) // 3
    extra = int(damage) + int(summoning)
    return Segments(1 + extra, recovery + extra)


def category(level: int) -> Line:
    if level == 0:
        return Line("level 0", "prémagie")
    return [Line("levels 1–3", "faible"), Line("levels 4–6", "modéré"), Line("levels 7–9", "supérieur")][
        (level - 1) // 3
    ]


def interruption_dc(damage: int) -> int:
    """The Vigour save of a caster hit during its incantation: 10 + floor(damage / 3)."""
    whole_at_least("damage", damage)
    return 10 + damage // 3


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
