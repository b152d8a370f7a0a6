"""The kult die field: a die typed at the table (−9…+10), or empty / ``r`` to let the app roll."""

from __future__ import annotations

import re
from typing import Any, Literal

from textual import events
from textual.message import Message
from textual.widgets import Input

from core.breakdown import Lang
from core.dice import KultDie, RandomSource
from core.validators import ANY_WHOLE, looks_whole
from tui.access import lang_of
from tui.i18n import t
from tui.textual_fixes.keys import run_priority_binding
from tui.widgets.inputs import FieldError
from tui.widgets.pane import back_to_list

#: What a die field holds: a face typed at the table, ``"roll"``, or None (no die).
DieEntry = int | Literal["roll"] | None
ROLL: Literal["roll"] = "roll"


class KultDieField(Input):
    """An Input for one kult die. ``empty`` says what an empty field means: ``"roll"`` (an attack),
    ``"static"`` (a defence without the die) or ``"none"`` (no reroll); ``r`` always means roll."""

    def __init__(
        self, *, empty: Literal["roll", "static", "none"] = "roll", label: str = "kult", **kwargs: Any
    ) -> None:
        kwargs.setdefault("compact", True)
        super().__init__(restrict=r"[-+]?\d{0,2}|[rR]", select_on_focus=True, **kwargs)
        self.empty = empty
        self.label = label

    #: What a GM types into a die field: anything else, while the field waits, leaves it.
    DIE_KEYS = re.compile(r"[-+0-9rR]")
    #: Keys that edit the field or move between fields: never a list key here.
    EDIT_KEYS = frozenset(
        {"backspace", "delete", "left", "right", "home", "end", "tab", "shift+tab", "escape", "ctrl+z", "ctrl+y"}
    )

    #: A player's die waiting for this roll (issue 38): the empty field means it, as if the GM
    #: had typed it (:mod:`tui.inbox`); a die typed wins over it.
    offered: int | None = None

    def offer(self, die: int | None) -> None:
        self.offered = die
        lang = lang_of(self)
        empty = t({"roll": "dice.roll", "static": "dice.static", "none": "dice.none"}[self.empty], lang)
        self.placeholder = empty if die is None else f"{die:+d}"

    #: The field waits for a die (a reroll after a miss): the form says so on screen, and a
    #: key of the initiative list (``n``, ``j``, ``x``…) or Enter on the empty field leaves it.
    waiting = False

    def wait(self, waiting: bool = True) -> None:
        self.waiting = waiting
        self.set_class(waiting, "-waiting")

    def on_blur(self) -> None:
        if self.waiting:
            self.wait(False)
            self.post_message(self.Left(self))

    class Left(Message):
        """The field stopped waiting (the GM went on without the die)."""

        def __init__(self, field: KultDieField) -> None:
            super().__init__()
            self.field = field

    async def on_key(self, event: events.Key) -> None:
        """Before Input types the key (this class's handler comes first): while the field waits,
        a key that is not a die leaves it."""
        if self.waiting and self._leaves(event):
            # Not a die: the GM goes on. The list gets the focus and the key acts there, as
            # if the form had not waited (its binding runs with the focus of this moment).
            event.prevent_default()
            back_to_list(self)
            # the list's x, g, s… are priority bindings: Textual checks those only before a key reaches a widget
            if event.key != "enter" and await run_priority_binding(self.app, event.key):
                event.stop()
            elif event.key == "enter":
                event.stop()
        # else Input's own handler (next in the class order) types the key

    def _leaves(self, event: events.Key) -> bool:
        if event.key == "enter":
            return not self.value.strip()
        if event.key in self.EDIT_KEYS:
            return False
        return not (event.character and self.DIE_KEYS.fullmatch(event.character))

    def on_mount(self) -> None:
        lang = lang_of(self)
        self.placeholder = t({"roll": "dice.roll", "static": "dice.static", "none": "dice.none"}[self.empty], lang)

    def entry(self, die: KultDie, lang: Lang = "en") -> DieEntry:
        """The typed face, ``"roll"`` or None; a :class:`FieldError` naming the field otherwise."""
        text = self.value.strip()
        if not text and self.offered is not None:
            return self.offered
        if not text:
            return ROLL if self.empty == "roll" else None
        if text.lower() == "r":
            return ROLL
        value = ANY_WHOLE.parse("die", text) if looks_whole(text) else None
        if value is None or value not in die.faces:
            raise FieldError(t("dice.bad_face", lang, field=self.label, lo=die.lowest, hi=f"{die.highest:+d}"))
        return value


def faces(*entries: DieEntry, die: KultDie, rng: RandomSource) -> tuple[int, ...]:
    """The faces to put in an action, in order: each typed, or rolled now with ``rng``; an empty
    entry (None: a static defence, no reroll) adds none."""
    out: list[int] = []
    for entry in entries:
        if entry == ROLL:
            out.append(die.roll(rng))
        elif isinstance(entry, int):
            out.append(entry)
    return tuple(out)
