"""RULES 2: Mage: l'Ascension (its source text's magic), one module per section of the rules
(docs/rules.md 2.1–2.7).

- 2.1 ``pool``: the dice pool;
- 2.2 ``successes``: the successes needed (scope, connection, free successes, extras as difficulty);
- 2.3 ``quintessence``: quintessence dice and the dice rolled;
- 2.4 ``paradox``: the Paradox pool;
- 2.5 ``rituals``: a ritual's interval, its most rolls, its circle's assistants;
- 2.6 ``dice``: the exact chance of a d10 pool;
- 2.7 ``counter``: counter-magic;
- ``effect``: a Mage effect as the GM describes it; ``limits``: what each number may be;
- ``spell``: the whole effect worked out step by step (:func:`mage_spell`).

Nothing is rolled here: the GM gives the difficulty per die and sees the exact chance
(:func:`chance`) before the table rolls. An effect the rules cannot cast as asked (an unknown
target's connection, a scope past the tables, a pool below 1…) is not an error: its
:class:`MageSpell` says ``possible=False`` and why, with everything else still computed. Input
the rules cannot read (a negative number, an unknown choice) is a :class:`RulesError` naming the
field. Everything is imported here too: ``from core.mage import mage_spell`` is the way in.
"""

from __future__ import annotations

from core.mage.counter import CounterMagic, counter_magic
from core.mage.dice import chance, percent
from core.mage.effect import MageEffect
from core.mage.limits import (
    ACOLYTES,
    ASSISTANTS,
    DOTS,
    EXTRAS,
    FACES,
    MAX_DIFFICULTY,
    POOL,
    QUINTESSENCE_PER_ROLL,
    ROLLS,
    SUCCESSES,
    WHEEL,
)
from core.mage.rituals import assistants_of, ritual_interval, ritual_max_rolls
from core.mage.spell import MageSpell, mage_spell
from core.mage.successes import SCOPE_STEPS, Connection, Duration, Extras, scope_row

__all__ = [
    "ACOLYTES",
    "ASSISTANTS",
    "DOTS",
    "EXTRAS",
    "FACES",
    "MAX_DIFFICULTY",
    "POOL",
    "QUINTESSENCE_PER_ROLL",
    "ROLLS",
    "SCOPE_STEPS",
    "SUCCESSES",
    "WHEEL",
    "Connection",
    "CounterMagic",
    "Duration",
    "Extras",
    "MageEffect",
    "MageSpell",
    "assistants_of",
    "chance",
    "counter_magic",
    "mage_spell",
    "percent",
    "ritual_interval",
    "ritual_max_rolls",
    "scope_row",
]
