"""What widgets ask the screen for, never importing a screen.

They post messages, which the screen handles; a command that opens a dialog is the screen's own
action (its key is bound with ``screen.…`` in the command table). A request that moves the focus
cannot wait for a message: the very next key must act where it leaves the focus (the key that
leaves a waiting die field runs on the list at once; the die typed after a missed attack goes to
its reroll field). For those, the screen that holds the list is reached through
:class:`ListScreen`, a typed interface, and acts at once. (A focus moved by a message came after
the keys typed before it was handled: ``g-5⏎n`` in one packet had ``n`` leave the reroll field,
then the message put the focus back in it, and the turn never passed.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from textual.message import Message

if TYPE_CHECKING:
    from textual.widget import Widget


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

    def show_pane(self, name: str, focus: Widget) -> None:
        """Show pane ``name`` (``mass``…; on a narrow screen the others hide) with the focus on
        ``focus``, a widget in it, now."""
