"""What widgets ask the screen for, never importing a screen.

They post messages, which the main screen handles (``on_show_pane``); a command that opens a
dialog is the screen's own action (its key is bound with ``screen.…`` in the command table).
One request cannot wait for a message: going back to the initiative list, where the very next
key must act (the key that leaves a waiting die field runs on the list at once). For that, the
screen that holds the list is reached through :class:`ListScreen`, a typed interface.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

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


class FieldChanged(Message):
    """A field of a form's own (a list of techniques, of aspects) changed its value."""

    def __init__(self, field: Widget) -> None:
        super().__init__()
        self.field = field


@runtime_checkable
class ListScreen(Protocol):
    """A screen holding the initiative list (the main screen)."""

    def action_back(self) -> None:
        """Show the initiative list and focus it, now."""
