"""Any check (RULES 1.2): score + kult die against a difficulty, for the selected combatant.

The chance of success shows as the GM types; Enter rolls (or takes the die typed at the table)
and applies a :class:`~core.actions.Roll`, which logs it and moves the PC's shadow (affect,
critical failure).
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Select, Static

from core.actions import Roll
from core.errors import RulesError
from core.rolls import AFFECT, chance_of_success, parse_difficulty
from tui.i18n import localise_bindings, refusal, register, t
from tui.state import AppState
from tui.widgets.dice_field import KultDieField, cast
from tui.widgets.fields import FieldError
from tui.safe import plain

register(
    {
        "roll.title": ("A check for {name}", "Un jet pour {name}"),
        "roll.score": ("Score (characteristic + trade 3 + speciality 2 + …)", "Score (caractéristique + métier 3 + spécialisation 2 + …)"),
        "roll.difficulty": ("Difficulty (a number, or easy, medium, hard…)", "Difficulté (un nombre, ou facile, moyen, difficile…)"),
        "roll.affect": ("Affect", "Affect"),
        "roll.affect.none": ("none", "aucun"),
        "roll.affect.good": ("favourable (+5, +1 shadow)", "favorable (+5, +1 ombre)"),
        "roll.affect.bad": ("unfavourable (−5, −1 shadow)", "défavorable (−5, −1 ombre)"),
        "roll.die": ("Kult die (empty: roll)", "Dé kult (vide : jet)"),
        "roll.chance": ("chance of success {pct}", "chance de réussite {pct}"),
        "roll.score_needed": ("type the score", "tapez le score"),
        "roll.key.cancel": ("Cancel", "Annuler"),
    }
)


class RollDialog(AppState, ModalScreen["Roll | None"]):
    """Dismisses the :class:`Roll` to apply (its die typed or rolled now), or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel", id="roll-cancel")]

    def __init__(self, key: str) -> None:
        super().__init__(classes="dialog")
        self.key = key

    def compose(self) -> ComposeResult:
        lang = self.lang
        c = self.campaign.character(self.key)
        with Vertical(classes="dialog-box"):
            yield Label(plain(t("roll.title", lang, name=c.name)), classes="dialog-question")
            yield Label(t("roll.score", lang))
            yield Input(id="roll-score", type="integer", compact=True)
            yield Label(t("roll.difficulty", lang))
            yield Input("10", id="roll-difficulty", compact=True)
            yield Label(t("roll.affect", lang))
            options = [(t(f"roll.affect.{k}", lang), v) for k, v in (("none", 0), ("good", 1), ("bad", -1))]
            yield Select(options, value=0, allow_blank=False, id="roll-affect", compact=True)
            yield Label(t("roll.die", lang))
            yield KultDieField(id="roll-die", label="kult")
            yield Static("", id="roll-chance")
            yield Static("", id="roll-error", classes="field-error", markup=False)

    def on_mount(self) -> None:
        localise_bindings(self, {"roll-cancel": "roll.key.cancel"})
        self.query_one("#roll-score", Input).focus()

    def _score(self) -> int:
        text = self.query_one("#roll-score", Input).value.strip()
        if not text:
            raise FieldError(t("roll.score_needed", self.lang))
        try:
            score = int(text)
        except ValueError:
            raise FieldError(t("roll.score_needed", self.lang)) from None
        return score + AFFECT * int(self.query_one("#roll-affect", Select).value)  # type: ignore[arg-type]

    def _read(self) -> tuple[int, int]:
        difficulty = parse_difficulty(self.query_one("#roll-difficulty", Input).value)
        return self._score(), difficulty

    @on(Input.Changed)
    @on(Select.Changed)
    def _preview(self) -> None:
        chance, error = self.query_one("#roll-chance", Static), self.query_one("#roll-error", Static)
        try:
            score, difficulty = self._read()
        except (RulesError, FieldError) as problem:
            chance.update("")
            error.update(refusal(problem, self.lang) if self.query_one("#roll-score", Input).value else "")
            return
        pct = f"{float(chance_of_success(score, difficulty, self.campaign.rules.die)):.0%}"
        chance.update(t("roll.chance", self.lang, pct=pct))
        error.update("")

    @on(Input.Submitted)
    def _submitted(self) -> None:
        error = self.query_one("#roll-error", Static)
        die = self.campaign.rules.die
        try:
            score, difficulty = self._read()
            face = cast(self.query_one(KultDieField).entry(die, self.lang), die, self.app.session.rng)  # type: ignore[attr-defined]
            affect = int(self.query_one("#roll-affect", Select).value)  # type: ignore[arg-type]
            roll = Roll(self.key, score, difficulty, (face,), affect)
        except (RulesError, FieldError) as problem:
            error.update(refusal(problem, self.lang))
            return
        self.dismiss(roll)

    def action_cancel(self) -> None:
        self.dismiss(None)
