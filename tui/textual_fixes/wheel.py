"""The wheel scrolls a one-line row of keys sideways.

What Textual does: its ``Footer`` turns the wheel into a sideways scroll when its keys overflow,
by overriding ``Widget._on_mouse_scroll_down`` / ``_up`` and calling the private
``_scroll_right_for_pointer`` / ``_scroll_left_for_pointer``.

Why it is patched: the app's footer is one widget drawing the same row
(:class:`~tui.widgets.footer.KeysFooter`), and does as Textual's ``Footer`` does with the wheel.
:class:`SidewaysWheel` is mixed in before ``ScrollView``.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.scroll_view import ScrollView


class SidewaysWheel(ScrollView):
    def _on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self._sideways(event, self._scroll_right_for_pointer)

    def _on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self._sideways(event, self._scroll_left_for_pointer)

    def _sideways(self, event: events.MouseEvent, scroll: Callable[..., bool]) -> None:
        if self.allow_horizontal_scroll:
            self.release_anchor()
            if scroll(animate=True):
                event.stop()
                event.prevent_default()
