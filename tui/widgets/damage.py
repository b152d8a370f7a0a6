"""Placeholder: to be built."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Static

from tui.widgets.pane import Pane


class DamagePane(Pane):
    TITLE_KEY = "pane.damage"

    def compose(self) -> ComposeResult:
        yield Static("…")
