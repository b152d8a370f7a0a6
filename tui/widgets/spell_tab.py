"""A spell system's tab, built from its description (:mod:`tui.spells.description`).

:class:`SpellTab` composes the description's parts with the form kit (the number field, the
one-line choice, boxes, lists), reads its fields into :attr:`SpellTab.values` (a mapping by
field name, which can be written back: a tab filled from a stored spell is priced at once),
and on every change shows what the description makes of them in a
:class:`~tui.widgets.scored.ScoredView`. A system whose tab does more (the Apothéose caster and
its cast, the Quatre Pôles techniques, the Système D6 aspects) subclasses it.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Input, Label, Select, Static

from core.errors import RulesError
from saves import last_spells
from saves.errors import SaveError
from tui.commands.keys import Described, bindings
from tui.commands.run import Commanding
from tui.i18n import Said, refusal, said, t
from tui.messages import FieldChanged
from tui.spells.description import (
    Check,
    Choice,
    Custom,
    Fields,
    Line,
    Mode,
    Number,
    Part,
    Pick,
    Row,
    Scored,
    Scroll,
    SpellDescription,
    Words,
    fields_of,
    items,
)
from tui.spells.description import (
    Text as TextField,
)
from tui.textual_fixes.checkbox import Checkbox
from tui.widgets.inputs import Cycle, NumberField
from tui.widgets.pane import focus_now, switch_key
from tui.widgets.scored import ScoredView
from tui.widgets.spell_system import SpellSystem


def widget_class(path: str) -> type[Widget]:
    """The widget class ``"module:Class"`` names (its module imported now)."""
    module, name = path.split(":")
    cls = getattr(importlib.import_module(module), name)
    assert isinstance(cls, type) and issubclass(cls, Widget), path
    return cls


class SpellTab(Described, Commanding, SpellSystem):
    """The tab of ``description`` (see the module); its keys open the spell book and save the
    spell (:mod:`tui.commands.book`)."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("spell-tab")
    #: Whether its system remembers casters (ctrl+o's last line remembers the tab's).
    remembers_casters = False

    def __init__(self, description: SpellDescription, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: The book's name of the spell shown (picked or saved under), what a save offers first.
        self.book_name = ""
        #: Who casts the spell shown, for the book (a remembered caster's name, a book spell's).
        self.book_caster: str | None = None
        self.description = description
        self.can_focus = description.tab_stop
        self.css = description.css
        self.mode = description.modes[0].id
        #: The spell as last priced (None: it could not be).
        self.priced: Any = None
        hide = [item.name for item in self._all_items() if isinstance(item, Line) and item.hide_empty]
        self.view = ScoredView(self, self.css, description.modes[0].verdict, hide)

    # -- composing ----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        d = self.description
        yield from self._parts(d.head)
        if len(d.modes) == 1:
            yield from self._parts(d.modes[0].parts)
        else:
            with ContentSwitcher(initial=f"{self.css}-{d.modes[0].id}", id=f"{self.css}-forms"):
                for mode in d.modes:
                    with Vertical(id=f"{self.css}-{mode.id}"):
                        yield from self._parts(mode.parts)
        yield from self._parts(d.tail)

    def _parts(self, parts: tuple[Part, ...]) -> ComposeResult:
        for part in parts:
            if isinstance(part, Fields):
                container = widget_class(part.widget) if part.widget else Vertical
                with container(id=f"{self.css}-{part.name}", classes=part.classes):
                    for row in part.rows:
                        yield from self._row_or_item(row)
            elif isinstance(part, Scroll):
                with VerticalScroll(id=f"{self.css}-{part.name}"):
                    for line in part.lines:
                        yield from self._item(line)
            else:
                yield from self._row_or_item(part)

    def _row_or_item(self, part: Any) -> ComposeResult:
        if isinstance(part, Row):
            classes = f"{self.css}-row {part.classes}" if part.row_class else part.classes
            with Horizontal(classes=classes.strip(), id=f"{self.css}-{part.id}" if part.id else None):
                for item in part.items:
                    yield from self._item(item)
        else:
            yield from self._item(part)

    def _label(self, label: Said, small: bool = False) -> Label:
        kind = self.description.small_class if small else "label"
        return Label(said(label, self.lang), classes=f"{self.css}-{kind}", markup=False)

    def _item(self, item: Any) -> Iterator[Widget]:
        lang, css = self.lang, self.css
        ident = f"{css}-{getattr(item, 'name', '')}"
        if isinstance(item, Words):
            yield self._label(item.label, item.small)
        elif isinstance(item, Line):
            yield Static(said(item.text, lang) if item.text else "", id=ident, classes=item.classes, markup=False)
        elif isinstance(item, (Number, TextField)):
            if item.label is not None:
                yield self._label(item.label, item.small)
            yield self._field(item, ident)
        elif isinstance(item, Choice):
            made = widget_class(item.widget) if item.widget else Cycle
            assert issubclass(made, Cycle)
            cycle = made(item.choices, value=item.value, id=ident)
            if item.fit:
                cycle.styles.width = 2 + max(len(said(labels, lang)) for _, labels in item.choices)
            if item.hint is not None:
                cycle.tooltip = said(item.hint, lang)
            yield cycle
        elif isinstance(item, Check):
            yield Checkbox(said(item.label, lang), item.value, id=ident, compact=True, classes=item.classes)
        elif isinstance(item, Pick):
            if item.label is not None:
                yield self._label(item.label)
            choices = [(said(label, lang), value) for value, label in item.options]
            if item.prompt is None:
                yield Select[str](
                    choices,
                    value=item.value or choices[0][1],
                    allow_blank=False,
                    compact=True,
                    id=ident,
                    classes=item.classes,
                )
            else:
                yield Select[str](choices, prompt=said(item.prompt, lang), compact=True, id=ident, classes=item.classes)
        elif isinstance(item, Custom):
            yield widget_class(item.widget)(id=ident)

    def _field(self, item: Number | TextField, ident: str) -> Input:
        """A number field of the kit (its restrict: the digits, a sign), or a text field."""
        number = isinstance(item, Number)
        classes = f"{self.css}-{self.description.number_class} {item.classes}".strip() if number else item.classes
        made = widget_class(item.widget) if item.widget else NumberField if number else Input
        assert issubclass(made, Input)
        field = made(
            item.value, placeholder=item.placeholder, restrict=item.restrict, compact=True, id=ident, classes=classes
        )
        field.select_on_focus = item.select_on_focus
        if item.hint is not None:
            field.tooltip = said(item.hint, self.lang)
        return field

    # -- reading and writing the fields ---------------------------------------------------------------
    def _all_items(self) -> list[Any]:
        d = self.description
        return items((*d.head, *(part for mode in d.modes for part in mode.parts), *d.tail))

    @property
    def current(self) -> Mode:
        return self.description.mode(self.mode)

    @property
    def values(self) -> dict[str, Any]:
        """The mode's fields as typed, by name: a number (None when empty), a choice's value, a
        box, a list's pick, a widget's own value. Raises the RulesError of a number out of bounds."""
        out: dict[str, Any] = {}
        for field in fields_of(self.current):
            widget = self.query_one(f"#{self.css}-{field.name}")
            if isinstance(field, Number):
                assert isinstance(widget, NumberField)
                out[field.name] = widget.whole(field.name.replace("-", "_"))
            elif isinstance(field, TextField):
                assert isinstance(widget, Input)
                out[field.name] = widget.value
            elif isinstance(field, Pick):
                assert isinstance(widget, Select)
                out[field.name] = widget.value if isinstance(widget.value, str) else None
            else:
                out[field.name] = widget.value  # type: ignore[attr-defined]  # a Cycle, a Checkbox, a Custom: each has one
        return out

    @values.setter
    def values(self, values: Mapping[str, Any]) -> None:
        """Fill the mode's fields with ``values`` (those named; the others stay), then price them."""
        for field in fields_of(self.current):
            if field.name not in values:
                continue
            widget, value = self.query_one(f"#{self.css}-{field.name}"), values[field.name]
            if isinstance(widget, Input):
                widget.value = "" if value is None else str(value)
            else:
                widget.value = value  # type: ignore[attr-defined]  # a Cycle, a Checkbox, a Select, a Custom
        self.refresh_result()

    @property
    def spell(self) -> Any:
        """The spell as typed: one attrs value (the book's :class:`~core.spellbook.book.SpellInputs`
        of the system), what its mode's ``inputs`` makes of :attr:`values`; the RulesError of
        a field that cannot be."""
        return self.current.inputs(self.values)

    @spell.setter
    def spell(self, inputs: Any) -> None:
        """Show ``inputs`` (a stored spell: its mode, its fields) and price it at once."""
        system = getattr(inputs, "SYSTEM", "")
        mode = next((m for m in self.description.modes if m.system == system and m.filled is not None), None)
        if mode is None or mode.filled is None:
            raise ValueError(f"the {self.description.id} tab does not show {system or type(inputs).__name__} spells")
        if mode.id != self.mode:
            self.show_mode(mode.id)
        self.values = mode.filled(inputs)

    def caster_key(self) -> str | None:
        """The caster a spell saved from the tab names (see :attr:`book_caster`). Override."""
        return self.book_caster

    def stores(self, system: str) -> bool:
        """Whether a spell of ``system`` (a book's system name) is shown by this tab."""
        return any(mode.system == system and mode.filled is not None for mode in self.description.modes)

    # -- pricing --------------------------------------------------------------------------------------
    def context(self) -> dict[str, Any]:
        """What the pricing needs besides the values and the campaign (the caster…). Override."""
        return {}

    def refresh_result(self) -> None:
        """Price the spell as typed and show it (the rules' refusal, when it cannot be priced)."""
        mode, lang = self.current, self.lang
        scored: Scored
        try:
            values = self.values
        except RulesError as error:
            self.view.show(mode.refused(error, lang))
            return
        context = self.context()
        if mode.extra is not None:
            self.view.show(Scored(mode.extra(values, self.campaign, lang, **context)))
        try:
            typed = mode.inputs(values)
            if mode.system:
                self.typed = typed
            self.priced = mode.price(typed, self.campaign, **context)
            scored = mode.shown(self.priced, lang, **context)
        except RulesError as error:
            self.priced = None
            scored = mode.refused(error, lang)
        self.view.show(scored)
        self.after_result(values)

    def after_result(self, values: Mapping[str, Any]) -> None:
        """What the tab does besides its result (a field to grey out, a row to show). Override."""

    def refresh_from_campaign(self) -> None:
        if self.is_mounted:
            self.refresh_result()

    def on_mount(self) -> None:
        rules = self.campaign.rules
        for item in self._all_items():
            if isinstance(item, Check) and item.rule:
                self.query_one(f"#{self.css}-{item.name}", Checkbox).value = bool(getattr(rules, item.rule))
        if len(self.description.modes) > 1:
            self.show_mode(self.mode)
        self._hint(None)
        self.refresh_result()
        self._restore()

    # -- the last spell, kept across restarts (saves.last_spells) --------------------------------------
    def _campaign_file(self) -> Path | None:
        path = getattr(getattr(self.app, "session", None), "path", None)
        return Path(path) if path is not None else None

    def _restore(self) -> None:
        """The tab as it was left when the app last closed on this campaign file."""
        campaign = self._campaign_file()
        if campaign is None:
            return
        refused: dict[str, BaseException] = {}
        self._kept = spell = last_spells.load(campaign, refused=refused).get(self.description.id)
        error = refused.get(self.description.id)
        if error is not None:  # an entry the rules refuse (too many aspects): said, never shown
            system = said(self.description.title, self.lang)
            self.app.notify(
                t("spelltab.not_restored", self.lang, system=system, reason=refusal(error, self.lang)),
                severity="warning",
                timeout=8,
            )
        if spell is not None and self.stores(spell.SYSTEM):
            self.spell = spell
            self.typed = spell

    def on_unmount(self) -> None:
        """The spell as last typed, kept for the next start (when it changed)."""
        campaign, typed = self._campaign_file(), getattr(self, "typed", None)
        if campaign is not None and typed is not None and typed != getattr(self, "_kept", None):
            try:
                last_spells.save(campaign, {self.description.id: typed})
            except (OSError, SaveError):  # scratch: never in the way of closing the app
                pass

    @on(Input.Changed)
    @on(Cycle.Changed)
    @on(Checkbox.Changed)
    @on(Select.Changed)
    @on(FieldChanged)
    def _changed(self, event: Message) -> None:
        event.stop()
        self.refresh_result()

    # -- modes, the first field and the hint line -------------------------------------------------------
    def show_mode(self, mode_id: str) -> None:
        """Show the form ``mode_id`` (a system with several: ctrl+t), its line of modes on top."""
        self.mode = mode_id
        self.view.verdict = self.current.verdict
        self.query_one(ContentSwitcher).current = f"{self.css}-{mode_id}"
        line = Text()
        for mode in self.description.modes:
            line.append(f" {said(mode.title, self.lang)} ", "reverse bold" if mode.id == mode_id else "dim")
            line.append(" ")
        line.append(switch_key(self), "dim")
        self.query_one(f"#{self.css}-mode", Static).update(line)
        self.refresh_result()

    def next_mode(self) -> None:
        modes = [mode.id for mode in self.description.modes]
        self.show_mode(modes[(modes.index(self.mode) + 1) % len(modes)])
        self.start_entry()

    def first_field(self) -> Widget:
        return self.query_one(f"#{self.css}-{self.current.first}")

    def start_entry(self) -> None:
        self.refresh_result()
        field = self.first_field()
        focus_now(field)
        if isinstance(field, Input):
            field.select_all()

    def _hint(self, focused: Widget | None) -> None:
        """The hint line says what the field in focus takes (its default when none has it)."""
        hints = self.description.hints
        if hints is None:
            return
        line, default = hints
        name = focused.id.removeprefix(f"{self.css}-") if focused is not None and focused.id else ""
        hint = next(
            (
                item.hint
                for item in self._all_items()
                if getattr(item, "name", None) == name and getattr(item, "hint", None)
            ),
            default,
        )
        self.view.write(line, said(hint, self.lang))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._hint(event.widget)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._hint(self.screen.focused if self.screen.focused is not event.widget else None)


class CasterTab(SpellTab):
    """A tab whose system remembers casters (Mage, Quatre Pôles): ctrl+o picks or remembers one."""

    remembers_casters = True

    def caster_filled(self, values: Mapping[str, Any]) -> None:
        """A remembered caster's fields written (priced at once), the focus on what comes next."""
        self.values = values
        field = self.query_one(f"#{self.css}-{self.description.after_caster or self.current.first}")
        focus_now(field)
