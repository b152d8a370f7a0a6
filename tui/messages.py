"""Messages that go up from widgets to the app (attributes come down)."""

from __future__ import annotations

from textual.message import Message

from core.actions import Action


class ActionRequested(Message):
    """A widget asks the app to apply a GM action to the campaign."""

    def __init__(self, action: Action) -> None:
        super().__init__()
        self.action = action
