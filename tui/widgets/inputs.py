"""The form kit: one whole-number field (and its parser, :func:`read_whole`, which every typed
number of the app goes through), one choice among a few on one line, the line that shows a
refused field's message, and how a number or a chance is written. The die row is
:mod:`tui.widgets.dice_field`'s, the scored-breakdown view :mod:`tui.widgets.scored`'s."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

from textual.binding import BindingType
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from core.breakdown import Lang
from core.breakdown import percent as percent  # the forms' one way to write a chance, re-exported
from core.combat import Range
from core.errors import RulesError
from core.validators import ANY_WHOLE, LIMIT, Whole, looks_whole
from tui.access import lang_of
from tui.commands.keys import Described, bindings
from tui.i18n import Said, both, said, t
from tui.safe import visible
from tui.textual_fixes.chooser import keeps_its_size
from tui.textual_fixes.inputs import FixedSizeInput

#: What a field that takes any whole number lets the GM type: a sign and as many digits as the
#: largest number (:data:`core.validators.LIMIT`); what is past a field's bound is refused with a
#: message, never cut to fewer digits.
WHOLE_TYPED = rf"[-+]?\d{{0,{len(str(LIMIT))}}}"
_MOST_DIGITS = re.compile(r"\\d\{0,(\d+)\}")


class FieldError(ValueError):
    """A field's text cannot be used; the message is ready to show (in the app's language)."""


class Missing(FieldError):
    """A field still empty (or a choice not made): Enter refuses it, with this message; a
    preview says nothing of it, since nobody typed anything wrong (issue 34: a group's turn
    opened forms reading "Score: type a whole number" before any key)."""


def preview_error(error: FieldError) -> str:
    """What a form's preview shows of ``error``: nothing for a field not filled in yet."""
    return "" if isinstance(error, Missing) else str(error)


def read_whole(text: str, label: str, lang: Lang = "en", bound: Whole = ANY_WHOLE) -> int:
    """The whole number ``text`` holds, within ``bound`` (core's definition of what the field may
    be); a :class:`FieldError` naming ``label`` otherwise, in ``lang``."""
    if not looks_whole(text):
        raise FieldError(t("fields.number", lang, field=label))
    try:
        return bound.parse(label, text)
    except RulesError as error:
        raise FieldError(error.text(lang)) from None


class NumberField(FixedSizeInput):
    """A compact whole-number field. Without ``restrict``, Textual's integer field; with it, the
    characters it takes (a few digits, a sign). ``label`` names it in messages."""

    def __init__(
        self,
        value: str = "",
        *,
        label: str = "",
        restrict: str | None = None,
        select_on_focus: bool = True,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("compact", True)
        if restrict is None:
            kwargs["type"] = "integer"
        super().__init__(value, restrict=restrict, select_on_focus=select_on_focus, **kwargs)
        self.label = label

    def replace(self, text: str, start: int, end: int) -> None:
        value = self.value
        start, end = sorted((max(0, start), min(len(value), end)))
        self._tried = f"{value[:start]}{text}{value[end:]}"
        super().replace(text, start, end)

    def restricted(self) -> None:
        """A key the field does not take: a digit past the field's few is said (a notification
        naming the field), never dropped silently; any other key rings the bell."""
        tried = getattr(self, "_tried", "")
        most = _MOST_DIGITS.search(self.restrict or "")
        if most is not None and sum(c.isdigit() for c in tried) > int(most[1]):
            field = f"{self.label}: " if self.label else ""
            lang = lang_of(self)
            if lang == "fr" and field:
                field = f"{self.label} : "
            message = t("fields.digits", lang, field=field, n=most[1], text=tried)
            self.app.notify(message[:1].upper() + message[1:], severity="warning", timeout=4)
            return
        super().restricted()

    def number(self, lang: Lang = "en", minimum: int | None = None) -> int:
        """The whole number typed, at least ``minimum``; a :class:`FieldError` otherwise
        (:class:`Missing` while empty)."""
        if not self.value.strip():
            raise Missing(t("fields.number", lang, field=self.label))
        value = read_whole(self.value, self.label, lang)
        if minimum is not None and value < minimum:
            raise FieldError(t("fields.at_least", lang, field=self.label, n=minimum))
        return value

    def whole(self, field: str) -> int | None:
        """The whole number typed, or None while empty (or only a sign); a RulesError naming
        ``field`` past its bounds."""
        text = self.value.strip()
        return None if text in ("", "-", "+") else ANY_WHOLE.parse(field, text)


class Cycle(Described, Widget, can_focus=True):
    """A one-line choice among a few: space or → for the next, ← for the previous."""

    DEFAULT_CSS = """
    Cycle {
        width: auto;
        height: 1;
        padding: 0 1;
        background: $boost;
    }
    Cycle:focus {
        background: $accent 40%;
        text-style: bold;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = bindings("choice")

    index: reactive[int] = reactive(0)

    class Changed(Message):
        def __init__(self, cycle: Cycle, value: Any) -> None:  # one of the choices' values
            super().__init__()
            self.cycle = cycle
            self.value = value

        @property
        def control(self) -> Cycle:
            return self.cycle

    def __init__(self, choices: Sequence[tuple[object, Said]], value: object = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.choices = tuple(choices)
        values = [v for v, _ in self.choices]
        self.set_reactive(Cycle.index, values.index(value) if value in values else 0)

    @property
    def value(self) -> Any:
        return self.choices[self.index][0]

    @value.setter
    def value(self, value: object) -> None:
        self.index = [v for v, _ in self.choices].index(value)

    def render(self) -> str:
        return f"‹{said(self.choices[self.index][1], lang_of(self))}›"

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.choices)

    def watch_index(self) -> None:
        self.post_message(self.Changed(self, self.value))

    def on_click(self) -> None:
        self.action_step(1)


def labels(key: str) -> tuple[str, str]:
    """(English, French) of a catalogue text, for a choice that renders in either."""
    return both(key)


AFFECTS: tuple[tuple[int, tuple[str, str]], ...] = (
    (0, labels("fields.affect.none")),
    (1, labels("fields.affect.good")),
    (-1, labels("fields.affect.bad")),
)
RANGES: tuple[tuple[Range, tuple[str, str]], ...] = tuple((r, labels(f"fields.range.{r.value}")) for r in Range)


class ErrorLine(Static):
    """The message of a refused field, next to the fields; hidden when there is none."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__("", markup=False, classes="field-error", **kwargs)
        self.display = False
        self.message = ""

    def show(self, message: str) -> None:
        if message != self.message:
            self.message = message
            self.update(message)
            self.display = bool(message)


def set_text(widget: Static, text: str | Content) -> None:
    """Update a Static only when its text changes (no repaint otherwise), laying the screen out
    only when its size changes (a form not shown: showing it will). A string is
    shown with any control character as a visible escape."""
    if isinstance(text, str):
        text = visible(text)
    if getattr(widget, "_shown", None) != text:
        widget._shown = text  # type: ignore[attr-defined]  # the text last shown, kept on the widget itself
        widget.update(text, layout=False)
        if not keeps_its_size(widget):
            widget.refresh(layout=True)
