"""RULES 2: Mage: l'Ascension (its source text's magic): an effect's pool, successes needed, odds, Paradox,
rituals and counter-magic.

Nothing is rolled here: the GM gives the difficulty per die and sees the exact chance
(:func:`chance`) before the table rolls. An effect the rules cannot cast as asked (an unknown
target's connection, a scope past the tables, a pool below 1…) is not an error: its
:class:`MageSpell` says ``possible=False`` and why, with everything else still computed. Input
the rules cannot read (a negative number, an unknown choice) is a :class:`RulesError` naming the
field.
"""

from __future__ import annotations

import enum
import functools
from fractions import Fraction

import attrs

from core.breakdown import Breakdown, Lang, Line
from core.breakdown import percent as breakdown_percent
from core.choices import parse_enum
from core.converters import as_tuple
from core.sums import Term, plural, sum_line
from core.text import quote
from core.validators import Whole, at_least, between, require, whole_at_least

#: d10 faces; a die at or above the difficulty succeeds, a 1 cancels a success (house rule).
FACES = 10
#: The highest difficulty per die (extras taken as difficulty stop there).
MAX_DIFFICULTY = 10
#: Quintessence adds at most this many dice to one roll.
QUINTESSENCE_PER_ROLL = 3

# What each number may be: the Storyteller system's traits, so that no input runs long (the odds
# cost the square of the dice rolled). **Decision** where the source is silent.
#: A trait's dots (an attribute, an ability, Willpower, the Avatar, a resistance): 0…10 (5 is a
#: human's best, 10 a legend's).
DOTS = Whole(0, 10)
#: The successes of one roll, at most its dice: attribute + ability + Sphere, 10 each.
SUCCESSES = Whole(0, 30)
#: A counter-magic pool: Arete + a Sphere (or Prime), or a rote's attribute + ability + Sphere.
POOL = Whole(0, 30)
#: Quintessence and Paradox share the Avatar's wheel of 20 points; earlier Paradox rolls this scene.
WHEEL = Whole(0, 20)
ROLLS = Whole(0, 99)
#: Extra successes bought or taken as difficulty (power 0…99; a scope is at most 24, a connection 5).
EXTRAS = Whole(0, 99)
#: A ritual's circle: at most 10 assistants (each adds its successes, 0…30, as dice) and 50
#: acolytes (a die each): at most about 400 dice rolled, odds in a few hundredths of a second.
ASSISTANTS = Whole(0, 10)
ACOLYTES = Whole(0, 50)


class _Labelled(enum.StrEnum):
    def label(self, lang: Lang = "en") -> str:
        return _LABELS[self.value].text(lang)


class Duration(_Labelled):
    """The duration column of the scope table, row by row."""

    scene = "scene"
    day = "day"
    week = "week"
    month = "month"
    year = "year"
    two_years = "2y"
    five_years = "5y"
    ten_years = "10y"
    twenty_years = "20y"

    @property
    def row(self) -> int:
        return list(Duration).index(self)


class Connection(_Labelled):
    """How the caster knows a distant target: the extra successes are the row."""

    sensory = "sensory"
    intimate = "intimate"
    close = "close"
    known = "known"
    met = "met"
    described = "described"
    unknown = "unknown"

    @property
    def row(self) -> int | None:
        """Extra successes; None for an unknown target (impossible)."""
        return None if self is Connection.unknown else list(Connection).index(self)


_LABELS: dict[str, Line] = {
    "scene": Line("1 scene / 1 hour", "1 scène / 1 heure"),
    "day": Line("1 day", "1 jour"),
    "week": Line("1 week", "1 semaine"),
    "month": Line("1 month", "1 mois"),
    "year": Line("1 year", "1 an"),
    "2y": Line("2 years", "2 ans"),
    "5y": Line("5 years", "5 ans"),
    "10y": Line("10 years", "10 ans"),
    "20y": Line("20 years", "20 ans"),
    "sensory": Line("sensory", "sensorielle"),
    "intimate": Line("intimate", "intime"),
    "close": Line("close", "proche"),
    "known": Line("known", "connu"),
    "met": Line("met", "rencontré"),
    "described": Line("described", "décrit"),
    "unknown": Line("unknown", "inconnu"),
}

#: The scope table's targets and radius (m) columns, row 0 to 8.
SCOPE_STEPS = (1, 2, 5, 10, 20, 50, 100, 200, 500)


def scope_row(value: int) -> int | None:
    """The row of a number of targets or a radius in m: the first row that holds it (a value
    between two rows takes the higher one); None past the last row (500)."""
    return next((row for row, top in enumerate(SCOPE_STEPS) if value <= top), None)


def ritual_interval(arete: int) -> int:
    """Minutes between two ritual rolls: Arete 1–2 3 h, 3–4 1 h, 5–6 30 min, 7–8 10 min, 9–10 1 min."""
    whole_at_least("arete", arete, 1)
    require("arete", arete <= 10, f"must be between 1 and 10, got {arete}", "1…10", f"doit être entre 1 et 10, pas {arete}")
    return (180, 60, 30, 10, 1)[(arete - 1) // 2]


def ritual_max_rolls(arete: int, willpower: int) -> int:
    """Rolls a ritual allows: floor(Willpower h / interval) (M2: Arete 3, Willpower 5 → 5)."""
    whole_at_least("willpower", willpower)
    return willpower * 60 // ritual_interval(arete)


@functools.lru_cache(maxsize=4096)
def _net_counts(dice: int, difficulty: int, ones_cancel: bool) -> tuple[int, ...]:
    """Outcomes of ``dice`` d10 (out of 10**dice) by net successes, from ``-dice`` to ``dice``:
    index ``net + dice``. One die: faces ≥ difficulty succeed, a 1 cancels (if ``ones_cancel``)."""
    hits = FACES + 1 - difficulty
    ones = 1 if ones_cancel and difficulty > 1 else 0
    blank = FACES - hits - ones
    counts = [0] * (2 * dice + 1)
    counts[dice] = 1
    for _ in range(dice):  # one more die: shift the counts by -1, 0, +1
        counts = [
            blank * counts[i] + (hits * counts[i - 1] if i else 0) + (ones * counts[i + 1] if i + 1 < len(counts) else 0)
            for i in range(len(counts))
        ]
    return tuple(counts)


def chance(dice: int, difficulty: int, needed: int, *, ones_cancel: bool = True) -> Fraction:
    """Exact chance that ``dice`` d10 at ``difficulty`` (2…10) make ``needed`` net successes."""
    whole_at_least("dice", dice)
    whole_at_least("difficulty", difficulty, 2)
    require("difficulty", difficulty <= MAX_DIFFICULTY, f"must be at most {MAX_DIFFICULTY}, got {difficulty}", "2…10",
            f"doit valoir au plus {MAX_DIFFICULTY}, pas {difficulty}")  # fmt: skip
    whole_at_least("needed", needed, 0)
    counts = _net_counts(dice, difficulty, bool(ones_cancel))
    return Fraction(sum(counts[max(0, needed + dice):]), FACES**dice)


def percent(value: Fraction, lang: Lang = "en") -> str:
    """``57.4%`` / ``57,4 %``: one decimal, none when whole (:func:`core.breakdown.percent`)."""
    return breakdown_percent(value, lang, decimals=1)


@attrs.frozen
class MageEffect:
    """A Mage effect as the GM describes it (RULES 2). ``needed``: the Sphere level the effect
    needs (None: the caster's ``sphere``, no free successes)."""

    sphere: int = attrs.field(validator=between(1, 10))
    rote: bool = False
    attribute: int | None = attrs.field(default=None, validator=attrs.validators.optional(DOTS))
    ability: int | None = attrs.field(default=None, validator=attrs.validators.optional(DOTS))
    arete: int | None = attrs.field(default=None, validator=attrs.validators.optional(between(1, 10)))
    needed: int | None = attrs.field(default=None, validator=attrs.validators.optional(between(1, 10)))
    resistance: int = attrs.field(default=0, validator=DOTS)
    power: int = attrs.field(default=0, validator=EXTRAS)
    targets: int = attrs.field(default=1, validator=at_least(1))
    radius: int = attrs.field(default=0, validator=at_least(0))
    duration: Duration = attrs.field(default=Duration.scene, converter=lambda v: parse_enum(Duration, v, "duration"))
    connection: Connection | None = attrs.field(
        default=None, converter=lambda v: None if v is None else parse_enum(Connection, v, "connection")
    )
    as_difficulty: int = attrs.field(default=0, validator=EXTRAS)
    difficulty: int | None = attrs.field(default=None, validator=attrs.validators.optional(at_least(2)))
    quintessence: int = attrs.field(default=0, validator=WHEEL)
    avatar: int | None = attrs.field(default=None, validator=attrs.validators.optional(DOTS))
    vulgar: bool = False
    witnesses: bool = False
    sleepers: bool = False
    paradox_pool: int = attrs.field(default=0, validator=WHEEL)
    paradox_rolls: int = attrs.field(default=0, validator=ROLLS)
    willpower: int | None = attrs.field(default=None, validator=attrs.validators.optional(DOTS))
    foci: int = attrs.field(default=0, validator=SUCCESSES)
    assistants: tuple[int, ...] = attrs.field(default=(), converter=as_tuple)
    acolytes: int = attrs.field(default=0, validator=ACOLYTES)

    def __attrs_post_init__(self) -> None:
        if self.rote:
            for name in ("attribute", "ability"):
                require(name, getattr(self, name) is not None, "required for a rote", fr="requis pour une routine")
        else:
            require("arete", self.arete is not None, "required for an improvised effect (or give a rote)",
                    fr="requise pour un effet improvisé (ou donnez une routine)")  # fmt: skip
        require("willpower", self.willpower is None or self.arete is not None, "a ritual's interval needs the arete",
                fr="l'intervalle d'un rituel demande l'entéléchie")  # fmt: skip
        require("assistants", len(self.assistants) <= ASSISTANTS.maximum,
                f"at most {ASSISTANTS.maximum} assistants, got {len(self.assistants)}", f"0…{ASSISTANTS.maximum} of {SUCCESSES.allowed}",
                f"au plus {ASSISTANTS.maximum} assistants, pas {len(self.assistants)}")  # fmt: skip
        for successes in self.assistants:
            SUCCESSES.check("assistants", successes)


@attrs.frozen
class Extras:
    """Extra successes by domain (the table rows); ``scope`` is what the scope costs."""

    power: int
    targets: int | None
    radius: int | None
    duration: int
    connection: int | None
    scope: int | None



@attrs.frozen
class MageSpell:
    """What a Mage effect takes. Values that cannot be known (an impossible scope, no
    difficulty given) are None; ``possible`` False says why in ``reason``."""

    effect: MageEffect
    pool: int
    dice_rolled: int
    free_successes: int
    free_used: int
    extras: Extras
    successes_needed: int | None
    difficulty: int | None
    chance: Fraction | None
    quintessence_dice: int
    quintessence_spent: int
    paradox_pool: int | None
    paradox_level: int
    ritual_interval_minutes: int | None
    ritual_max_rolls: int | None
    possible: bool
    reason: Line | None
    breakdown: Breakdown


def mage_spell(effect: MageEffect, *, ones_cancel: bool = True, scope_separate: bool = True) -> MageSpell:
    """Everything RULES 2 says about ``effect``: house rules ``mage_ones_cancel`` and
    ``mage_scope_separate`` (both on by default)."""
    e = effect
    lines: list[Line] = []
    reasons: list[Line] = []

    # -- the pool ---------------------------------------------------------------------------
    if e.rote:
        terms = [Term("attribute", "attribut", e.attribute or 0), Term("ability", "compétence", e.ability or 0)]
        head = ("rote: ", "routine : ")
    else:
        terms = [Term("arete", "entéléchie", e.arete or 0)]
        head = ("improvised: ", "improvisé : ")
    terms.append(Term("sphere", "sphère", e.sphere))
    if e.resistance:
        terms.append(Term("resistance", "résistance", -e.resistance))
    pool = sum(term.value for term in terms)
    lines.append(sum_line(terms, *head))
    if pool < 1:
        reasons.append(Line(f"a pool of {pool}: at least 1 die is needed", f"un groupement de {pool} : il faut au moins 1 dé"))

    # -- successes needed -------------------------------------------------------------------
    rows = (scope_row(e.targets), scope_row(e.radius), e.duration.row)
    targets_row, radius_row, duration_row = rows
    if targets_row is None:
        reasons.append(Line(f"{e.targets} targets: past 500, not one spell", f"{e.targets} cibles : au-delà de 500, pas un seul sort"))
    if radius_row is None:
        reasons.append(Line(f"radius {e.radius} m: past 500 m, not one spell", f"rayon {e.radius} m : au-delà de 500 m, pas un seul sort"))
    scope = None
    if targets_row is not None and radius_row is not None:
        scope = targets_row + radius_row + duration_row if scope_separate else max(targets_row, radius_row, duration_row)
    connection_row = e.connection.row if e.connection is not None else None
    if e.connection is Connection.unknown:
        reasons.append(Line("unknown target: no connection, impossible", "cible inconnue : aucune connexion, impossible"))
    extras = Extras(e.power, targets_row, radius_row, duration_row, connection_row, scope)
    scope_line = _scope_line(e, extras, scope_separate)
    if scope_line is not None:
        lines.append(scope_line)
    unknown = e.connection is Connection.unknown
    total = None if scope is None or unknown else e.power + scope + (connection_row or 0)
    needed_level = e.sphere if e.needed is None else e.needed
    free = max(0, e.sphere - needed_level)
    if e.needed is not None and e.needed > e.sphere:
        reasons.append(
            Line(f"the effect needs sphere {e.needed}, the caster has {e.sphere}", f"l'effet demande sphère {e.needed}, le lanceur a {e.sphere}")
        )
    free_used = min(free, total) if total is not None else 0
    successes = None
    if total is not None:
        lines.append(_needed_line(e, extras, total))
        left = total - free_used
        if free:
            lines.append(
                Line(
                    f"sphere {e.sphere} for a level-{needed_level} effect: {free} free, {free_used} used on extras → {1 + left}",
                    f"sphère {e.sphere} pour un effet de niveau {needed_level} : {free} gratuits, {free_used} utilisés sur les extras → {1 + left}",
                )
            )
        if e.as_difficulty > left:
            reasons.append(
                Line(
                    f"{e.as_difficulty} extras taken as difficulty, only {left} to take",
                    f"{e.as_difficulty} extras pris en difficulté, seulement {left} à prendre",
                )
            )
        else:
            left -= e.as_difficulty
            successes = 1 + left
            if e.as_difficulty:
                lines.append(
                    Line(
                        f"{plural(e.as_difficulty, 'extra{s}', 'extra{s}').en} taken as +1 difficulty each → {_successes(successes)}",
                        f"{plural(e.as_difficulty, 'extra{s}', 'extra{s}').fr} pris en +1 difficulté chacun → {successes} succès",
                    )
                )

    # -- the dice rolled --------------------------------------------------------------------
    q_cap = QUINTESSENCE_PER_ROLL if e.avatar is None else min(QUINTESSENCE_PER_ROLL, e.avatar)
    q_dice = min(e.quintessence, q_cap)
    if e.quintessence:
        avatar = "" if e.avatar is None else f", avatar {e.avatar} a turn"
        avatar_fr = "" if e.avatar is None else f", avatar {e.avatar} par tour"
        lines.append(
            Line(
                f"quintessence {e.quintessence}: +{q_dice} dice, {q_dice} spent (at most 3 a roll{avatar})",
                f"quintessence {e.quintessence} : +{q_dice} dés, {q_dice} dépensés (au plus 3 par jet{avatar_fr})",
            )
        )
    added = [
        Term("quintessence", "quintessence", q_dice),
        Term("foci", "foci", e.foci),
        Term("assistants", "assistants", sum(e.assistants)),
        Term("acolytes", "acolytes", e.acolytes),
    ]
    added = [term for term in added if term.value]
    dice = max(pool, 0) + sum(term.value for term in added)
    if added:
        lines.append(sum_line([Term("pool", "groupement", max(pool, 0)), *added], "dice rolled: ", "dés lancés : "))

    # -- difficulty and the odds ------------------------------------------------------------
    difficulty = odds = None
    if e.difficulty is not None:
        difficulty = e.difficulty + (e.as_difficulty if successes is not None else 0)
        if difficulty > MAX_DIFFICULTY:
            reasons.append(
                Line(f"difficulty {difficulty}: past {MAX_DIFFICULTY}", f"difficulté {difficulty} : au-delà de {MAX_DIFFICULTY}")
            )
        elif successes is not None and pool >= 1:
            odds = chance(dice, difficulty, successes, ones_cancel=ones_cancel)
            ones = (", ones cancel", ", les 1 annulent") if ones_cancel else ("", "")
            if successes > dice:
                lines.append(
                    Line(
                        f"{successes} successes on {dice} dice: not in one roll (a ritual adds up its rolls)",
                        f"{successes} succès sur {dice} dés : pas en un jet (un rituel cumule ses jets)",
                    )
                )
            lines.append(
                Line(
                    f"chance: {_successes(successes)} on {dice}d10 ≥ {difficulty}{ones[0]}: {percent(odds)}",
                    f"chance : {successes} succès sur {dice}d10 ≥ {difficulty}{ones[1]} : {percent(odds, 'fr')}",
                )
            )

    # -- Paradox -----------------------------------------------------------------------------
    paradox_level = needed_level + free_used
    paradox = None
    if e.vulgar or e.witnesses:
        p_terms = [Term("paradox", "paradoxe", e.paradox_pool)]
        if e.paradox_rolls:
            p_terms.append(Term("earlier rolls", "jets précédents", e.paradox_rolls))
        if e.sleepers and e.vulgar:
            p_terms.append(Term("sleepers", "dormeurs", 2))
        if e.rote:
            p_terms.append(Term("rote", "routine", -1))
        paradox = max(0, sum(term.value for term in p_terms))
        lines.append(sum_line(p_terms, "paradox pool: ", "groupement de paradoxe : "))
        lines.append(
            Line(
                f"counts as level {paradox_level} for Paradox ({needed_level} + {free_used} free used)",
                f"compte comme niveau {paradox_level} pour le Paradoxe ({needed_level} + {free_used} gratuits utilisés)",
            )
        )

    # -- ritual ------------------------------------------------------------------------------
    interval = rolls = None
    if e.willpower is not None and e.arete is not None:
        interval, rolls = ritual_interval(e.arete), ritual_max_rolls(e.arete, e.willpower)
        lines.append(
            Line(
                f"ritual: arete {e.arete} → one roll per {_minutes(interval)} interval; willpower {e.willpower} h → at most {rolls} rolls",
                f"rituel : entéléchie {e.arete} → un jet par intervalle de {_minutes(interval)} ; volonté {e.willpower} h → au plus {rolls} jets",
            )
        )

    reason = reasons[0] if reasons else None
    if reason is not None:
        lines.append(Line(f"impossible: {reason.en}", f"impossible : {reason.fr}"))
    return MageSpell(
        e, pool, dice, free, free_used, extras, successes, difficulty, odds, q_dice, q_dice, paradox, paradox_level,
        interval, rolls, reason is None, reason, tuple(lines),
    )  # fmt: skip


def _successes(count: int) -> str:
    return f"{count} success" + ("" if count == 1 else "es")


def _minutes(minutes: int) -> str:
    return f"{minutes // 60} h" if minutes >= 60 else f"{minutes} min"


def _scope_line(e: MageEffect, x: Extras, separate: bool) -> Line | None:
    """``scope: 10 targets +3 + 1 month +3 = +6``; None when every row is 0."""
    def row(value: int | None) -> str:
        return "✗" if value is None else f"+{value}"

    parts: list[tuple[str, str]] = []
    if x.targets != 0:
        s = "s" if e.targets > 1 else ""
        parts.append((f"{e.targets} target{s} {row(x.targets)}", f"{e.targets} cible{s} {row(x.targets)}"))
    if x.radius != 0:
        parts.append((f"radius {e.radius} m {row(x.radius)}", f"rayon {e.radius} m {row(x.radius)}"))
    if x.duration:
        parts.append((f"{e.duration.label('en')} {row(x.duration)}", f"{e.duration.label('fr')} {row(x.duration)}"))
    if not parts:
        return None
    total = "" if x.scope is None else f" = +{x.scope}"
    if separate or len(parts) == 1:
        return Line("scope: " + " + ".join(en for en, _ in parts) + total, "ampleur : " + " + ".join(fr for _, fr in parts) + total)
    return Line(
        "scope, the highest row of: " + ", ".join(en for en, _ in parts) + total,
        "ampleur, le rang le plus haut de : " + ", ".join(fr for _, fr in parts) + total,
    )


def _needed_line(e: MageEffect, x: Extras, total: int) -> Line:
    """``successes needed: 1 + power 2 + scope 6 + connection met 4 = 13``."""
    en, fr = ["1"], ["1"]
    if x.power:
        en.append(f"power {x.power}")
        fr.append(f"puissance {x.power}")
    if x.scope:
        en.append(f"scope {x.scope}")
        fr.append(f"ampleur {x.scope}")
    if e.connection is not None:
        en.append(f"connection {e.connection.label('en')} {x.connection}")
        fr.append(f"connexion {e.connection.label('fr')} {x.connection}")
    sum_en = " + ".join(en) + (f" = {1 + total}" if len(en) > 1 else "")
    sum_fr = " + ".join(fr) + (f" = {1 + total}" if len(fr) > 1 else "")
    return Line(f"successes needed: {sum_en}", f"succès requis : {sum_fr}")


# --- counter-magic ------------------------------------------------------------------------------


@attrs.frozen
class CounterMagic:
    """Counter-magic against an effect: the score (successes + quintessence points) against the
    effect's successes. ``result`` None until the successes are given."""

    pool: int
    quintessence: int
    effect_successes: int
    successes: int | None
    score: int
    result: str | None
    effect_successes_left: int | None
    #: With a difficulty: the chance to cancel it (score ≥ effect) and to turn it (score > effect).
    chance_cancel: Fraction | None
    chance_turn: Fraction | None
    breakdown: Breakdown


def counter_magic(
    pool: int,
    effect_successes: int,
    *,
    quintessence: int = 0,
    successes: int | None = None,
    difficulty: int | None = None,
    ones_cancel: bool = True,
) -> CounterMagic:
    """The counter pool (Arete + Sphere or Prime, or the counter-magic rote's pool), and, given
    the successes rolled, whether the effect is ``reduced``, ``cancelled`` or ``turned``."""
    POOL.check("pool", pool)
    whole_at_least("effect_successes", effect_successes)
    WHEEL.check("quintessence", quintessence)
    lines = [Line(f"counter-magic pool {pool} dice", f"groupement de contre-magie {pool} dés")]
    if quintessence:
        lines.append(Line(f"quintessence {quintessence}: +{quintessence} to the score this turn",
                          f"quintessence {quintessence} : +{quintessence} au score ce tour"))  # fmt: skip
    cancel = turn = None
    if difficulty is not None:
        short = max(0, effect_successes - quintessence)
        cancel = chance(pool, difficulty, short, ones_cancel=ones_cancel)
        turn = chance(pool, difficulty, short + 1, ones_cancel=ones_cancel)
        lines.append(
            Line(
                f"difficulty {difficulty}: cancels on {short}+ successes: {percent(cancel)}, turns it back on {short + 1}+: {percent(turn)}",
                f"difficulté {difficulty} : annule sur {short}+ succès : {percent(cancel, 'fr')}, le retourne sur {short + 1}+ : {percent(turn, 'fr')}",
            )
        )
    score, result, left = quintessence, None, None
    if successes is not None:
        whole_at_least("successes", successes)
        require("successes", successes <= pool, f"at most the pool, {pool}, got {successes}", f"0…{pool}",
                f"au plus le groupement, {pool}, pas {successes}")  # fmt: skip
        score = successes + quintessence
        left = max(0, effect_successes - score)
        result = "turned" if score > effect_successes else "cancelled" if score == effect_successes else "reduced"
        words = {
            "turned": ("the effect turns back on its caster", "l'effet se retourne contre son lanceur"),
            "cancelled": ("the effect is cancelled", "l'effet est annulé"),
            "reduced": (f"the effect keeps {left} successes", f"l'effet garde {left} succès"),
        }[result]
        lines.append(
            Line(
                f"score {successes} + {quintessence} = {score} against {effect_successes}: {words[0]}",
                f"score {successes} + {quintessence} = {score} contre {effect_successes} : {words[1]}",
            )
        )
    return CounterMagic(pool, quintessence, effect_successes, successes, score, result, left, cancel, turn, tuple(lines))


def assistants_of(text: str) -> tuple[int, ...]:
    """``"1,3,0"`` → (1, 3, 0): each assistant's successes this interval (at most
    :data:`ASSISTANTS` of them, each :data:`SUCCESSES`)."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    values = []
    for part in parts:
        require("assistants", part.isdigit(), f"a list of whole numbers ≥ 0, got {quote(part)}", "N,N,…",
                f"une liste de nombres entiers ≥ 0, pas {quote(part)}")  # fmt: skip
        values.append(SUCCESSES.parse("assistants", part))
    return tuple(values)


__all__ = [
    "Connection",
    "CounterMagic",
    "Duration",
    "Extras",
    "MageEffect",
    "MageSpell",
    "SCOPE_STEPS",
    "assistants_of",
    "chance",
    "counter_magic",
    "percent",
    "mage_spell",
    "ritual_interval",
    "ritual_max_rolls",
    "scope_row",
]
