"""Magic actions (RULES 1.7): cast a spell, spend or regain pm, mystical exhaustion."""

from __future__ import annotations

from typing import ClassVar

import attrs

from core.actions.base import Action, Outcome
from core.actions.health import damage_one, is_group
from core.actions.shadow import record_shadow
from core.breakdown import Line, line
from core.campaign import Campaign
from core.converters import as_tuple
from core.errors import RulesError
from core.magic import Cast, SpellRequest, cast, check_victims, exhaustion
from core.shadow import ShadowEvent
from core.sums import whole


@attrs.frozen
class CastSpell(Action):
    """The caster pays the pm, gains the shadow of inspiration if the spell exceeds its max
    intensity, and each victim (if any) loses the intensity in HP through armour."""

    TELLS: ClassVar[tuple[tuple[str, str], ...]] = (("caster", "pm"), ("caster", "shadow"))

    caster: str
    spell: SpellRequest
    inspired: bool = False
    victims: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    bypass_armour: bool = False
    confirm: bool = False
    #: Mooks aimed at in a group of ``victims`` (group key, how many); a group not listed here
    #: counts one per listing. A group counts as many targets as the mooks aimed at (RULES 1.7).
    aimed: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=as_tuple)

    def hits(self, campaign: Campaign) -> tuple[str, ...]:
        """Each victim once per hit: a group as many times as the mooks aimed at."""
        counts = dict(self.aimed)
        out: list[str] = []
        for key in self.victims:
            if key in counts and is_group(campaign, key):
                out.extend([key] * whole("aimed", counts.pop(key), 1))
            else:
                out.append(key)
        return tuple(out)

    def check(self, campaign: Campaign) -> Cast:
        """What casting costs the caster, before any victim is chosen; raises
        :class:`RulesError` when the caster cannot cast it (not a mystic, too few pm, an NPC
        above its max intensity, more victims than paid for)."""
        c = campaign.character(self.caster)
        if not c.mystic:
            raise RulesError("caster", f"{c.name} is not a mystic", fr=f"{c.name} n'est pas mystique")
        check_victims(self.spell.targets, len(self.hits(campaign)))
        result = cast(self.spell, ame=c.characteristics.ame, pm=c.pm, shadow=c.shadow_value, inspired=self.inspired)
        if result.shadow_gained and c.shadow is None:
            raise RulesError(
                "inspired",
                f"{c.name} is an NPC: no shadow to exceed max intensity with",
                fr=f"{c.name} est un PNJ : pas d'ombre pour dépasser l'intensité max",
            )
        return result

    def apply(self, campaign: Campaign) -> Outcome:
        result = self.check(campaign)
        c = campaign.character(self.caster)
        hits = self.hits(campaign)
        campaign = campaign.with_character(attrs.evolve(c, pm=result.pm_after))
        cost = result.cost
        lines: list[Line] = [
            line(
                f"{c.name} casts a spell: {cost.total} pm ({cost.effect.label('en')}), pm {c.pm}→{result.pm_after}",
                f"{c.name} lance un sort : {cost.total} pm ({cost.effect.label('fr')}), pm {c.pm}→{result.pm_after}",
            )
        ]
        if result.shadow_gained:
            campaign, more = record_shadow(
                campaign, self.caster, result.shadow_gained, ShadowEvent.exceed_intensity, confirm=self.confirm
            )
            lines.extend(more[:1])
        breakdown = list(result.breakdown)
        for victim in hits:
            campaign, hit, hit_breakdown, _ = damage_one(
                campaign, victim, self.spell.intensity, bypass_armour=self.bypass_armour
            )
            lines.append(hit)
            breakdown.extend(hit_breakdown)
        return Outcome(campaign, tuple(lines), tuple(breakdown))


@attrs.frozen
class AdjustPm(Action):
    """Spend (``delta`` < 0) or regain pm by hand, within 0…max."""

    TELLS: ClassVar[tuple[tuple[str, str], ...]] = (("key", "pm"),)

    key: str
    delta: int

    def apply(self, campaign: Campaign) -> Outcome:
        whole("pm", self.delta)
        c = campaign.character(self.key)
        after = c.pm + self.delta
        if not 0 <= after <= c.max_pm:
            raise RulesError(
                "pm",
                f"{c.name} has {c.pm} of {c.max_pm} pm: {self.delta:+d} is too much",
                f"{-c.pm}…{c.max_pm - c.pm:+d}",
                f"{c.name} a {c.pm} pm sur {c.max_pm} : {self.delta:+d}, c'est trop",
            )
        return Outcome(
            campaign.with_character(attrs.evolve(c, pm=after)),
            (line(f"{c.name}: pm {c.pm}→{after}", f"{c.name} : pm {c.pm}→{after}"),),
        )


@attrs.frozen
class Exhaust(Action):
    """Mystical exhaustion: once per session at 0 pm, HP and willpower become pm one for one; a
    mystic only, never above its max pm (RULES 1.7)."""

    TELLS: ClassVar[tuple[tuple[str, str], ...]] = (("key", "pm"), ("key", "shadow"))

    key: str
    from_hp: int = 0
    from_willpower: int = 0
    confirm: bool = False

    def apply(self, campaign: Campaign) -> Outcome:
        c = campaign.character(self.key)
        if not c.mystic:
            raise RulesError(
                "key",
                f"{c.name} is not a mystic: only a mystic can draw on its essence (RULES 1.7)",
                fr=f"{c.name} n'est pas mystique : seul un mystique peut puiser dans son essence (RÈGLES 1.7)",
            )
        result = exhaustion(
            c.pm, c.hp, c.willpower, self.from_hp, self.from_willpower, c.exhaustion_used, max_pm=c.max_pm
        )
        campaign = campaign.with_character(
            attrs.evolve(
                c, pm=result.pm_after, hp=result.hp_after, willpower=result.willpower_after, exhaustion_used=True
            )
        )
        lines = [
            line(
                f"{c.name} draws on its essence: +{result.pm_recovered} pm",
                f"{c.name} puise dans son essence : +{result.pm_recovered} pm",
            )
        ]
        if result.shadow_gained and c.shadow is not None:
            campaign, more = record_shadow(
                campaign, self.key, result.shadow_gained, ShadowEvent.exhaustion, confirm=self.confirm
            )
            lines.extend(more[:1])
        return Outcome(campaign, tuple(lines), result.breakdown)
