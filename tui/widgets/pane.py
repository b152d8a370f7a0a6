"""What the four panes share: a titled box that follows the app's campaign."""

from __future__ import annotations

from textual.containers import Vertical
from textual.widget import Widget

from core.actions import Action
from core.campaign import Campaign
from tui.i18n import t
from tui.messages import ActionRequested
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

    def request(self, action: Action) -> None:
        self.post_message(ActionRequested(action))
