"""Actions on the fight: start and end, join, initiative, turns, delay, order, conditions."""

from __future__ import annotations

from typing import ClassVar

import attrs

from core import turns
from core.actions.base import Action, Outcome
from core.breakdown import line
from core.campaign import Campaign
from core.conditions import lasting
from core.converters import as_tuple
from core.encounter import Condition, Encounter, Lasts, Participant
from core.errors import RulesError
from core.initiative import initiative


def _initiative_of(campaign: Campaign, key: str) -> int:
    found = campaign.find(key)  # the campaign's index: no pass over the roster per combatant
    return found.initiative if found is not None else campaign.group(key).initiative


def not_in_fight(campaign: Campaign, key: str) -> RulesError:
    name = campaign.name_of(key)
    return RulesError("participant", f"{name} is not in the fight", fr=f"{name} ne prend pas part au combat")


def in_fight(campaign: Campaign, key: str) -> tuple[Encounter, Participant]:
    """The active encounter and ``key``'s line in it, or a refusal."""
    enc = turns.active_encounter(campaign)
    p = enc.participant(key)
    if p is None:
        raise not_in_fight(campaign, key)
    return enc, p


def _join(campaign: Campaign, enc: Encounter, key: str, value: int | None) -> Encounter:
    return _join_all(campaign, enc, ((key, value),))


def _join_all(campaign: Campaign, enc: Encounter, joining: tuple[tuple[str, int | None], ...]) -> Encounter:
    """Add every ``(key, initiative or None)`` in that order of entry, then sort once:
    O(n log n) for n participants, however many join at once."""
    present = set(enc.keys)
    entry = max((p.entry for p in enc.participants), default=-1) + 1
    added = []
    for key, value in joining:
        if not campaign.has(key):
            raise RulesError("participant", f"no character or group {key!r}", fr=f"aucun personnage ni groupe {key!r}")
        if key in present:
            name = campaign.name_of(key)
            raise RulesError("participant", f"{name} already takes part", fr=f"{name} prend déjà part au combat")
        present.add(key)
        added.append(Participant(key, _initiative_of(campaign, key) if value is None else value, entry))
        entry += 1
    enc = attrs.evolve(enc, participants=(*enc.participants, *added))
    return turns.sort_order(campaign, enc)


@attrs.frozen
class StartEncounter(Action):
    """Open a new fight with these participants (initiative from combat) and make it active."""

    name: str
    keys: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)

    def apply(self, campaign: Campaign) -> Outcome:
        enc = Encounter(id=campaign.unique_id(self.name), name=self.name)
        enc = _join_all(campaign, enc, tuple((key, None) for key in self.keys))
        campaign = attrs.evolve(campaign, encounters=(*campaign.encounters, enc), active=enc.id)
        return Outcome(campaign, (line(f"Fight begins: {self.name}", f"Début du combat : {self.name}"),))


@attrs.frozen
class EndEncounter(Action):
    """End the active fight: bruising heals (RULES 1.6) and nobody is active. The journal logs
    the fight's summary after its line (:mod:`core.fight_summary`)."""

    ENDS_FIGHT: ClassVar[bool] = True

    def apply(self, campaign: Campaign) -> Outcome:
        enc = turns.active_encounter(campaign)
        roster = tuple(attrs.evolve(c, bruise=0) if c.id in enc.keys else c for c in campaign.roster)
        campaign = attrs.evolve(campaign, roster=roster, active=None)
        return Outcome(campaign, (line(f"Fight over: {enc.name}", f"Fin du combat : {enc.name}"),))


@attrs.frozen
class Join(Action):
    key: str
    initiative: int | None = None

    def apply(self, campaign: Campaign) -> Outcome:
        enc = _join(campaign, turns.active_encounter(campaign), self.key, self.initiative)
        name = campaign.name_of(self.key)
        group = any(g.id == self.key for g in campaign.groups)  # a group's name is a plural
        en, fr = ("join", "entrent") if group else ("joins", "entre")
        return Outcome(campaign.with_encounter(enc), (line(f"{name} {en} the fight", f"{name} {fr} dans le combat"),))


@attrs.frozen
class SetInitiative(Action):
    key: str
    value: int

    def apply(self, campaign: Campaign) -> Outcome:
        enc, p = in_fight(campaign, self.key)
        enc = turns.order_mid_round(campaign, enc.replace(attrs.evolve(p, initiative=self.value)))
        name = campaign.name_of(self.key)
        return Outcome(
            campaign.with_encounter(enc),
            (
                line(
                    f"{name}: initiative {p.initiative}→{self.value}",
                    f"{name} : initiative {p.initiative}→{self.value}",
                ),
            ),
        )


@attrs.frozen
class BoostInitiative(Action):
    """A PC gains 1 shadow for +5 initiative (RULES 1.4), repeatable."""

    key: str
    confirm: bool = False

    def apply(self, campaign: Campaign) -> Outcome:
        from core.actions.shadow import record_shadow
        from core.shadow import ShadowEvent

        enc, p = in_fight(campaign, self.key)
        campaign, shadow_lines = record_shadow(
            campaign, self.key, 1, ShadowEvent.initiative_boost, confirm=self.confirm
        )
        boosted = initiative(p.initiative, 1)
        enc = turns.order_mid_round(
            campaign, enc.replace(attrs.evolve(p, initiative=boosted.value, boosts=p.boosts + 1))
        )
        name = campaign.name_of(self.key)
        return Outcome(
            campaign.with_encounter(enc),
            (
                line(
                    f"{name} boosts initiative {p.initiative}→{boosted.value}",
                    f"{name} : initiative {p.initiative}→{boosted.value}",
                ),
                *shadow_lines,
            ),
            boosted.breakdown,
        )


@attrs.frozen
class NextTurn(Action):
    def apply(self, campaign: Campaign) -> Outcome:
        return Outcome(*turns.next_turn(campaign))


@attrs.frozen
class PreviousTurn(Action):
    def apply(self, campaign: Campaign) -> Outcome:
        return Outcome(*turns.previous_turn(campaign))


@attrs.frozen
class Delay(Action):
    key: str

    def apply(self, campaign: Campaign) -> Outcome:
        return Outcome(*turns.delay(campaign, self.key))


@attrs.frozen
class ActNow(Action):
    key: str

    def apply(self, campaign: Campaign) -> Outcome:
        return Outcome(*turns.act_now(campaign, self.key))


@attrs.frozen
class MoveInOrder(Action):
    """Reorder by hand: ``steps`` < 0 moves up. A later initiative change re-sorts the order."""

    key: str
    steps: int

    def apply(self, campaign: Campaign) -> Outcome:
        return Outcome(*turns.move(campaign, self.key, self.steps))


def _armed(enc: Encounter, key: str, condition: Condition) -> Condition:
    """``condition`` as it starts on ``key`` now: what is left to count."""
    if condition.lasts is Lasts.ROUNDS:
        assert condition.rounds is not None
        # Set during its bearer's own turn: N rounds are its N turns after this one.
        return attrs.evolve(condition, rounds=condition.rounds + 1) if enc.current == key else condition
    if condition.lasts is Lasts.TURN_START:
        return attrs.evolve(condition, rounds=1)  # the next start of that turn, whoever is up
    if condition.lasts is Lasts.TURN_END:
        # During that one's own turn "its next turn" is the following one: two ends to pass.
        return attrs.evolve(condition, rounds=2 if enc.current == condition.of else 1)
    return condition


@attrs.frozen
class AddCondition(Action):
    """A condition on one combatant, or on several at once (the marked ones): one action, one
    undo. A condition of the same name on one of them is replaced."""

    TELLS: ClassVar[tuple[tuple[str, str], ...]] = (("key", "conditions"), ("also", "conditions"))

    key: str
    condition: Condition
    #: More bearers besides ``key`` (the marked targets), in the order given.
    also: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)

    @property
    def keys(self) -> tuple[str, ...]:
        return (self.key, *(k for k in self.also if k != self.key))

    def apply(self, campaign: Campaign) -> Outcome:
        enc = turns.active_encounter(campaign)
        condition = self.condition
        if condition.of is not None and enc.participant(condition.of) is None:
            raise not_in_fight(campaign, condition.of)
        for key in self.keys:
            _, p = in_fight(campaign, key)
            armed = _armed(enc, key, condition)
            conditions = tuple(c for c in p.conditions if c.name != condition.name) + (armed,)
            enc = enc.replace(attrs.evolve(p, conditions=conditions))
        names = ", ".join(campaign.name_of(k) for k in self.keys)
        en, fr = lasting(campaign, condition)
        return Outcome(
            campaign.with_encounter(enc),
            (line(f"{names}: {condition.name}{en}", f"{names} : {condition.name}{fr}"),),
        )


@attrs.frozen
class RemoveCondition(Action):
    TELLS: ClassVar[tuple[tuple[str, str], ...]] = (("key", "conditions"),)

    key: str
    name: str

    def apply(self, campaign: Campaign) -> Outcome:
        enc = turns.active_encounter(campaign)
        p = enc.participant(self.key)
        if p is None or all(c.name != self.name for c in p.conditions):
            raise RulesError(
                "condition",
                f"{campaign.name_of(self.key)} has no condition {self.name!r}",
                fr=f"{campaign.name_of(self.key)} n'a pas l'état {self.name!r}",
            )
        enc = enc.replace(attrs.evolve(p, conditions=tuple(c for c in p.conditions if c.name != self.name)))
        who = campaign.name_of(self.key)
        return Outcome(
            campaign.with_encounter(enc), (line(f"{who}: {self.name} removed", f"{who} : {self.name} retiré"),)
        )
