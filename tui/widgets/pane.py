"""What the four panes share: a titled box that follows the app's campaign."""

from __future__ import annotations

from typing import Any, Self

from textual.containers import Vertical
from textual.geometry import Region
from textual.widget import Widget

from core.actions import Action, Outcome
from core.campaign import Campaign
from core.errors import RulesError
from tui.i18n import t
from tui.safe import plain
from tui.access import gm
from tui.state import AppState


def focus_now(widget: Widget) -> None:
    """Focus ``widget`` at once, not after the queued events (``Widget.focus`` waits): keys the
    GM typed right after ``x`` or ``g`` must reach the field it opens, however fast they come."""
    screen = widget.screen
    screen.set_focus(widget)
    if screen.focused is not widget:  # not focusable yet (just shown): let Textual retry
        widget.focus()


class Pane(AppState, Vertical):
    """A pane re-renders in :meth:`campaign_changed` and asks for changes with :meth:`request`."""

    TITLE_KEY = ""

    _subtitle: str | None = None
    _border_row_only = False

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
        if self._border_row_only and not regions and not kwargs:  # the border_subtitle setter's
            width, height = self.outer_size
            left, top = self.content_offset  # a region to refresh is relative to the content
            regions = (Region(-left, height - 1 - top, width, 1),)
        return super().refresh(*regions, **kwargs)

    def on_mount(self) -> None:
        self.border_title = t(self.TITLE_KEY, self.lang)
        self.watch(self.app, "campaign", self.campaign_changed, init=False)
        self.watch(self.app, "selected", self.selection_changed, init=False)
        self.campaign_changed(self.campaign)



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

    def request(self, action: Action) -> Outcome | RulesError | None:
        """Send ``action`` to the app's one request path; see :meth:`ApotheoseApp.request`."""
        return gm(self).request(action)
