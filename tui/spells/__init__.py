"""The magic systems the spell-cost pane prices, one description each (no Textual here).

A system is a module of ``core/`` (its rules) and a :class:`~tui.spells.description.SpellDescription`
registered here: the pane gives it a tab, the palette a command (*Spell cost: …*).
``tests/tui/test_spell_systems.py`` registers a toy system and prices it from its tab.

A built-in system is registered by name (a :class:`System`: its tab's id and title, where its
description is, the spell book's systems it prices), so that the tab strip is drawn without its
module: the description, and the rules under it, are imported when the tab is first shown, or
after the app's first frame (:meth:`tui.widgets.spell.SpellPane.load_later`), not before it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from tui.i18n import Said
    from tui.spells.description import SpellDescription


@attrs.frozen
class System:
    """A spell system as the tab strip and the palette know it: its tab's ``id`` and ``title``
    (what its description says too), ``where`` its description is (``"module:NAME"``, imported
    when first asked for) and ``books``: the spell book's systems its modes price (a stored
    spell's tab is found by them). ``built``: a description made already (not imported)."""

    id: str
    title: Said
    where: str = ""
    books: tuple[str, ...] = ()
    built: SpellDescription | None = attrs.field(default=None, eq=False, repr=False)

    @classmethod
    def of(cls, description: SpellDescription) -> System:
        """A description made already, as registered."""
        books = tuple(mode.system for mode in description.modes if mode.system)
        return cls(description.id, description.title, books=books, built=description)

    def description(self) -> SpellDescription:
        """Its description, its module imported the first time; one that says another id, title
        or book systems than the registered ones is a ValueError (a mistake in the registry)."""
        if self.built is not None:
            return self.built
        module, _, name = self.where.partition(":")
        description: SpellDescription = getattr(importlib.import_module(module), name)
        said = System.of(description)
        if (said.id, said.title, said.books) != (self.id, self.title, self.books):
            raise ValueError(f"the spell system registered as {self!r} is {said!r}")
        return description


SYSTEMS: list[System] = []


def register(system: System | SpellDescription) -> System:
    """Add a system (after those already there): a :class:`System` (by name) or a description
    made already; its id must be new."""
    entry = system if isinstance(system, System) else System.of(system)
    if any(known.id == entry.id for known in SYSTEMS):
        raise ValueError(f"a spell system {entry.id!r} is already registered")
    SYSTEMS.append(entry)
    return entry


def entry(system_id: str) -> System:
    """The registered system of tab ``system_id``."""
    return next(known for known in SYSTEMS if known.id == system_id)


def system(system_id: str) -> SpellDescription:
    """The description of tab ``system_id`` (its module imported the first time)."""
    return entry(system_id).description()


def pricing(book_system: str) -> System:
    """The registered system whose tab prices the spell book's ``book_system`` (``d6-psionic``: D6)."""
    return next(known for known in SYSTEMS if book_system in known.books)


def _builtin() -> None:
    for builtin in (
        System("apotheose", "apotheose.title", "tui.spells.apotheose:APOTHEOSE", ("apotheose",)),
        System("mage", "mage.title", "tui.spells.mage:MAGE", ("mage",)),
        System("poles", "poles.title", "tui.spells.poles:POLES", ("poles",)),
        System("d6", "d6.title", "tui.spells.d6:D6", ("d6", "d6-psionic")),
    ):
        register(builtin)


_builtin()
