"""RULES 1.7: what a spell costs in pm (its effect, duration, range and targets on the
scales), the limits of intensity, inspired casting, and a cast paid from a caster's pm."""

from __future__ import annotations

import enum
import math

import attrs

from core.breakdown import Breakdown, Lang, Line, line
from core.characteristics import max_intensity as intensity_of_pm
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
        "victims",
        victims <= paid,
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
    #: Invisible magic (:func:`core.magic.invisible.invisible_spell`): 0 pm whatever the effect.
    invisible: bool = False


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
        warnings.append(
            Line(f"{total} pm: the source's scale stops at 15", f"{total} pm : l'échelle de la source s'arrête à 15")
        )
    top = limit = needed = None
    if ame is not None:
        top, needed, limit = _intensity(total, ame)
        lines.extend(_intensity_lines(total, ame, top, needed, limit))
        if needed and shadow is not None and shadow + needed > 10:
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


def _intensity(total: int, ame: int) -> tuple[int, int, int]:
    """The caster's max intensity, the shadow a spell of ``total`` pm needs above it, and the limit."""
    top = max_spell_intensity(ame)
    needed = shadow_needed(total, top)
    return top, needed, inspired_limit(top, needed)


def _intensity_lines(total: int, ame: int, top: int, needed: int, limit: int) -> list[Line]:
    """The max intensity from âme, and what going above it costs."""
    lines = [
        Line(
            f"max intensity = ceil((âme {ame} + 5) / 2) = {top}",
            f"intensité max = arrondi sup.((âme {ame} + 5) / 2) = {top}",
        )
    ]
    if needed:
        lines.append(
            Line(
                f"above it: an inspiring affect and ceil(({total} − {top}) / 2) = {needed} shadow → limit {limit}",
                f"au-delà : un affect inspirant et arrondi sup.(({total} − {top}) / 2) = {needed} d'ombre → limite {limit}",
            )
        )
    return lines


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
        "pm",
        bool(cost.affordable),
        f"the spell costs {cost.total} pm, the caster has {pm}",
        f"0…{pm}",
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
