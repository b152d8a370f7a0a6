"""What widgets ask the screen for: they post these and never import a screen.

The main screen handles them (``on_show_pane``). A command that opens a dialog is the screen's
own action (its key is bound with ``screen.…`` in the command table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from textual.widget import Widget



class ShowPane(Message):
    """Show pane ``name`` (``initiative``, ``mass``, ``damage``, ``spell``; on a narrow screen the
    others hide) with the focus on ``focus``, a widget in it (None: the pane's main widget)."""

    def __init__(self, name: str, focus: Widget | None = None) -> None:
        super().__init__()
        self.name = name
        self.focus = focus
