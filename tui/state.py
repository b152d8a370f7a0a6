"""What every widget and screen of the app reads from it: the language and the campaign."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from core.breakdown import Lang
from core.campaign import Campaign
from tui.access import gm, lang_of
from tui.i18n import t
from tui.textual_fixes.bindings import set_descriptions

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


def localise_bindings(node: Any, texts: Mapping[str, str]) -> None:
    """Give ``node``'s bindings (by binding id) the description of i18n key ``texts[id]`` in the
    app's language, so the footer and ``?`` speak French too. Call it from ``on_mount``."""
    lang = lang_of(node)
    set_descriptions(node, {binding_id: t(key, lang) for binding_id, key in texts.items()})
