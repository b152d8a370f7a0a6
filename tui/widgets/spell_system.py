"""What every tab of the spell-cost pane is: a :class:`SpellSystem`, one per magic system.

A new system is a module of ``core/`` (its rules) and one description registered in
:mod:`tui.spells`: its tab is a :class:`tui.widgets.spell_tab.SpellTab` built from it (a
subclass only when the tab does more than price).
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
