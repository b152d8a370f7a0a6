"""The Mage tab's own widgets (its description is :mod:`tui.spells.mage`).

A scope choice takes a typed number: ``50`` on the targets picks the row that covers 50 (the
next row up when the number falls between two: 3 targets cost what 5 do). The tab greys out
what does not apply: a rote's attribute and ability on an improvised effect are not tab stops.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from textual import events

from tui.access import lang_of
from tui.spells import mage
from tui.widgets.inputs import Cycle, NumberField
from tui.widgets.spell_tab import CasterTab


class ScopeCycle(Cycle):
    """A choice among counts (targets, radius in metres): digits typed one after another make a
    number, and the choice moves to the first row that covers it. Every digit is kept: a number
    past the last row is kept as typed (``1000 targets ✗``), and the effect is refused as
    ``calc`` refuses it, never priced as the last row (issue 34)."""

    #: Its digits are typed, not the screen's pane keys (:meth:`tui.screens.main.MainScreen.check_action`).
    takes_digits = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._typed = ""
        #: A count typed past the last row, kept as typed; None on a row.
        self._past: int | None = None

    @property
    def counts(self) -> list[int]:
        return [cast(int, value) for value, _ in self.choices]

    @property
    def value(self) -> Any:
        return self._past if self._past is not None else self.choices[self.index][0]

    @value.setter
    def value(self, value: object) -> None:
        counts = self.counts
        if isinstance(value, int) and value not in counts and value > counts[-1]:
            self._show(len(counts) - 1, value)
        else:
            self._show(counts.index(cast(int, value)), None)

    def covering(self, number: int) -> int:
        """The index of the first row that covers ``number``."""
        counts = self.counts
        return next((i for i, value in enumerate(counts) if value >= number), len(counts) - 1)

    def _show(self, index: int, past: int | None) -> None:
        """Move to row ``index``, or keep ``past`` (a count past the last row) as typed."""
        changed = past != self._past
        self._past = past
        self.set_class(past is not None, "-refused")
        if index != self.index:
            self.index = index  # its watcher says so
        elif changed:
            self.refresh()
            self.post_message(self.Changed(self, self.value))

    def render(self) -> str:
        if self._past is None:
            return super().render()
        return f"‹{mage.past_label(self.id or '', self._past, lang_of(self))}›"

    def on_key(self, event: events.Key) -> None:
        if event.character is None or not event.character.isdigit():
            self._typed = ""
            return
        event.stop()
        event.prevent_default()
        self._typed = (self._typed + event.character).lstrip("0") or "0"
        number = int(self._typed)
        past = number if number > self.counts[-1] else None
        self._show(self.covering(number), past)

    def on_focus(self) -> None:
        self._typed = ""

    def action_step(self, step: int) -> None:
        self._typed = ""
        if self._past is not None:  # ← or →: back to the last row
            self._show(len(self.counts) - 1, None)
            return
        super().action_step(step)


class MageSpell(CasterTab):
    """Mage (RULES 2): the tab :data:`tui.spells.mage.MAGE` builds."""

    def after_result(self, values: Mapping[str, Any]) -> None:
        """A rote's attribute and ability are off an improvised effect (not tab stops); the
        counter pool's field shows the arete + sphere it stands for while empty."""
        for name in ("attribute", "ability"):
            self.query_one(f"#mage-{name}").disabled = not values["rote"]
        pool = mage.counter_pool({**values, "counter_pool": None})
        self.query_one("#mage-counter_pool", NumberField).placeholder = "" if pool is None else str(pool)
