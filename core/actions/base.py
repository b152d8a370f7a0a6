"""What every GM action is: an attrs value applied by one pure function."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from core.breakdown import Breakdown, Line
from core.campaign import Campaign
from core.errors import Allowed, RulesError


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
    #: What this action's lines tell of whom: (field, detail) pairs, the field holding the ids (one
    #: or a tuple) of the combatants whose ``detail`` (``shadow``, ``pm`` or ``conditions``) its
    #: lines speak of. When one of those is what the GM keeps from the players (a private PC's
    #: details, an NPC's or a group's conditions not shown), none of its lines reach them, whether
    #: the action changed anything or not (:func:`core.players_log.kept_from_players`).
    TELLS: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: An action that ends a fight: the journal adds the fight's summary to the log after its
    #: lines (:func:`core.fight_summary.log_lines`).
    ENDS_FIGHT: ClassVar[bool] = False

    def apply(self, campaign: Campaign) -> Outcome:  # pragma: no cover - abstract
        raise NotImplementedError

    def ask(self, campaign: Campaign) -> NeedsConfirmation | None:
        """A question about what the GM meant (an NPC attacking its own side) that must get a yes
        before this action is recorded (:meth:`core.journal.Journal.record`); never asked when a
        journal replays the action, whose recording was the yes. None: nothing to ask."""
        return None


class NeedsConfirmation(RulesError):
    """The action needs the GM's yes first: a PC would become an NPC (a 6th stigma or grace), a
    raise goes past half of the raises, an NPC attacks its own side. ``question`` (English,
    French) is what to ask; :meth:`confirmed` is the action with that yes given (``answer``: the
    fields it sets, such as ``confirm=True``), to send again on yes."""

    def __init__(
        self,
        field: str,
        message: str,
        allowed: Allowed = None,
        fr: str | None = None,
        *,
        allowed_fr: Allowed = None,
        question: Line,
        answer: Mapping[str, object],
    ):
        super().__init__(field, message, allowed, fr, allowed_fr=allowed_fr)
        self.question = question
        self.answer = dict(answer)

    def confirmed(self, action: Action) -> Action:
        """``action`` with the GM's yes."""
        return attrs.evolve(action, **self.answer)


@attrs.frozen
class RolledBy:
    """Who rolled the kult die of a roll the GM took from a player (issue 38): the seat's player,
    the PC's name, the die, and whether the table rolled it for them ("roll for me"). An action
    that carries one (its ``rolled_by`` field) says it in its first line, which the players read
    or not as the rest of that line decides."""

    player: str
    pc_name: str
    die: int
    by_table: bool = False

    def line(self) -> Line:
        from core.french import de

        pc, die = self.pc_name, f"{self.die:+d}"
        if self.by_table:
            return Line(f"the table rolled {die} for {pc}", f"la table a lancé {die} pour {pc}")
        return Line(f"{pc}'s player rolled {die}", f"le joueur {de(pc)} a lancé {die}")

    def said(self, first: Line) -> Line:
        """``first``, the action's summary, saying who rolled."""
        by = self.line()
        return Line(f"{first.en} ({by.en})", f"{first.fr} ({by.fr})")


def apply(campaign: Campaign, action: Action) -> Outcome:
    """The one function that changes a campaign: ``state → state`` plus what to log (and who
    rolled, when a player's die was taken: :class:`RolledBy`)."""
    outcome = action.apply(campaign)
    rolled_by: RolledBy | None = getattr(action, "rolled_by", None)
    if rolled_by is not None and outcome.lines:
        return attrs.evolve(outcome, lines=(rolled_by.said(outcome.lines[0]), *outcome.lines[1:]))
    return outcome


def trial(campaign: Campaign, action: Action) -> Outcome:
    """What ``action`` would do on ``campaign``, nothing recorded: the reducer's own answer, with
    the GM's yes to whatever the rules would ask (a preview shows what Enter, then yes, does).
    Raises the rules' refusal as :func:`apply` does."""
    while True:
        try:
            return apply(campaign, action)
        except NeedsConfirmation as question:
            action = question.confirmed(action)
