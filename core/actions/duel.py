"""A PC's defence against one attacker, and an attack on a group of named NPCs (RULES 1.5).

As in :mod:`core.actions.fight`, the kult dice are part of the action (typed at the table or
rolled by the app before), and the roller's shadow moves with the roll when it is a PC.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from core.actions.base import Action, NeedsConfirmation, Outcome, RolledBy
from core.actions.fight import _affect, _dice, own_side, roll_shadow, shadow_said_once
from core.actions.health import damage_one, is_group
from core.breakdown import Line, line
from core.campaign import Campaign
from core.combat import Grade, NamedGroupAttack, Range, attack_named_group
from core.damage import Weapon, to_weapon
from core.duel import defend_opponent, defend_opponent_roll
from core.errors import RulesError
from core.opposed import to_grade, to_range
from core.rolls import check


def _keys(value: str | Iterable[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


@attrs.frozen
class DefendOpponent(Action):
    """A PC defends against one attacker's final attack: a roll like any other (RULES 1.2, 1.5) —
    its kult dice, affect and reroll move the PC's shadow, a critical failure costs a shadow
    point — and a failed defence costs what the attacker's hit would: the weapon + 1 per rank.

    ``dice`` empty: the static defence score (the kult die is optional for a defence)."""

    defender: str
    attack: int
    score: int
    dice: tuple[int, ...] = attrs.field(default=(), converter=_dice)
    attacker: str | None = None
    weapon: Weapon = attrs.field(default=Weapon.NORMAL, converter=to_weapon)
    pugilat: bool = False
    bypass_armour: bool = False
    affect: int = attrs.field(default=0, validator=_affect)
    #: Yes to a 6th stigma or grace the roll's shadow would give (core.actions.shadow).
    confirm: bool = False
    #: Yes to an NPC attacking its own side (:func:`core.actions.fight.own_side`).
    own_side: bool = False
    #: The player whose die this is, when the GM took it from their view (issue 38).
    rolled_by: RolledBy | None = None

    def ask(self, campaign: Campaign) -> NeedsConfirmation | None:
        return None if self.own_side else own_side(campaign, self.attacker, (self.defender,))

    def apply(self, campaign: Campaign) -> Outcome:
        rules = campaign.rules
        if is_group(campaign, self.defender):
            raise RulesError(
                "defender", "a mook group does not roll a defence", fr="un groupe de sbires ne jette pas de défense"
            )
        if self.dice:
            duel = defend_opponent_roll(
                self.score,
                self.attack,
                kult=self.dice,
                die=rules.die,
                weapon=self.weapon,
                rerolls_allowed=rules.max_rerolls,
            )
        else:
            duel = defend_opponent(self.score, self.attack, weapon=self.weapon)
        c = campaign.character(self.defender)
        who = campaign.name_of(self.attacker) if self.attacker else "GM"
        breakdown: list[Line] = list(duel.breakdown)
        if duel.hit:
            campaign, hit_line, hit_breakdown, _ = damage_one(
                campaign, self.defender, duel.damage, pugilat=self.pugilat, bypass_armour=self.bypass_armour
            )
            lines = [
                line(f"{c.name} fails to parry {who}: {hit_line.en}", f"{c.name} ne pare pas {who} : {hit_line.fr}")
            ]
            breakdown.extend(hit_breakdown)
        else:
            lines = [
                line(
                    f"{c.name} parries {who} ({duel.final} vs {self.attack})",
                    f"{c.name} pare {who} ({duel.final} contre {self.attack})",
                )
            ]
        campaign, shadow_lines = roll_shadow(campaign, self.defender, self.affect, duel.check, self.confirm)
        return Outcome(
            campaign, (*lines, *shadow_lines), shadow_said_once(tuple(breakdown), campaign, self.defender, duel.check)
        )


@attrs.frozen
class AttackNamedGroup(Action):
    """An attack on a group that is not mooks (named NPCs with their own HP, RULES 1.5): the
    difficulty is the group's grade; a hit touches ``1 + ranks`` of ``members`` (at most all of
    them), each taking the weapon's base damage through armour. ``touched`` is whom the GM picked,
    in order of choice: the hit takes them first, then the other members in order; picks beyond
    what the hit touches are spared (the breakdown says so)."""

    members: tuple[str, ...] = attrs.field(converter=_keys)
    grade: Grade = attrs.field(converter=to_grade)
    score: int
    dice: tuple[int, ...] = attrs.field(converter=_dice)
    touched: tuple[str, ...] = attrs.field(default=(), converter=_keys)
    attacker: str | None = None
    range: Range = attrs.field(default=Range.SHORT, converter=to_range)
    weapon: Weapon = attrs.field(default=Weapon.NORMAL, converter=to_weapon)
    bypass_armour: bool = False
    affect: int = attrs.field(default=0, validator=_affect)
    #: Yes to a 6th stigma or grace the roll's shadow would give (core.actions.shadow).
    confirm: bool = False
    #: Yes to an NPC attacking its own side (:func:`core.actions.fight.own_side`).
    own_side: bool = False

    def ask(self, campaign: Campaign) -> NeedsConfirmation | None:
        return None if self.own_side else own_side(campaign, self.attacker, self.members)

    def victims(self, campaign: Campaign) -> tuple[tuple[str, ...], int, Line]:
        """Who the hit touches (in order), the damage each takes, and the one-line verdict — the
        preview the app shows before Enter."""
        result = self._roll(campaign)
        verdict = next(x for x in result.breakdown if x.en.startswith(("hit:", "miss:")))
        return self._chosen(result.touched), result.damage, verdict

    def _roll(self, campaign: Campaign) -> NamedGroupAttack:
        if not self.members:
            raise RulesError("members", "pick the group's members", fr="choisissez les membres du groupe")
        if len(set(self.members)) != len(self.members):
            raise RulesError("members", "a member is listed twice", fr="un membre est cité deux fois")
        for key in self.members:
            if is_group(campaign, key):
                raise RulesError(
                    "members",
                    f"{campaign.name_of(key)} is a mook group: attack it as mooks",
                    fr=f"{campaign.name_of(key)} est un groupe de sbires : attaquez-le comme tel",
                )
            campaign.character(key)
        strangers = [k for k in self.touched if k not in self.members]
        if strangers:
            raise RulesError(
                "touched", f"{strangers[0]!r} is not in the group", fr=f"{strangers[0]!r} n'est pas dans le groupe"
            )
        rules = campaign.rules
        grade = self.grade
        rolled = check(
            self.score,
            grade.difficulty + self.range.modifier,
            self.dice,
            die=rules.die,
            rerolls_allowed=rules.max_rerolls,
        )
        result = attack_named_group(rolled, grade, len(self.members), range=self.range, weapon=self.weapon.value)
        if len(self.touched) > result.touched:
            note = line(
                f"{len(self.touched)} picked, the hit touches {result.touched}: the first {result.touched}",
                f"{len(self.touched)} choisis, le coup en touche {result.touched} : les {result.touched} premiers",
            )
            result = attrs.evolve(result, breakdown=(*result.breakdown, note))
        return result

    def _chosen(self, count: int) -> tuple[str, ...]:
        picked = list(dict.fromkeys(self.touched))
        picked += [k for k in self.members if k not in picked]
        return tuple(picked[:count])

    def apply(self, campaign: Campaign) -> Outcome:
        result = self._roll(campaign)
        who = campaign.name_of(self.attacker) if self.attacker else "GM"
        breakdown: list[Line] = list(result.breakdown)
        lines: list[Line] = []
        hit = self._chosen(result.touched)
        if not hit:
            lines.append(
                line(f"{who} attacks the group: no one touched", f"{who} attaque le groupe : personne n'est touché")
            )
        for key in hit:
            campaign, summary, hit_breakdown, _ = damage_one(
                campaign, key, result.damage, bypass_armour=self.bypass_armour
            )
            lines.append(line(f"{who} touches {summary.en}", f"{who} touche {summary.fr}"))
            breakdown.extend(hit_breakdown)
        campaign, shadow_lines = roll_shadow(campaign, self.attacker, self.affect, result.attack.check, self.confirm)
        return Outcome(
            campaign,
            (*lines, *shadow_lines),
            shadow_said_once(tuple(breakdown), campaign, self.attacker, result.attack.check),
        )
