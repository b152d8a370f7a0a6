"""The Système D6 tab's own widgets (its description is :mod:`tui.spells.d6`).

Each aspect is a row: the scale's choice (its values shown) and the value, which the GM may
overwrite with any value: the choice then reads the row whose value it is, else *free value*.
ctrl+n adds an aspect, ctrl+r removes the one in focus; ctrl+t switches between a spell, a
psionic power and a magic skill's cost.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Input, Label, Select

from core.d6.scales import PSIONIC_SCALES, SPEED, SPELL_SCALES, Scale
from core.d6.spell import FREE, check_aspect_count
from core.errors import RulesError
from core.spellbook.d6 import D6Aspect
from tui.access import lang_of
from tui.commands.keys import bindings
from tui.i18n import refusal, t
from tui.messages import FieldChanged
from tui.textual_fixes.checkbox import Checkbox
from tui.textual_fixes.key_order import keys_handled, keys_wait_for
from tui.widgets.inputs import NumberField
from tui.widgets.pane import focus_now
from tui.widgets.spell_tab import SpellTab

#: The choice an aspect shows when its value is none of its scale's rows'.
FREE_CHOICE = "free"
_VALUE_RESTRICT = r"[-+]?\d{0,3}"


def choice_label(label: str, value: str) -> str:
    return f"{label} {value}"


class AspectRow(Horizontal):
    """One aspect: its scale's choice (or a name for the GM's own) and its value; ``given``: the
    stored aspect it starts as (a spell picked in the book)."""

    def __init__(self, kind: str, scale: Scale | None, given: D6Aspect | None = None, **kwargs: Any) -> None:
        super().__init__(classes="d6-row d6-aspect", **kwargs)
        self.kind = kind
        self.scale = scale
        self.given = given
        #: The aspect the tab last heard of from this row (see :meth:`_tell_when_changed`).
        self._told: D6Aspect | None | RulesError = given

    def _start(self) -> tuple[str, str, str]:
        """The name, the choice and the value it starts with."""
        given, scale = self.given, self.scale
        if given is None:
            return "", scale.rows[0].name if scale else "", str(scale.rows[0].value) if scale else ""
        name = given.name if self.kind == "custom" else ""
        if scale is None:
            return name, "", str(given.value)
        row = next((r for r in scale.rows if r.name == given.row), None)
        value = given.value if given.value is not None else row.value if row is not None else 0
        if row is None or not row.accepts(value):
            row = next((r for r in scale.rows if r.accepts(value)), None)
        return name, row.name if row is not None else FREE_CHOICE, str(value)

    def compose(self) -> ComposeResult:
        lang = lang_of(self)
        name, choice, value = self._start()
        if self.kind == "custom":
            yield Input(name, placeholder=t("d6.aspect_name", lang), compact=True, classes="d6-name")
        else:
            title = self.scale.label.text(lang) if self.scale else SPEED.text(lang)
            yield Label(title, classes="d6-label")
        if self.scale is not None:
            options = [(choice_label(row.label.text(lang), row.value_text()), row.name) for row in self.scale.rows]
            options.append((FREE.text(lang), FREE_CHOICE))
            yield Select[str](options, value=choice, allow_blank=False, compact=True, classes="d6-choice")
        yield NumberField(value, restrict=_VALUE_RESTRICT, classes="d6-value")

    @on(Select.Changed, ".d6-choice")
    def _chosen(self, event: Select.Changed) -> None:
        """A row chosen: its value in the value field, unless the value typed is already one of
        the row's (a span row, ``+8…+18``); *free value* keeps the value typed."""
        field = self.query_one(".d6-value", NumberField)
        if self.scale is not None and isinstance(event.value, str) and event.value != FREE_CHOICE:
            row = self.scale.row(event.value)
            typed = field.whole("value")
            if typed is None or not row.accepts(typed):
                field.value = str(row.value)

    @on(Input.Changed, ".d6-value")
    def _typed(self, event: Input.Changed) -> None:
        """A value typed: the choice shows what it is — the row chosen if it is that row's, else
        the first row whose value it is, else *free value* (never a row the value is not)."""
        typed = self.query_one(".d6-value", NumberField).whole("value")
        if self.scale is None or typed is None:
            return
        choice = self.query_one(".d6-choice", Select)
        if choice.value != FREE_CHOICE and self.scale.row(choice.value).accepts(typed):
            return
        choice.value = next((row.name for row in self.scale.rows if row.accepts(typed)), FREE_CHOICE)

    @on(Input.Changed)
    @on(Select.Changed)
    def _tell_when_changed(self, event: Input.Changed | Select.Changed) -> None:
        """The tab prices the spell again only when the aspect changed: a row composed from a
        stored aspect reports its fields' first values, and a spell of n aspects shown was
        priced 2n times over its n aspects (issue 34, item 8: a quadratic freeze)."""
        try:
            aspect: D6Aspect | None | RulesError = self.aspect()
        except RulesError as error:  # the tab says it
            aspect = error
        if aspect == self._told and not isinstance(aspect, RulesError):
            event.stop()
        self._told = aspect

    def first_field(self) -> Input | Select[str]:
        found = self.query(".d6-name, .d6-choice, .d6-value").first()
        assert isinstance(found, (Input, Select))  # the classes only those fields carry
        return found

    def aspect(self) -> D6Aspect | None:
        """The aspect as typed, as the book keeps it: the row chosen (with the value typed when
        it is a span row's), else a free value; None while the value (or a custom aspect's
        name) is blank. Before its fields are composed, the aspect it was given."""
        if not self.children:
            return self.given
        value = self.query_one(".d6-value", NumberField).whole("value")
        if value is None:
            return None
        if self.kind == "custom":
            name = self.query_one(".d6-name", Input).value.strip()
            return D6Aspect(name, value=value) if name else None
        if self.scale is None:
            return D6Aspect("speed", value=value)
        choice = str(self.query_one(".d6-choice", Select).value)
        row = None if choice == FREE_CHOICE else self.scale.row(choice)
        if row is None or not row.accepts(value):
            return D6Aspect(self.scale.name, value=value)
        return D6Aspect(self.scale.name, row=row.name, value=None if value == row.value else value)


class AspectList(Vertical):
    """The aspects, then a choice that adds one (ctrl+n opens it)."""

    def __init__(self, scales: tuple[Scale, ...], speed: bool, **kwargs: Any) -> None:
        super().__init__(classes="d6-aspects", **kwargs)
        self.scales = {scale.name: scale for scale in scales}
        self.speed = speed

    def compose(self) -> ComposeResult:
        lang = lang_of(self)
        options = [(scale.label.text(lang), name) for name, scale in self.scales.items()]
        if self.speed:
            options.append((t("d6.speed", lang), "speed"))
        options.append((t("d6.custom", lang), "custom"))
        with Horizontal(classes="d6-row d6-add-row"):
            yield Select[str](options, prompt=t("d6.add", lang), compact=True, classes="d6-add")

    @property
    def adder(self) -> Select[str]:
        return self.query_one(".d6-add", Select)

    @on(Select.Changed, ".d6-add")
    def _add(self, event: Select.Changed) -> None:
        event.stop()
        kind = event.value
        if not isinstance(kind, str):
            return
        self.adder.clear()
        if self.full():
            return
        self.add(kind)

    def full(self) -> bool:
        """Whether the list holds as many aspects as a spell takes (:data:`MAX_ASPECTS`): then
        the GM is told so, and nothing is added."""
        count = len(self.rows())
        try:
            check_aspect_count(count + 1)
        except RulesError as error:
            self.app.notify(refusal(error, lang_of(self)), severity="warning", timeout=6)
            return True
        return False

    def add(self, kind: str) -> AspectRow:
        """Append an aspect of ``kind`` (a scale's name, ``speed`` or ``custom``) and focus it."""
        row = AspectRow(kind, self.scales.get(kind))
        mounting = self.mount(row, before=self.query_one(".d6-add-row"))

        async def focus_once_mounted() -> None:  # the keys typed meanwhile are for its fields
            await mounting
            if row.is_attached:
                focus_now(row.first_field())

        keys_wait_for(self.app, focus_once_mounted())
        return row

    def rows(self) -> list[AspectRow]:
        return [row for row in self.query(AspectRow) if not row.has_class("-gone")]

    def aspects(self) -> list[D6Aspect]:
        return [aspect for row in self.rows() if (aspect := row.aspect()) is not None]

    @property
    def value(self) -> tuple[D6Aspect, ...]:
        """The aspects as typed (what the tab prices and the book keeps)."""
        return tuple(self.aspects())

    @value.setter
    def value(self, aspects: tuple[D6Aspect, ...]) -> None:
        """The rows of ``aspects`` (a stored spell's) instead of those typed."""
        for row in self.rows():
            row.add_class("-gone")
            row.remove()
        rows = [AspectRow(self._kind(aspect.name), self.scales.get(aspect.name), aspect) for aspect in aspects]
        if rows:
            self.mount(*rows, before=self.query_one(".d6-add-row"))
        self.call_after_refresh(self.post_message, FieldChanged(self))

    def _kind(self, name: str) -> str:
        return name if name in self.scales or (name == "speed" and self.speed) else "custom"


class SpellAspects(AspectList):
    """A spell's aspects: its scales, and speed."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(SPELL_SCALES, speed=True, **kwargs)


class PsionicAspects(AspectList):
    """A psionic power's aspects."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(PSIONIC_SCALES, speed=False, **kwargs)


class D6Spell(SpellTab):
    """Système D6 (RULES 4): the tab :data:`tui.spells.d6.D6` builds, with its lists of aspects."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("d6")

    def context(self) -> dict[str, Any]:
        """A spell is halved as the tab's box says."""
        return {"halve": self.query_one("#d6-halve", Checkbox).value}

    def action_switch(self) -> None:
        self.next_mode()

    def aspect_list(self) -> AspectList | None:
        return None if self.mode == "skill" else self.query_one(f"#d6-{self.mode}-aspects", AspectList)

    def action_add_aspect(self) -> None:
        """Open the list of aspects to add."""
        aspects = self.aspect_list()
        if aspects is not None and not aspects.full():
            adder = aspects.adder
            focus_now(adder)
            adder.action_show_overlay()

    async def action_remove_aspect(self) -> None:
        """Remove the aspect in focus; the focus goes to the next one, or to the add choice."""
        aspects = self.aspect_list()
        focused = self.screen.focused
        row = next((node for node in (focused.ancestors if focused else []) if isinstance(node, AspectRow)), None)
        if aspects is None or row is None:
            return
        rows = aspects.rows()
        index = rows.index(row)
        after = rows[index + 1] if index + 1 < len(rows) else rows[index - 1] if index else None
        focus_now(after.first_field() if after is not None else aspects.adder)
        await row.remove()
        self.refresh_result()

    def after_result(self, values: Mapping[str, Any]) -> None:
        """What does not apply is greyed out or hidden: the kind of a value typed as a number,
        a skill's cost and master for an Attribute, the rows of the powers not picked."""
        if self.mode == "spell":
            self.query_one("#d6-kind", Select).disabled = str(values["effect"]).replace(" ", "").isdigit()
        elif self.mode == "psionic":
            for name in ("healing", "psychometry", "medium"):
                for widget in self.query(f".d6-for-{name}"):
                    widget.display = values["power"] == name
        else:
            attribute = bool(values["attribute"])
            self.query_one("#d6-usual-cost", Input).disabled = attribute
            self.query_one("#d6-master", Checkbox).disabled = attribute

    def start_entry(self) -> None:
        first = self.first_field()
        self.refresh_result()
        focus_now(first)
        # A tab just shown: its widgets' late Hide events (from when it was hidden) would move
        # the focus to the next field; focus again once it is laid out, unless a key typed
        # meanwhile (ctrl+n in the same packet) moved it on purpose.
        self.call_after_refresh(self._refocus, first, keys_handled(self.app))

    def _refocus(self, first: Widget, keys_before: int) -> None:
        if keys_handled(self.app) != keys_before:
            return
        focused = self.screen.focused
        if focused is not first and focused is not None and first.parent in focused.ancestors:
            focus_now(first)
