"""What every tab of the spell-cost pane is: a :class:`SpellSystem`, one per magic system.

A new system is a module ``tui/widgets/spell_<system>.py`` with a subclass of
:class:`SpellSystem`, and one row in :data:`tui.widgets.spell.SpellPane.SYSTEMS`.
"""

from __future__ import annotations

from textual.containers import VerticalScroll

from tui.state import AppState


class SpellSystem(AppState, VerticalScroll):
    """One magic system's tab. The pane forwards the campaign and the selection to it."""

    def refresh_from_campaign(self) -> None:
        """Re-render from the campaign and the selection. Override."""

    def start_entry(self) -> None:
        """Focus the first field. Override."""

