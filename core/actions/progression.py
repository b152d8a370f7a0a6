"""Progression actions (RULES 1.8): XP for the table, raising a characteristic, a new session."""

from __future__ import annotations

import attrs

from core.actions.base import Action, NeedsConfirmation, Outcome
from core.breakdown import Line, line
from core.campaign import Campaign
from core.characteristics import CHARACTERISTICS
from core.converters import as_tuple
from core.errors import RulesError
from core.progression import XP_AWARD, check_raise, free_pick, xp_cost
from core.roster import Character


@attrs.frozen
class AwardXp(Action):
    """The same XP to each of ``targets`` (every PC gets the same, RULES 1.8)."""

    targets: tuple[str, ...] = attrs.field(converter=as_tuple)
    amount: int = 0

    def apply(self, campaign: Campaign) -> Outcome:
        XP_AWARD.check("xp", self.amount)
        if not self.targets:
            raise RulesError("targets", "pick at least one character", fr="choisissez au moins un personnage")
        names = []
        for key in self.targets:
            c = campaign.character(key)
            campaign = campaign.with_character(attrs.evolve(c, xp=c.xp + self.amount))
            names.append(c.name)
        who = ", ".join(names)
        return Outcome(campaign, (line(f"{self.amount} XP to {who}", f"{self.amount} XP pour {who}"),))


def _raised(c: Character, characteristic: str, cost: int, raises: tuple[tuple[str, int], ...]) -> Character:
    """``c`` with ``characteristic`` one higher, ``cost`` XP fewer and its ``raises``; raising
    corps, esprit or âme raises a max: the current counter follows."""
    now = getattr(c.characteristics, characteristic)
    chars = attrs.evolve(c.characteristics, **{characteristic: now + 1})
    updated = attrs.evolve(c, characteristics=chars, xp=c.xp - cost, raises=raises)
    return attrs.evolve(
        updated,
        hp=c.hp + (updated.max_hp - c.max_hp),
        willpower=c.willpower + (updated.max_willpower - c.max_willpower),
        pm=c.pm + (updated.max_pm - c.max_pm),
    )


@attrs.frozen
class RaiseCharacteristic(Action):
    """Spend XP to raise one characteristic by 1. Past half of the raises since creation in one
    characteristic, the GM must ``override`` (RULES 1.8 decision: a warning)."""

    key: str
    characteristic: str
    override: bool = False

    def apply(self, campaign: Campaign) -> Outcome:
        if self.characteristic not in CHARACTERISTICS:
            raise RulesError(
                "characteristic",
                f"unknown characteristic {self.characteristic!r}",
                CHARACTERISTICS,
                f"caractéristique inconnue {self.characteristic!r}",
            )
        c = campaign.character(self.key)
        now = getattr(c.characteristics, self.characteristic)
        cost = xp_cost(now, now + 1)
        if c.xp < cost.cost:
            raise RulesError(
                "xp",
                f"{c.name} has {c.xp} XP, raising {self.characteristic} to {now + 1} costs {cost.cost}",
                fr=f"{c.name} a {c.xp} XP, monter {self.characteristic} à {now + 1} coûte {cost.cost}",
            )
        raises = dict(c.raises)
        in_this = raises.get(self.characteristic, 0) + 1
        limit = check_raise(in_this, c.total_raises + 1, self.characteristic)
        if not limit.within and not self.override:
            warning = limit.warning or Line("over the raise limit", "au-delà de la limite d'augmentations")
            raise NeedsConfirmation(
                "override",
                warning.en,
                fr=warning.fr,
                question=Line(f"{warning.en}. Allow it anyway?", f"{warning.fr}. L'autoriser quand même ?"),
                answer={"override": True},
            )
        raises[self.characteristic] = in_this
        updated = _raised(c, self.characteristic, cost.cost, tuple(sorted(raises.items())))
        chars = updated.characteristics
        lines = [
            line(
                f"{c.name}: {self.characteristic} {now}→{now + 1} for {cost.cost} XP",
                f"{c.name} : {self.characteristic} {now}→{now + 1} pour {cost.cost} XP",
            )
        ]
        if free_pick(c.characteristics.total, chars.total):
            lines.append(
                line(
                    f"{c.name}: characteristics total {chars.total}, a free trade or speciality",
                    f"{c.name} : total des caractéristiques {chars.total}, un métier ou une spécialisation gratuits",
                )
            )
        breakdown = cost.breakdown + limit.breakdown
        return Outcome(campaign.with_character(updated), tuple(lines), breakdown)


@attrs.frozen
class NewSession(Action):
    """A new game session: mystical exhaustion can be used again."""

    def apply(self, campaign: Campaign) -> Outcome:
        roster = tuple(attrs.evolve(c, exhaustion_used=False) for c in campaign.roster)
        n = campaign.session + 1
        return Outcome(
            attrs.evolve(campaign, roster=roster, session=n), (line(f"Session {n} begins", f"Début de la séance {n}"),)
        )
