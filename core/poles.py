"""RULES 3: Les Quatre Pôles magic: what a spell costs, how long it takes, its DCs, blood mana.

A request (:class:`PolesRequest`) is priced by :func:`poles_spell`: the improvised cost of its
level in its tradition's resource, the fixed metamagic costs, then the techniques in the order
chosen, each a percentage of the cost engaged so far (exact :class:`~fractions.Fraction`, 133 % is
4/3 and 166 % is 5/3), the final cost rounded up. A request the rules forbid (a technique
impossible without its feat, more extra dice than the caster level…) is answered with
``possible`` False and the ``reason``; malformed input raises :class:`RulesError` naming the field.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable
from fractions import Fraction

import attrs

from core.breakdown import Breakdown, Lang, Line
from core.errors import RulesError
from core.validators import at_least, between, require, whole_at_least, whole_number

# --- traditions and their resources ---------------------------------------------------------


class Tradition(enum.StrEnum):
    """The four poles' traditions: mental, spiritual, physical, senses."""

    profane = "profane"
    divine = "divine"
    body = "body"
    illusion = "illusion"

    def label(self, lang: Lang = "en") -> str:
        return _TRADITION_LABELS[self].text(lang)

    @property
    def resource(self) -> Resource:
        return _RESOURCES[self]

    @property
    def fluid(self) -> bool:
        """Whether it is paid in fluid resource (mana, faith): a preparation segment."""
        return self in (Tradition.profane, Tradition.divine)


class Resource(enum.StrEnum):
    mana = "mana"
    faith = "faith"
    hp = "hp"
    hold = "hold"

    def label(self, lang: Lang = "en") -> str:
        return _RESOURCE_LABELS[self].text(lang)


_RESOURCES = {
    Tradition.profane: Resource.mana,
    Tradition.divine: Resource.faith,
    Tradition.body: Resource.hp,
    Tradition.illusion: Resource.hold,
}
_TRADITION_LABELS = {
    Tradition.profane: Line("profane", "profane"),
    Tradition.divine: Line("divine", "divine"),
    Tradition.body: Line("body magic", "magie du corps"),
    Tradition.illusion: Line("illusion", "illusion"),
}
_RESOURCE_LABELS = {
    Resource.mana: Line("mana", "mana"),
    Resource.faith: Line("faith", "foi"),
    Resource.hp: Line("lethal HP", "PV létaux"),
    Resource.hold: Line("hold", "emprise"),
}

TRADITIONS = tuple(Tradition)
LEVELS = range(0, 10)


def tradition_of(value: str | Tradition, field: str = "tradition") -> Tradition:
    """``"profane"`` → :attr:`Tradition.profane`; a RulesError naming ``field`` otherwise."""
    try:
        return Tradition(str(value).strip().lower())
    except ValueError:
        raise RulesError(field, f"unknown value {value!r}", TRADITIONS, f"valeur inconnue {value!r}") from None


def improvised_cost(level: int, tradition: Tradition) -> int | None:
    """A spell of ``level`` paid in pure resource: 2N + 1 mana, N faith, N(N+1)/2 lethal HP;
    None for illusion (it holds lies, it does not spend)."""
    _level(level)
    return {
        Tradition.profane: 2 * level + 1,
        Tradition.divine: level,
        Tradition.body: level * (level + 1) // 2,
    }.get(tradition)


def _improvised_line(level: int, tradition: Tradition, cost: int | None) -> Line:
    formula = {Tradition.profane: f"2×{level} + 1", Tradition.divine: f"{level}", Tradition.body: f"{level}×{level + 1}/2"}
    name_en = f"level {level} {tradition.label('en')} spell"
    name_fr = f"sort de niveau {level} ({tradition.label('fr')})"
    if cost is None:
        return Line(
            f"{name_en}: illusion holds lies (hold), it has no cost in a resource",
            f"{name_fr} : l'illusion tient des mensonges (emprise), elle n'a pas de coût en ressource",
        )
    unit = tradition.resource
    return Line(
        f"{name_en}, improvised: {formula[tradition]} = {cost} {unit.label('en')}",
        f"{name_fr}, improvisé : {formula[tradition]} = {cost} {unit.label('fr')}",
    )


def _level(level: int, field: str = "level") -> int:
    require(
        field, isinstance(level, int) and not isinstance(level, bool) and level in LEVELS,
        f"must be a spell level 0…9, got {level!r}", "0…9", f"doit être un niveau de sort 0…9, pas {level!r}",
    )  # fmt: skip
    return level


# --- time ------------------------------------------------------------------------------------


@attrs.frozen
class Segments:
    """A spell's time: the incantation (vulnerable) and the recovery (rooted), never negative."""

    incantation: int = attrs.field(validator=at_least(0))
    recovery: int = attrs.field(validator=at_least(0))

    @property
    def total(self) -> int:
        return self.incantation + self.recovery

    def quickened(self) -> Segments:
        """Two segments fewer: recovery first, then incantation."""
        from_recovery = min(2, self.recovery)
        return Segments(max(0, self.incantation - (2 - from_recovery)), self.recovery - from_recovery)


def casting_segments(level: int, damage: bool = False, summoning: bool = False) -> Segments:
    """The table of 8.2: 1 incantation and 0, 1, 2 or 3 recovery by category; a damage spell and
    a summoning each +1 incantation and +1 recovery."""
    _level(level)
    recovery = 0 if level == 0 else (level + 2) // 3
    extra = int(damage) + int(summoning)
    return Segments(1 + extra, recovery + extra)


def _category(level: int) -> Line:
    if level == 0:
        return Line("level 0", "prémagie")
    return [Line("levels 1–3", "faible"), Line("levels 4–6", "modéré"), Line("levels 7–9", "supérieur")][(level - 1) // 3]


# --- DCs, slots, ranges ----------------------------------------------------------------------


def interruption_dc(damage: int) -> int:
    """The Vigour save of a caster hit during its incantation: 10 + floor(damage / 3)."""
    whole_at_least("damage", damage)
    return 10 + damage // 3


def save_dc(level: int, mod: int, heighten: int = 0) -> int:
    """10 + spell level + casting modifier (+1 per application of heighten save)."""
    _level(level)
    _whole("mod", mod)
    _whole("heighten", heighten)
    return 10 + level + mod + heighten


def identify_dc(level: int) -> int:
    """The Art de la magie test that identifies a spell to counter: 15 + level."""
    return 15 + _level(level)


def bonus_slots(resistance: int, open_levels: Iterable[int]) -> tuple[int, ...]:
    """One extra daily slot per spell level 1…Résistance modifier, only for levels already open."""
    _whole("resistance", resistance)
    opened = set()
    for level in open_levels:
        opened.add(_level(level, "open"))
    return tuple(level for level in range(1, min(resistance, 9) + 1) if level in opened)


@attrs.frozen
class Difficulty:
    """A DC and the line that explains it."""

    dc: int
    breakdown: Breakdown


def interruption(damage: int) -> Difficulty:
    """The Vigour save of a caster hit during its incantation, explained."""
    dc = interruption_dc(damage)
    return Difficulty(
        dc,
        (
            Line(f"hit for {damage} during the incantation: Vigour DC 10 + floor({damage}/3) = {dc}",
                 f"touché de {damage} pendant l'incantation : Vigueur difficulté 10 + arrondi inf.({damage}/3) = {dc}"),
            Line("failed: the spell is lost and the resource spent", "échec : le sort est perdu et la ressource dépensée"),
        ),
    )  # fmt: skip


def spell_save(level: int, mod: int) -> Difficulty:
    """The save against a spell (or an effect of that equivalent level), explained."""
    dc = save_dc(level, mod)
    return Difficulty(dc, (Line(f"save DC 10 + level {level} + modifier {mod} = {dc}", f"difficulté 10 + niveau {level} + modificateur {mod} = {dc}"),))


@attrs.frozen
class BonusSlots:
    levels: tuple[int, ...]
    breakdown: Breakdown


def daily_bonus_slots(resistance: int, open_levels: Iterable[int]) -> BonusSlots:
    """:func:`bonus_slots`, explained."""
    opened = sorted(set(open_levels))
    levels = bonus_slots(resistance, opened)
    shown = ", ".join(map(str, levels)) or "—"
    return BonusSlots(
        levels,
        (
            Line(f"Résistance {resistance:+d}: one extra daily slot per level 1…{max(resistance, 0)} already open ({', '.join(map(str, opened)) or 'none'})",
                 f"Résistance {resistance:+d} : un emplacement quotidien de plus par niveau 1…{max(resistance, 0)} déjà ouvert ({', '.join(map(str, opened)) or 'aucun'})"),
            Line(f"bonus slots at levels: {shown}", f"emplacements en plus aux niveaux : {shown}"),
        ),
    )  # fmt: skip


@attrs.frozen
class Ranges:
    """The three ranges that grow with the caster, in metres."""

    short: Fraction
    medium: Fraction
    long: Fraction


def ranges(caster_level: int, doubled: int = 0) -> Ranges:
    """Short 8 m + 1.5 m, medium 30 m + 3 m, long 120 m + 12 m per caster level; ×2 per doubling."""
    whole_at_least("caster_level", caster_level)
    factor = 2**doubled
    return Ranges(
        (8 + Fraction(3, 2) * caster_level) * factor, Fraction(30 + 3 * caster_level) * factor, Fraction(120 + 12 * caster_level) * factor
    )


def number(value: Fraction | int) -> str:
    """``15.5``, ``45``, ``20/3``: a number as a breakdown shows it."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if (value * 10).denominator == 1:
        return f"{float(value):g}"
    return f"{value.numerator}/{value.denominator}"


def _fr(value: Fraction) -> str:
    """A number with the French decimal comma: ``15,5``."""
    return number(value).replace(".", ",")


def _whole(field: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(field, f"must be a whole number, got {value!r}", fr=f"doit être un nombre entier, pas {value!r}")
    return value


# --- metamagic -------------------------------------------------------------------------------


class Technique(enum.StrEnum):
    absorption = "absorption"
    heighten_save = "heighten_save"
    extend_effect = "extend_effect"
    extend_duration = "extend_duration"
    extend_range = "extend_range"
    extend_area = "extend_area"
    quicken = "quicken"
    silent = "silent"
    still = "still"
    maximize = "maximize"
    selective = "selective"

    def label(self, lang: Lang = "en") -> str:
        return TECHNIQUES[self].name.text(lang)


@attrs.frozen
class TechniqueInfo:
    """A technique's names, effect and price with its feat and without (None: impossible)."""

    name: Line
    effect: Line
    with_feat: Fraction
    without_feat: Fraction | None


_F = Fraction
TECHNIQUES: dict[Technique, TechniqueInfo] = {
    Technique.absorption: TechniqueInfo(
        Line("deadly absorption", "absorption funeste"),
        Line("1 negative level for as many turns as the spell level", "1 niveau négatif pour autant de tours que le niveau du sort"),
        _F(2), None,
    ),
    Technique.heighten_save: TechniqueInfo(Line("heighten save", "augmentation de sauvegarde"), Line("save DC +1", "difficulté +1"), _F(5, 4), _F(4, 3)),
    Technique.extend_effect: TechniqueInfo(Line("extend effect", "extension d'effet"), Line("effect ×1.5", "effet ×1,5"), _F(3, 2), _F(5, 3)),
    Technique.extend_duration: TechniqueInfo(Line("extend duration", "extension de durée"), Line("duration ×2", "durée ×2"), _F(5, 4), _F(4, 3)),
    Technique.extend_range: TechniqueInfo(Line("extend range", "extension de portée"), Line("range ×2", "portée ×2"), _F(5, 4), _F(4, 3)),
    Technique.extend_area: TechniqueInfo(
        Line("extend area", "extension de zone"), Line("line ×3, surface ×2, radius ×1.5", "ligne ×3, surface ×2, rayon ×1,5"), _F(3, 2), _F(5, 3)
    ),
    Technique.quicken: TechniqueInfo(Line("quicken", "incantation rapide"), Line("2 segments fewer", "2 segments de moins"), _F(4, 3), _F(3, 2)),
    Technique.silent: TechniqueInfo(Line("silent", "incantation silencieuse"), Line("no verbal component", "sans composante verbale"), _F(5, 4), _F(4, 3)),
    Technique.still: TechniqueInfo(Line("still", "incantation statique"), Line("no gesture", "sans composante gestuelle"), _F(5, 4), _F(4, 3)),
    Technique.maximize: TechniqueInfo(
        Line("maximize", "quintessence des sorts"), Line("every random roll at its maximum", "tout jet aléatoire à son maximum"), _F(3, 2), _F(5, 3)
    ),
    Technique.selective: TechniqueInfo(
        Line("selective", "sort sélectif"), Line("one creature left out of the area", "une créature exclue de la zone"), _F(5, 4), None
    ),
}  # fmt: skip
NOFEAT = "nofeat"


def percent(value: Fraction) -> str:
    """``125 %``, ``133 %``, ``166 %``: the source's (truncated) percentage."""
    return f"{math.floor(value * 100)} %"


@attrs.frozen
class Applied:
    """One technique applied to the spell, with the caster's feat or without it."""

    technique: Technique = attrs.field(converter=lambda v: technique_of(v))
    feat: bool = True

    @property
    def factor(self) -> Fraction | None:
        info = TECHNIQUES[self.technique]
        return info.with_feat if self.feat else info.without_feat

    def label(self, lang: Lang = "en") -> str:
        feat = ("feat", "don") if self.feat else ("no feat", "sans don")
        return f"{self.technique.label(lang)} ({feat[lang == 'fr']})"

    def __str__(self) -> str:
        return self.technique.value if self.feat else f"{self.technique.value}:{NOFEAT}"


def technique_of(value: str | Technique, field: str = "technique") -> Technique:
    if isinstance(value, Technique):
        return value
    try:
        return Technique(str(value).strip().lower())
    except ValueError:
        raise RulesError(field, f"unknown technique {value!r}", tuple(Technique), f"technique inconnue {value!r}") from None


def parse_technique(text: str) -> Applied:
    """``quicken`` (with the feat) or ``quicken:nofeat`` (without)."""
    name, _, flag = str(text).partition(":")
    if flag and flag.strip().lower() != NOFEAT:
        raise RulesError("technique", f"after ':' only {NOFEAT!r} is allowed, got {flag!r}", [NOFEAT], f"après ':' seul {NOFEAT!r} est permis, pas {flag!r}")
    return Applied(technique_of(name), feat=not flag)


ENHANCEMENTS = ("range", "duration", "area", "dice", "dispel")


@attrs.frozen
class Enhancements:
    """The fixed-cost improvements: caster levels added to range, duration, area; extra d6 of
    damage; dispel-resistance levels."""

    range: int = attrs.field(default=0, validator=at_least(0))
    duration: int = attrs.field(default=0, validator=at_least(0))
    area: int = attrs.field(default=0, validator=at_least(0))
    dice: int = attrs.field(default=0, validator=at_least(0))
    dispel: int = attrs.field(default=0, validator=at_least(0))

    def __bool__(self) -> bool:
        return any(attrs.astuple(self))


def parse_enhance(text: str) -> Enhancements:
    """``range=2,dice=3``: a RulesError naming ``enhance`` for anything else."""
    values: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in str(text).split(","))):
        key, sep, raw = part.partition("=")
        key = key.strip().lower()
        require("enhance", bool(sep) and key in ENHANCEMENTS, f"expected NAME=N, got {part!r}", [f"{k}=N" for k in ENHANCEMENTS],
                f"NOM=N attendu, pas {part!r}")  # fmt: skip
        require("enhance", key not in values, f"{key} given twice", fr=f"{key} donné deux fois")
        try:
            values[key] = at_least(0).parse(key, raw)
        except RulesError as error:
            raise RulesError("enhance", f"{key} {error.reason}", error.allowed, f"{key} {error.reason_fr}") from None
    return Enhancements(**values)


@attrs.frozen
class FixedCosts:
    range: int = 0
    duration: int = 0
    area: int = 0
    dice: int = 0
    dispel: int = 0
    extend_active: int = 0

    @property
    def total(self) -> int:
        return sum(attrs.astuple(self))


def fixed_costs(enhance: Enhancements, level: int = 0, extend_active: int = 0) -> FixedCosts:
    """1 per 2 caster levels (each of range, duration, area on its own, rounded up), 1 per extra
    d6, 2 per dispel level; extending an active spell: ceil(level / 2) + its duration increase."""
    whole_at_least("extend_active", extend_active)

    def half(n: int) -> int:
        return -(-n // 2)

    extend = half(level) + half(extend_active) if extend_active else 0
    return FixedCosts(half(enhance.range), half(enhance.duration), half(enhance.area), enhance.dice, 2 * enhance.dispel, extend)


def _fixed_lines(enhance: Enhancements, fixed: FixedCosts, level: int, extend_active: int) -> list[Line]:
    lines = []
    for key, en, fr in (("range", "range", "portée"), ("duration", "duration", "durée"), ("area", "area", "zone")):
        levels = getattr(enhance, key)
        if levels:
            cost = getattr(fixed, key)
            lines.append(Line(f"{en} +{levels} caster levels: ceil({levels}/2) = {cost}", f"{fr} +{levels} niveaux de lanceur : arrondi sup.({levels}/2) = {cost}"))
    if enhance.dice:
        lines.append(Line(f"extra damage +{enhance.dice}d6: {fixed.dice}", f"dégâts +{enhance.dice}d6 : {fixed.dice}"))
    if enhance.dispel:
        lines.append(Line(f"dispel resistance +{enhance.dispel}: 2×{enhance.dispel} = {fixed.dispel}", f"résistance à la dissipation +{enhance.dispel} : 2×{enhance.dispel} = {fixed.dispel}"))
    if extend_active:
        lines.append(
            Line(
                f"extend the active spell: ceil({level}/2) + duration +{extend_active}: ceil({extend_active}/2) = {fixed.extend_active}",
                f"prolonger le sort actif : arrondi sup.({level}/2) + durée +{extend_active} : arrondi sup.({extend_active}/2) = {fixed.extend_active}",
            )
        )
    return lines


# --- counterspell, body magic, illusion -------------------------------------------------------


def counter_cost(level: int, tradition: Tradition, *, other_class: bool = False, not_known: bool = False, spent: int = 0) -> int:
    """A pure-resource counterspell: the counterer's pure-resource cost for the level, +2 for
    another class's (or a forbidden school's) spell, else +1 if not on its list, + what the
    caster spent."""
    require("not_known", not (other_class and not_known), "give --other-class or --not-known, not both", fr="l'un ou l'autre, pas les deux")
    whole_at_least("spent", spent)
    base = improvised_cost(level, tradition)
    if base is None:
        raise RulesError("tradition", "illusion has no pure-resource cost to counter with", fr="l'illusion n'a pas de coût en ressource pure pour contrer")
    return base + (2 if other_class else 1 if not_known else 0) + spent


def body_healing(hp_spent: int) -> int:
    """Body magic heals 1 HP per 2 HP spent."""
    whole_at_least("hp_spent", hp_spent)
    return hp_spent // 2


@attrs.frozen
class Hold:
    """An illusion's budget (emprise): the lies held at once, and the re-saves an uncovered sense gives."""

    lies: int
    hold: int
    within: bool
    #: One re-save at +5 for each sense the illusion leaves uncovered, even after a failure.
    resaves: int
    resave_bonus: int
    breakdown: Breakdown


RESAVE_BONUS = 5


def illusion_hold(lies: int, hold: int, uncovered: int = 0) -> Hold:
    """Whether ``lies`` fit the illusionist's ``hold``; each uncovered sense: a re-save at +5."""
    whole_at_least("lies", lies)
    whole_at_least("hold", hold)
    whole_at_least("uncovered", uncovered)
    within = lies <= hold
    lines = [
        Line(
            f"hold: {lies} lies held at once of {hold}: " + ("within" if within else "too many"),
            f"emprise : {lies} mensonges tenus à la fois sur {hold} : " + ("tenu" if within else "trop"),
        )
    ]
    if uncovered:
        lines.append(
            Line(
                f"{uncovered} uncovered sense(s): a witness who meets one saves again at +{RESAVE_BONUS}, even after failing",
                f"{uncovered} sens non couvert(s) : un témoin qui y bute refait sa sauvegarde à +{RESAVE_BONUS}, même après un échec",
            )
        )
    return Hold(lies, hold, within, uncovered, RESAVE_BONUS, tuple(lines))


# --- the whole spell ------------------------------------------------------------------------


@attrs.frozen
class Counter:
    """A pure-resource counterspell against a spell of the request's level."""

    other_class: bool = False
    not_known: bool = False
    spent: int = attrs.field(default=0, validator=at_least(0))

    def __attrs_post_init__(self) -> None:
        require("not_known", not (self.other_class and self.not_known), "give --other-class or --not-known, not both",
                fr="--other-class ou --not-known, pas les deux")  # fmt: skip


def _tuple_of_applied(values: Iterable[Applied | str]) -> tuple[Applied, ...]:
    return tuple(v if isinstance(v, Applied) else parse_technique(v) for v in values)


@attrs.frozen
class PolesRequest:
    """A spell to price. ``slot``: cast from a prepared slot (metamagic is the only cost);
    ``fluid``: the preparation segment on a slot spell too; ``extend_active``: extend an active
    spell's duration by that many levels instead of casting it."""

    level: int = attrs.field(validator=between(0, 9))
    tradition: Tradition = attrs.field(converter=tradition_of)
    slot: bool = False
    damage: bool = False
    summoning: bool = False
    fluid: bool = False
    blood: bool = False
    caster_level: int | None = attrs.field(default=None, validator=attrs.validators.optional(at_least(1)))
    mod: int | None = attrs.field(default=None, validator=attrs.validators.optional(whole_number))
    enhance: Enhancements = Enhancements()
    extend_active: int = attrs.field(default=0, validator=at_least(0))
    techniques: tuple[Applied, ...] = attrs.field(default=(), converter=_tuple_of_applied)
    counter: Counter | None = None


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
    a slot) plus the fixed costs, times the techniques; None for illusion or an impossible request."""

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


def _impossible(request: PolesRequest, segments: Segments) -> Line | None:
    """Why the rules forbid this request, or None."""
    tradition, enhance = request.tradition, request.enhance
    for applied in request.techniques:
        if applied.factor is None:
            name = applied.technique.label
            return Line(f"{name('en')} is impossible without its feat", f"{name('fr')} est impossible sans son don")
    if request.extend_active and (request.techniques or enhance):
        return Line(
            "an active spell is only extended in duration: no technique nor other improvement",
            "un sort actif ne se prolonge qu'en durée : ni technique ni autre amélioration",
        )
    if tradition is Tradition.illusion and (request.techniques or enhance or request.extend_active):
        return Line(
            "illusion holds lies (hold): the source prices no metamagic in hold",
            "l'illusion tient des mensonges (emprise) : la source ne chiffre aucune métamagie en emprise",
        )
    if enhance.dice and not request.damage:
        return Line("extra damage dice need a damage spell", "des dés de dégâts en plus demandent un sort de dégâts")
    if request.caster_level is not None and enhance.dice > request.caster_level:
        return Line(
            f"{enhance.dice} extra dice: at most the caster level, {request.caster_level}",
            f"{enhance.dice} dés en plus : au plus le niveau de lanceur, {request.caster_level}",
        )
    if request.counter is not None:
        if tradition is Tradition.illusion:
            return Line("illusion has no pure-resource cost to counter with", "l'illusion n'a pas de coût en ressource pure pour contrer")
        if segments.total == 0:
            return Line("a spell cast as a swift action cannot be countered", "un sort lancé en action rapide ne peut être contré")
    return None


def poles_spell(request: PolesRequest) -> PolesSpell:
    """Price ``request`` (RULES 3): cost, segments, DCs, ranges, counterspell; see the module."""
    level, tradition = request.level, request.tradition
    enhance = request.enhance
    require(
        "caster_level", not enhance.dice or request.caster_level is not None,
        "required with extra damage dice (at most the caster level)", "≥ 1",
        "obligatoire avec des dés de dégâts en plus (au plus le niveau de lanceur)",
    )  # fmt: skip
    base = improvised_cost(level, tradition)
    resource = tradition.resource
    unit = resource.label
    lines: list[Line] = [_improvised_line(level, tradition, base)]
    extension = request.extend_active > 0

    # time
    if extension:
        segments = Segments(1, 0)
        lines.append(Line("extending it takes 1 segment (the resource's), no recovery", "le prolonger prend 1 segment (celui de la ressource), sans récupération"))
    else:
        segments = casting_segments(level, request.damage, request.summoning)
    notes: list[Line] = []
    prep = tradition.fluid and not extension and (not request.slot or request.fluid)
    if request.fluid and not tradition.fluid:
        notes.append(Line(f"{tradition.label('en')} uses no fluid resource: no preparation segment", f"{tradition.label('fr')} n'emploie pas de ressource fluide : pas de segment de préparation"))
    blood = request.blood and tradition.fluid
    if request.blood and not tradition.fluid:
        notes.append(Line(f"{tradition.label('en')} has no blood mana", f"{tradition.label('fr')} : pas de mana de sang"))
    cast_segments = Segments(segments.incantation + int(prep) + int(blood), segments.recovery)
    quickens = sum(1 for a in request.techniques if a.technique is Technique.quicken)
    final_segments = cast_segments
    for _ in range(quickens):
        final_segments = final_segments.quickened()
    swift = final_segments.total == 0

    reason = _impossible(request, final_segments)

    # cost
    fixed = fixed_costs(enhance, level, request.extend_active)
    fixed_lines = _fixed_lines(enhance, fixed, level, request.extend_active)
    steps: list[Step] = []
    exact: Fraction | None = None
    cost: int | None = None
    if base is not None and reason is None:
        if request.slot and not extension:
            lines.append(Line(f"from a slot: the base {base} is not paid, only the surcharge", f"depuis un emplacement : la base {base} n'est pas payée, seulement le surcoût"))
        lines += fixed_lines
        engaged = Fraction(fixed.total if extension else base + fixed.total)
        if fixed.total and not extension:
            lines.append(Line(f"engaged: {base} + {fixed.total} = {engaged}", f"engagé : {base} + {fixed.total} = {engaged}"))
        for applied in request.techniques:
            factor = applied.factor
            assert factor is not None  # refused above
            after = engaged * factor
            steps.append(Step(applied, factor, engaged, after))
            lines.append(
                Line(
                    f"{applied.label('en')} {percent(factor)}: {number(engaged)} × {number(factor)} = {number(after)}",
                    f"{applied.label('fr')} {percent(factor)} : {number(engaged)} × {number(factor)} = {number(after)}",
                )
            )
            engaged = after
        exact = engaged - base if request.slot and not extension else engaged
        cost = math.ceil(exact)
        if request.slot and not extension and steps:
            lines.append(Line(f"surcharge: {number(engaged)} − {base} = {number(exact)}", f"surcoût : {number(engaged)} − {base} = {number(exact)}"))
        rounded = f"ceil({number(exact)}) = " if exact.denominator != 1 else ""
        rounded_fr = f"arrondi sup.({number(exact)}) = " if exact.denominator != 1 else ""
        lines.append(Line(f"cost: {rounded}{cost} {unit('en')}", f"coût : {rounded_fr}{cost} {unit('fr')}"))

    # time, shown
    if not extension:
        extras_en = [w for w, on in (("damage", request.damage), ("summoning", request.summoning)) if on]
        extras_fr = [w for w, on in (("dégâts", request.damage), ("convocation", request.summoning)) if on]
        cat = _category(level)
        lines.append(
            Line(
                f"segments ({cat.en}{''.join(', ' + w for w in extras_en)}): incantation {segments.incantation} + recovery {segments.recovery}",
                f"segments ({cat.fr}{''.join(', ' + w for w in extras_fr)}) : incantation {segments.incantation} + récupération {segments.recovery}",
            )
        )
    if prep:
        lines.append(Line("+1 preparation segment (fluid resource) to the incantation", "+1 segment de préparation (ressource fluide) à l'incantation"))
    if blood:
        lines.append(Line("+1 segment for blood mana", "+1 segment pour le mana de sang"))
    lines += notes
    if quickens:
        lines.append(
            Line(
                f"quicken ×{quickens}: −{2 * quickens} segments, recovery first: incantation {final_segments.incantation} + recovery {final_segments.recovery}",
                f"incantation rapide ×{quickens} : −{2 * quickens} segments, récupération d'abord : incantation {final_segments.incantation} + récupération {final_segments.recovery}",
            )
        )
    lines.append(
        Line(f"{final_segments.total} segments: a swift action", f"{final_segments.total} segment : action rapide")
        if swift
        else Line(f"{final_segments.total} segment{'s' * (final_segments.total > 1)}", f"{final_segments.total} segment{'s' * (final_segments.total > 1)}")
    )

    # DCs, ranges
    heighten = sum(1 for a in request.techniques if a.technique is Technique.heighten_save)
    dc = None
    if request.mod is not None:
        dc = save_dc(level, request.mod, heighten)
        plus = f" + heighten {heighten}" if heighten else ""
        plus_fr = f" + augmentation {heighten}" if heighten else ""
        lines.append(Line(f"save DC 10 + {level} + {request.mod}{plus} = {dc}", f"difficulté de sauvegarde 10 + {level} + {request.mod}{plus_fr} = {dc}"))
        if any(a.technique is Technique.absorption for a in request.techniques):
            escape = 10 + level + request.mod
            lines.append(Line(f"deadly absorption: Vigour DC 10 + {level} + {request.mod} = {escape} to escape", f"absorption funeste : Vigueur 10 + {level} + {request.mod} = {escape} pour y échapper"))
    ident = identify_dc(level)
    lines.append(Line(f"identify (Art de la magie) DC 15 + {level} = {ident}", f"identifier (Art de la magie) difficulté 15 + {level} = {ident}"))
    spans = None
    if request.caster_level is not None:
        counted = request.caster_level + enhance.range
        doubled = sum(1 for a in request.techniques if a.technique is Technique.extend_range)
        spans = ranges(counted, doubled)
        times = f" ×{2**doubled}" if doubled else ""
        lines.append(
            Line(
                f"ranges at caster level {counted}{times}: short {number(spans.short)} m, medium {number(spans.medium)} m, long {number(spans.long)} m",
                f"portées au niveau de lanceur {counted}{times} : courte {_fr(spans.short)} m, moyenne {_fr(spans.medium)} m, longue {_fr(spans.long)} m",
            )
        )

    # counterspell
    countered = None
    if request.counter is not None and reason is None:
        c = request.counter
        countered = counter_cost(level, tradition, other_class=c.other_class, not_known=c.not_known, spent=c.spent)
        plus, plus_fr = (" + 2 (another class)", " + 2 (autre classe)") if c.other_class else (" + 1 (not known)", " + 1 (non connu)") if c.not_known else ("", "")
        prep_en, prep_fr = (", 1 preparation segment", ", 1 segment de préparation") if tradition.fluid else ("", "")
        lines.append(
            Line(
                f"pure-resource counter: {base}{plus} + spent {c.spent} = {countered} {unit('en')}{prep_en}",
                f"contresort en ressource pure : {base}{plus_fr} + dépensé {c.spent} = {countered} {unit('fr')}{prep_fr}",
            )
        )

    heals = None
    if tradition is Tradition.body and cost is not None:
        heals = body_healing(cost)
        lines.append(Line(f"as healing: {cost} HP spent heal {heals} (1 per 2)", f"en soin : {cost} PV dépensés soignent {heals} (1 pour 2)"))
    if reason is not None:
        lines.append(Line(f"impossible: {reason.en}", f"impossible : {reason.fr}"))
    return PolesSpell(
        request, resource, base, fixed, tuple(steps), exact, cost, final_segments, swift, dc, ident, spans, countered, heals,
        reason is None, reason, tuple(lines),
    )  # fmt: skip


# --- blood mana --------------------------------------------------------------------------------


class Backlash(enum.StrEnum):
    """What forced mana does to its caster, mildest first."""

    none = "none"
    fatigued = "fatigued"
    exhausted = "exhausted"
    staggered = "staggered"
    confused = "confused"
    unconscious = "unconscious"

    def label(self, lang: Lang = "en") -> str:
        return _BACKLASH_LABELS[self].text(lang)

    @property
    def severity(self) -> int:
        return list(Backlash).index(self)


_BACKLASH_LABELS = {
    Backlash.none: Line("no backlash", "aucun"),
    Backlash.fatigued: Line("fatigued", "fatigué"),
    Backlash.exhausted: Line("exhausted", "épuisé"),
    Backlash.staggered: Line("staggered", "vacillant"),
    Backlash.confused: Line("confused", "confus"),
    Backlash.unconscious: Line("unconscious", "inconscient"),
}

#: Rows by mana forced past the limit (highest of the row; the last row has no top): the highest
#: total of each outcome in turn, none first; above the last, the next outcome.
_ROWS = (5, 10, 15, 20, None)
_ROW_LABELS = (Line("under 6", "moins de 6"), Line("6–10", "6 à 10"), Line("11–15", "11 à 15"), Line("16–20", "16 à 20"), Line("over 20", "plus de 20"))
BACKLASH_TABLES: dict[int, tuple[tuple[int, ...], ...]] = {
    1: ((50, 90, 100), (40, 75, 90, 100), (30, 60, 75, 90, 100), (20, 45, 60, 75, 90), (10, 30, 45, 60, 75)),
    2: ((60, 100), (50, 90, 100), (40, 75, 90, 100), (30, 60, 75, 90, 100), (20, 45, 60, 75, 90)),
}


def backlash_row(forced: int) -> int:
    """The row (0…4) of the mana forced past the limit (≥ 1)."""
    return next(i for i, top in enumerate(_ROWS) if top is None or forced <= top)


def backlash(forced: int, total: int, tolerant: bool = False) -> Backlash:
    """The row of ``forced`` mana read at ``total`` (d100 + forced): table 1, or 2 if tolerant."""
    whole_at_least("forced", forced)
    if forced == 0:
        return Backlash.none
    bounds = BACKLASH_TABLES[2 if tolerant else 1][backlash_row(forced)]
    index = next((i for i, top in enumerate(bounds) if total <= top), len(bounds))
    return list(Backlash)[index]


@attrs.frozen
class BloodMana:
    """Mana forced past the per-turn limit and past the pool, its price in HP dice, its backlash."""

    mana: int
    limit: int
    pool: int
    past_limit: int
    past_pool: int
    #: d6 of HP: one per point past the limit, one per point past the pool (2 for a point past both).
    hp_dice: int
    d100: int | None
    #: d100 + mana − limit, read on the table; None without a d100 or with nothing forced.
    backlash_roll: int | None
    backlash: Backlash | None
    table: int
    breakdown: Breakdown


def blood_mana(mana: int, limit: int, pool: int, d100: int | None = None, *, tolerant: bool = False, rng=None) -> BloodMana:
    """Blood mana (8.7): ``d100`` as rolled at the table, or rolled with ``rng``, or None (no backlash yet)."""
    whole_at_least("mana", mana)
    whole_at_least("limit", limit)
    whole_at_least("pool", pool)
    past_limit, past_pool = max(0, mana - limit), max(0, mana - pool)
    dice = past_limit + past_pool
    table = 2 if tolerant else 1
    lines = [
        Line(
            f"{mana} mana, limit {limit}, pool {pool}: {past_limit} past the limit + {past_pool} past the pool = {dice}d6 HP",
            f"{mana} mana, limite {limit}, réserve {pool} : {past_limit} au-delà de la limite + {past_pool} au-delà de la réserve = {dice}d6 PV",
        )
    ]
    if past_limit == 0:
        lines.append(Line("nothing forced past the limit: no backlash", "rien de forcé au-delà de la limite : pas de retour"))
        return BloodMana(mana, limit, pool, 0, past_pool, dice, d100, None, Backlash.none, table, tuple(lines))
    if d100 is None and rng is not None:
        d100 = rng.randint(1, 100)
    if d100 is None:
        lines.append(Line(f"roll d100 + {past_limit} on table {table}", f"jetez d100 + {past_limit} sur la table {table}"))
        return BloodMana(mana, limit, pool, past_limit, past_pool, dice, None, None, None, table, tuple(lines))
    require("d100", isinstance(d100, int) and not isinstance(d100, bool) and 1 <= d100 <= 100, f"a d100 shows 1…100, got {d100!r}", "1…100",
            f"un d100 montre 1…100, pas {d100!r}")  # fmt: skip
    total = d100 + mana - limit
    result = backlash(past_limit, total, tolerant)
    row = _ROW_LABELS[backlash_row(past_limit)]
    tolerant_en, tolerant_fr = (" (tolerant)", " (tolérante)") if tolerant else ("", "")
    lines.append(
        Line(
            f"d100 {d100} + {mana} − {limit} = {total} on table {table}{tolerant_en}, row {row.en}: {result.label('en')}",
            f"d100 {d100} + {mana} − {limit} = {total} sur la table {table}{tolerant_fr}, ligne {row.fr} : {result.label('fr')}",
        )
    )
    return BloodMana(mana, limit, pool, past_limit, past_pool, dice, d100, total, result, table, tuple(lines))


__all__ = [
    "BonusSlots",
    "Difficulty",
    "daily_bonus_slots",
    "interruption",
    "spell_save",
    "BACKLASH_TABLES",
    "TECHNIQUES",
    "TRADITIONS",
    "Applied",
    "Backlash",
    "BloodMana",
    "Counter",
    "Enhancements",
    "FixedCosts",
    "Hold",
    "PolesRequest",
    "PolesSpell",
    "Ranges",
    "Resource",
    "Segments",
    "Step",
    "Technique",
    "Tradition",
    "backlash",
    "blood_mana",
    "body_healing",
    "bonus_slots",
    "casting_segments",
    "counter_cost",
    "fixed_costs",
    "identify_dc",
    "illusion_hold",
    "improvised_cost",
    "interruption_dc",
    "number",
    "parse_enhance",
    "parse_technique",
    "percent",
    "poles_spell",
    "ranges",
    "save_dc",
]
