"""Style a widget once, for the terminal's size, when it is in the app.

What Textual does: it restyles a widget (and its parts: an ``Input`` has five) whenever a class
changes, even in its constructor, and again as it mounts; it gives a screen its breakpoint
classes (``-wide``, ``-tall``…) on the first resize, after the screen was laid out once without
them (``Screen._get_breakpoint_classes``).

Why it is patched: about 40 widgets of the main screen were styled twice at start-up (and every
dialog's fields), and the first resize restyled every widget once more. :class:`StyledOnce` (the
app's ``update_styles``) styles a node only once it is attached; :func:`breakpoint_classes`
gives a screen its classes for the size the terminal has before it is first laid out, as
Textual's ``Screen._get_breakpoint_classes`` picks them (the class of the largest breakpoint not
above the size, per dimension: the documented meaning of ``HORIZONTAL_BREAKPOINTS``), computed
here from the public breakpoints.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.dom import DOMNode
from textual.screen import Screen


def breakpoint_classes(app: App[Any], screen: Screen[Any]) -> set[str]:
    """The classes Textual gives ``screen`` on a resize (``-wide``, ``-tall``…), for the
    terminal's size now: what ``Screen._on_resize`` would set."""
    width, height = app.size
    classes = set(screen.classes)
    for dimension, breakpoints in (
        (width, app.HORIZONTAL_BREAKPOINTS if screen.HORIZONTAL_BREAKPOINTS is None else screen.HORIZONTAL_BREAKPOINTS),
        (height, app.VERTICAL_BREAKPOINTS if screen.VERTICAL_BREAKPOINTS is None else screen.VERTICAL_BREAKPOINTS),
    ):
        for threshold, class_name in sorted(breakpoints or [], reverse=True):
            if dimension >= threshold:
                classes.add(class_name)
                break
    return classes


class StyledOnce(App[Any]):
    """An app that styles a widget once it is in the app, not before (mixed in before ``App``)."""

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        if node is self or node.is_attached:
            super().update_styles(node, animate)
