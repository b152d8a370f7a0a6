"""The spell book's GM commands, in every spell tab (core.spellbook; the dialog and the caster
helpers are :mod:`tui.screens.spell_book`'s).

- ctrl+b (:func:`spell_book`): the book (the campaign's own spells, the newest first, then the
  seeds'; the tab's own system first), filtered as the GM types; Enter shows the spell in its
  system's tab, priced.
- ctrl+s (:func:`save_spell`): the tab's spell saved under a name (the name it was picked under,
  by default): one undoable action; a name the book has asks whether to replace it. The spell
  names its caster when the tab knows one.
- ``s`` on a caster's turn (:func:`tui.commands.fight.spell`): the book on that caster's spells
  when they have any (:func:`turn_book`), else a new Apothéose spell.
- ctrl+o (:func:`spell_caster`): a remembered Mage or Quatre Pôles caster shown in its system's
  tab, filling the caster's fields; in those two tabs, its last line remembers the tab's caster
  under a name (``Ana: Forces 3, Prime 2`` gives a mage its Spheres).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, overload

from core.actions.book import SaveCaster, SaveSpell
from core.errors import RulesError
from core.roster import Character
from core.spellbook.book import SYSTEMS, BookCaster, BookSpell
from tui.commands.context import BookTab, Context
from tui.i18n import refusal, t

if TYPE_CHECKING:
    from core.spellbook.seeds import Entry
    from tui.screens.spell_book import LineText


#: What the caster's line says it is (the dialog's last line), never a caster's name.
REMEMBER = object()
#: The last line of the book opened by ``s`` on a caster's turn: a new Apothéose spell.
NEW_SPELL = object()


# -- the book ----------------------------------------------------------------------------------------
async def spell_book(ctx: Context) -> None:
    """ctrl+b: the book, filtered as the GM types; the spell picked shown in its tab."""
    from core.spellbook.index import index_of  # the seeds: when the book is first opened
    from tui.screens.spell_book import FilterDialog

    tab = ctx.spell_tab()
    own = [m.system for m in tab.description.modes] if tab is not None else []
    index = index_of(ctx.campaign.book)  # the names folded once per book, when first typed
    ordered = index.order(own)  # kept with the index: made once per book and tab
    lang = ctx.lang
    dialog = FilterDialog(
        t("book.title", lang),
        BookLines(ctx, index.entries, ordered),
        t("book.filter", lang),
        folded=lambda: [index.folded[at] for at in ordered],
        more=lambda count: t("book.more", lang, count=count),
    )
    await picked(ctx, await ctx.ask(dialog))


class BookLines(Sequence["tuple[object, LineText, str]"]):
    """The book's lines in the list's order (``ordered``: positions in ``every``): name ·
    system (· seed) (· caster) · figure, each made when the list asks for it and priced when
    it first shows it (a spell the rules refuse shows why in place of its figure). Nothing is
    made for the lines never shown (issue 37: 10,000 of them made on each opening)."""

    def __init__(self, ctx: Context, every: Sequence[Entry], ordered: Sequence[int]) -> None:
        self.ctx, self.every, self.ordered = ctx, every, ordered

    def __len__(self) -> int:
        return len(self.ordered)

    @overload
    def __getitem__(self, at: int) -> tuple[object, LineText, str]: ...
    @overload
    def __getitem__(self, at: slice) -> list[tuple[object, LineText, str]]: ...
    def __getitem__(self, at: int | slice) -> tuple[object, LineText, str] | list[tuple[object, LineText, str]]:
        if isinstance(at, slice):
            return [self[i] for i in range(*at.indices(len(self)))]
        entry = self.every[self.ordered[at]]
        return entry, functools.partial(book_line, self.ctx, entry), entry.spell.name


def book_line(ctx: Context, entry: Entry) -> str:
    """One line of the book, its spell priced now."""
    lang, spell = ctx.lang, entry.spell
    try:
        figure = spell.price(ctx.campaign.rules).figure.text(lang)
    except RulesError as error:  # a spell the rules refuse (a house rule switched under it): said, still listed
        figure = error.text(lang)
    seed = f" · {t('book.seed', lang)}" if entry.built_in else ""
    caster = f" · {caster_shown(ctx, spell.caster)}" if spell.caster is not None else ""
    return f"{spell.name} · {SYSTEMS[spell.system].label.text(lang)}{seed}{caster} · {figure}"


def caster_shown(ctx: Context, caster: str) -> str:
    """A book spell's caster as the GM reads it: the roster character's name, else as kept."""
    found = ctx.campaign.find(caster)
    return found.name if isinstance(found, Character) else caster


async def picked(ctx: Context, entry: object) -> None:
    """What the book's line picked: a spell shown in its tab, or a new Apothéose spell."""
    from core.spellbook.seeds import Entry

    if isinstance(entry, Entry):
        await ctx.show_spell(entry.spell)
    elif entry is NEW_SPELL:
        ctx.go("spell", "new")


async def turn_book(ctx: Context) -> bool:
    """``s`` on a caster's turn: the book opened on the spells of whose turn it is (the roster
    character's, or a remembered caster's of the same name), with a last line for a new
    Apothéose spell; False (nothing opened) when they have none."""
    from core.spellbook.seeds import Entry
    from tui.screens.spell_book import FilterDialog

    enc = ctx.campaign.encounter
    who = ctx.campaign.find(enc.current) if enc is not None and enc.current is not None else None
    if not isinstance(who, Character):
        return False
    theirs = [Entry(s) for s in reversed(ctx.campaign.book.spells) if s.cast_by(who.id, who.name)]
    if not theirs:
        return False
    lang = ctx.lang
    options = [*BookLines(ctx, theirs, range(len(theirs))), (NEW_SPELL, t("book.new_spell", lang), "")]
    dialog = FilterDialog(t("book.turn_title", lang, name=who.name), options, t("book.filter", lang))
    await picked(ctx, await ctx.ask(dialog))
    return True


async def save_spell(ctx: Context) -> None:
    """ctrl+s: the tab's spell, as typed, saved in the book under a name."""
    from core.spellbook.seeds import built_in
    from tui.screens.prompts import ValuePrompt

    tab = ctx.spell_tab()
    if tab is None:
        return
    lang = ctx.lang
    try:
        inputs = tab.spell
    except RulesError as error:
        ctx.notify(t("book.not_priced", lang, reason=error.text(lang)), severity="error", timeout=6)
        return
    if not tab.stores(getattr(inputs, "SYSTEM", "")):
        return  # a form the book does not keep (a magic skill's cost)

    def named(text: str) -> BookSpell:
        spell = BookSpell(text, inputs, caster=tab.caster_key())
        if built_in(spell.system, spell.name) is not None:
            SaveSpell(spell).apply(ctx.campaign)  # the rules' refusal of a built-in name, in the prompt
        return spell

    title = t("book.save_title", lang, system=SYSTEMS[inputs.SYSTEM].label.text(lang))
    spell = await ctx.ask(ValuePrompt(title, named, tab.book_name))
    if isinstance(spell, BookSpell):
        tab.book_name = spell.name
        await ctx.request(SaveSpell(spell))


# -- casters -----------------------------------------------------------------------------------------
async def spell_caster(ctx: Context) -> None:
    """ctrl+o: a remembered Mage or Quatre Pôles caster (the tab's system's first) shown in its
    system's tab, its fields filled; in those tabs, the last line remembers the tab's."""
    from tui.screens.spell_book import FilterDialog

    tab = ctx.spell_tab()
    if tab is None:
        return
    lang, system = ctx.lang, tab.description.modes[0].system
    casters = sorted(ctx.campaign.book.casters, key=lambda c: c.system != system)
    options: list[tuple[object, str, str]] = []
    for caster in casters:
        label = SYSTEMS[caster.system].label.text(lang)
        for sphere in getattr(caster.inputs, "spheres", ()):  # a Sphere's line first: it fills the most
            line = t("casters.sphere", lang, name=caster.name, sphere=sphere.name, level=sphere.level)
            options.append(((caster, sphere.name), f"{line} · {label}", f"{caster.name} {sphere.name}"))
        options.append(((caster, None), f"{caster.name} · {label} · {caster.inputs.summary().text(lang)}", caster.name))
    if tab.remembers_casters:
        options.append((REMEMBER, t("casters.remember", lang), ""))
    chosen = await ctx.ask(FilterDialog(t("casters.title", lang), options))
    if chosen is REMEMBER:
        await remember_caster(ctx, tab, system)
    elif isinstance(chosen, tuple):
        caster, sphere = chosen
        await ctx.show_caster(caster, sphere)


async def remember_caster(ctx: Context, tab: BookTab, system: str) -> None:
    """The tab's caster remembered under the name the GM types (with its Spheres)."""
    from tui.screens.prompts import ValuePrompt
    from tui.screens.spell_book import caster_of, parse_caster

    values = tab.values

    def named(text: str) -> BookCaster:
        name, spheres = parse_caster(text)
        return BookCaster(name, caster_of(system, values, spheres))

    try:
        caster_of(system, values, ())
    except RulesError as error:
        ctx.notify(refusal(error, ctx.lang), severity="error", timeout=6)
        return
    caster = await ctx.ask(ValuePrompt(t("casters.save_title", ctx.lang), named))
    if isinstance(caster, BookCaster):
        await ctx.request(SaveCaster(caster))
