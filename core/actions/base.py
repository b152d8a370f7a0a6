"""What every GM action is: an attrs value applied by one pure function."""

from __future__ import annotations

from typing import ClassVar

import attrs

from core.breakdown import Breakdown, Line
from core.campaign import Campaign


@attrs.frozen
class Outcome:
    """The campaign after an action, the log lines it wrote and the breakdown of its numbers."""

    campaign: Campaign
    lines: tuple[Line, ...]
    breakdown: Breakdown = ()

    @property
    def summary(self) -> Line:
        return self.lines[0]


@attrs.frozen
class Action:
    """Base of every action. A subclass implements ``apply``; it never mutates its input.

    An impossible action raises :class:`core.errors.RulesError` and the state is left as it was
    (nothing is mutated, so there is nothing to roll back).
    """

    #: An action about the table itself (what the players see): its log lines are the GM's only.
    GM_ONLY: ClassVar[bool] = False

    def apply(self, campaign: Campaign) -> Outcome:  # pragma: no cover - abstract
        raise NotImplementedError


def apply(campaign: Campaign, action: Action) -> Outcome:
    """The one function that changes a campaign: ``state → state`` plus what to log."""
    return action.apply(campaign)
