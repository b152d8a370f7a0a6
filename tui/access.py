"""The one typed way for a pane, widget or screen to reach the GM's app.

``self.app`` is typed as Textual's plain :class:`~textual.app.App`; :func:`gm` gives the
:class:`~tui.app.ApotheoseApp` with its session, campaign, selection and marks, so callers need
no ``getattr`` and no ``type: ignore``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from core.actions import Outcome

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from tui.app import ApotheoseApp


def gm(node: DOMNode) -> ApotheoseApp:
    """The GM's app ``node`` runs in."""
    return cast("ApotheoseApp", node.app)


def applied(result: object) -> bool:
    """Whether :meth:`~tui.app.ApotheoseApp.request` recorded the action (not a refusal, not
    a question still waiting for the GM's answer)."""
    return isinstance(result, Outcome)
