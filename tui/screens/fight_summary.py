"""The summary of a fight, shown when the GM ends it (issue 38 item 5): per combatant the damage
dealt and taken, the mooks felled, the spells cast and pm spent, the shadow and stigmata gained,
each figure with its breakdown; and the rounds. Computed in :mod:`core.fight_summary`; the same
lines are in the combat log (and, what the players may see of them, in their view)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from core.breakdown import Lang
from core.fight_summary import Combatant, FightSummary, Figure
from tui.access import lang_of
from tui.commands.keys import Described, bindings
from tui.i18n import t

#: The figures shown for each kind of combatant (a group's ``taken`` counts mooks).
FIGURES: dict[str, tuple[str, ...]] = {
    "group": ("taken_mooks",),
    "pc": ("dealt", "dealt_armour", "taken", "taken_armour", "felled", "spells", "pm", "shadow", "stigmata"),
    "npc": ("dealt", "dealt_armour", "taken", "taken_armour", "felled", "spells", "pm"),
}


def figure_of(c: Combatant, name: str) -> Figure:
    figure: Figure = getattr(c, "taken" if name == "taken_mooks" else name)
    return figure


def summary_text(summary: FightSummary, lang: Lang) -> Text:
    """The summary as lines: the fight and its rounds, then each combatant that took part, its
    figures (the ones at zero left out) and each figure's breakdown under it."""
    text = Text(t("summary.title", lang, name=summary.name, rounds=summary.rounds), style="bold")
    idle = []
    for c in summary.combatants:
        shown = [(name, figure_of(c, name)) for name in FIGURES[c.kind] if figure_of(c, name).value]
        if not shown:
            idle.append(c.name)
            continue
        text.append("\n\n")
        text.append(c.name, style="bold")
        for name, figure in shown:
            text.append(f"\n  {t(f'summary.{name}', lang)} {figure.value}")
            for ln in figure.breakdown:
                text.append(f"\n      {ln.text(lang)}", style="dim")
    if idle:
        text.append("\n\n")
        text.append(t("summary.idle", lang, names=", ".join(idle)))
    return text


class FightSummaryScreen(Described, ModalScreen[None]):
    """The summary of the fight just ended; Escape, Enter or q closes it."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("summary")

    def __init__(self, summary: FightSummary) -> None:
        super().__init__()
        self.summary = summary

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="summary-box"):
            yield Static(summary_text(self.summary, lang_of(self)), id="summary-text")
            yield Static(t("summary.close", lang_of(self)), id="summary-close")

    def action_dismiss(self) -> None:  # type: ignore[override]  # closing gives no result
        self.dismiss(None)
