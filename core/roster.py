"""Characters of a campaign: player characters and named NPCs (RULES 1.1, 1.3, 1.6, 1.7).

A :class:`Character` is one frozen value; a change makes a new one (``attrs.evolve``).
Only player characters carry a shadow counter (``shadow`` is ``None`` for an NPC).
"""

from __future__ import annotations

import functools
from typing import Any

import attrs

from core.armour import wearable
from core.characteristics import (
    Characteristics,
    max_hp,
    max_intensity,
    max_pm,
    max_willpower,
)
from core.converters import as_tuple
from core.damage import ArmourPiece, Vital, armour_points, vital_state
from core.errors import RulesError
from core.shadow import Shadow
from core.validators import at_least, non_empty, text, whole_number


@attrs.frozen
class Trade:
    """A métier with its spécialisations."""

    name: str = attrs.field(validator=non_empty)
    specialities: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)


@attrs.frozen
class Character:
    """A PC or a named NPC, with its counters as they stand now."""

    id: str = attrs.field(validator=non_empty)
    name: str = attrs.field(validator=non_empty)
    pc: bool = True
    characteristics: Characteristics = Characteristics()
    trades: tuple[Trade, ...] = attrs.field(default=(), converter=as_tuple)
    affects: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    mystic: bool = False
    #: Real HP now (may be negative while dying); armour points now; bruising (pugilat).
    hp: int = attrs.field(default=5, validator=whole_number)
    armour: int = attrs.field(default=0, validator=at_least(0))
    bruise: int = attrs.field(default=0, validator=at_least(0))
    willpower: int = attrs.field(default=5, validator=whole_number)
    pm: int = attrs.field(default=0, validator=at_least(0))
    armour_pieces: tuple[ArmourPiece, ...] = attrs.field(
        default=(), converter=as_tuple, validator=wearable("armour_pieces")
    )
    #: Permanent losses (stigmata: permanent wound, wavering will).
    hp_loss: int = attrs.field(default=0, validator=at_least(0))
    willpower_loss: int = attrs.field(default=0, validator=at_least(0))
    stabilised: bool = False
    #: PCs only (RULES 1.3); None for an NPC.
    shadow: Shadow | None = None
    xp: int = attrs.field(default=0, validator=at_least(0))
    #: Characteristic points raised since creation, by characteristic (RULES 1.8).
    raises: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=as_tuple)
    #: Mystical exhaustion used this session (RULES 1.7: once per session).
    exhaustion_used: bool = False
    notes: str = attrs.field(default="", validator=text)
    hidden: bool = False

    @property
    def max_hp(self) -> int:
        return max_hp(self.characteristics, self.hp_loss)

    @property
    def max_willpower(self) -> int:
        return max_willpower(self.characteristics, self.willpower_loss)

    @property
    def max_pm(self) -> int:
        return max_pm(self.characteristics, self.mystic)

    @property
    def max_intensity(self) -> int:
        return max_intensity(self.max_pm)

    @property
    def max_armour(self) -> int:
        return armour_points(self.armour_pieces).value

    @property
    def state(self) -> Vital:
        return vital_state(self.hp, self.bruise)

    @property
    def initiative(self) -> int:
        return self.characteristics.combat

    @property
    def shadow_value(self) -> int | None:
        return None if self.shadow is None else self.shadow.value

    @property
    def total_raises(self) -> int:
        return sum(n for _, n in self.raises)


def new_character(
    id: str,
    name: str,
    characteristics: Characteristics,
    *,
    pc: bool = True,
    mystic: bool = False,
    trades: tuple[Trade, ...] = (),
    affects: tuple[str, ...] = (),
    armour_pieces: tuple[ArmourPiece, ...] = (),
    shadow: int = 0,
    **extra: Any,
) -> Character:
    """A character at full HP, willpower, pm and armour (made once: an import of 100,000 rows
    made each twice)."""
    pieces = as_tuple(armour_pieces)
    made = functools.partial(
        Character,
        id=id,
        name=name,
        pc=pc,
        characteristics=characteristics,
        mystic=mystic,
        trades=trades,
        affects=affects,
        armour_pieces=pieces,
        shadow=Shadow(value=shadow) if pc else None,
    )
    try:
        armour = armour_points(pieces).value
    except RulesError:  # pieces it cannot wear: the character's own check says which, as always
        c = made(**extra)
        return attrs.evolve(c, hp=c.max_hp, willpower=c.max_willpower, pm=c.max_pm, armour=c.max_armour)
    full = {
        "hp": max_hp(characteristics, extra.get("hp_loss", 0)),
        "willpower": max_willpower(characteristics, extra.get("willpower_loss", 0)),
        "pm": max_pm(characteristics, mystic),
        "armour": armour,
    }
    return made(**{**extra, **full})
