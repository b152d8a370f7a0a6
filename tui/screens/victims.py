"""The spell's victims: which of the targets take its intensity as damage (RULES 1.7)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, SelectionList, Static

from tui.access import gm
from tui.i18n import register, t

register(
    {
        "spell.victims": ("{amount} damage (through armour) to which targets?", "{amount} dégâts (armure d'abord) à quelles cibles ?"),
        "spell.victims_help": (
            "space: mark · enter: cast · esc: cancel — none marked: no damage",
            "espace : marquer · entrée : lancer · échap : annuler — aucune : pas de dégâts",
        ),
    }
)


class VictimsDialog(ModalScreen["tuple[str, ...] | None"]):
    """Which targets take the spell's intensity as damage; dismisses the keys, None to cancel."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose", "Cast", priority=True, id="spell-victims-cast"),
        Binding("escape", "cancel", "Cancel", id="spell-victims-cancel"),
    ]

    def __init__(self, amount: int, choices: list[tuple[str, str]], marked: frozenset[str]) -> None:
        super().__init__(classes="dialog")
        self.amount = amount
        self.choices = choices
        self.marked = marked

    def compose(self) -> ComposeResult:
        lang = gm(self).lang
        with Vertical(classes="dialog-box", id="spell-victims-box"):
            yield Label(t("spell.victims", lang, amount=self.amount), classes="dialog-question")
            yield SelectionList[str](
                *((name, key, key in self.marked) for key, name in self.choices), id="spell-victims", compact=True
            )
            yield Static(t("spell.victims_help", lang), classes="dialog-help", markup=False)

    def action_choose(self) -> None:
        chosen = set(self.query_one(SelectionList).selected)
        self.dismiss(tuple(key for key, _ in self.choices if key in chosen))

    def action_cancel(self) -> None:
        self.dismiss(None)
