"""What widgets ask the screen for, never importing a screen.

They post messages, which the screen handles; a command that opens a dialog is the screen's own
action (its key is bound with ``screen.…`` in the command table). A request that moves the focus
cannot wait for a message: the very next key must act where it leaves the focus (the key that
leaves a waiting die field runs on the list at once; the die typed after a missed attack goes to
its reroll field). For those, the screen that holds the list is reached through
:class:`ListScreen`, a typed interface, and acts at once. (A focus moved by a message came after
the keys typed before it was handled: ``g-5⏎n`` in one packet had ``n`` leave the reroll field,
then the message put the focus back in it, and the turn never passed.)

After a form applies, the focus goes back to the list at once (:meth:`ListScreen.back_now`), but
what the focus changes in the look waits until the frame that shows what the form did is drawn:
the panes' frames (:func:`look_later`), the footer's keys, the field left (:func:`restyles_later`).
Each runs after that frame and reads the focus as it is then, so the screen settles where it
would have (issue 37: a third of the CPU from Enter to the GM seeing the new HP).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from textual.message import Message

if TYPE_CHECKING:
    from textual.dom import DOMNode
    from textual.widget import Widget


class FieldChanged(Message):
    """A field of a form's own (a list of techniques, of aspects) changed its value."""

    def __init__(self, field: Widget) -> None:
        super().__init__()
        self.field = field


@runtime_checkable
class ListScreen(Protocol):
    """A screen holding the initiative list (the main screen)."""

    #: True from :meth:`back_now` until the next frame: a focus change's look is drawn after it.
    looks_later: bool

    def action_back(self) -> None:
        """Show the initiative list and focus it, now."""

    def back_now(self) -> None:
        """:meth:`action_back`, the look of the focus change drawn after the next frame."""

    def show_pane(self, name: str, focus: Widget) -> None:
        """Show pane ``name`` (``mass``…; on a narrow screen the others hide) with the focus on
        ``focus``, a widget in it, now."""


def look_later(widget: Widget, look: Callable[[], None]) -> bool:
    """Run ``look`` (what a focus change redraws, reading the focus when it runs) after the next
    frame if ``widget``'s screen moves the focus with its look later (:meth:`ListScreen.back_now`),
    and say so; False: the caller draws it now."""
    if getattr(widget.screen, "looks_later", False):  # not an isinstance of the protocol: 5 per focus change
        widget.call_after_refresh(look)
        return True
    return False


#: Nodes whose next restyle waits until after the next frame (:func:`restyles_later`).
_RESTYLE_LATER: weakref.WeakSet[DOMNode] = weakref.WeakSet()


def restyles_later(node: Widget) -> None:
    """``node``'s next restyle (Textual restyles a field when its ``Blur`` comes: the focus it
    lost) waits until after the next frame; a restyle that comes later than that frame is not
    held."""
    _RESTYLE_LATER.add(node)
    node.call_after_refresh(_RESTYLE_LATER.discard, node)


def restyled_later(node: DOMNode, restyle: Callable[[], None]) -> bool:
    """Whether ``node``'s restyle was put off by :func:`restyles_later` (``restyle`` then runs
    after the next frame, and restyles it as it is then); the app's ``update_styles`` asks."""
    if node not in _RESTYLE_LATER:
        return False
    _RESTYLE_LATER.discard(node)
    node.call_after_refresh(restyle)
    return True


def one_per_turn(node: DOMNode, steps: Iterable[Callable[[], object]]) -> None:
    """Run ``steps`` one per turn of ``node``'s queue (the keys typed meanwhile are handled
    between two), while ``node`` is attached: what waits until after the first frame."""
    waiting = iter(steps)

    def next_step() -> None:
        if node.is_attached:
            step = next(waiting, None)
            if step is not None:
                step()
                node.call_later(next_step)

    node.call_later(next_step)
