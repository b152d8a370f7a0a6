"""Spell-book actions (core.spellbook): save, rename and remove a spell; save and remove a caster.

The book is the GM's: these actions' log lines are never the players' (``GM_ONLY``). A name is
unique per system among the campaign's spells and the built-in ones (a built-in spell cannot be
renamed, removed or shadowed), and among its casters (see :mod:`core.spellbook.book`).
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

import attrs

from core.actions.base import Action, NeedsConfirmation, Outcome
from core.breakdown import Line
from core.campaign import Campaign
from core.errors import RulesError
from core.spellbook.book import SYSTEMS, BookCaster, BookSpell, a_system, check_name, system_of
from core.text import quote

T = TypeVar("T")


def _label(system: str) -> Line:
    return SYSTEMS[system].label


def _not_built_in(system: str, name: str, field: str = "name") -> None:
    from core.spellbook.seeds import built_in  # the calculators' modules: only when a book changes

    seed = built_in(system, name)
    if seed is not None:
        label = _label(system)
        raise RulesError(
            field, f"{quote(seed.spell.name)} is a built-in {label.en} spell: choose another name",
            fr=f"{quote(seed.spell.name)} est un sort intégré ({label.fr}) : choisissez un autre nom",
        )  # fmt: skip


def _own(campaign: Campaign, system: str, name: str) -> BookSpell:
    """The campaign's spell of ``system`` named ``name``, else a RulesError naming ``name``."""
    system_of(system)
    found = campaign.book.spell(system, name)
    if found is not None:
        return found
    _not_built_in(system, name)  # "built in": it cannot be renamed or removed
    names = [s.name for s in campaign.book.spells if s.system == system]
    label = _label(system)
    raise RulesError(
        "name",
        f"no {label.en} spell named {quote(name)} in the book",
        names,
        f"aucun sort {label.fr} nommé {quote(name)} dans le grimoire",
    )


def _put(entries: tuple[T, ...], old: T | None, new: T) -> tuple[T, ...]:
    """``entries`` with ``new`` in place of ``old``, or at the end when ``old`` is None."""
    return tuple(new if e is old else e for e in entries) if old is not None else (*entries, new)


def _drop(entries: tuple[T, ...], old: T) -> tuple[T, ...]:
    return tuple(e for e in entries if e is not old)


def _line(what: tuple[str, str], system: str, name: str) -> tuple[Line]:
    label = _label(system)
    return (
        Line(f"Spell book: {quote(name)} ({label.en}) {what[0]}", f"Grimoire : {quote(name)} ({label.fr}) {what[1]}"),
    )


def _taken(said: Line, question: Line) -> NeedsConfirmation:
    """A name the book has: refused as ``said`` unless the GM answers yes to ``question``."""
    return NeedsConfirmation(
        "name", f"{said.en} (replace it, or choose another name)", fr=f"{said.fr} (remplacez-le, ou choisissez un autre nom)",
        question=question, answer={"replace": True},
    )  # fmt: skip


@attrs.frozen
class SaveSpell(Action):
    """Keep ``spell`` in the book; ``replace``: in place of the campaign's spell of that name."""

    GM_ONLY: ClassVar[bool] = True

    spell: BookSpell
    replace: bool = False

    def ask(self, campaign: Campaign) -> NeedsConfirmation | None:
        """Saving under a name the book has: replace that spell? (the app asks; yes replaces)."""
        old = campaign.book.spell(self.spell.system, self.spell.name)
        if old is None or self.replace:
            return None
        label, name = _label(old.system), quote(old.name)
        return _taken(
            Line(
                f"the book already has {a_system(old.system)} spell named {name}",
                f"le grimoire a déjà un sort {label.fr} nommé {name}",
            ),
            Line(
                f"Replace the {label.en} spell {name} in the book?",
                f"Remplacer le sort {label.fr} {name} du grimoire ?",
            ),
        )

    def apply(self, campaign: Campaign) -> Outcome:
        spell, book = self.spell, campaign.book
        _not_built_in(spell.system, spell.name)
        if (question := self.ask(campaign)) is not None:
            raise question  # replayed or sent without the question: the same refusal
        old = book.spell(spell.system, spell.name)
        spells = _put(book.spells, old, spell)
        what = ("replaced", "remplacé") if old is not None else ("saved", "enregistré")
        return Outcome(campaign.with_book(attrs.evolve(book, spells=spells)), _line(what, spell.system, spell.name))


@attrs.frozen
class RenameSpell(Action):
    """Give the campaign's spell ``name`` of ``system`` the name ``to``."""

    GM_ONLY: ClassVar[bool] = True

    system: str
    name: str
    to: str

    def apply(self, campaign: Campaign) -> Outcome:
        old = _own(campaign, self.system, self.name)
        to = check_name("to", self.to.strip() if isinstance(self.to, str) else self.to)
        _not_built_in(self.system, to, "to")
        taken = campaign.book.spell(self.system, to)
        if taken is not None and taken is not old:
            raise RulesError(
                "to",
                f"{quote(taken.name)} is already the name of another spell",
                fr=f"{quote(taken.name)} est déjà le nom d'un autre sort",
            )
        renamed = attrs.evolve(old, name=to)
        book = campaign.book
        spells = _put(book.spells, old, renamed)
        label = _label(self.system)
        lines = (Line(f"Spell book: {quote(old.name)} ({label.en}) renamed {quote(to)}",
                      f"Grimoire : {quote(old.name)} ({label.fr}) renommé {quote(to)}"),)  # fmt: skip
        return Outcome(campaign.with_book(attrs.evolve(book, spells=spells)), lines)


@attrs.frozen
class RemoveSpell(Action):
    """Take the campaign's spell ``name`` of ``system`` out of the book."""

    GM_ONLY: ClassVar[bool] = True

    system: str
    name: str

    def apply(self, campaign: Campaign) -> Outcome:
        old = _own(campaign, self.system, self.name)
        book = campaign.book
        spells = _drop(book.spells, old)
        return Outcome(
            campaign.with_book(attrs.evolve(book, spells=spells)), _line(("removed", "retiré"), old.system, old.name)
        )


@attrs.frozen
class SaveCaster(Action):
    """Remember ``caster``; ``replace``: in place of the caster of that system and name."""

    GM_ONLY: ClassVar[bool] = True

    caster: BookCaster
    replace: bool = False

    def ask(self, campaign: Campaign) -> NeedsConfirmation | None:
        """Remembering a name the book has: replace that caster? (the app asks; yes replaces)."""
        old = campaign.book.caster(self.caster.system, self.caster.name)
        if old is None or self.replace:
            return None
        label, name = _label(old.system), quote(old.name)
        return _taken(
            Line(
                f"{a_system(old.system)} caster is already named {name}", f"un lanceur {label.fr} s'appelle déjà {name}"
            ),
            Line(f"Replace the {label.en} caster {name}?", f"Remplacer le lanceur {label.fr} {name} ?"),
        )

    def apply(self, campaign: Campaign) -> Outcome:
        caster, book = self.caster, campaign.book
        if (question := self.ask(campaign)) is not None:
            raise question  # replayed or sent without the question: the same refusal
        old = book.caster(caster.system, caster.name)
        label = _label(caster.system)
        casters = _put(book.casters, old, caster)
        what = ("replaced", "remplacé") if old is not None else ("remembered", "retenu")
        lines = (
            Line(
                f"Casters: {quote(caster.name)} ({label.en}) {what[0]}",
                f"Lanceurs : {quote(caster.name)} ({label.fr}) {what[1]}",
            ),
        )
        return Outcome(campaign.with_book(attrs.evolve(book, casters=casters)), lines)


@attrs.frozen
class RemoveCaster(Action):
    """Forget the caster ``name`` of ``system``."""

    GM_ONLY: ClassVar[bool] = True

    system: str
    name: str

    def apply(self, campaign: Campaign) -> Outcome:
        system_of(self.system, casters=True)
        book = campaign.book
        old = book.caster(self.system, self.name)
        label = _label(self.system)
        if old is None:
            names = [c.name for c in book.casters if c.system == self.system]
            raise RulesError("name", f"no {label.en} caster named {quote(self.name)}", names,
                             f"aucun lanceur {label.fr} nommé {quote(self.name)}")  # fmt: skip
        casters = _drop(book.casters, old)
        lines = (
            Line(
                f"Casters: {quote(old.name)} ({label.en}) forgotten",
                f"Lanceurs : {quote(old.name)} ({label.fr}) oublié",
            ),
        )
        return Outcome(campaign.with_book(attrs.evolve(book, casters=casters)), lines)
