"""The spell book in the spell tabs (core.spellbook): pick a spell, save the tab's spell, pick or
remember a Mage or Quatre Pôles caster. The keys are the spell tabs' (the command table's
``spell-tab`` and ``spell-casters`` scopes); the actions are the main screen's
(:class:`SpellBookActions`), the dialog this module's (:class:`FilterDialog`).

- ctrl+b: the book (the campaign's own spells, the newest first, then the seeds'; the tab's own
  system first), filtered as the GM types; Enter shows the spell in its system's tab, priced.
- ctrl+s: the tab's spell saved under a name (the name it was picked under, by default): one
  undoable action; a name the book has asks whether to replace it. The spell names its caster
  when the tab knows one (the Apothéose tab's mystic, a remembered caster picked with ctrl+o).
- ``s`` on a caster's turn (the main screen's spell command): the book on that caster's spells
  when they have any (:meth:`SpellBookActions.turn_book`), else a new Apothéose spell.
- ctrl+o: a remembered Mage or Quatre Pôles caster shown in its system's tab, filling the
  caster's fields (a Mage caster with a Sphere: one line per Sphere, which fills its level too);
  in those two tabs, its last line remembers the tab's caster under a name (``Ana: Forces 3,
  Prime 2`` gives a mage its Spheres).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from core.actions.book import SaveCaster, SaveSpell
from core.choices import _folded
from core.errors import RulesError
from core.roster import Character
from core.spellbook.book import SYSTEMS, BookCaster, BookSpell, check_name
from core.spellbook.mage import MageCaster, Sphere
from core.spellbook.poles import PolesCaster
from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.i18n import refusal, t
from tui.safe import plain
from tui.screens.prompts import ValuePrompt
from tui.widgets.spell import SpellPane
from tui.widgets.spell_tab import CasterTab, SpellTab


class FilterDialog(Described, ModalScreen["object | None"]):
    """A list to pick from, filtered by what is typed above it: ↑/↓ move, Enter picks the
    highlighted line, Escape cancels. ``options``: (value, label, the words the filter reads)."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("filter")

    def __init__(self, title: str, options: Sequence[tuple[object, str, str]], placeholder: str = "") -> None:
        super().__init__(classes="dialog")
        self.title_text, self.options, self.placeholder = title, list(options), placeholder
        self.shown: list[object] = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(plain(self.title_text), classes="dialog-question")
            yield Input(placeholder=self.placeholder, id="filter-text")
            yield OptionList(id="filter-list")

    def on_mount(self) -> None:
        self._filter("")
        self.query_one("#filter-text", Input).focus()

    @on(Input.Changed, "#filter-text")
    def _typed(self, event: Input.Changed) -> None:
        self._filter(event.value)

    def _filter(self, typed: str) -> None:
        """The lines whose words hold what is typed (case and accent blind): those that start
        with it first, each in the order given."""
        wanted = _folded(typed.strip())
        holding = [(value, label, _folded(words)) for value, label, words in self.options if wanted in _folded(words)]
        ordered = sorted(holding, key=lambda option: not option[2].startswith(wanted))
        self.shown = [value for value, _, _ in ordered]
        listed = self.query_one("#filter-list", OptionList)
        listed.clear_options()
        listed.add_options([Option(plain(label)) for _, label, _ in ordered])
        if ordered:
            listed.highlighted = 0

    def action_move(self, step: int) -> None:
        listed = self.query_one("#filter-list", OptionList)
        if self.shown:
            listed.highlighted = max(0, min(len(self.shown) - 1, (listed.highlighted or 0) + step))

    @on(Input.Submitted, "#filter-text")
    def _submitted(self) -> None:
        index = self.query_one("#filter-list", OptionList).highlighted
        if index is not None and 0 <= index < len(self.shown):
            self.dismiss(self.shown[index])

    @on(OptionList.OptionSelected, "#filter-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.shown[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)


#: What the caster's line says it is (the dialog's last line), never a caster's name.
REMEMBER = object()
#: The last line of the book opened by ``s`` on a caster's turn: a new Apothéose spell.
NEW_SPELL = object()


def parse_caster(text: str) -> tuple[str, tuple[Sphere, ...]]:
    """``Ana`` or ``Ana: Forces 3, Prime 2``: the name and the Spheres (a RulesError naming the
    part that is not one)."""
    name, _, spheres = text.partition(":")
    found = []
    for part in filter(None, (p.strip() for p in spheres.split(","))):
        words, _, level = part.rpartition(" ")
        if not words.strip() or not level.isdigit():
            raise RulesError(
                "spheres",
                f"{part!r} is no Sphere and level (Forces 3)",
                "NAME LEVEL",
                f"{part!r} n'est pas une Sphère et un niveau (Forces 3)",
            )
        found.append(Sphere(words, int(level)))
    return check_name("name", name.strip()), tuple(found)


class SpellBookActions(Screen[None]):
    """The main screen's spell-book commands (see the module)."""

    def _tab(self) -> SpellTab | None:
        system = self.query_one(SpellPane).active_system()
        return system if isinstance(system, SpellTab) and system.is_mounted else None

    # -- the book ---------------------------------------------------------------------------------
    def action_spell_book(self) -> None:
        """ctrl+b: the book, filtered as the GM types; the spell picked shown in its tab."""
        from core.spellbook.seeds import entries  # the seeds: when the book is first opened

        app, tab = gm(self), self._tab()
        own = [m.system for m in tab.description.modes] if tab is not None else []
        every = entries(app.campaign.book)
        mine = [e for e in reversed(every) if not e.built_in]  # the newest first
        ordered = sorted([*mine, *(e for e in every if e.built_in)], key=lambda e: e.spell.system not in own)
        app.push_screen(
            FilterDialog(t("book.title", app.lang), self._book_lines(ordered), t("book.filter", app.lang)),
            self._book_picked,
        )

    def _book_lines(self, ordered: Sequence[Any]) -> list[tuple[object, str, str]]:
        """The book's lines: name · system (· seed) (· caster) · figure, priced now."""
        app = gm(self)
        lang, rules = app.lang, app.campaign.rules
        options: list[tuple[object, str, str]] = []
        for entry in ordered:
            spell = entry.spell
            try:
                figure = spell.price(rules).figure.text(lang)
            except RulesError as error:  # a house rule switched under it: said, still listed
                figure = error.text(lang)
            seed = f" · {t('book.seed', lang)}" if entry.built_in else ""
            caster = f" · {self._caster_shown(spell.caster)}" if spell.caster is not None else ""
            options.append(
                (entry, f"{spell.name} · {SYSTEMS[spell.system].label.text(lang)}{seed}{caster} · {figure}", spell.name)
            )
        return options

    def _caster_shown(self, caster: str) -> str:
        """A book spell's caster as the GM reads it: the roster character's name, else as kept."""
        found = gm(self).campaign.find(caster)
        return found.name if isinstance(found, Character) else caster

    def _book_picked(self, entry: object) -> None:
        from core.spellbook.seeds import Entry

        if isinstance(entry, Entry):
            self.run_worker(self.show_book_spell(entry.spell), group="book")
        elif entry is NEW_SPELL:
            self.query_one(SpellPane).new_spell()
            self.pane = "spell"

    def turn_book(self) -> bool:
        """``s`` on a caster's turn: the book opened on the spells of whose turn it is (the
        roster character's, or a remembered caster's of the same name), with a last line for a
        new Apothéose spell; False (nothing opened) when they have none."""
        from core.spellbook.seeds import Entry

        app = gm(self)
        enc = app.campaign.encounter
        who = app.campaign.find(enc.current) if enc is not None and enc.current is not None else None
        if not isinstance(who, Character):
            return False
        theirs = [Entry(s) for s in reversed(app.campaign.book.spells) if s.cast_by(who.id, who.name)]
        if not theirs:
            return False
        lang = app.lang
        options = [*self._book_lines(theirs), (NEW_SPELL, t("book.new_spell", lang), "")]
        app.push_screen(
            FilterDialog(t("book.turn_title", lang, name=who.name), options, t("book.filter", lang)), self._book_picked
        )
        return True

    async def show_book_spell(self, spell: BookSpell) -> SpellTab:
        """``spell`` in its system's tab, priced at once, its first field focused."""
        from tui import spells

        description = next(d for d in spells.SYSTEMS if any(m.system == spell.system for m in d.modes))
        self.pane = "spell"  # the main screen's reactive: the pane shown
        mounting = self.query_one(SpellPane).show_system(description.id)
        if mounting is not None:
            await mounting
        tab = self.query_one(f"#spell-{description.id}", SpellTab)
        tab.spell = spell.inputs
        tab.book_name, tab.book_caster = spell.name, spell.caster
        tab.start_entry()
        return tab

    def action_save_spell(self) -> None:
        """ctrl+s: the tab's spell, as typed, saved in the book under a name."""
        app, tab = gm(self), self._tab()
        if tab is None:
            return
        lang = app.lang
        try:
            inputs = tab.spell
        except RulesError as error:
            app.notify(t("book.not_priced", lang, reason=error.text(lang)), severity="error", timeout=6)
            return
        if not tab.stores(getattr(inputs, "SYSTEM", "")):
            return  # a form the book does not keep (a magic skill's cost)

        from core.spellbook.seeds import built_in

        def named(text: str) -> BookSpell:
            spell = BookSpell(text, inputs, caster=tab.caster_key())
            if built_in(spell.system, spell.name) is not None:
                SaveSpell(spell).apply(app.campaign)  # the rules' refusal of a built-in name, in the prompt
            return spell

        def done(spell: object) -> None:
            if isinstance(spell, BookSpell):
                tab.book_name = spell.name
                self.run_worker(app.request(SaveSpell(spell)), group="request")

        title = t("book.save_title", lang, system=SYSTEMS[inputs.SYSTEM].label.text(lang))
        app.push_screen(ValuePrompt(title, named, tab.book_name), done)

    # -- casters ------------------------------------------------------------------------------------
    def action_spell_caster(self) -> None:
        """ctrl+o: a remembered Mage or Quatre Pôles caster (the tab's system's first) shown in
        its system's tab, its fields filled; in those tabs, the last line remembers the tab's."""
        app, tab = gm(self), self._tab()
        if tab is None:
            return
        lang, system = app.lang, tab.description.modes[0].system
        casters = sorted(app.campaign.book.casters, key=lambda c: c.system != system)
        options: list[tuple[object, str, str]] = []
        for caster in casters:
            label = SYSTEMS[caster.system].label.text(lang)
            for sphere in getattr(caster.inputs, "spheres", ()):  # a Sphere's line first: it fills the most
                line = t("casters.sphere", lang, name=caster.name, sphere=sphere.name, level=sphere.level)
                options.append(((caster, sphere.name), f"{line} · {label}", f"{caster.name} {sphere.name}"))
            options.append(
                ((caster, None), f"{caster.name} · {label} · {caster.inputs.summary().text(lang)}", caster.name)
            )
        if isinstance(tab, CasterTab):
            options.append((REMEMBER, t("casters.remember", lang), ""))

        def done(picked: object) -> None:
            if picked is REMEMBER:
                self._remember_caster(tab, system)
            elif isinstance(picked, tuple):
                self.run_worker(self.cast_by(*picked), group="book")

        app.push_screen(FilterDialog(t("casters.title", lang), options), done)

    async def cast_by(self, caster: BookCaster, sphere: str | None) -> None:
        """``caster``'s system's tab, the fields it fills filled (with ``sphere``'s level)."""
        self.pane = "spell"
        mounting = self.query_one(SpellPane).show_system(caster.system)
        if mounting is not None:
            await mounting
        tab = self.query_one(f"#spell-{caster.system}", CasterTab)
        tab.book_caster = caster.name  # what a spell saved from the tab names as its caster
        tab.caster_filled(caster_fields(caster.inputs, sphere, tab.values))

    def _remember_caster(self, tab: SpellTab, system: str) -> None:
        app, lang = gm(self), gm(self).lang
        values = tab.values

        def named(text: str) -> BookCaster:
            name, spheres = parse_caster(text)
            return BookCaster(name, caster_of(system, values, spheres))

        def done(caster: object) -> None:
            if isinstance(caster, BookCaster):
                self.run_worker(app.request(SaveCaster(caster)), group="request")

        try:
            caster_of(system, values, ())
        except RulesError as error:
            app.notify(refusal(error, lang), severity="error", timeout=6)
            return
        app.push_screen(ValuePrompt(t("casters.save_title", lang), named), done)


def caster_fields(caster: Any, sphere: str | None, values: dict[str, Any]) -> dict[str, Any]:
    """The tab's fields a remembered caster fills (:meth:`MageCaster.fill`'s: Arete, Avatar, the
    Sphere's level, Willpower for a ritual; :meth:`PolesCaster.fill`'s and blood mana's)."""
    if isinstance(caster, MageCaster):
        filled: dict[str, Any] = {"arete": caster.arete, "avatar": caster.avatar}
        level = caster.sphere(sphere) if sphere is not None else None
        if level is not None:
            filled["sphere"] = level
        if values.get("willpower") is not None and caster.willpower is not None:
            filled["willpower"] = caster.willpower
        return filled
    assert isinstance(caster, PolesCaster)
    return {
        "caster-level": caster.caster_level, "mod": caster.mod, "tradition": caster.tradition.value,
        **({"blood-limit": caster.blood_limit} if caster.blood_limit is not None else {}),
        **({"blood-pool": caster.blood_pool} if caster.blood_pool is not None else {}),
        **({"intelligence": caster.intelligence} if caster.intelligence is not None else {}),
    }  # fmt: skip


def caster_of(system: str, values: dict[str, Any], spheres: tuple[Sphere, ...]) -> MageCaster | PolesCaster:
    """The caster the tab's fields hold (a RulesError naming a field it lacks)."""
    if system == "mage":
        if values.get("arete") is None:
            raise RulesError(
                "arete", "the tab has no arete to remember", "1 to 10", "l'onglet n'a pas d'entéléchie à retenir"
            )
        return MageCaster(values["arete"], values.get("avatar"), values.get("willpower"), spheres)
    if values.get("caster-level") is None:
        raise RulesError(
            "caster_level",
            "the tab has no caster level to remember",
            "1 or more",
            "l'onglet n'a pas de niveau de lanceur à retenir",
        )
    return PolesCaster(
        values["caster-level"],
        values.get("mod") or 0,
        values["tradition"],
        values.get("blood-limit"),
        values.get("blood-pool"),
        values.get("intelligence"),
    )
