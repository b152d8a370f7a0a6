"""What the four panes share: a titled box that follows the app's campaign."""

from __future__ import annotations

from typing import Any, Self

from rich.style import Style as RichStyle
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from core.campaign import Campaign
from tui.i18n import key_of, t
from tui.messages import ListScreen, look_later
from tui.safe import plain
from tui.state import AppState


def focus_now(widget: Widget) -> None:
    """Focus ``widget`` at once, not after the queued events (``Widget.focus`` waits): keys the
    GM typed right after ``x`` or ``g`` must reach the field it opens, however fast they come."""
    screen = widget.screen
    screen.set_focus(widget)
    if screen.focused is not widget:  # not focusable yet (just shown): let Textual retry
        widget.focus()


def back_to_list(widget: Widget) -> None:
    """Back to the initiative list (a form applied or refused, a die field left, a spell cast):
    shown and focused at once, so that the next key acts there; the look of the focus change
    comes after the frame that shows what was done (:meth:`ListScreen.back_now`)."""
    screen = widget.screen
    if isinstance(screen, ListScreen):
        screen.back_now()


def switch_key(node: Widget) -> str:
    """The key that switches ``node``'s forms now (its binding whose action is ``switch``, after
    the GM's keymap), spelled as the form's tab line writes it (``ctrl+t``); "" if it has none."""
    ids = [b.id for b in getattr(node, "BINDINGS", ()) if getattr(b, "action", None) == "switch" and b.id]
    return key_of(ids[0], form="spelled") if ids else ""


class Pane(AppState, Vertical):
    """A pane re-renders in :meth:`campaign_changed` and asks for changes with :meth:`request`."""

    TITLE_KEY = ""

    _subtitle: str | None = None
    _border_row_only = False
    _frame_only = False
    _shows_focus: bool | None = None

    def set_subtitle(self, text: str) -> None:
        """Show ``text`` in the bottom border, repainting that row only, and only if it changed.

        (Setting ``border_subtitle`` repaints the whole pane, every widget in it: about 11 KB at
        120x40 for a round or turn that changed, as much for one that did not.)"""
        if text == self._subtitle:
            return
        self._subtitle = text
        self._border_row_only = bool(self.outer_size)  # before the first layout, all is painted
        try:
            self.border_subtitle = plain(text)  # it quotes names: never markup
        finally:
            self._border_row_only = False

    def refresh(self, *regions: Region, **kwargs: Any) -> Self:
        if (self._border_row_only or self._frame_only) and not regions and not any(kwargs.values()):
            width, height = self.outer_size
            left, top = self.content_offset  # a region to refresh is relative to the content
            regions = (Region(-left, height - 1 - top, width, 1),)  # the border_subtitle setter's
            if self._frame_only:  # the border's colour and the title: the frame, not what is in it
                regions += (
                    Region(-left, -top, width, 1),
                    Region(-left, -top, 1, height),
                    Region(width - 1 - left, -top, 1, height),
                )
        return super().refresh(*regions, **kwargs)

    def render_line(self, y: int) -> Strip:
        """A line of the pane's own content: blank, in its background (a container with no
        keyline renders Textual's ``Blank``; what it holds is drawn by its widgets). Textual
        renders every line of it again to give one, after each repaint of the frame."""
        if self.styles.keyline[0] in ("thin", "heavy", "double"):  # a keyline: Textual's own
            return super().render_line(y)
        return Strip.blank(self.size.width, RichStyle.from_color(bgcolor=self.background_colors[1].rich_color))

    def render_lines(self, crop: Region) -> list[Strip]:
        """The pane's own lines: between the frame's top and bottom rows they are all alike (the
        border's two sides around the pane's background; what the pane holds is drawn by its own
        widgets), so one is rendered and the others are that one. A focus change repaints the
        frame of two panes: 2 × 38 side rows rendered whole, about a third of the Enter that
        applies a form (issue 37); 2 × 1 now."""
        last = self.outer_size.height - 1
        start, end = max(crop.y, 1), min(crop.bottom, last)  # the side rows in the crop
        if end - start < 2:
            return super().render_lines(crop)
        side = super().render_lines(Region(crop.x, start, crop.width, 1))
        above = super().render_lines(Region(crop.x, crop.y, crop.width, start - crop.y)) if crop.y < start else []
        below = super().render_lines(Region(crop.x, end, crop.width, crop.bottom - end)) if crop.bottom > end else []
        return [*above, *side * (end - start), *below]

    def show_focus(self, focused: bool) -> None:
        """Draw the pane as holding the focus (accent border, bold title) or not, repainting its
        frame only. (A ``:focus-within`` rule restyles the pane: its border-title colour repaints
        every widget in it, and Textual repaints the whole screen on a focus change: the GM's
        ``x`` or Esc sent all 40 rows, about 40 KB over SSH.)"""
        if focused is self._shows_focus:
            return
        self._shows_focus = focused
        # the theme's colours as last worked out (at start and on each theme change): working
        # them out again here cost 1-2 ms per pane on every focus change (issue 37)
        colours = self.app.theme_variables or self.app.get_css_variables()
        title = t(self.TITLE_KEY, self.lang)
        self._frame_only = bool(self.outer_size)  # before the first layout, all is painted
        try:
            self.styles.border = ("round", colours["accent" if focused else "primary-muted"])
            self.border_title = Content.styled(title, "bold $text") if focused else title
        finally:
            self._frame_only = False

    def on_mount(self) -> None:
        self.show_focus(False)
        self.watch(self.screen, "focused", self._focus_moved, init=False)
        self.watch(self.app, "theme", self._theme_changed, init=False)
        self.watch(self.app, "campaign", self.campaign_changed, init=False)
        self.watch(self.app, "selected", self.selection_changed, init=False)
        self.campaign_changed(self.campaign)

    def _focus_moved(self, _widget: Widget | None) -> None:
        if not look_later(self, self._show_focus_now):
            self._show_focus_now()

    def _show_focus_now(self) -> None:
        """The frame as the focus is now (a look put off reads it when it runs)."""
        focused = self.screen.focused
        self.show_focus(focused is not None and self in focused.ancestors)

    def _theme_changed(self, _theme: str) -> None:
        self.app.get_css_variables()  # the new theme's colours (App.theme_variables)
        focused, self._shows_focus = self._shows_focus, None
        self.show_focus(bool(focused))

    def campaign_changed(self, campaign: Campaign) -> None:
        """Re-render from ``campaign``. Override."""

    def selection_changed(self, key: str | None) -> None:
        """The initiative cursor moved. Override if the pane cares."""

    def focus_main(self) -> None:
        """Focus the pane's main widget (its first focusable one by default)."""
        for widget in self.query("*"):
            if widget.focusable:
                focus_now(widget)
                return
