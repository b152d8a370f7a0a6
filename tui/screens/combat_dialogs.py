"""Dialogs of the initiative list and the combatant sheet: a condition, a pick in a short list,
a shadow change, mystical exhaustion. (The GM's yes to a question of the rules is the door's one
dialog: :mod:`tui.door`.)"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from core.breakdown import Lang
from core.encounter import ROUNDS, Condition, Lasts
from core.errors import RulesError
from core.shadow import ShadowEvent, event_delta
from tui.access import lang_of
from tui.commands.keys import Described, bindings
from tui.i18n import both, refusal, t
from tui.safe import plain, visible
from tui.screens.prompts import parse_int
from tui.widgets.inputs import Cycle

#: Conditions offered as the GM types (any name is accepted).
CONDITIONS = {
    "en": ("stunned", "prone", "blinded", "grappled", "frightened", "dazed", "bleeding", "burning", "charmed"),
    "fr": ("étourdi", "à terre", "aveuglé", "agrippé", "effrayé", "sonné", "saigne", "en feu", "charmé"),
}


def split_condition(name: str, rounds: str = "") -> tuple[str, str]:
    """``("stunned 2", "")`` → ``("stunned", "2")``: a number typed after the name is its rounds."""
    name, rounds = name.strip(), rounds.strip()
    head, _, tail = name.rpartition(" ")
    if not rounds and head and tail.lstrip("+-").isdigit():
        return head.strip(), tail
    return name, rounds


class ConditionDialog(Described, ModalScreen["Condition | None"]):
    """A condition's name and how long it lasts: N rounds, until the start or the end of a
    chosen combatant's next turn, or until removed. ``who`` names its bearers (the marked
    ones, or the selected); ``turns`` are (key, name) of the fight's order, ``current`` whose
    turn it is (the default "whose turn")."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("condition")

    def __init__(self, who: str, turns: Sequence[tuple[str, str]] = (), current: str | None = None) -> None:
        super().__init__(classes="dialog")
        self.who = who
        self.turns = tuple(turns)
        self.current = current

    def compose(self) -> ComposeResult:
        lang = lang_of(self)
        with Vertical(classes="dialog-box"):
            yield Label(plain(t("cdlg.condition_title", lang, name=self.who)), classes="dialog-question")
            yield Label(t("cdlg.condition_name", lang))
            yield Input(id="condition-name", suggester=SuggestFromList(CONDITIONS[lang], case_sensitive=False))
            with Horizontal(classes="condition-row"):
                yield Label(t("cdlg.condition_rounds", lang))
                yield Input(id="condition-rounds", type="integer")
            with Horizontal(classes="condition-row"):
                yield Label(t("cdlg.condition_lasts", lang))
                yield Cycle(LASTS, id="condition-lasts")
            with Horizontal(classes="condition-row", id="condition-of-row"):
                yield Label(t("cdlg.condition_of", lang))
                # Names are data: shown as typed, never read as markup (the Cycle renders markup).
                shown = {key: escape(visible(name, lines=False)) for key, name in self.turns}
                choices: list[tuple[object, tuple[str, str]]] = [
                    (key, (shown[key], shown[key])) for key, _ in self.turns
                ]
                choices = choices or [(None, ("—", "—"))]
                yield Cycle(choices, self.current, id="condition-of")
            yield Static("", id="condition-error", classes="field-error", markup=False)
            yield Static(t("cdlg.condition_hint", lang), classes="dialog-hint")

    def on_mount(self) -> None:
        self._lasts_changed()

    @on(Cycle.Changed, "#condition-lasts")
    def _lasts_changed(self) -> None:
        lasts = self.query_one("#condition-lasts", Cycle).value
        self.query_one("#condition-of-row").display = lasts in (Lasts.TURN_START, Lasts.TURN_END)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_submit()

    def action_submit(self) -> None:
        lang = lang_of(self)
        error = self.query_one("#condition-error", Static)
        name, rounds_text = split_condition(
            self.query_one("#condition-name", Input).value, self.query_one("#condition-rounds", Input).value
        )
        if not name:
            error.update(t("cdlg.condition_needs_name", lang))
            self.query_one("#condition-name", Input).focus()
            return
        try:
            rounds = parse_int(rounds_text, "rounds", ROUNDS) if rounds_text else None
        except ValueError as exc:
            error.update(refusal(exc, lang))
            return
        lasts = self.query_one("#condition-lasts", Cycle).value
        try:
            if lasts is Lasts.ROUNDS:  # no number: until removed, as before
                condition = Condition(name, rounds)
            elif lasts is Lasts.REMOVED:
                condition = Condition(name)
            else:
                condition = Condition(name, lasts=lasts, of=self.query_one("#condition-of", Cycle).value)
        except RulesError as exc:
            error.update(exc.text(lang))
            return
        self.dismiss(condition)

    def action_cancel(self) -> None:
        self.dismiss(None)


#: The "Lasts" choice of the condition dialog.
LASTS: tuple[tuple[object, tuple[str, str]], ...] = (
    (Lasts.ROUNDS, both("cdlg.lasts.rounds")),
    (Lasts.TURN_START, both("cdlg.lasts.turn_start")),
    (Lasts.TURN_END, both("cdlg.lasts.turn_end")),
    (Lasts.REMOVED, both("cdlg.lasts.removed")),
)


class PickDialog(Described, ModalScreen["object | None"]):
    """One choice from a short list: ``options`` are (value, label); Enter picks, Escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("pick")

    def __init__(self, title: str, options: Sequence[tuple[object, str]]) -> None:
        super().__init__(classes="dialog")
        self.title_text = title
        self.values = [value for value, _ in options]
        self.labels = [label for _, label in options]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(plain(self.title_text), classes="dialog-question")
            yield OptionList(*(Option(plain(label)) for label in self.labels), id="pick-list")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.values[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)


@attrs.frozen
class ShadowAnswer:
    event: ShadowEvent
    delta: int | None
    note: str


def _range(event: ShadowEvent, lang: Lang) -> str:
    low, high = event.low, event.high
    if low is None and high is None:
        return t("cdlg.shadow_any", lang)
    if low == high:
        return f"{low:+d}"
    return f"{'' if low is None else f'{low:+d}'}…{'' if high is None else f'{high:+d}'}"


class ShadowDialog(Described, ModalScreen["ShadowAnswer | None"]):
    """Why (a RULES 1.3 event), by how much (prefilled with the event's own), and a note."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("shadow")

    def __init__(self, who: str, value: int, event: ShadowEvent = ShadowEvent.gm, delta: int | None = None) -> None:
        super().__init__(classes="dialog")
        self.who = who
        self.value = value
        self.event = ShadowEvent(event)
        self.delta = delta if delta is not None else self.event.default

    def compose(self) -> ComposeResult:
        lang = lang_of(self)
        options = [(e.label(lang), e.value) for e in ShadowEvent]
        with Vertical(classes="dialog-box"):
            yield Label(plain(t("cdlg.shadow_title", lang, name=self.who, value=self.value)), classes="dialog-question")
            yield Label(t("cdlg.shadow_event", lang))
            yield Select(options, value=self.event.value, allow_blank=False, id="shadow-event")
            yield Label(t("cdlg.shadow_delta", lang))
            yield Input("" if self.delta is None else f"{self.delta:+d}", id="shadow-delta")
            yield Static(
                t("cdlg.shadow_range", lang, range=_range(self.event, lang)), id="shadow-range", classes="dialog-hint"
            )
            yield Label(t("cdlg.shadow_note", lang))
            yield Input(id="shadow-note")
            yield Static("", id="shadow-error", classes="field-error", markup=False)
            yield Static(t("cdlg.shadow_hint", lang), classes="dialog-hint")

    def on_mount(self) -> None:
        self.query_one("#shadow-delta", Input).focus()

    @on(Select.Changed, "#shadow-event")
    def _event_changed(self, event: Select.Changed) -> None:
        if event.value is Select.BLANK or event.value == self.event.value:
            return
        self.event = ShadowEvent(str(event.value))
        lang = lang_of(self)
        default = self.event.default
        self.query_one("#shadow-delta", Input).value = "" if default is None else f"{default:+d}"
        self.query_one("#shadow-range", Static).update(t("cdlg.shadow_range", lang, range=_range(self.event, lang)))

    @on(Input.Submitted)
    def _submitted(self) -> None:
        error = self.query_one("#shadow-error", Static)
        text = self.query_one("#shadow-delta", Input).value.strip()
        try:
            delta = parse_int(text, "delta") if text else None
            event_delta(self.event, delta)
        except (ValueError, RulesError) as exc:
            error.update(refusal(exc, lang_of(self)))
            return
        self.dismiss(ShadowAnswer(self.event, delta, self.query_one("#shadow-note", Input).value.strip()))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ExhaustDialog(Described, ModalScreen["tuple[int, int] | None"]):
    """How many HP and how much willpower become pm (mystical exhaustion, RULES 1.7)."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("exhaust")

    def __init__(self, who: str, hp: int, willpower: int) -> None:
        super().__init__(classes="dialog")
        self.who, self.hp, self.willpower = who, hp, willpower

    def compose(self) -> ComposeResult:
        lang = lang_of(self)
        with Vertical(classes="dialog-box"):
            yield Label(plain(t("cdlg.exhaust_title", lang, name=self.who)), classes="dialog-question")
            yield Label(t("cdlg.exhaust_hp", lang, n=self.hp))
            yield Input("0", id="exhaust-hp", type="integer")
            yield Label(t("cdlg.exhaust_wp", lang, n=self.willpower))
            yield Input("0", id="exhaust-wp", type="integer")
            yield Static("", id="exhaust-error", classes="field-error", markup=False)
            yield Static(t("cdlg.exhaust_hint", lang), classes="dialog-hint")

    @on(Input.Submitted)
    def _submitted(self) -> None:
        try:
            hp = parse_int(self.query_one("#exhaust-hp", Input).value or "0", "from_hp")
            wp = parse_int(self.query_one("#exhaust-wp", Input).value or "0", "from_willpower")
        except ValueError as exc:
            self.query_one("#exhaust-error", Static).update(refusal(exc, lang_of(self)))
            return
        self.dismiss((hp, wp))

    def action_cancel(self) -> None:
        self.dismiss(None)
