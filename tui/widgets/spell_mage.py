"""The Mage tab's own widgets (its description is :mod:`tui.spells.mage`).

A scope choice takes a typed number: ``50`` on the targets picks the row that covers 50 (the
next row up when the number falls between two: 3 targets cost what 5 do). The tab greys out
what does not apply: a rote's attribute and ability on an improvised effect are not tab stops.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from textual import events

from tui.spells import mage
from tui.widgets.inputs import Cycle, NumberField
from tui.widgets.spell_tab import CasterTab


class ScopeCycle(Cycle):
    """A choice among counts (targets, radius in metres): digits typed one after another make a
    number, and the choice moves to the first row that covers it (the last row past it)."""

    #: Its digits are typed, not the screen's pane keys (:meth:`tui.screens.main.MainScreen.check_action`).
    takes_digits = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._typed = ""

    @property
    def counts(self) -> list[int]:
        return [cast(int, value) for value, _ in self.choices]

    def covering(self, number: int) -> int:
        """The index of the first row that covers ``number``."""
        counts = self.counts
        return next((i for i, value in enumerate(counts) if value >= number), len(counts) - 1)

    def on_key(self, event: events.Key) -> None:
        if event.character is None or not event.character.isdigit():
            self._typed = ""
            return
        event.stop()
        event.prevent_default()
        longest = len(str(max(self.counts)))
        typed = self._typed + event.character
        self._typed = typed if len(typed) <= longest else event.character
        self.index = self.covering(int(self._typed))

    def on_focus(self) -> None:
        self._typed = ""

    def action_step(self, step: int) -> None:
        self._typed = ""
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
