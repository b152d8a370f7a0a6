"""What every widget and screen of the app reads from it: the language and the campaign."""

from __future__ import annotations

from core.campaign import Campaign


class AppState:
    """Mixin for a Textual node of :class:`tui.app.ApotheoseApp`: ``self.lang``, ``self.campaign``."""

    @property
    def lang(self) -> str:
        return getattr(self.app, "lang", "en")  # type: ignore[attr-defined]

    @property
    def campaign(self) -> Campaign:
        return self.app.campaign  # type: ignore[attr-defined]
