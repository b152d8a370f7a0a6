"""RULES 3.8, body magic and illusion: what the HP spent heal, the lies an illusionist
holds at once (emprise) with the re-saves an uncovered sense gives, and the rate at which a
price written in mana is transposed into hold."""

from __future__ import annotations

import math
from fractions import Fraction

import attrs

from core.breakdown import Breakdown, Line
from core.house_rules import ILLUSION_HOLD_RATE
from core.validators import whole_at_least


def in_hold(mana: Fraction | int, rate: int = ILLUSION_HOLD_RATE) -> int:
    """A price written in mana, transposed into hold: ``ceil(mana / rate)``."""
    whole_at_least("rate", rate, 1)
    return math.ceil(Fraction(mana) / rate)


def body_healing(hp_spent: int) -> int:
    """Body magic heals 1 HP per 2 HP spent."""
    whole_at_least("hp_spent", hp_spent)
    return hp_spent // 2


@attrs.frozen
class Hold:
    """An illusion's budget (emprise): the lies held at once, and the re-saves an uncovered sense gives."""

    lies: int
    hold: int
    within: bool
    #: One re-save at +5 for each sense the illusion leaves uncovered, even after a failure.
    resaves: int
    resave_bonus: int
    breakdown: Breakdown


RESAVE_BONUS = 5


def illusion_hold(lies: int, hold: int, uncovered: int = 0) -> Hold:
    """Whether ``lies`` fit the illusionist's ``hold``; each uncovered sense: a re-save at +5."""
    whole_at_least("lies", lies)
    whole_at_least("hold", hold)
    whole_at_least("uncovered", uncovered)
    within = lies <= hold
    lines = [
        Line(
            f"hold: {lies} lies held at once of {hold}: " + ("within" if within else "too many"),
            f"emprise : {lies} mensonges tenus à la fois sur {hold} : " + ("tenu" if within else "trop"),
        )
    ]
    if uncovered:
        lines.append(
            Line(
                f"{uncovered} uncovered sense(s): a witness who meets one saves again at +{RESAVE_BONUS}, even after failing",
                f"{uncovered} sens non couvert(s) : un témoin qui y bute refait sa sauvegarde à +{RESAVE_BONUS}, même après un échec",
            )
        )
    return Hold(lies, hold, within, uncovered, RESAVE_BONUS, tuple(lines))
