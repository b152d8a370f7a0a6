"""Attacks and defences (RULES 1.5): a rolled check becomes felled mooks or damage.

The kult dice are part of the action (typed at the table or rolled by the app before), so the
action replays the same. The roller's shadow moves with the roll: ±1 for an affect, +1 per
reroll, −1 on a critical failure — for a PC; an NPC has no shadow.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from core.actions.base import Action, NeedsConfirmation, Outcome, RolledBy
from core.actions.health import damage_one
from core.actions.shadow import record_shadow
from core.breakdown import Line, line
from core.campaign import Campaign
from core.combat import Grade, Range, attack_group_roll, defend_group, defend_group_roll, group_difficulty
from core.damage import Weapon, to_weapon
from core.duel import attack_opponent_roll
from core.errors import RulesError
from core.french import the
from core.mooks import MookGroup
from core.opposed import to_grade, to_range
from core.rolls import Check, check, critical_failure_line, reroll_shadow_line
from core.roster import Character
from core.shadow import ShadowEvent


def _dice(value: int | Iterable[int]) -> tuple[int, ...]:
    return (value,) if isinstance(value, int) else tuple(value)


def _affect(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value not in (-1, 0, 1):
        raise RulesError(
            attribute.name,
            f"unknown affect {value!r}",
            "-1 (unfavourable), 0, +1 (favourable)",
            f"affect inconnu {value!r}",
            allowed_fr="-1 (défavorable), 0, +1 (favorable)",
        )


def roll_shadow(
    campaign: Campaign, key: str | None, affect: int, rolled: Check | None, confirm: bool = False
) -> tuple[Campaign, tuple[Line, ...]]:
    """Record the shadow a roll moves for a PC roller; nothing for an NPC or no roller."""
    if key is None or not any(c.id == key and c.shadow is not None for c in campaign.roster):
        return campaign, ()
    lines: list[Line] = []
    events: list[ShadowEvent] = []
    if affect:
        events.append(ShadowEvent.favourable_affect if affect > 0 else ShadowEvent.unfavourable_affect)
    if rolled is not None:
        events += [ShadowEvent.reroll] * rolled.rerolls
        if rolled.critical is not None and rolled.critical.value == "failure":
            events.append(ShadowEvent.critical_failure)
    for event in events:
        campaign, more = record_shadow(campaign, key, None, event, confirm=confirm)
        lines.extend(more[:1])
    return campaign, tuple(lines)


def own_side(campaign: Campaign, attacker: str | None, targets: Iterable[str | None]) -> NeedsConfirmation | None:
    """The question when an NPC attacks an NPC or a mook group (the NPCs' side); None otherwise.
    The rules allow it (a compulsion, a betrayal, a blow in the confusion), so the GM is asked
    instead of refused: usually it is a wrong selection or a form filled on another turn. A PC
    attacking a PC is not asked about: players do turn on each other, and the GM typed it."""

    def npc(key: str | None) -> bool:  # a group is on the NPCs' side; someone unknown is nobody's
        found = campaign.find(key) if key else None
        return found is not None and not (isinstance(found, Character) and found.pc)

    if not npc(attacker):
        return None
    assert attacker is not None
    for target in targets:
        if target and target != attacker and npc(target):
            who, whom = campaign.name_of(attacker), campaign.name_of(target)
            whom_fr = the(whom, group=isinstance(campaign.find(target), MookGroup))
            return NeedsConfirmation(
                "own_side",
                f"{who} would attack {whom}, of their own side: confirm to apply",
                fr=f"{who} attaquerait {whom_fr}, de son propre camp : confirmez pour appliquer",
                question=line(
                    f"{who} attacks {whom}, of their own side (both NPCs). Attack anyway?",
                    f"{who} attaque {whom_fr}, de son propre camp (des PNJ). Attaquer quand même ?",
                ),
                answer={"own_side": True},
            )
    return None


def shadow_said_once(
    breakdown: tuple[Line, ...], campaign: Campaign, key: str | None, rolled: Check | None
) -> tuple[Line, ...]:
    """``breakdown`` without the roll's own shadow remarks (``1 reroll: +1 shadow``, ``…critical
    failure, -1 shadow``) when the roller is a character: for a PC the log lines say what its
    shadow did (``shadow 5→6 (reroll after a failure)``), the same thing twice otherwise; an NPC
    has no shadow. A roll with no roller (the GM's) keeps them: nobody's shadow was recorded."""
    if key is None or rolled is None or not any(c.id == key for c in campaign.roster):
        return breakdown
    drop = {reroll_shadow_line(rolled.rerolls)} if rolled.rerolls else set()
    critical = critical_failure_line(rolled.die)
    return tuple(
        critical_failure_line(rolled.die, shadow=False) if item == critical else item
        for item in breakdown
        if item not in drop
    )


@attrs.frozen
class Roll(Action):
    """Any check: score + kult dice against a difficulty, logged, with the shadow it moves."""

    key: str | None
    score: int
    difficulty: int
    dice: tuple[int, ...] = attrs.field(converter=_dice)
    affect: int = attrs.field(default=0, validator=_affect)
    #: Yes to a 6th stigma or grace the roll's shadow would give (core.actions.shadow).
    confirm: bool = False
    what: str = ""
    #: The player whose die this is, when the GM took it from their view (issue 38).
    rolled_by: RolledBy | None = None

    def apply(self, campaign: Campaign) -> Outcome:
        rules = campaign.rules
        result = check(self.score, self.difficulty, self.dice, die=rules.die, rerolls_allowed=rules.max_rerolls)
        campaign, shadow_lines = roll_shadow(campaign, self.key, self.affect, result, self.confirm)
        who = campaign.name_of(self.key) if self.key else "GM"
        verdict = result.breakdown[-1]
        what = f" ({self.what})" if self.what else ""
        return Outcome(
            campaign,
            (
                line(
                    f"{who} rolls{what}: {result.final} vs {self.difficulty}, {verdict.en}",
                    f"{who} jette{what} : {result.final} contre {self.difficulty}, {verdict.fr}",
                ),
                *shadow_lines,
            ),
            shadow_said_once(result.breakdown, campaign, self.key, result),
        )


@attrs.frozen
class AttackGroup(Action):
    """An attack on a mook group: 1 + ranks fall on a hit (RULES 1.5, E10)."""

    group: str
    score: int
    dice: tuple[int, ...] = attrs.field(converter=_dice)
    range: Range = attrs.field(default=Range.SHORT, converter=to_range)
    attacker: str | None = None
    affect: int = attrs.field(default=0, validator=_affect)
    #: Yes to a 6th stigma or grace the roll's shadow would give (core.actions.shadow).
    confirm: bool = False
    #: Yes to an NPC attacking its own side (:func:`own_side`).
    own_side: bool = False
    #: The player whose die this is, when the GM took it from their view (issue 38).
    rolled_by: RolledBy | None = None

    def ask(self, campaign: Campaign) -> NeedsConfirmation | None:
        return None if self.own_side else own_side(campaign, self.attacker, (self.group,))

    def can_reroll(self, campaign: Campaign) -> bool:
        """Whether a reroll die may be added to this attack on ``campaign`` (the one it was made
        on): it missed, and the campaign's rules allow another die (RULES 1.2)."""
        rules = campaign.rules
        difficulty = group_difficulty(campaign.group(self.group).grade, self.range).value
        try:
            return check(self.score, difficulty, self.dice, die=rules.die, rerolls_allowed=rules.max_rerolls).can_reroll
        except RulesError:
            return False

    def apply(self, campaign: Campaign) -> Outcome:
        group = campaign.group(self.group)
        if group.standing == 0:
            raise RulesError(
                "group", f"nobody is standing in {group.name}", fr=f"plus personne n'est debout dans {group.name}"
            )
        rules = campaign.rules
        result = attack_group_roll(
            self.score,
            group.grade,
            self.range,
            group.standing,
            kult=self.dice,
            die=rules.die,
            rerolls_allowed=rules.max_rerolls,
        )
        campaign = campaign.with_group(attrs.evolve(group, standing=group.standing - result.felled))
        campaign, shadow_lines = roll_shadow(campaign, self.attacker, self.affect, result.check, self.confirm)
        who = campaign.name_of(self.attacker) if self.attacker else "GM"
        left = group.standing - result.felled
        summary = line(
            f"{who} attacks {group.name}: {result.felled} felled ({left}/{group.total} standing)",
            f"{who} attaque {the(group.name, group=True)} : {result.felled} à terre ({left}/{group.total} debout)",
        )
        return Outcome(
            campaign,
            (summary, *shadow_lines),
            shadow_said_once(result.breakdown, campaign, self.attacker, result.check),
        )


@attrs.frozen
class DefendGroup(Action):
    """A character defends against ``attackers`` of a grade; a hit costs HP through armour.

    ``dice`` empty: the static defence score (the kult die is optional for a defence)."""

    defender: str
    grade: Grade = attrs.field(converter=to_grade)
    attackers: int = 1
    score: int = 0
    dice: tuple[int, ...] = attrs.field(default=(), converter=_dice)
    affect: int = attrs.field(default=0, validator=_affect)
    #: Yes to a 6th stigma or grace the roll's shadow would give (core.actions.shadow).
    confirm: bool = False
    #: The player whose die this is, when the GM took it from their view (issue 38).
    rolled_by: RolledBy | None = None

    def apply(self, campaign: Campaign) -> Outcome:
        rules = campaign.rules
        if self.dice:
            result = defend_group_roll(
                self.score, self.grade, self.attackers, kult=self.dice, die=rules.die, rerolls_allowed=rules.max_rerolls
            )
        else:
            result = defend_group(self.score, self.grade, self.attackers)
        c = campaign.character(self.defender)
        lines: list[Line] = []
        breakdown = list(result.breakdown)
        if result.hit:
            campaign, hit_line, hit_breakdown, _ = damage_one(campaign, self.defender, result.damage)
            lines.append(hit_line)
            breakdown.extend(hit_breakdown)
        else:
            lines.append(
                line(
                    f"{c.name} holds off {self.attackers} {self.grade.en}",
                    f"{c.name} repousse {self.attackers} {self.grade.fr}",
                )
            )
        campaign, shadow_lines = roll_shadow(campaign, self.defender, self.affect, result.check, self.confirm)
        return Outcome(
            campaign, (*lines, *shadow_lines), shadow_said_once(tuple(breakdown), campaign, self.defender, result.check)
        )


@attrs.frozen
class AttackOpponent(Action):
    """One attacker against one defender's defence: on a hit, weapon damage + ranks to it."""

    attacker: str | None
    defender: str
    score: int
    defence: int
    dice: tuple[int, ...] = attrs.field(converter=_dice)
    weapon: Weapon = attrs.field(default=Weapon.NORMAL, converter=to_weapon)
    range: Range = attrs.field(default=Range.SHORT, converter=to_range)
    pugilat: bool = False
    bypass_armour: bool = False
    affect: int = attrs.field(default=0, validator=_affect)
    #: Yes to a 6th stigma or grace the roll's shadow would give (core.actions.shadow).
    confirm: bool = False
    #: Yes to an NPC attacking its own side (:func:`own_side`).
    own_side: bool = False
    #: The player whose die this is, when the GM took it from their view (issue 38).
    rolled_by: RolledBy | None = None

    def ask(self, campaign: Campaign) -> NeedsConfirmation | None:
        return None if self.own_side else own_side(campaign, self.attacker, (self.defender,))

    def apply(self, campaign: Campaign) -> Outcome:
        rules = campaign.rules
        duel = attack_opponent_roll(
            self.score,
            self.defence,
            kult=self.dice,
            die=rules.die,
            weapon=self.weapon,
            range=self.range,
            rerolls_allowed=rules.max_rerolls,
        )
        who = campaign.name_of(self.attacker) if self.attacker else "GM"
        target = campaign.name_of(self.defender)
        breakdown = list(duel.breakdown)
        if duel.hit:
            campaign, hit_line, hit_breakdown, _ = damage_one(
                campaign, self.defender, duel.damage, pugilat=self.pugilat, bypass_armour=self.bypass_armour
            )
            lines = [line(f"{who} hits {target}: {hit_line.en}", f"{who} touche {target} : {hit_line.fr}")]
            breakdown.extend(hit_breakdown)
        else:
            lines = [line(f"{who} misses {target}", f"{who} manque {target}")]
        campaign, shadow_lines = roll_shadow(campaign, self.attacker, self.affect, duel.check, self.confirm)
        return Outcome(
            campaign, (*lines, *shadow_lines), shadow_said_once(tuple(breakdown), campaign, self.attacker, duel.check)
        )


@attrs.frozen
class SetStanding(Action):
    """Set by hand how many of a group still stand (mooks fled, reinforcements…)."""

    group: str
    standing: int

    def apply(self, campaign: Campaign) -> Outcome:
        group = campaign.group(self.group)
        updated = attrs.evolve(group, standing=self.standing)
        return Outcome(
            campaign.with_group(updated),
            (
                line(
                    f"{group.name}: {group.standing}→{self.standing} standing",
                    f"{group.name} : {group.standing}→{self.standing} debout",
                ),
            ),
        )
