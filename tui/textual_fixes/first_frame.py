"""The main screen drawn once it has settled, then only the lines that change, only on screen.

What Textual does: a screen paints as soon as it is laid out, then again for each thing its
widgets do on learning their size (the footer's keys, the list's header and scrollbar); the first
``ScreenResume`` restyles every widget; ``Screen.focused`` repaints the whole screen when the
focus moves; a repainted widget that is not on screen is taken for a new one and the compositor
rebuilds its map of every widget (hidden ones included) before the next paint; a ``Resize`` to the
size the screen already has lays every widget out again (two more layouts before the first frame).

Why it is patched: each of those frames goes down the GM's SSH link — 4 to 6 frames, 35 to 63 KB
at 120x40 at start-up; 33 KB at 120x40 for a GM's ``x`` or Esc; half of a cursor move's paint.
:class:`SettledFirstFrame` (mixed into the main screen before ``Screen``) holds the paint until
the screen has settled (:data:`SETTLE_ROUNDS` at most), skips the first restyle (every widget was
styled as it mounted, the breakpoint classes set: its ``on_screen_resume`` runs before Textual's
and clears the event's public ``refresh_styles``), does not repaint on a focus change (the
widgets whose look depends on it repaint themselves), lays nothing out on a resize to its own
size (its ``on_resize`` runs before Textual's handler and stops it), and paints through
:class:`~tui.textual_fixes.compositor.LinesCompositor`, which holds the paint and drops repaints of
widgets not on screen. It sets ``Screen._compositor`` and reads ``_dirty_widgets``,
``_layout_required``, ``_scroll_required`` and ``_recompose_required`` (in
:meth:`SettledFirstFrame.settling`).

Checked on Textual 8.2.8.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual import events
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget

from tui.textual_fixes.compositor import LinesCompositor
from tui.textual_fixes.settle import after_refresh, drained

#: How many layouts the screen may wait for before it is first drawn.
SETTLE_ROUNDS = 8


class LinesScreen(Screen[Any]):
    """A screen repainted line by line (:class:`LinesCompositor`): only the rows that changed, and
    not the widgets hidden behind what is drawn there. For a dialog over the main screen, this
    skips the screen behind, which a translucent dialog's background draws again whole on every
    repaint (the spell book's letters: issue 37)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: Repaints the changed lines only.
        self.lines = LinesCompositor()
        self._compositor = self.lines


class SettledFirstFrame(LinesScreen):
    """A screen drawn once it has settled, then line by line (see the module)."""

    #: Textual's ``Screen.focused`` repaints the whole screen when it changes; the widgets whose
    #: look depends on the focus repaint themselves (their styles, the panes' frames).
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    _resumed = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lines.held = True  # nothing drawn until the screen has settled

    def show_when_settled(self, then: Callable[[], object] | None = None) -> None:
        """Call from ``on_mount``: the screen is drawn once it has settled; ``then`` is called
        after that first frame (what can wait until the GM sees the screen)."""
        self._showing = asyncio.get_running_loop().create_task(self.show_settled())
        if then is not None:
            self._showing.add_done_callback(lambda _: self.is_attached and self.call_after_refresh(then))

    def settling(self) -> bool:
        """Whether the screen has a layout, a scroll, a recompose or a repaint still to do."""
        return bool(self._layout_required or self._scroll_required or self._recompose_required or self._dirty_widgets)

    async def show_settled(self) -> None:
        """Draw the screen once it has settled: one full frame. At most :data:`SETTLE_ROUNDS` rounds."""
        try:
            quiet = 0
            for _ in range(SETTLE_ROUNDS):
                await after_refresh(self)
                await drained(self)
                quiet = 0 if self.settling() else quiet + 1
                if quiet == 2:  # twice: what a round mounted had its own round
                    break
        finally:
            self.lines.held = False
            if self.is_attached:
                self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        """A resize to the size the screen is laid out at lays nothing out again (runs before
        Textual's own handler, a base class's, and stops it): the terminal's size the driver
        sends at start and the screen's own first size came as two more layouts of every
        widget before the first frame. A layout still to do is done by the screen's next update."""
        if self.is_attached and self._resumed and event.size == self.outer_size:
            event.prevent_default()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """The first time, without Textual's restyle of the whole screen (runs before Textual's
        own handler, a base class's)."""
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False
