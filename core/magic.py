"""RULES 1.7: Apothéose magic (mystique): spell cost, limits, resistance, invisible magic, exhaustion.

Shadow is not changed here: a result says how much shadow the caster gains
(:attr:`Cast.shadow_gained` with ``ShadowEvent.exceed_intensity``,
:attr:`Exhaustion.shadow_gained` with ``ShadowEvent.exhaustion``) and the campaign applies it
with :func:`core.shadow.change_shadow`.
"""

from __future__ import annotations

import enum
import math
from typing import Literal

import attrs

from core.breakdown import Breakdown, Lang, Line, line
from core.characteristics import Characteristics
from core.characteristics import max_intensity as intensity_of_pm
from core.dice import KultDie, RandomSource, kult_die
from core.errors import RulesError
from core.validators import at_least, require, whole_at_least

#: The source's scale stops at 15 pm.
SCALE_TOP = 15


class _Labelled(enum.StrEnum):
    def label(self, lang: Lang = "en") -> str:
        # Keyed by (class, value): Effect.minor and Tier.minor are equal strings.
        return _LABELS[type(self), self.value].text(lang)


class Effect(_Labelled):
    """What a spell's total pm amounts to."""

    cantrip = "cantrip"
    minor = "minor"
    medium = "medium"
    strong = "strong"
    very_strong = "very_strong"
    minor_prodigy = "minor_prodigy"
    major_prodigy = "major_prodigy"
    beyond = "beyond"


class Tier(_Labelled):
    """The spell's tier: sortilège mineur 1–5, majeur 6–10, suprême 11–15."""

    minor = "minor"
    major = "major"
    supreme = "supreme"
    beyond = "beyond"


_LABELS: dict[tuple[type, str], Line] = {
    (Effect, "cantrip"): Line("cantrip", "tour mineur"),
    (Effect, "minor"): Line("minor effect", "effet mineur"),
    (Effect, "medium"): Line("medium effect", "effet moyen"),
    (Effect, "strong"): Line("strong effect", "effet fort"),
    (Effect, "very_strong"): Line("very strong effect", "effet très fort"),
    (Effect, "minor_prodigy"): Line("minor prodigy", "prodige mineur"),
    (Effect, "major_prodigy"): Line("major prodigy", "prodige majeur"),
    (Effect, "beyond"): Line("beyond the scale", "au-delà"),
    (Tier, "minor"): Line("minor spell", "sortilège mineur"),
    (Tier, "major"): Line("major spell", "sortilège majeur"),
    (Tier, "supreme"): Line("supreme spell", "sortilège suprême"),
    (Tier, "beyond"): Line("beyond the scale", "au-delà"),
}

#: (highest total, effect) in order; above the last: beyond.
_EFFECTS = ((1, Effect.cantrip), (3, Effect.minor), (5, Effect.medium), (7, Effect.strong),
            (10, Effect.very_strong), (12, Effect.minor_prodigy), (15, Effect.major_prodigy))  # fmt: skip
_TIERS = ((5, Tier.minor), (10, Tier.major), (15, Tier.supreme))


def effect_of(total: int) -> Effect:
    return next((effect for top, effect in _EFFECTS if total <= top), Effect.beyond)


def tier_of(total: int) -> Tier:
    return next((tier for top, tier in _TIERS if total <= top), Tier.beyond)


@attrs.frozen
class Scale:
    """A spell parameter's scale: only the source's anchors are labelled, any level ≥ 0 is allowed."""

    name: Line
    anchors: dict[int, Line]

    def label(self, level: int) -> Line | None:
        """The anchor's label at ``level``, or None between anchors."""
        return self.anchors.get(level)


DURATION = Scale(
    Line("duration", "durée"),
    {0: Line("instant", "instantané"), 1: line("10 minutes"), 5: Line("24 hours", "24 heures")},
)
RANGE = Scale(
    Line("range", "portée"),
    {0: Line("touch", "contact"), 5: Line("a city", "à l'échelle d'une ville")},
)
#: Decision: 2…5 are that many targets (the source's "2 (2 cibles) à 5 (5 cibles)", E14's 3 for 3 foes).
TARGETS = Scale(
    Line("targets", "cibles"),
    {
        0: Line("one target", "une unique cible"),
        **{n: Line(f"{n} targets", f"{n} cibles") for n in range(2, 6)},
        10: Line("about a hundred targets", "une centaine de cibles"),
    },
)
SCALES = {"duration": DURATION, "range": RANGE, "targets": TARGETS}
#: "une centaine de cibles": what targets level 10 and more pays for.
ABOUT_A_HUNDRED = 100


def victims_paid(targets: int) -> int:
    """How many victims a spell's targets level pays for (RULES 1.7): level 0 one target, 2…9
    that many (Decision: level 1, between the anchors, still one), 10 and more about a hundred."""
    whole_at_least("targets", targets)
    if targets >= 10:
        return ABOUT_A_HUNDRED
    return max(1, targets)


def check_victims(targets: int, victims: int) -> None:
    """Refuse more victims than the spell paid for, naming both numbers (RULES 1.7)."""
    paid = victims_paid(targets)
    en, fr = ("target", "cible") if paid == 1 else ("targets", "cibles")
    require(
        "victims", victims <= paid,
        f"the spell was paid for {paid} {en} (targets {targets}) but aims at {victims} victims",
        f"0…{paid}",
        f"le sort a été payé pour {paid} {fr} (cibles {targets}) mais vise {victims} victimes",
    )


@attrs.frozen
class SpellRequest:
    """The four parameters of a spell; its cost in pm is their sum."""

    intensity: int = attrs.field(validator=at_least(1))
    duration: int = attrs.field(default=0, validator=at_least(0))
    range: int = attrs.field(default=0, validator=at_least(0))
    targets: int = attrs.field(default=0, validator=at_least(0))

    @property
    def total(self) -> int:
        return self.intensity + self.duration + self.range + self.targets


def max_spell_intensity(ame: int) -> int:
    """ceil((âme + 5) / 2): a mystic's max intensity (Alduin âme 4 → 5, âme 10 → 8)."""
    whole_at_least("ame", ame)
    return intensity_of_pm(ame + 5)


def inspired_limit(max_intensity: int, shadow_points: int) -> int:
    """The limit when an affect inspires: +2 per shadow point gained (E3: 5 + 2×2 = 9)."""
    return max_intensity + 2 * shadow_points


def shadow_needed(total: int, max_intensity: int) -> int:
    """Shadow points an inspired caster gains to cast ``total``: ceil((total − max) / 2), 0 if within."""
    return max(0, math.ceil((total - max_intensity) / 2))


@attrs.frozen
class SpellCost:
    """What a spell costs and what it amounts to.

    - ``max_intensity``: the caster's max intensity, ceil((âme + 5) / 2); None without ``ame``.
    - ``shadow_needed``: shadow points the caster must gain (only when an affect inspires) to
      cast it: ceil((total − max_intensity) / 2), 0 when within; None without ``ame``.
    - ``limit``: the limit the spell is cast under: max_intensity + 2 × shadow_needed (equal to
      max_intensity when within); always ≥ total. None without ``ame``.
    - ``affordable``: total ≤ the caster's current pm; None without ``pm``. Shadow never makes
      a spell unaffordable: a gain past 10 is allowed and gives a stigma, which ``warnings`` says.
    """

    request: SpellRequest
    total: int
    effect: Effect
    tier: Tier
    max_intensity: int | None
    limit: int | None
    shadow_needed: int | None
    affordable: bool | None
    warnings: tuple[Line, ...]
    breakdown: Breakdown


def spell_cost(
    intensity: int,
    duration: int = 0,
    range: int = 0,  # noqa: A002 - the rules' word
    targets: int = 0,
    *,
    ame: int | None = None,
    pm: int | None = None,
    shadow: int | None = None,
) -> SpellCost:
    """The pm a spell costs (intensity + duration + range + targets), its effect and tier, and,
    given the caster's ``ame`` / current ``pm`` / ``shadow``, whether and how it can be cast."""
    request = SpellRequest(intensity, duration, range, targets)
    total = request.total
    effect, tier = effect_of(total), tier_of(total)
    lines = [_sum_line(request), _effect_line(effect, tier)]
    warnings: list[Line] = []
    if total > SCALE_TOP:
        warnings.append(Line(f"{total} pm: the source's scale stops at 15", f"{total} pm : l'échelle de la source s'arrête à 15"))
    top = limit = needed = None
    if ame is not None:
        top = max_spell_intensity(ame)
        needed = shadow_needed(total, top)
        limit = inspired_limit(top, needed)
        lines.append(
            Line(f"max intensity = ceil((âme {ame} + 5) / 2) = {top}", f"intensité max = arrondi sup.((âme {ame} + 5) / 2) = {top}")
        )
        if needed:
            lines.append(
                Line(
                    f"above it: an inspiring affect and ceil(({total} − {top}) / 2) = {needed} shadow → limit {limit}",
                    f"au-delà : un affect inspirant et arrondi sup.(({total} − {top}) / 2) = {needed} d'ombre → limite {limit}",
                )
            )
            if shadow is not None and shadow + needed > 10:
                warnings.append(
                    Line(
                        f"shadow {shadow} + {needed} passes 10: the caster gains a stigma",
                        f"ombre {shadow} + {needed} dépasse 10 : le lanceur gagne un stigmate",
                    )
                )
    affordable = None
    if pm is not None:
        whole_at_least("pm", pm)
        affordable = total <= pm
        enough = ("enough", "suffisant") if affordable else ("not enough", "insuffisant")
        lines.append(Line(f"pm {pm}: {enough[0]}", f"pm {pm} : {enough[1]}"))
    return SpellCost(request, total, effect, tier, top, limit, needed, affordable, tuple(warnings), (*lines, *warnings))


def _effect_line(effect: Effect, tier: Tier) -> Line:
    if effect is Effect.beyond:
        return Line("beyond the source's scale", "au-delà de l'échelle de la source")
    return Line(f"{effect.label('en')}, {tier.label('en')}", f"{effect.label('fr')}, {tier.label('fr')}")


def _sum_line(request: SpellRequest) -> Line:
    parts_en, parts_fr = [f"intensity {request.intensity}"], [f"intensité {request.intensity}"]
    for name, scale in SCALES.items():
        level = getattr(request, name)
        if level:
            label = scale.label(level)
            parts_en.append(f"{scale.name.en} {level}" + (f" ({label.en})" if label else ""))
            parts_fr.append(f"{scale.name.fr} {level}" + (f" ({label.fr})" if label else ""))
    return Line(" + ".join(parts_en) + f" = {request.total} pm", " + ".join(parts_fr) + f" = {request.total} pm")


@attrs.frozen
class Cast:
    """A spell cast: its cost, the pm left and the shadow gained for inspiration."""

    cost: SpellCost
    pm_after: int
    #: To apply with ``ShadowEvent.exceed_intensity``.
    shadow_gained: int
    breakdown: Breakdown


def cast(request: SpellRequest, *, ame: int, pm: int, shadow: int | None = None, inspired: bool = False) -> Cast:
    """Cast ``request``: a :class:`RulesError` naming ``pm`` if the caster cannot pay it, naming
    ``inspired`` if it is above max intensity without an inspiring affect."""
    cost = spell_cost(*attrs.astuple(request), ame=ame, pm=pm, shadow=shadow)
    require(
        "pm", bool(cost.affordable), f"the spell costs {cost.total} pm, the caster has {pm}", f"0…{pm}",
        f"le sort coûte {cost.total} pm, le lanceur en a {pm}",
    )
    needed = cost.shadow_needed or 0
    require(
        "inspired",
        inspired or not needed,
        f"{cost.total} pm is above max intensity {cost.max_intensity}: needs an inspiring affect, {needed} shadow",
        fr=f"{cost.total} pm dépasse l'intensité max {cost.max_intensity} : il faut un affect inspirant, {needed} d'ombre",
    )
    after = pm - cost.total
    lines = (*cost.breakdown, Line(f"pm {pm} − {cost.total} = {after}", f"pm {pm} − {cost.total} = {after}"))
    if needed:
        lines = (*lines, Line(f"shadow +{needed} (inspired)", f"ombre +{needed} (inspiré)"))
    return Cast(cost, after, needed, lines)


Affects = Literal["matter", "mind", "soul"]
_AFFECTED = {"matter": "corps", "mind": "esprit", "soul": "ame"}


@attrs.frozen
class Resistance:
    """A resisted spell: the pm spent + kult against the target's value; the spell wins on ≥."""

    #: The spell's total pm (RULES 1.7: "Il dépense 5 points de magie … un score final de 8").
    pm: int
    kult: int
    score: int
    target: int
    #: The characteristic the target used ("" when a value was typed).
    characteristic: str
    critical: Literal["success", "failure"] | None
    spell_wins: bool
    breakdown: Breakdown

    @property
    def resisted(self) -> bool:
        return not self.spell_wins

    @property
    def intensity(self) -> int:
        """The former name of :attr:`pm` (for a one-target, instant, touch spell they are equal)."""
        return self.pm


def resist(
    pm: int,
    kult: int | None,
    target: Characteristics | int,
    affects: Affects = "soul",
    *,
    rng: RandomSource | None = None,
    die: KultDie | None = None,
) -> Resistance:
    """Resolve a resistance the GM allowed (never automatic; an indirect spell cannot be resisted).

    ``pm`` is the spell's total pm spent, the caster's score (RULES 1.7: both examples of the source
    score the pm spent; for a one-target, instant, touch spell it equals the intensity).

    ``target`` is the target's characteristics (it uses the higher of âme and corps for matter /
    esprit for the mind) or the value to beat. ``kult`` is the caster's die as rolled at the
    table, or None to roll it with ``rng``. A natural +10 / −9 decides (RULES 1.2).
    """
    whole_at_least("pm", pm, 1)
    require("affects", affects in _AFFECTED, f"unknown value {affects!r}", _AFFECTED, f"valeur inconnue {affects!r}")
    die = die or kult_die()
    if kult is None:
        if rng is None:
            raise RulesError("kult", "give the die rolled or a random source", fr="donnez le dé lancé ou une source de hasard")
        kult = die.roll(rng)
    else:
        die.check_face(kult, "kult")
    if isinstance(target, Characteristics):
        own = _AFFECTED[affects]
        name = max(dict.fromkeys(("ame", own)), key=target.get)
        value = target.get(name)
    else:
        whole_at_least("target", target)
        name, value = "", target
    score = pm + kult
    critical: Literal["success", "failure"] | None = "success" if kult == die.critical_success else "failure" if kult == die.critical_failure else None
    wins = critical == "success" or (critical is None and score >= value)
    against = f" ({'âme' if name == 'ame' else name})" if name else ""
    lines = [
        Line(
            f"pm spent {pm} + kult {kult:+d} = {score} against {value}{against}",
            f"pm dépensés {pm} + kult {kult:+d} = {score} contre {value}{against}",
        )
    ]
    if critical:
        fr = "réussite" if wins else "échec"
        lines.append(Line(f"natural {kult:+d}: critical {critical}", f"{kult:+d} naturel : {fr} critique"))
    lines.append(Line("the spell takes effect" if wins else "resisted", "le sortilège agit" if wins else "résisté"))
    return Resistance(pm, kult, score, value, name, critical, wins, tuple(lines))


@attrs.frozen
class InvisibleMagic:
    """Whether invisible magic can flow: 0 pm, cannot be countered."""

    possible: bool
    cost: int
    breakdown: Breakdown


_CONDITIONS = {
    "benevolence": Line("benevolence", "bienveillance"),
    "gratuitousness": Line("gratuitousness", "gratuité"),
    "economy": Line("economy", "économie"),
}


def invisible_magic(graces: int, benevolence: bool, gratuitousness: bool, economy: bool) -> InvisibleMagic:
    """Invisible magic needs at least one grace and all three conditions; it costs 0 pm."""
    whole_at_least("graces", graces)
    held = {"benevolence": benevolence, "gratuitousness": gratuitousness, "economy": economy}
    lines = [] if graces else [Line("no grace: not in a state of grace", "aucune grâce : pas en état de grâce")]
    lines += [Line(f"missing: {_CONDITIONS[k].en}", f"manque : {_CONDITIONS[k].fr}") for k, ok in held.items() if not ok]
    possible = not lines
    if possible:
        lines = [Line("invisible magic: 0 pm, cannot be countered", "magie invisible : 0 pm, ne peut être contrée")]
    else:
        lines.append(Line("invisible magic is impossible", "la magie invisible est impossible"))
    return InvisibleMagic(possible, 0, tuple(lines))


@attrs.frozen
class Exhaustion:
    """Mystical exhaustion: HP and willpower turned into pm, one for one."""

    pm_recovered: int
    pm_after: int
    hp_after: int
    willpower_after: int
    #: 1 per 2 pm recovered; to apply with ``ShadowEvent.exhaustion``.
    shadow_gained: int
    breakdown: Breakdown


def _within_max_pm(recovered: int, max_pm: int) -> None:
    """Only a mystic draws on its essence, and never past its max pm."""
    whole_at_least("max_pm", max_pm)
    require(
        "max_pm", max_pm > 0, "only a mystic can draw on its essence (max pm 0)", "≥ 1",
        "seul un mystique peut puiser dans son essence (pm max 0)",
    )
    require(
        "from_hp", recovered <= max_pm,
        f"{recovered} pm would pass the max of {max_pm} pm", f"0…{max_pm} in all",
        f"{recovered} pm dépasseraient le maximum de {max_pm} pm", allowed_fr=f"0…{max_pm} en tout",
    )


def exhaustion(
    pm_now: int,
    hp: int,
    willpower: int,
    from_hp: int,
    from_willpower: int,
    used_this_session: bool,
    max_pm: int | None = None,
) -> Exhaustion:
    """Once per session, at 0 pm, turn HP / willpower into pm 1:1; +1 shadow per 2 pm recovered.

    Only a mystic can (``max_pm`` 0 is refused, RULES 1.7), and never above ``max_pm``: more HP or
    willpower than the pm it can hold is refused. Decision: a caster spends at most the HP and
    willpower it has; reaching 0 HP makes it fall unconscious and dying (RULES 1.6), which the
    breakdown says.
    """
    whole_at_least("from_hp", from_hp)
    whole_at_least("from_willpower", from_willpower)
    if max_pm is not None:
        _within_max_pm(from_hp + from_willpower, max_pm)
    require(
        "pm_now", pm_now == 0, f"only a caster with 0 pm can draw on its essence, it has {pm_now}", "0",
        f"seul un lanceur à 0 pm peut puiser dans son essence, il en a {pm_now}",
    )
    require(
        "used_this_session", not used_this_session, "mystical exhaustion is once per session",
        fr="l'épuisement mystique ne se fait qu'une fois par séance",
    )
    for name, spent, held in (("from_hp", from_hp, hp), ("from_willpower", from_willpower, willpower)):
        require(name, spent <= max(held, 0), f"only {max(held, 0)} to spend", f"0…{max(held, 0)}", f"seulement {max(held, 0)} à dépenser")
    recovered = from_hp + from_willpower
    require("from_hp", recovered >= 1, "spend at least 1 HP or willpower", "≥ 1", "dépensez au moins 1 PV ou 1 point de volonté")
    shadow = recovered // 2
    hp_after, wp_after = hp - from_hp, willpower - from_willpower
    lines = [
        Line(
            f"{from_hp} HP + {from_willpower} willpower → {recovered} pm",
            f"{from_hp} PV + {from_willpower} volonté → {recovered} pm",
        ),
        Line(f"shadow +{shadow} (1 per 2 pm)", f"ombre +{shadow} (1 par 2 pm)"),
    ]
    if from_hp and hp_after <= 0:
        lines.append(Line("0 HP: unconscious and dying", "0 PV : inconscient et agonisant"))
    return Exhaustion(recovered, recovered, hp_after, wp_after, shadow, tuple(lines))


__all__ = [
    "DURATION",
    "RANGE",
    "SCALES",
    "TARGETS",
    "Cast",
    "Effect",
    "Exhaustion",
    "InvisibleMagic",
    "Resistance",
    "Scale",
    "SpellCost",
    "SpellRequest",
    "Tier",
    "cast",
    "check_victims",
    "effect_of",
    "exhaustion",
    "inspired_limit",
    "invisible_magic",
    "max_spell_intensity",
    "resist",
    "shadow_needed",
    "spell_cost",
    "tier_of",
    "victims_paid",
]
