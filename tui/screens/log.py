"""The combat log: one line per action, undone ones marked, newest at the bottom."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Footer, RichLog


class LogScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,ctrl+l", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        yield RichLog(id="log", markup=False, wrap=True)
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        lang = getattr(self.app, "lang", "en")
        log.border_title = "Journal" if lang == "fr" else "Combat log"
        for entry in self.app.session.journal.log:  # type: ignore[attr-defined]
            mark = {"do": " ", "undo": "↶", "redo": "↷"}.get(entry.kind, " ")
            log.write(f"{entry.seq:>4} {mark} {entry.line.text(lang)}")

    def action_dismiss(self) -> None:  # type: ignore[override]
        self.dismiss(None)
