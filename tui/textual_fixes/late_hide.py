"""A late Hide event does not take the focus from a widget shown again.

What Textual does: when a layout leaves a widget out, the compositor posts it a ``Hide`` event;
the widget handles it later, from its own queue, and if it has the focus then it blurs
(``Widget._on_hide`` → ``Screen._reset_focus``), whatever happened in between.

Why it is patched: on a narrow screen the initiative list is hidden while a form's pane shows
(``g``) and shown again by the very next key (``n`` leaving a missed attack's reroll field focuses
the list at once). The Hide from when the pane hid came after that and took the focus from the
list: ``g-5⏎n`` in one packet left the focus on nothing and the next ``n`` and ``j`` did nothing.
:class:`LateHideKeepsFocus` (a screen mixin) keeps the focus on a widget the screen says it shows
now (:meth:`LateHideKeepsFocus.shows`); a widget removed still loses it.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widget import Widget


class LateHideKeepsFocus(Screen[Any]):
    """A screen whose own state says which widgets show (its panes) before a layout does."""

    def shows(self, widget: Widget) -> bool:
        """Whether ``widget`` is shown now, by what the screen decided (not the last layout). Override."""
        return False

    def _reset_focus(self, widget: Widget, avoiding: list[Widget] | None = None) -> None:
        # Textual calls this with ``avoiding`` when widgets are removed, without when one blurs.
        if avoiding is None and widget is self.focused and widget.is_attached and self.shows(widget):
            return
        super()._reset_focus(widget, avoiding)
