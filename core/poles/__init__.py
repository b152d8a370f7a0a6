"""RULES 3: Les Quatre Pôles magic, one module per section of the rules (docs/rules.md 3.1–3.8).

- 3.1 ``traditions``: the four traditions, their resources, the improvised cost of a level;
- 3.2 ``casting_time``: casting segments (incantation, recovery, quicken) and interruption;
- 3.3 ``saves_and_slots``: the save DC, the identify DC, the bonus daily slots;
- 3.4 ``spell_ranges``: short, medium and long ranges;
- 3.5 ``metamagic``: the techniques (a percentage each) and the fixed costs;
- 3.6 ``counterspell``: the pure-resource counter;
- 3.7 ``blood``: blood mana and its backlash tables;
- 3.8 ``body_and_illusion``: what those two traditions do with their currency;
- ``spell``: a whole request priced, step by step (:func:`poles_spell`);
- ``figures``: how a breakdown shows a number.

Everything is imported here too: ``from core.poles import poles_spell`` is the way in.
"""

from __future__ import annotations

from core.poles.blood import BACKLASH_TABLES, Backlash, BloodMana, backlash, backlash_row, blood_mana
from core.poles.body_and_illusion import RESAVE_BONUS, Hold, body_healing, illusion_hold
from core.poles.casting_time import Difficulty, Segments, casting_segments, interruption, interruption_dc
from core.poles.counterspell import Counter, counter_cost
from core.poles.figures import number
from core.poles.metamagic import (
    ENHANCEMENTS,
    NOFEAT,
    TECHNIQUES,
    Applied,
    Enhancements,
    FixedCosts,
    Technique,
    TechniqueInfo,
    fixed_costs,
    parse_enhance,
    parse_technique,
    percent,
    technique_of,
)
from core.poles.saves_and_slots import BonusSlots, bonus_slots, daily_bonus_slots, identify_dc, save_dc, spell_save
from core.poles.spell import PolesRequest, PolesSpell, Step, poles_spell
from core.poles.spell_ranges import Ranges, ranges
from core.poles.traditions import LEVELS, TRADITIONS, Resource, Tradition, improvised_cost, tradition_of

__all__ = [
    "Applied",
    "BACKLASH_TABLES",
    "Backlash",
    "BloodMana",
    "BonusSlots",
    "Counter",
    "Difficulty",
    "ENHANCEMENTS",
    "Enhancements",
    "FixedCosts",
    "Hold",
    "LEVELS",
    "NOFEAT",
    "PolesRequest",
    "PolesSpell",
    "RESAVE_BONUS",
    "Ranges",
    "Resource",
    "Segments",
    "Step",
    "TECHNIQUES",
    "TRADITIONS",
    "Technique",
    "TechniqueInfo",
    "Tradition",
    "backlash",
    "backlash_row",
    "blood_mana",
    "body_healing",
    "bonus_slots",
    "casting_segments",
    "counter_cost",
    "daily_bonus_slots",
    "fixed_costs",
    "identify_dc",
    "illusion_hold",
    "improvised_cost",
    "interruption",
    "interruption_dc",
    "number",
    "parse_enhance",
    "parse_technique",
    "percent",
    "poles_spell",
    "ranges",
    "save_dc",
    "spell_save",
    "technique_of",
    "tradition_of",
]
