"""The one typed way for a pane, widget, screen or command provider to reach the GM's app.

``self.app`` is typed as Textual's plain :class:`~textual.app.App`; :func:`gm` gives the
:class:`~tui.app.ApotheoseApp` with its session, campaign, selection and marks, so callers need
no ``getattr`` and no ``type: ignore``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast

from core.breakdown import Lang

if TYPE_CHECKING:
    from textual.app import App

    from core.campaign import Campaign
    from tui.app import ApotheoseApp


class InApp(Protocol):
    """Anything that runs in a Textual app: a widget, a screen, the app, a command provider."""

    @property
    def app(self) -> App[Any]: ...


def gm(node: InApp) -> ApotheoseApp:
    """The GM's app ``node`` runs in."""
    return cast("ApotheoseApp", node.app)


def lang_of(node: InApp) -> Lang:
    """The language ``node``'s app speaks (English for an app without one, such as a test's)."""
    return "fr" if getattr(node.app, "lang", "en") == "fr" else "en"


def targets(node: InApp) -> tuple[str, ...]:
    """The marked combatants in initiative order, else the selected one (what damage, a spell's
    victims and a condition go to)."""
    app = gm(node)
    return targets_in(app.campaign, app.marked, getattr(app, "selected", None))


def targets_in(campaign: Campaign, marked: frozenset[str], selected: str | None) -> tuple[str, ...]:
    """:func:`targets` of ``campaign`` with these marks and this selection."""
    if not marked:
        return (selected,) if selected is not None and campaign.has(selected) else ()
    encounter = campaign.encounter
    order = [*(encounter.keys if encounter else ()), *(c.id for c in campaign.roster), *(g.id for g in campaign.groups)]
    return tuple(sorted((k for k in marked if campaign.has(k)), key=order.index))
