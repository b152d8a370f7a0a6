"""Small dialogs every pane can use: a yes/no confirmation and a one-field prompt."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from core.breakdown import Lang
from core.validators import ANY_WHOLE, Whole, looks_whole
from tui.access import lang_of
from tui.commands.keys import Described, bindings
from tui.i18n import key_of, refusal, t
from tui.safe import plain


class ConfirmDialog(Described, ModalScreen[bool]):
    """``question`` with Yes / No; dismisses True or False (y / n / escape)."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("confirm")

    def __init__(self, question: str) -> None:
        super().__init__(classes="dialog")
        self.question = question

    def compose(self) -> ComposeResult:
        lang = lang_of(self)
        with Vertical(classes="dialog-box"):
            yield Static(plain(self.question), classes="dialog-question")
            with Horizontal(classes="dialog-buttons"):
                # The keys on the buttons (y / n by default, in French too), ← → between them.
                yield Button(f"{t('prompt.yes', lang)} ({key_of('confirm-yes', lang)})", id="yes", variant="warning")
                yield Button(f"{t('prompt.no', lang)} ({key_of('confirm-no', lang)})", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)


class ValuePrompt(Described, ModalScreen["object | None"]):
    """One labelled field. ``parse`` turns the text into a value or raises ValueError with a
    message, shown under the field; Enter dismisses the value, Escape dismisses None."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("prompt")

    def __init__(self, label: str, parse: Callable[[str], object], value: str = "", placeholder: str = "") -> None:
        super().__init__(classes="dialog")
        self.label = label
        self.parse = parse
        self.value = value
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Label(plain(self.label), classes="dialog-question")
            yield Input(self.value, placeholder=self.placeholder, id="prompt-value")
            yield Static("", id="prompt-error", classes="field-error", markup=False)

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        try:
            value = self.parse(event.value)
        except ValueError as error:
            self.query_one("#prompt-error", Static).update(refusal(error, lang_of(self)))
            return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class NotWhole(ValueError):
    """Text that is not a whole number; ``text(lang)`` says so in English or French."""

    def __init__(self, typed: str) -> None:
        self.typed = typed
        super().__init__(self.text("en"))

    def text(self, lang: Lang = "en") -> str:
        return t("prompt.not_whole", lang, text=repr(self.typed))


def parse_int(text: str, field: str = "value", bound: Whole = ANY_WHOLE) -> int:
    """A whole number within ``bound`` (core's definition of what ``field`` may be): a
    :class:`NotWhole` for text that is no number, a RulesError naming the field and the bounds
    past them."""
    if not looks_whole(text):
        raise NotWhole(text)
    return bound.parse(field, text)


def whole_in(field: str, bound: Whole) -> Callable[[str], int]:
    """A :class:`ValuePrompt`'s ``parse`` for a whole number within ``bound``."""
    return functools.partial(parse_int, field=field, bound=bound)
