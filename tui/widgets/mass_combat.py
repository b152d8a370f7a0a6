"""Placeholder: to be built."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from tui.widgets.pane import Pane


class MassCombatPane(Pane):
    TITLE_KEY = "pane.mass"

    def compose(self) -> ComposeResult:
        yield Static("…")
