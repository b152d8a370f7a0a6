"""The magic systems the spell-cost pane prices, one description each (no Textual here).

A system is a module of ``core/`` (its rules) and a :class:`~tui.spells.description.SpellDescription`
registered here: the pane gives it a tab, the palette a command (*Spell cost: …*).
``tests/tui/test_spell_systems.py`` registers a toy system and prices it from its tab.
"""

from __future__ import annotations

from tui.spells.description import SpellDescription

SYSTEMS: list[SpellDescription] = []


def register(description: SpellDescription) -> SpellDescription:
    """Add a system (after those already there); its id must be new."""
    if any(known.id == description.id for known in SYSTEMS):
        raise ValueError(f"a spell system {description.id!r} is already registered")
    SYSTEMS.append(description)
    return description


def system(system_id: str) -> SpellDescription:
    return next(description for description in SYSTEMS if description.id == system_id)


def _builtin() -> None:
    from tui.spells.apotheose import APOTHEOSE
    from tui.spells.d6 import D6
    from tui.spells.mage import MAGE
    from tui.spells.poles import POLES

    for description in (APOTHEOSE, MAGE, POLES, D6):
        register(description)


_builtin()
