"""RULES 4: Système D6 magic: spell difficulty (:mod:`core.d6.spell`) from the aspect scales
(:mod:`core.d6.scales`), psionic difficulties (:mod:`core.d6.psionics`) and the cost of magic
skills (:mod:`core.d6.skills`)."""

from core.d6.psionics import Depth, MediumContact, Power, PsionicDifficulty, Wound, psionic_difficulty
from core.d6.scales import (
    CONCENTRATION,
    DURATION,
    FAMILIARITY,
    GESTURES,
    GROUP,
    INCANTATIONS,
    INFORMATION,
    INGREDIENTS,
    PREPARATION,
    PSIONIC_SCALES,
    RANGE,
    SPELL_SCALES,
    WILLINGNESS,
    Row,
    Scale,
    duration_row,
    preparation_row,
)
from core.d6.skills import ATTRIBUTE_COST, SkillCost, magic_attribute_cost, magic_skill_cost
from core.d6.spell import (
    Aspect,
    DieCode,
    Effect,
    EffectKind,
    SpellDifficulty,
    effect_value,
    free,
    from_row,
    parse_die_code,
    spell_difficulty,
    typed_effect,
)

__all__ = [
    "ATTRIBUTE_COST", "CONCENTRATION", "DURATION", "FAMILIARITY", "GESTURES", "GROUP", "INCANTATIONS", "INFORMATION",
    "INGREDIENTS", "PREPARATION", "PSIONIC_SCALES", "RANGE", "SPELL_SCALES", "WILLINGNESS", "Aspect", "Depth", "DieCode",
    "Effect", "EffectKind", "MediumContact", "Power", "PsionicDifficulty", "Row", "Scale", "SkillCost", "SpellDifficulty",
    "Wound", "duration_row", "effect_value", "free", "from_row", "magic_attribute_cost", "magic_skill_cost",
    "parse_die_code", "preparation_row", "psionic_difficulty", "spell_difficulty", "typed_effect",
]  # fmt: skip
