"""RULES 3: Les Quatre Pôles magic, one module per section of the rules.

- ``traditions``: the four traditions, their resources, the improvised spell of level N;
- ``segments``: casting segments (incantation, recovery, quicken);
- ``difficulties``: interruption and save DCs;
- ``slots``: bonus daily slots;
- ``spell_ranges``: short, medium and long ranges;
- ``techniques``: metamagic techniques (a percentage each, with the feat or without);
- ``fixed_costs``: metamagic fixed costs (range, duration, area, dice, dispel, extending);
- ``counterspell``: the identify DC and the pure-resource counter;
- ``body_magic`` and ``illusion``: what those two traditions do with their currency;
- ``blood``: blood mana and its backlash tables;
- ``spell``: a whole request priced, step by step (:func:`poles_spell`);
- ``figures``: how a breakdown shows a number.

Everything is imported here too: ``from core.poles import poles_spell`` is the way in.
"""

from __future__ import annotations

from core.poles.blood import BACKLASH_TABLES, Backlash, BloodMana, backlash, backlash_row, blood_mana
from core.poles.body_magic import body_healing
from core.poles.counterspell import Counter, counter_cost, identify_dc
from core.poles.difficulties import Difficulty, interruption, interruption_dc, save_dc, spell_save
from core.poles.figures import number
from core.poles.fixed_costs import ENHANCEMENTS, Enhancements, FixedCosts, fixed_costs, parse_enhance
from core.poles.illusion import RESAVE_BONUS, Hold, illusion_hold
from core.poles.segments import Segments, casting_segments
from core.poles.slots import BonusSlots, bonus_slots, daily_bonus_slots
from core.poles.spell import PolesRequest, PolesSpell, Step, poles_spell
from core.poles.spell_ranges import Ranges, ranges
from core.poles.techniques import (
    NOFEAT,
    TECHNIQUES,
    Applied,
    Technique,
    TechniqueInfo,
    parse_technique,
    percent,
    technique_of,
)
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
