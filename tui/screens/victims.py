"""The spell's victims: which of the targets take its intensity as damage (RULES 1.7)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, SelectionList, Static

from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.i18n import t
from tui.textual_fixes.tick_list import TickList


class VictimsDialog(Described, ModalScreen["tuple[str, ...] | None"]):
    """Which targets take the spell's intensity as damage; dismisses the keys, None to cancel."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("victims")

    def __init__(self, amount: int, choices: list[tuple[str, str]], marked: frozenset[str]) -> None:
        super().__init__(classes="dialog")
        self.amount = amount
        self.choices = choices
        self.marked = marked

    def compose(self) -> ComposeResult:
        lang = gm(self).lang
        with Vertical(classes="dialog-box", id="spell-victims-box"):
            yield Label(t("spell.victims", lang, amount=self.amount), classes="dialog-question")
            yield TickList(
                *((name, key, key in self.marked) for key, name in self.choices), id="spell-victims", compact=True
            )
            yield Static(self._help(), classes="dialog-help", id="spell-victims-help", markup=False)

    def _help(self) -> str:
        lang = gm(self).lang
        n = (
            len(self.query_one(TickList).selected)
            if self.is_mounted
            else sum(key in self.marked for key, _ in self.choices)
        )
        ticked = t("spell.victims_some", lang, n=n) if n else t("spell.victims_none", lang)
        return f"{t('spell.victims_help', lang)} — {ticked}"

    def on_selection_list_selected_changed(self) -> None:
        self.query_one("#spell-victims-help", Static).update(self._help())

    def action_choose(self) -> None:
        chosen = set(self.query_one(SelectionList).selected)
        self.dismiss(tuple(key for key, _ in self.choices if key in chosen))

    def action_cancel(self) -> None:
        self.dismiss(None)
