"""Roster forms: add or edit a character or a mook group, remove one with a confirmation.

A form never mutates: it builds ``AddCharacter`` / ``UpdateCharacter`` / ``AddGroup`` /
``UpdateGroup`` and tries it on the campaign first, so a refusal (a :class:`RulesError`) is shown
under the field it names while what was typed stays; only an accepted action closes the form.

Decision: adding while a fight is active also joins it (a ``Join`` after the ``Add``: two
journal entries, undone one at a time); the form says so with a "join the fight" box, ticked by
default, that the GM can untick.

The mook group form is :mod:`tui.screens.group_form`, on the base here;
:mod:`tui.commands.roster` opens them from the main screen.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

import attrs
from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from core.actions import (
    Action,
    AddCharacter,
    Join,
    Outcome,
    UpdateCharacter,
)
from core.characteristics import CHARACTERISTICS, Characteristics
from core.errors import RulesError
from core.mooks import MookGroup
from core.notation import format_armour, format_trades, parse_armour, parse_list, parse_trades
from core.roster import Character, Trade, new_character
from core.shadow import Shadow
from core.validators import ANY_WHOLE, looks_whole
from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.door import Refused
from tui.i18n import refused, t
from tui.safe import plain
from tui.state import AppState
from tui.textual_fixes.checkbox import Checkbox

# --- the text syntaxes --------------------------------------------------------------------

T = TypeVar("T")


def parse_whole(field: str, text: str, default: int | None = None) -> int:
    """A whole number (negative allowed: the rules say what is too low), else a RulesError."""
    text = text.strip()
    if not text:
        if default is None:
            raise refused(field, "form.required")
        return default
    if not looks_whole(text):
        raise refused(field, "form.not_number", text=text)
    return ANY_WHOLE.parse(field, text)


def note(errors: dict[str, str], slot: str, message: str) -> None:
    """Add ``message`` to the row's error line (a row of numbers may have several)."""
    errors[slot] = f"{errors[slot]} · {message}" if slot in errors else message


def at_most(field: str, value: int, top: int) -> None:
    if value > top:
        raise refused(field, "form.at_most", f"≤ {top}", top=top, value=value)


def _shadow_range(shadow: int) -> None:
    if not 0 <= shadow <= 10:
        raise refused("shadow", "form.shadow_range", "0…10", value=shadow)


# --- the form base -------------------------------------------------------------------------


class FormScreen(Described, AppState, ModalScreen[bool]):
    """A modal form of one-line fields; each field (or row of fields) has its error line.

    Subclasses compose their rows in :meth:`fields` with :meth:`text_field` / :meth:`number_row`,
    map the RulesError field names to their rows in :attr:`SLOTS` and build the actions in
    :meth:`build`."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("form-screen")
    #: RulesError field → the row whose error line shows it.
    SLOTS: ClassVar[dict[str, str]] = {}

    #: i18n keys of the title when adding / editing ("{name}" is the one edited).
    TITLES: ClassVar[tuple[str, str]] = ("", "")

    def __init__(self, original: Character | MookGroup | None = None) -> None:
        super().__init__(classes="dialog form")
        #: What is edited; None when adding.
        self.original = original

    def compose(self) -> ComposeResult:
        """Name, the subclass's :meth:`fields`, "join the fight" when adding, the buttons."""
        original = self.original
        with VerticalScroll(classes="dialog-box form-box") as box:
            box.border_title = plain(
                t(self.TITLES[original is not None], self.lang, name=getattr(original, "name", ""))
            )
            yield from self.text_field("name", getattr(original, "name", ""))
            yield from self.fields()
            if original is None:
                yield from self.join_box()
            yield from self.buttons()

    def fields(self) -> ComposeResult:
        """The rows after the name. Override."""
        yield from ()

    def on_mount(self) -> None:
        self.query_one("#f-name", Input).focus()

    # -- composing --------------------------------------------------------------------------
    def text_field(self, name: str, value: str = "", placeholder: str = "") -> ComposeResult:
        """``Label [Input]`` and its error line."""
        with Horizontal(classes="form-row"):
            yield Label(t(f"form.{name}", self.lang), classes="form-label")
            yield Input(value, placeholder=placeholder, id=f"f-{name}", compact=True, classes="form-input")
        yield self.error_line(name)

    def number_row(
        self, slot: str, fields: Mapping[str, object], placeholders: dict[str, str] | None = None
    ) -> ComposeResult:
        """``Corps [ ] Esprit [ ] …`` on one line, one error line for the row."""
        placeholders = placeholders or {}
        with Horizontal(classes="form-row"):
            for name, value in fields.items():
                yield Label(t(f"form.{name}", self.lang), classes="form-number-label")
                yield Input(
                    "" if value is None else str(value),
                    placeholder=placeholders.get(name, ""),
                    id=f"f-{name}",
                    compact=True,
                    classes="form-number",
                    restrict=r"[-+]?\d*",
                )
        yield self.error_line(slot)

    def error_line(self, slot: str) -> Static:
        line = Static("", id=f"f-{slot}-error", classes="field-error", markup=False)
        line.display = False
        return line

    def buttons(self) -> ComposeResult:
        yield self.error_line("form")
        with Horizontal(classes="dialog-buttons"):
            yield Static(t("form.keys", self.lang), classes="form-keys", markup=False)
            yield Button(t("form.save", self.lang), id="form-save", variant="primary", compact=True)
            yield Button(t("form.cancel", self.lang), id="form-cancel", compact=True)

    def join_box(self) -> ComposeResult:
        """Adding during a fight: ``join the fight`` (ticked)."""
        enc = self.campaign.encounter
        if enc is not None:
            yield Checkbox(plain(t("form.join", self.lang, fight=enc.name)), True, id="f-join", compact=True)

    # -- reading ----------------------------------------------------------------------------
    def text(self, name: str) -> str:
        return self.query_one(f"#f-{name}", Input).value

    def number(self, name: str, default: int | None = None) -> int:
        return parse_whole(name, self.text(name), default)

    def ticked(self, name: str) -> bool:
        return self.query_one(f"#f-{name}", Checkbox).value

    def joins(self) -> bool:
        boxes = self.query("#f-join")
        return bool(boxes) and boxes.first(Checkbox).value

    # -- errors -----------------------------------------------------------------------------
    def slot_of(self, field: str) -> str:
        slot = self.SLOTS.get(field, field)
        return slot if self.query(f"#f-{slot}-error") else "form"

    def show_errors(self, errors: dict[str, str]) -> None:
        """Each message under its row (the rows without one are cleared); the fields it names
        are marked, and the first is focused. What was typed stays."""
        for line in self.query(".field-error").results(Static):
            message = errors.get((line.id or "")[2 : -len("-error")], "")
            line.update(plain(message))
            line.display = bool(message)
        bad: list[Input] = []
        for field in self.query(".form-input, .form-number").results(Input):
            name = (field.id or "")[2:]
            slot = self.slot_of(name)
            message = errors.get(slot, "")
            named = {n for n in self._row_names(slot) if message.startswith(f"{n}:") or f" · {n}:" in message}
            wrong = bool(message) and (not named or self.FIELD_OF.get(name, name) in named)
            field.set_class(wrong, "-invalid")
            if wrong:
                bad.append(field)
        if bad:
            bad[0].focus()

    #: An input's name → the field name a RulesError gives it.
    FIELD_OF: ClassVar[dict[str, str]] = {"armour_now": "armour"}

    def _row_names(self, slot: str) -> list[str]:
        names = [(f.id or "")[2:] for f in self.query(".form-input, .form-number").results(Input)]
        return [self.FIELD_OF.get(n, n) for n in names if self.slot_of(n) == slot]

    # -- saving -----------------------------------------------------------------------------
    def build(self, errors: dict[str, str]) -> list[Action]:
        """The actions to send; bad fields noted in ``errors`` (or a RulesError). Override."""
        raise NotImplementedError

    def parse(self, errors: dict[str, str], field: str, read: Callable[[], T]) -> T | None:
        """``read()``, or None with its RulesError noted under ``field``'s row."""
        try:
            return read()
        except RulesError as error:
            note(errors, self.slot_of(field), error.text(self.lang))
            return None

    @on(Input.Submitted)
    @on(Button.Pressed, "#form-save")
    @work(group="request")
    async def action_save(self) -> None:
        """Save: the actions are tried first on a copy of the journal (the same checks as when
        they are recorded: the rules, a text with a control character, a number past its bound),
        all of them or none; a refusal shows under its field, what was typed stays. Then each
        goes through the door (the addition, then joining the fight: two steps of the log)."""
        errors: dict[str, str] = {}
        try:
            actions = self.build(errors)
        except RulesError as error:
            note(errors, self.slot_of(error.field), error.text(self.lang))
            actions = []
        if errors or not actions:
            self.show_errors(errors)
            return
        trial = gm(self).session.journal
        try:
            for action in actions:
                trial, _outcome = trial.record(action)
        except RulesError as error:
            self.show_errors({self.slot_of(error.field): error.text(self.lang)})
            return
        for action in actions:
            answer = await gm(self).request(action, quiet=True)
            if not isinstance(answer, Outcome):  # cannot be, after the trial: said, and stop
                self.show_errors({"form": answer.text(self.lang) if isinstance(answer, Refused) else ""})
                return
        self.show_errors({})
        self.dismiss(True)

    @on(Button.Pressed, "#form-cancel")
    def action_cancel(self) -> None:
        self.dismiss(False)


# --- characters ----------------------------------------------------------------------------


class CharacterForm(FormScreen):
    """Add a character (``character`` None) or edit one."""

    SLOTS: ClassVar[dict[str, str]] = {
        "id": "name",
        **{name: "chars" for name in CHARACTERISTICS},
        "characteristic": "chars",
        "hp": "counters",
        "armour": "counters",
        "pm": "counters",
        "willpower": "counters",
        "shadow": "counters",
        "bruise": "counters",
        "armour_pieces": "armour",
        "notes": "notes",
    }

    TITLES = ("form.add_character", "form.edit_character")

    def __init__(self, character: Character | None = None) -> None:
        super().__init__(character)
        self.character = character

    def fields(self) -> ComposeResult:
        c, lang = self.character, self.lang
        with Horizontal(classes="form-row form-boxes"):
            yield Checkbox(t("form.pc", lang), c.pc if c else True, id="f-pc", compact=True)
            yield Checkbox(t("form.mystic", lang), c.mystic if c else False, id="f-mystic", compact=True)
            yield Checkbox(t("form.hidden", lang), c.hidden if c else False, id="f-hidden", compact=True)
        chars = c.characteristics if c else None
        yield from self.number_row(
            "chars",
            {name: getattr(chars, name) if chars else None for name in CHARACTERISTICS},
            dict.fromkeys(CHARACTERISTICS, "0"),
        )
        yield from self.text_field("trades", format_trades(c.trades) if c else "", t("form.trades_hint", lang))
        yield from self.text_field("affects", ", ".join(c.affects) if c else "", t("form.affects_hint", lang))
        yield from self.text_field(
            "armour", format_armour(c.armour_pieces, lang) if c else "", t("form.armour_hint", lang)
        )
        if c:
            counters = {"hp": c.hp, "armour_now": c.armour, "pm": c.pm, "willpower": c.willpower}
        else:
            counters = {"shadow": 0}
        yield from self.number_row("counters", counters)
        yield from self.text_field("notes", c.notes if c else "")

    def build(self, errors: dict[str, str]) -> list[Action]:
        lang = self.lang
        name = self.text("name").strip()
        if not name:
            errors["name"] = t("form.empty", lang)
        # None where a number was refused: Characteristics' validators refuse it too, under "chars".
        values: dict[str, Any] = {
            n: self.parse(errors, n, functools.partial(self.number, n, 0)) for n in CHARACTERISTICS
        }
        chars = None
        if "chars" not in errors:
            chars = self.parse(errors, "chars", lambda: Characteristics(**values))
        trades = self.parse(errors, "trades", lambda: self._trades())
        affects = parse_list(self.text("affects"))
        pieces = self.parse(errors, "armour_pieces", lambda: parse_armour(self.text("armour")))
        if self.character is None:
            shadow = self.parse(errors, "shadow", lambda: self.number("shadow", 0))
            if shadow is not None:
                self.parse(errors, "shadow", lambda: _shadow_range(shadow))
        else:
            counters = {
                key: self.parse(errors, key, functools.partial(self.number, field))
                for key, field in (("hp", "hp"), ("armour", "armour_now"), ("pm", "pm"), ("willpower", "willpower"))
            }
        if errors:
            return []
        assert chars is not None  # else "chars" is in errors
        fields: dict[str, Any] = {
            "pc": self.ticked("pc"),
            "mystic": self.ticked("mystic"),
            "hidden": self.ticked("hidden"),
            "trades": trades,
            "affects": affects,
            "armour_pieces": pieces,
            "notes": self.text("notes").strip(),
        }
        if self.character is None:
            assert shadow is not None  # else "shadow" is in errors
            return self._added(name, chars, shadow if fields["pc"] else 0, fields)
        return self._edited(name=name, characteristics=chars, **fields, **counters)

    def _added(self, name: str, chars: Characteristics, shadow: int, fields: dict[str, Any]) -> list[Action]:
        """The new character, and its joining the fight when the form's box says so."""
        key = self.campaign.unique_id(name)
        actions: list[Action] = [AddCharacter(new_character(key, name, chars, shadow=shadow, **fields))]
        if self.joins():
            actions.append(Join(key))
        return actions

    def _edited(self, **changes: Any) -> list[Action]:
        """The character with ``changes`` (a PC keeps its shadow, an NPC has none); its counters
        at most their maximums."""
        old = self.character
        assert old is not None  # only an edit form has one
        shadow_state = (old.shadow or Shadow()) if changes["pc"] else None
        edited = attrs.evolve(old, shadow=shadow_state, **changes)
        at_most("hp", edited.hp, edited.max_hp)
        at_most("armour", edited.armour, edited.max_armour)
        at_most("pm", edited.pm, edited.max_pm)
        at_most("willpower", edited.willpower, edited.max_willpower)
        return [UpdateCharacter(edited)]

    def _trades(self) -> tuple[Trade, ...]:
        try:
            return parse_trades(self.text("trades"))
        except RulesError as error:
            raise RulesError(
                "trades", error.reason, error.allowed, error.reason_fr, allowed_fr=error.allowed_fr
            ) from None
