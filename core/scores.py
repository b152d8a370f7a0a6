"""RULES 1.2 and 1.5: a character's score, built from what the GM says applies.

``characteristic + 3 (a métier applies) + 2 (a spécialisation applies) ± 5 (affect)``: whether a
trade or a speciality applies is the GM's call for each roll (a soldier's trade helps him fight, a
mage's does not), so :func:`character_score` takes it as :class:`Applies` and never guesses. The
breakdown names each part: ``combat 11 + guerrière de Dasein (trade) 3 + hache/lutte (speciality)
2 = 16``. The attack and defence a form fills for a character (RULES 1.5) are this score on
combat.
"""

from __future__ import annotations

import attrs

from core.characteristics import CHARACTERISTICS
from core.rolls import SPECIALITY, TRADE, Score, score
from core.roster import Character, Trade
from core.sums import Term
from core.validators import require

__all__ = ["Applies", "character_score", "speciality_candidates", "trade_candidates"]


def _flag(_instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    require(
        attribute.name, isinstance(value, bool), f"must be true or false, got {value!r}", "true, false",
        f"doit être vrai ou faux, pas {value!r}", allowed_fr="vrai, faux",
    )  # fmt: skip


@attrs.frozen
class Applies:
    """What the GM says applies to a roll: a trade (+3), and one of its specialities (+2)."""

    trade: bool = attrs.field(default=False, validator=_flag)
    speciality: bool = attrs.field(default=False, validator=_flag)

    def __attrs_post_init__(self) -> None:
        require(
            "speciality", self.trade or not self.speciality, "a speciality belongs to a trade: the trade applies too",
            fr="une spécialisation fait partie d'un métier : le métier s'applique aussi",
        )  # fmt: skip

    def with_trade(self, on: bool) -> Applies:
        """The trade ticked or unticked (unticking it unticks the speciality, which needs it)."""
        return Applies(on, self.speciality and on)

    def with_speciality(self, on: bool) -> Applies:
        """The speciality ticked or unticked (ticking it ticks its trade too)."""
        return Applies(self.trade or on, on)


def trade_candidates(character: Character, speciality: bool = False) -> tuple[Trade, ...]:
    """The trades that may be the one that applies (those with a speciality, when one applies)."""
    return tuple(trade for trade in character.trades if trade.specialities or not speciality)


def speciality_candidates(character: Character) -> tuple[str, ...]:
    """Every speciality of the character's trades, in order."""
    return tuple(name for trade in character.trades for name in trade.specialities)


def character_score(
    character: Character, characteristic: str = "combat", applies: Applies = Applies(), *, affect: int = 0
) -> Score:
    """The character's score on ``characteristic`` with what ``applies``; its breakdown names
    each part. A character with no trade (or no speciality) cannot have one apply: refused
    naming the field."""
    require(
        "characteristic", characteristic in CHARACTERISTICS, f"unknown characteristic {characteristic!r}", CHARACTERISTICS,
        f"caractéristique inconnue {characteristic!r}",
    )  # fmt: skip
    name = character.name
    parts: list[Term] = []
    if applies.trade:
        trades = trade_candidates(character, applies.speciality)
        require("trade", bool(character.trades), f"{name} has no trade", fr=f"{name} n'a pas de métier")
        require("speciality", bool(trades), f"{name} has no speciality", fr=f"{name} n'a pas de spécialisation")
        names = "/".join(trade.name for trade in trades)
        parts.append(Term(f"{names} (trade)", f"{names} (métier)", TRADE))
        if applies.speciality:
            specialities = "/".join(s for trade in trades for s in trade.specialities)
            parts.append(Term(f"{specialities} (speciality)", f"{specialities} (spécialisation)", SPECIALITY))
    return score(character.characteristics.get(characteristic), name=characteristic, affect=affect, bonuses=parts)
