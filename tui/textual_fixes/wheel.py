"""The wheel scrolls a one-line row of keys sideways.

What Textual does: its ``Footer`` turns the wheel into a sideways scroll when its keys overflow,
by overriding ``Widget._on_mouse_scroll_down`` / ``_up`` and calling the private
``_scroll_right_for_pointer`` / ``_scroll_left_for_pointer``; any other widget scrolls down and
up.

Why it is patched: the app's footer is one widget drawing the same row
(:class:`~tui.widgets.footer.KeysFooter`), and does as Textual's ``Footer`` does with the wheel,
with public calls only: its own ``on_mouse_scroll_down`` / ``_up`` run before the widget's
default (a base class's) and prevent it, and scroll by ``App.scroll_sensitivity_x`` as far as
``max_scroll_x`` allows. :class:`SidewaysWheel` is mixed in before ``ScrollView``.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from textual import events
from textual.scroll_view import ScrollView


class SidewaysWheel(ScrollView):
    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.sideways(event, 1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.sideways(event, -1)

    def sideways(self, event: events.MouseEvent, direction: int) -> None:
        """Scroll one step right (``direction`` 1) or left (-1); the event stops if it moved."""
        event.prevent_default()  # never the widget's own scroll down and up
        if not self.allow_horizontal_scroll:
            return
        self.release_anchor()
        target = self.scroll_target_x + direction * self.app.scroll_sensitivity_x
        target = max(0.0, min(float(self.max_scroll_x), target))
        if target != self.scroll_target_x:
            self.scroll_to(x=target, animate=True, immediate=True)
            event.stop()
