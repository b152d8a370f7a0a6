"""What every widget and screen of the app reads from it: the language and the campaign."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from core.breakdown import Lang
from core.campaign import Campaign
from tui.access import gm

if TYPE_CHECKING:
    from tui.access import InApp


class AppState:
    """Mixin for a Textual node of :class:`tui.app.ApotheoseApp`: ``self.lang``, ``self.campaign``.
    (Mixed into widgets and screens only, hence the cast: a mixin has no ``app`` of its own.)"""

    @property
    def lang(self) -> Lang:
        return gm(cast("InApp", self)).lang

    @property
    def campaign(self) -> Campaign:
        return gm(cast("InApp", self)).campaign
