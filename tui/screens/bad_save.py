"""Shown instead of the main screen when a campaign file cannot be loaded: never a traceback."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static


class BadSaveScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "app.quit", "Quit")]

    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    def compose(self) -> ComposeResult:
        with Vertical(id="bad-save"):
            yield Static("This campaign file cannot be opened", id="bad-save-title")
            yield Static(str(self.error), id="bad-save-error", markup=False)
        yield Footer()
