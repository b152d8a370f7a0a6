"""Damage, healing, stabilising, armour repair and rest (RULES 1.1, 1.6)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

import attrs

from core.actions.base import Action, Outcome
from core.breakdown import Breakdown, Line, line
from core.campaign import Campaign
from core.damage import HIT, DamageResult, apply_damage, heal, repair_armour
from core.errors import RulesError
from core.sums import whole


def _targets(value: str | Iterable[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def is_group(campaign: Campaign, key: str) -> bool:
    return any(g.id == key for g in campaign.groups)


def damage_one(
    campaign: Campaign, key: str, amount: int, *, pugilat: bool = False, bypass_armour: bool = False
) -> tuple[Campaign, Line, Breakdown, DamageResult | None]:
    """``amount`` damage to one character (armour first) or, on a mook group, one mook felled."""
    if is_group(campaign, key):
        group = campaign.group(key)
        if amount <= 0 or group.standing == 0:
            return campaign, line(f"{group.name}: no one felled", f"{group.name} : personne à terre"), (), None
        group = attrs.evolve(group, standing=group.standing - 1)
        return (
            campaign.with_group(group),
            line(
                f"{group.name}: a mook falls ({group.standing}/{group.total} standing)",
                f"{group.name} : un sbire tombe ({group.standing}/{group.total} debout)",
            ),
            (),
            None,
        )
    c = campaign.character(key)
    result = apply_damage(
        amount, hp=c.hp, armour=c.armour, bruise=c.bruise, pugilat=pugilat, bypass_armour=bypass_armour
    )
    updated = attrs.evolve(
        c, hp=result.hp, armour=result.armour, bruise=result.bruise, stabilised=c.stabilised and result.real == 0
    )
    summary = line(f"{c.name} takes {amount}: {result.preview.en}", f"{c.name} subit {amount} : {result.preview.fr}")
    return campaign.with_character(updated), summary, result.breakdown, result


@attrs.frozen
class Damage(Action):
    """Damage to one or several targets: armour first unless bypassed; pugilat is non-lethal."""

    targets: tuple[str, ...] = attrs.field(converter=_targets)
    amount: int = attrs.field(default=0)
    pugilat: bool = False
    bypass_armour: bool = False

    def apply(self, campaign: Campaign) -> Outcome:
        HIT.check("damage", self.amount)
        if not self.targets:
            raise RulesError("targets", "pick at least one target", fr="choisissez au moins une cible")
        lines: list[Line] = []
        breakdown: list[Line] = []
        for key in self.targets:
            campaign, summary, lines_of_hit, _ = damage_one(
                campaign, key, self.amount, pugilat=self.pugilat, bypass_armour=self.bypass_armour
            )
            lines.append(summary)
            breakdown.extend(lines_of_hit)
        return Outcome(campaign, tuple(lines), tuple(breakdown))


@attrs.frozen
class Heal(Action):
    targets: tuple[str, ...] = attrs.field(converter=_targets)
    amount: int = 0

    def apply(self, campaign: Campaign) -> Outcome:
        HIT.check("healing", self.amount)
        if not self.targets:
            raise RulesError("targets", "pick at least one target", fr="choisissez au moins une cible")
        lines: list[Line] = []
        breakdown: list[Line] = []
        for key in self.targets:
            if is_group(campaign, key):
                group = campaign.group(key)
                back = min(self.amount, group.felled)
                campaign = campaign.with_group(attrs.evolve(group, standing=group.standing + back))
                lines.append(line(f"{group.name}: {back} back on their feet", f"{group.name} : {back} se relèvent"))
                continue
            c = campaign.character(key)
            change = heal(self.amount, c.hp, c.max_hp, c.bruise)
            campaign = campaign.with_character(
                attrs.evolve(c, hp=change.hp, stabilised=c.stabilised and change.hp <= 0)
            )
            lines.append(line(f"{c.name} healed: HP {c.hp}→{change.hp}", f"{c.name} soigné : PV {c.hp}→{change.hp}"))
            breakdown.extend(change.breakdown)
        return Outcome(campaign, tuple(lines), tuple(breakdown))


@attrs.frozen
class Stabilise(Action):
    """The GM marks a dying character stabilised: it stops losing 1 HP a round."""

    key: str

    def apply(self, campaign: Campaign) -> Outcome:
        c = campaign.character(self.key)
        if c.hp > 0:
            raise RulesError(
                "stabilise", f"{c.name} is not dying ({c.hp} HP)", fr=f"{c.name} n'est pas agonisant ({c.hp} PV)"
            )
        return Outcome(
            campaign.with_character(attrs.evolve(c, stabilised=True)),
            (line(f"{c.name} is stabilised", f"{c.name} est stabilisé"),),
        )


@attrs.frozen
class RepairArmour(Action):
    """Restore lost armour points (all when ``points`` is None)."""

    key: str
    points: int | None = None

    def apply(self, campaign: Campaign) -> Outcome:
        c = campaign.character(self.key)
        result = repair_armour(c.armour, c.max_armour, self.points)
        return Outcome(
            campaign.with_character(attrs.evolve(c, armour=result.armour)),
            (line(f"{c.name}: armour {c.armour}→{result.armour}", f"{c.name} : armure {c.armour}→{result.armour}"),),
            result.breakdown,
        )


@attrs.frozen
class Rest(Action):
    """Days of rest: 1 HP, 1 willpower and 1 pm back per 24 h, never above max (RULES 1.1)."""

    TELLS: ClassVar[tuple[tuple[str, str], ...]] = (("targets", "pm"),)

    targets: tuple[str, ...] = attrs.field(converter=_targets)
    days: int = 1

    def apply(self, campaign: Campaign) -> Outcome:
        whole("days", self.days, 1)
        lines = []
        for key in self.targets:
            c = campaign.character(key)
            if c.hp <= -10:
                raise RulesError("targets", f"{c.name} is dead", fr=f"{c.name} est mort")
            hp = max(c.hp, min(c.max_hp, c.hp + self.days))
            wp = max(c.willpower, min(c.max_willpower, c.willpower + self.days))
            pm = max(c.pm, min(c.max_pm, c.pm + self.days))
            campaign = campaign.with_character(attrs.evolve(c, hp=hp, willpower=wp, pm=pm, bruise=0))
            lines.append(
                line(
                    f"{c.name} rests {self.days} day(s): HP {c.hp}→{hp}, willpower {c.willpower}→{wp}, pm {c.pm}→{pm}",
                    f"{c.name} se repose {self.days} jour(s) : PV {c.hp}→{hp}, volonté {c.willpower}→{wp}, pm {c.pm}→{pm}",
                )
            )
        return Outcome(campaign, tuple(lines))
