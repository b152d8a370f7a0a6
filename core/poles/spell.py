"""RULES 3, the whole spell: a :class:`PolesRequest` priced by :func:`poles_spell`.

The improvised cost of its level in its tradition's resource, the fixed metamagic costs, then the
techniques in the order chosen, each a percentage of the cost engaged so far (exact
:class:`~fractions.Fraction`, 133 % is 4/3 and 166 % is 5/3), the final cost rounded up; then its
time, its DCs, its ranges and its counterspell. Each step is a function that returns its answer
with its breakdown lines. A request the rules forbid is answered with ``possible`` False and the
``reason``; malformed input raises :class:`RulesError` naming the field.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

import attrs

from core.breakdown import Breakdown, Line
from core.house_rules import ILLUSION_HOLD_RATE
from core.poles.body_and_illusion import body_healing, in_hold
from core.poles.casting_time import Segments, casting_segments, category
from core.poles.counterspell import Counter, counter_cost
from core.poles.figures import comma, number, number_fr, rounded
from core.poles.metamagic import (
    Applied,
    Enhancements,
    FixedCosts,
    Technique,
    fixed_costs,
    fixed_lines,
    parse_technique,
    percent,
)
from core.poles.saves_and_slots import identify_dc, save_dc
from core.poles.spell_ranges import Ranges, ranges
from core.poles.traditions import Resource, Tradition, improvised_cost, improvised_line, priced_as, tradition_of
from core.validators import at_least, between, require, whole_at_least, whole_number


def _tuple_of_applied(values: Iterable[Applied | str]) -> tuple[Applied, ...]:
    return tuple(v if isinstance(v, Applied) else parse_technique(v) for v in values)


@attrs.frozen
class PolesRequest:
    """A spell to price. ``slot``: cast from a prepared slot (metamagic is the only cost);
    ``fluid``: the preparation segment on a slot spell too; ``extend_active``: extend an active
    spell's duration by that many levels instead of casting it; ``evoker``: an evoker's (level 5
    and up) first evocation of the fight, 2 segments fewer (RULES 3.8)."""

    level: int = attrs.field(validator=between(0, 9))
    tradition: Tradition = attrs.field(converter=tradition_of)
    slot: bool = False
    damage: bool = False
    summoning: bool = False
    fluid: bool = False
    blood: bool = False
    caster_level: int | None = attrs.field(default=None, validator=attrs.validators.optional(at_least(1)))
    mod: int | None = attrs.field(default=None, validator=attrs.validators.optional(whole_number))
    #: The caster's Intelligence modifier: deadly absorption's escape DC (None: the casting
    #: modifier of a profane caster, who casts with Intelligence).
    intelligence: int | None = attrs.field(default=None, validator=attrs.validators.optional(whole_number))
    enhance: Enhancements = Enhancements()
    extend_active: int = attrs.field(default=0, validator=at_least(0))
    techniques: tuple[Applied, ...] = attrs.field(default=(), converter=_tuple_of_applied)
    counter: Counter | None = None
    evoker: bool = False


@attrs.frozen
class Step:
    """One technique applied: the cost engaged before and after it."""

    applied: Applied
    factor: Fraction
    before: Fraction
    after: Fraction


@attrs.frozen
class PolesSpell:
    """A priced spell. ``cost`` is what is paid now (rounded up): the improvised cost (unless from
    a slot) plus the fixed costs, times the techniques; None for an impossible request. An
    illusion is priced in mana and its cost transposed into hold at ``hold_rate`` mana per point."""

    request: PolesRequest
    resource: Resource
    improvised_cost: int | None
    fixed_costs: FixedCosts
    steps: tuple[Step, ...]
    #: The exact cost before rounding up (None where ``cost`` is None).
    exact: Fraction | None
    cost: int | None
    segments: Segments
    swift: bool
    save_dc: int | None
    identify_dc: int
    ranges: Ranges | None
    counter_cost: int | None
    #: Body magic: the HP the spell's cost heals (1 per 2 spent).
    heals: int | None
    possible: bool
    reason: Line | None
    breakdown: Breakdown
    #: Deadly absorption: the Vigour DC to escape it (None without the technique or an Intelligence).
    absorption_dc: int | None = None
    #: Illusion: the mana that make one point of hold (house rule ``poles_illusion_hold_rate``).
    hold_rate: int | None = None


def _impossible(request: PolesRequest, segments: Segments) -> Line | None:
    """Why the rules forbid this request, or None."""
    enhance = request.enhance
    for applied in request.techniques:
        if applied.factor is None:
            name = applied.technique.label
            return Line(f"{name('en')} is impossible without its feat", f"{name('fr')} est impossible sans son don")
    if request.extend_active and (request.techniques or enhance):
        return Line(
            "an active spell is only extended in duration: no technique nor other improvement",
            "un sort actif ne se prolonge qu'en durée : ni technique ni autre amélioration",
        )
    if request.evoker and (request.tradition is not Tradition.profane or request.extend_active):
        return Line(
            "the evoker's 2 segments fewer: a wizard's (profane) evocation, as it is cast",
            "les 2 segments de moins de l'évocateur : une évocation de magicien (profane), au lancer",
        )
    if enhance.dice and not request.damage:
        return Line("extra damage dice need a damage spell", "des dés de dégâts en plus demandent un sort de dégâts")
    if request.caster_level is not None and enhance.dice > request.caster_level:
        return Line(
            f"{enhance.dice} extra dice: at most the caster level, {request.caster_level}",
            f"{enhance.dice} dés en plus : au plus le niveau de lanceur, {request.caster_level}",
        )
    if request.counter is not None and segments.total == 0:
        return Line(
            "a spell cast as a swift action cannot be countered",
            "un sort lancé en action rapide ne peut être contré",
        )
    return None


# --- time ------------------------------------------------------------------------------------


@attrs.frozen
class Timing:
    """A request's time: ``table`` by the casting-segments table (an extension: its single
    segment), ``final`` with the preparation and blood segments added and every quicken (and the
    evoker's 2 segments fewer) applied."""

    table: Segments
    final: Segments
    prep: bool
    blood: bool
    quickens: int
    #: After the quickens, before the evoker's 2 segments fewer (``final`` when it does not apply).
    quickened: Segments
    evoker: bool

    @property
    def swift(self) -> bool:
        return self.final.total == 0


def spell_time(request: PolesRequest) -> Timing:
    """The segments: the table's, + 1 preparation (fluid resource), + 1 blood mana, then quickens."""
    extension = request.extend_active > 0
    fluid = request.tradition.fluid
    table = Segments(1, 0) if extension else casting_segments(request.level, request.damage, request.summoning)
    prep = fluid and not extension and (not request.slot or request.fluid)
    blood = request.blood and fluid
    final = Segments(table.incantation + int(prep) + int(blood), table.recovery)
    quickens = sum(1 for a in request.techniques if a.technique is Technique.quicken)
    for _ in range(quickens):
        final = final.quickened()
    quickened, evoker = final, request.evoker and not extension
    if evoker:
        final = final.quickened()  # « 2 segments de moins, retirés d'abord de la récupération »
    return Timing(table, final, prep, blood, quickens, quickened, evoker)


def _fewer_lines(timing: Timing) -> list[Line]:
    """The quickens' and the evoker's segments taken off, recovery first."""
    lines = []
    if timing.quickens:
        q, quick = timing.quickens, timing.quickened
        lines.append(
            Line(
                f"quicken ×{q}: −{2 * q} segments, recovery first: incantation {quick.incantation} + recovery {quick.recovery}",
                f"incantation rapide ×{q} : −{2 * q} segments, récupération d'abord : incantation {quick.incantation} + récupération {quick.recovery}",
            )
        )
    if timing.evoker:
        final = timing.final
        lines.append(
            Line(
                f"evoker (level 5+), first evocation of the fight: −2 segments, recovery first: incantation {final.incantation} + recovery {final.recovery}",
                f"évocateur (niveau 5+), première évocation du combat : −2 segments, récupération d'abord : incantation {final.incantation} + récupération {final.recovery}",
            )
        )
    return lines


def time_lines(request: PolesRequest, timing: Timing) -> list[Line]:
    """The breakdown of :func:`spell_time`."""
    tradition, segments, final = request.tradition, timing.table, timing.final
    lines: list[Line] = []
    if not request.extend_active:
        extras_en = [w for w, on in (("damage", request.damage), ("summoning", request.summoning)) if on]
        extras_fr = [w for w, on in (("dégâts", request.damage), ("convocation", request.summoning)) if on]
        cat = category(request.level)
        lines.append(
            Line(
                f"segments ({cat.en}{''.join(', ' + w for w in extras_en)}): incantation {segments.incantation} + recovery {segments.recovery}",
                f"segments ({cat.fr}{''.join(', ' + w for w in extras_fr)}) : incantation {segments.incantation} + récupération {segments.recovery}",
            )
        )
    if timing.prep:
        lines.append(
            Line(
                "+1 preparation segment (fluid resource) to the incantation",
                "+1 segment de préparation (ressource fluide) à l'incantation",
            )
        )
    if timing.blood:
        lines.append(Line("+1 segment for blood mana", "+1 segment pour le mana de sang"))
    if request.fluid and not tradition.fluid:
        lines.append(
            Line(
                f"{tradition.label('en')} uses no fluid resource: no preparation segment",
                f"{tradition.label('fr')} n'emploie pas de ressource fluide : pas de segment de préparation",
            )
        )
    if request.blood and not tradition.fluid:
        lines.append(
            Line(f"{tradition.label('en')} has no blood mana", f"{tradition.label('fr')} : pas de mana de sang")
        )
    lines += _fewer_lines(timing)
    lines.append(
        Line(f"{final.total} segments: a swift action", f"{final.total} segment : action rapide")
        if timing.swift
        else Line(f"{final.total} segment{'s' * (final.total > 1)}", f"{final.total} segment{'s' * (final.total > 1)}")
    )
    return lines


# --- cost ------------------------------------------------------------------------------------


@attrs.frozen
class Price:
    """What the spell costs now: the techniques' steps, the exact cost and the cost rounded up."""

    steps: tuple[Step, ...]
    exact: Fraction
    cost: int
    breakdown: Breakdown


def apply_techniques(techniques: Iterable[Applied], engaged: Fraction) -> tuple[Step, ...]:
    """Each technique in turn multiplies the cost engaged so far."""
    steps = []
    for applied in techniques:
        factor = applied.factor
        assert factor is not None  # refused before pricing
        steps.append(Step(applied, factor, engaged, engaged * factor))
        engaged = engaged * factor
    return tuple(steps)


def step_line(step: Step, fractions: bool = True) -> Line:
    """``quicken (feat) 133 %: 7 × 4/3 = 28/3`` (``… 133 %: 7 → ≈9.33``, the fractions hidden)."""
    applied, factor = step.applied, step.factor
    if not fractions and any("/" in number(value) for value in (factor, step.before, step.after)):
        before, after = rounded(step.before), rounded(step.after)
        return Line(
            f"{applied.label('en')} {percent(factor)}: {before} → {after}",
            f"{applied.label('fr')} {percent(factor)} : {comma(before)} → {comma(after)}",
        )
    return Line(
        f"{applied.label('en')} {percent(factor)}: {number(step.before)} × {number(factor)} = {number(step.after)}",
        f"{applied.label('fr')} {percent(factor)} : {number(step.before)} × {number(factor)} = {number(step.after)}",
    )


def _hold_line(mana: str, mana_fr: str, rate: int, cost: int) -> Line:
    return Line(
        f"in hold at {rate} mana a point (house rule poles_illusion_hold_rate): {mana} mana ÷ {rate}, rounded up = {cost} hold",
        f"en emprise à {rate} mana le point (règle maison poles_illusion_hold_rate) : {mana_fr} mana ÷ {rate}, arrondi sup. = {cost} d'emprise",
    )


def spell_price(
    request: PolesRequest, base: int, fixed: FixedCosts, fractions: bool = True, hold_rate: int = ILLUSION_HOLD_RATE
) -> Price:
    """The fixed costs added to the improvised cost (a slot spell: the base is not paid; an
    extension: the fixed costs alone), then the techniques, rounded up (``fractions``: the
    breakdown writes the exact fractions, else decimals). An illusion's figures are mana, and
    its cost is their total transposed into hold, ``ceil(mana / hold_rate)``."""
    write = number if fractions else rounded
    write_fr = number if fractions else (lambda value: comma(rounded(value)))
    extension = request.extend_active > 0
    from_slot = request.slot and not extension
    lines: list[Line] = []
    if from_slot:
        lines.append(
            Line(
                f"from a slot: the base {base} is not paid, only the surcharge",
                f"depuis un emplacement : la base {base} n'est pas payée, seulement le surcoût",
            )
        )
    lines += fixed_lines(request.enhance, fixed, request.level, request.extend_active)
    engaged = Fraction(fixed.total if extension else base + fixed.total)
    if fixed.total and not extension:
        lines.append(
            Line(f"engaged: {base} + {fixed.total} = {engaged}", f"engagé : {base} + {fixed.total} = {engaged}")
        )
    steps = apply_techniques(request.techniques, engaged)
    lines += (step_line(step, fractions) for step in steps)
    if steps:
        engaged = steps[-1].after
    exact = engaged - base if from_slot else engaged
    if from_slot and steps:
        lines.append(
            Line(
                f"surcharge: {write(engaged)} − {base} = {write(exact)}",
                f"surcoût : {write_fr(engaged)} − {base} = {write_fr(exact)}",
            )
        )
    if request.tradition is Tradition.illusion:
        cost = in_hold(exact, hold_rate)
        lines.append(_hold_line(write(exact), write_fr(exact), hold_rate, cost))
        return Price(steps, exact / hold_rate, cost, tuple(lines))
    cost = math.ceil(exact)
    up = f"ceil({write(exact)}) = " if exact.denominator != 1 else ""
    up_fr = f"arrondi sup.({write_fr(exact)}) = " if exact.denominator != 1 else ""
    unit = request.tradition.resource.label
    lines.append(Line(f"cost: {up}{cost} {unit('en')}", f"coût : {up_fr}{cost} {unit('fr')}"))
    return Price(steps, exact, cost, tuple(lines))


# --- DCs, ranges, counterspell ----------------------------------------------------------------


def spell_dcs(request: PolesRequest) -> tuple[int | None, int, list[Line]]:
    """The save DC (with the casting modifier; + 1 per heighten save), the absorption escape, the
    identify DC."""
    level, mod = request.level, request.mod
    lines: list[Line] = []
    dc = None
    if mod is not None:
        heighten = sum(1 for a in request.techniques if a.technique is Technique.heighten_save)
        dc = save_dc(level, mod, heighten)
        plus = f" + heighten {heighten}" if heighten else ""
        plus_fr = f" + augmentation {heighten}" if heighten else ""
        lines.append(
            Line(
                f"save DC 10 + {level} + {mod}{plus} = {dc}",
                f"difficulté de sauvegarde 10 + {level} + {mod}{plus_fr} = {dc}",
            )
        )
    if any(a.technique is Technique.absorption for a in request.techniques):
        lines.append(absorption_escape(request)[1])
    ident = identify_dc(level)
    lines.append(
        Line(
            f"identify (Art de la magie) DC 15 + {level} = {ident}",
            f"identifier (Art de la magie) difficulté 15 + {level} = {ident}",
        )
    )
    return dc, ident, lines


def absorption_escape(request: PolesRequest) -> tuple[int | None, Line]:
    """Deadly absorption's escape: « Vigueur 10 + niveau du sort + Intelligence » (seed 002),
    whatever the caster casts with; a profane caster's casting modifier is his Intelligence."""
    level, intelligence = request.level, request.intelligence
    if intelligence is None and request.tradition is Tradition.profane:
        intelligence = request.mod
    if intelligence is None:
        return None, Line(
            f"deadly absorption: Vigour DC 10 + {level} + the caster's Intelligence to escape, not given",
            f"absorption funeste : Vigueur 10 + {level} + l'Intelligence du lanceur pour y échapper, non donnée",
        )
    escape = 10 + level + intelligence
    return escape, Line(
        f"deadly absorption: Vigour DC 10 + {level} + Intelligence {intelligence} = {escape} to escape",
        f"absorption funeste : Vigueur 10 + {level} + Intelligence {intelligence} = {escape} pour y échapper",
    )


def spell_spans(request: PolesRequest) -> tuple[Ranges | None, list[Line]]:
    """The ranges at the caster level (+ the range enhancement), doubled per extend range."""
    if request.caster_level is None:
        return None, []
    counted = request.caster_level + request.enhance.range
    doubled = sum(1 for a in request.techniques if a.technique is Technique.extend_range)
    spans = ranges(counted, doubled)
    times = f" ×{2**doubled}" if doubled else ""
    line = Line(
        f"ranges at caster level {counted}{times}: short {number(spans.short)} m, medium {number(spans.medium)} m, long {number(spans.long)} m",
        f"portées au niveau de lanceur {counted}{times} : courte {number_fr(spans.short)} m, moyenne {number_fr(spans.medium)} m, longue {number_fr(spans.long)} m",
    )
    return spans, [line]


def spell_counter(
    request: PolesRequest, base: int | None, counter: Counter, hold_rate: int = ILLUSION_HOLD_RATE
) -> tuple[int, Line]:
    """The pure-resource counterspell against this spell (an illusionist's: priced in mana, paid
    in hold)."""
    tradition, c = request.tradition, counter
    countered = counter_cost(
        request.level, tradition, other_class=c.other_class, not_known=c.not_known, spent=c.spent, hold_rate=hold_rate
    )
    plus, plus_fr = (
        (" + 2 (another class)", " + 2 (autre classe)")
        if c.other_class
        else (" + 1 (not known)", " + 1 (non connu)")
        if c.not_known
        else ("", "")
    )
    prep_en, prep_fr = (", 1 preparation segment", ", 1 segment de préparation") if tradition.fluid else ("", "")
    unit = tradition.resource.label
    if tradition is Tradition.illusion:
        mana = (base or 0) + (2 if c.other_class else 1 if c.not_known else 0) + c.spent
        return countered, Line(
            f"pure-resource counter: {base} mana{plus} + spent {c.spent} = {mana} mana ÷ {hold_rate}, rounded up = {countered} hold",
            f"contresort en ressource pure : {base} mana{plus_fr} + dépensé {c.spent} = {mana} mana ÷ {hold_rate}, arrondi sup. = {countered} d'emprise",
        )
    return countered, Line(
        f"pure-resource counter: {base}{plus} + spent {c.spent} = {countered} {unit('en')}{prep_en}",
        f"contresort en ressource pure : {base}{plus_fr} + dépensé {c.spent} = {countered} {unit('fr')}{prep_fr}",
    )


# --- the whole spell -------------------------------------------------------------------------


def _heals_line(cost: int | None, heals: int) -> Line:
    return Line(
        f"as healing: {cost} HP spent heal {heals} (1 per 2)",
        f"en soin : {cost} PV dépensés soignent {heals} (1 pour 2)",
    )


def poles_spell(request: PolesRequest, *, fractions: bool = True, hold_rate: int = ILLUSION_HOLD_RATE) -> PolesSpell:
    """Price ``request`` (RULES 3): cost, segments, DCs, ranges, counterspell; see the module.
    ``fractions``: the cost's breakdown writes its exact fractions (``calc``), else decimals
    (the tab's default: the figures are the same, only written otherwise). ``hold_rate``: the
    mana per point of hold an illusion is transposed at (house rule ``poles_illusion_hold_rate``)."""
    level, tradition = request.level, request.tradition
    require(
        "caster_level", not request.enhance.dice or request.caster_level is not None,
        "required with extra damage dice (at most the caster level)", "≥ 1",
        "obligatoire avec des dés de dégâts en plus (au plus le niveau de lanceur)",
    )  # fmt: skip
    whole_at_least("hold_rate", hold_rate, 1)
    illusion = tradition is Tradition.illusion
    base = improvised_cost(level, priced_as(tradition))
    lines: list[Line] = [improvised_line(level, tradition, base)]
    if request.extend_active:
        lines.append(
            Line(
                "extending it takes 1 segment (the resource's), no recovery",
                "le prolonger prend 1 segment (celui de la ressource), sans récupération",
            )
        )
    timing = spell_time(request)
    reason = _impossible(request, timing.final)
    fixed = fixed_costs(request.enhance, level, request.extend_active)
    price = spell_price(request, base, fixed, fractions, hold_rate) if base is not None and reason is None else None
    if price is not None:
        lines += price.breakdown
    lines += time_lines(request, timing)
    dc, ident, dc_lines = spell_dcs(request)
    spans, span_lines = spell_spans(request)
    lines += dc_lines + span_lines
    countered = None
    if request.counter is not None and reason is None:
        countered, counter_line = spell_counter(request, base, request.counter, hold_rate)
        lines.append(counter_line)
    cost = price.cost if price is not None else None
    heals = body_healing(cost) if tradition is Tradition.body and cost is not None else None
    if heals is not None:
        lines.append(_heals_line(cost, heals))
    if reason is not None:
        lines.append(Line(f"impossible: {reason.en}", f"impossible : {reason.fr}"))
    improvised = in_hold(base, hold_rate) if illusion and base is not None else base
    return PolesSpell(
        request, tradition.resource, improvised, fixed, price.steps if price else (), price.exact if price else None, cost,
        timing.final, timing.swift, dc, ident, spans, countered, heals, reason is None, reason, tuple(lines),
        absorption_escape(request)[0] if any(a.technique is Technique.absorption for a in request.techniques) else None,
        hold_rate if illusion else None,
    )  # fmt: skip
