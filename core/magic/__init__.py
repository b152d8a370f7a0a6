"""RULES 1.7: Apothéose magic (mystique), one module per part of the rules.

- ``cost``: a spell's cost in pm (effect, duration, range, targets), intensity limits, a cast;
- ``resistance``: a target resisting a spell;
- ``invisible``: invisible magic;
- ``mystical_exhaustion``: HP and willpower turned into pm, once per session.

Shadow is not changed here: a result says how much shadow the caster gains
(:attr:`Cast.shadow_gained` with ``ShadowEvent.exceed_intensity``,
:attr:`Exhaustion.shadow_gained` with ``ShadowEvent.exhaustion``) and the campaign applies it
with :func:`core.shadow.change_shadow`. Everything is imported here too: ``from core.magic import
spell_cost`` is the way in.
"""

from __future__ import annotations

from core.magic.cost import (
    ABOUT_A_HUNDRED,
    DURATION,
    RANGE,
    SCALE_TOP,
    SCALES,
    TARGETS,
    Cast,
    Effect,
    Scale,
    SpellCost,
    SpellRequest,
    Tier,
    cast,
    check_victims,
    effect_of,
    inspired_limit,
    max_spell_intensity,
    shadow_needed,
    spell_cost,
    tier_of,
    victims_paid,
)
from core.magic.invisible import InvisibleMagic, invisible_magic, invisible_spell
from core.magic.mystical_exhaustion import Exhaustion, exhaustion
from core.magic.resistance import Affects, Resistance, resist

__all__ = [
    "ABOUT_A_HUNDRED",
    "DURATION",
    "RANGE",
    "SCALES",
    "SCALE_TOP",
    "TARGETS",
    "Affects",
    "Cast",
    "Effect",
    "Exhaustion",
    "InvisibleMagic",
    "Resistance",
    "Scale",
    "SpellCost",
    "SpellRequest",
    "Tier",
    "cast",
    "check_victims",
    "effect_of",
    "exhaustion",
    "inspired_limit",
    "invisible_magic",
    "invisible_spell",
    "max_spell_intensity",
    "resist",
    "shadow_needed",
    "spell_cost",
    "tier_of",
    "victims_paid",
]
