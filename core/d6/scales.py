"""RULES 4: the Système D6 aspect scales, each row a named choice with its value.

A row's ``name`` is the ASCII snake_case name the command line and the saves use; a row may also
be found by its English or French label (case, accent and space blind). A row with a ``high``
value covers a span (``very_busy_public_place`` +8 … +18): it is worth ``value`` unless the GM
gives a value within the span.
"""

from __future__ import annotations

import attrs

from core.breakdown import Line, signed
from core.choices import Choice, _folded
from core.errors import RulesError


@attrs.frozen
class Row:
    """One row of a scale: ``Row("room", Line("short: same room", "courte : même pièce"), 5)``."""

    name: str
    label: Line
    value: int
    high: int | None = None

    def value_text(self) -> str:
        """``+5``, ``-2``, ``+8…+18``."""
        return signed(self.value) if self.high is None else f"{signed(self.value)}…{signed(self.high)}"

    def accepts(self, value: int) -> bool:
        return value == self.value or (self.high is not None and self.value <= value <= self.high)


@attrs.frozen
class Scale:
    """An aspect's scale: ``name`` is the aspect (and the command-line option), ``rows`` in order."""

    name: str
    label: Line
    rows: tuple[Row, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(row.name for row in self.rows)

    def row(self, name: object, field: str | None = None) -> Row:
        """The row named ``name`` (or labelled so, in either language); a RulesError naming
        ``field`` (default: the scale's name) with the allowed names otherwise."""
        if isinstance(name, Row) and name in self.rows:
            return name
        if isinstance(name, str):
            text = _folded(name)
            for row in self.rows:
                if text in (row.name, _folded(row.label.en), _folded(row.label.fr)):
                    return row
        raise RulesError(
            field or self.name,
            f"unknown value {name!r}",
            self.names,
            f"valeur inconnue {name!r}",
            allowed_fr=[row.label.fr for row in self.rows],
        )

    def help(self) -> str:
        """``contact 0, room +5, …``: the names and values, for ``--help``."""
        return ", ".join(f"{row.name} {row.value_text()}" for row in self.rows)

    def upto(self, last: str) -> Scale:
        """This scale up to the row ``last`` (the psionic lists stop earlier)."""
        names = self.names
        return attrs.evolve(self, rows=self.rows[: names.index(last) + 1])


def _scale(name: str, en: str, fr: str, *rows: tuple[str, str, str, int] | tuple[str, str, str, int, int]) -> Scale:
    return Scale(name, Line(en, fr), tuple(Row(r[0], Line(r[1], r[2]), *r[3:]) for r in rows))


RANGE = _scale(
    "range", "range", "portée",
    ("contact", "contact", "contact", 0),
    ("room", "short (same room)", "courte (même pièce)", 5),
    ("building", "medium (same building)", "moyenne (même bâtiment)", 10),
    ("town", "long (same town)", "longue (même ville)", 15),
    ("region", "very long (same region)", "très longue (même région)", 20),
    ("continent", "extreme (same continent)", "extrême (même continent)", 30),
    ("planet", "planetary", "planétaire", 40),
    ("stellar", "stellar", "stellaire", 50),
)  # fmt: skip
CONCENTRATION = _scale(
    "concentration", "concentration", "concentration",
    ("isolated_room", "in an isolated room", "dans une pièce isolée", -2),
    ("light_distractions", "light distractions (birdsong…)", "légères distractions (bruits d'oiseaux…)", 0),
    ("quiet_public_place", "a quiet public place", "un lieu public peu fréquenté", 4),
    ("busy_public_place", "a busy public place", "un lieu public fréquenté", 6),
    ("very_busy_public_place", "a very busy public place", "un lieu public très fréquenté", 8, 18),
)  # fmt: skip
#: Decision (RULES 4): the one "Cible" list read as three parts that add.
FAMILIARITY = _scale(
    "familiarity", "target known", "cible connue",
    ("known_a_little", "known a little", "connue un peu", -2),
    ("known_well", "known well", "connue bien", -4),
    ("never_seen", "never seen", "jamais vue", 4),
    ("first_heard_of", "first heard of", "entendu parler pour la première fois", 8),
)  # fmt: skip
GROUP = _scale(
    "group", "target group", "groupe ciblé",
    ("two_to_five", "two to five people", "deux à cinq personnes", 5),
    ("dozen", "a dozen people", "une douzaine de personnes", 10),
    ("crowd", "a crowd", "une foule", 15),
    ("town", "a whole town", "une ville entière", 25),
    ("region", "a whole region", "une région entière", 35),
    ("country", "a whole country", "un pays entier", 50),
)  # fmt: skip
WILLINGNESS = _scale(
    "willingness", "target's will", "volonté de la cible",
    ("unaware", "unaware it is targeted", "ignore qu'elle est visée", 0),
    ("neutral", "neutral", "neutre", -4),
    ("refusing", "refuses to cooperate", "refuse de coopérer", 4),
)  # fmt: skip
INFORMATION = _scale(
    "information", "information", "informations",
    ("simple_emotions", "simple emotions, immediate thoughts", "émotions simples, pensées immédiates", 0),
    ("complex_thoughts", "complex thoughts", "pensées complexes", 4),
    ("distant_thoughts", "distant thoughts", "pensées lointaines", 6),
    ("secrets", "secrets", "secrets", 8),
)  # fmt: skip
PREPARATION = _scale(
    "preparation", "preparation", "préparation",
    ("1", "1 round", "1 round", 4),
    ("2", "2 rounds", "2 rounds", 0),
    ("3", "3 rounds", "3 rounds", -2),
    ("4", "4 rounds", "4 rounds", -4),
)  # fmt: skip
INGREDIENTS = _scale(
    "ingredients", "ingredients", "ingrédients",
    ("simple", "simple, cheap ingredients", "ingrédients simples et peu coûteux", 0),
    ("none", "no ingredients", "pas d'ingrédients", 3),
    ("costly", "costly ingredients", "ingrédients coûteux", -2),
    ("very_costly", "very costly, rare ingredients", "ingrédients très coûteux et rares", -4),
)  # fmt: skip
GESTURES = _scale(
    "gestures", "gestures", "gestuelle",
    ("simple", "simple gestures", "gestes simples", 0),
    ("none", "no gesture", "aucun geste", 3),
    ("large", "large movements", "grands mouvements", -2),
)  # fmt: skip
INCANTATIONS = _scale(
    "incantations", "incantations", "incantations",
    ("spoken", "magic incantations", "incantations magiques", 0),
    ("none", "no incantation", "aucune incantation", 3),
    ("complex", "complex incantations, great concentration", "incantations complexes, grande concentration", -2),
)  # fmt: skip

#: The duration: 2 rounds 0, +1 per extra round, then by the hour (RULES 4).
DURATION_LABEL = Line("duration", "durée")
#: How many rounds the app's duration list offers (the command line takes any number ≥ 2).
DURATION_LIST_TOP = 12
#: Decision (RULES 4.2): a duration of one hour is worth +18. The source prices « chaque heure
#: additionnelle au-delà » at +1 but not the first hour (its rounds per hour are not given); its
#: own figures are « 1 heure (-18) » (a casting time) and « 4 heures (+21) » = 18 + 3.
HOUR_VALUE = 18
#: The hours the app's duration list offers after its rounds (the command line takes any number ≥ 1).
DURATION_LIST_HOURS = (1, 2, 3, 4, 6, 8, 12, 24)
#: A duration in hours is written ``4h`` where a duration in rounds is ``4``.
HOURS = "h"


def duration_row(rounds: int) -> Row:
    """``rounds`` (≥ 2) as a duration row: 2 rounds 0, 3 rounds +1…"""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 2:
        raise RulesError(
            "duration_rounds",
            f"must be a whole number of rounds ≥ 2, got {rounds!r}",
            "≥ 2",
            f"doit être un nombre entier de rounds ≥ 2, pas {rounds!r}",
        )
    return Row(str(rounds), Line(f"{rounds} rounds", f"{rounds} rounds"), rounds - 2)


def duration_hours_row(hours: int) -> Row:
    """``hours`` (≥ 1) as a duration row ``4h``: 1 hour +18, +1 per additional hour."""
    if isinstance(hours, bool) or not isinstance(hours, int) or hours < 1:
        raise RulesError(
            "duration_hours",
            f"must be a whole number of hours ≥ 1, got {hours!r}",
            "≥ 1",
            f"doit être un nombre entier d'heures ≥ 1, pas {hours!r}",
        )
    s = "s" * (hours > 1)
    return Row(f"{hours}{HOURS}", Line(f"{hours} hour{s}", f"{hours} heure{s}"), HOUR_VALUE + hours - 1)


DURATION = Scale(
    "duration",
    DURATION_LABEL,
    (
        *(duration_row(n) for n in range(2, DURATION_LIST_TOP + 1)),
        *(duration_hours_row(n) for n in DURATION_LIST_HOURS),
    ),
)


def preparation_row(rounds: int) -> Row:
    """The preparation time's row for ``rounds`` (1…4)."""
    return PREPARATION.row(
        str(rounds) if isinstance(rounds, int) and not isinstance(rounds, bool) else rounds, "preparation_rounds"
    )


#: The spell's scales, in the order the aspects are listed (the effect comes before them).
SPELL_SCALES: tuple[Scale, ...] = (
    RANGE, CONCENTRATION, FAMILIARITY, GROUP, WILLINGNESS, INFORMATION, DURATION, PREPARATION, INGREDIENTS, GESTURES,
    INCANTATIONS,
)  # fmt: skip
#: The psionic lists: range up to the region, target groups up to the crowd, no preparation,
#: ingredients, gestures or incantations.
PSIONIC_SCALES: tuple[Scale, ...] = (
    RANGE.upto("region"), CONCENTRATION, FAMILIARITY, GROUP.upto("crowd"), WILLINGNESS, INFORMATION, DURATION,
)  # fmt: skip

#: An aspect without a scale in the source, valued by the GM.
SPEED = Line("speed", "vitesse")
#: The titles of the aspects the source names, for a free value given under one of these names.
TITLES: dict[str, Line] = {**{scale.name: scale.label for scale in SPELL_SCALES}, "speed": SPEED}


class EffectKind(Choice):
    """What the effect's dice give; ``number`` is the multiplier."""

    skill = "skill", "skill bonus", "bonus de compétence", 1
    damage = "damage", "damage", "dégâts", 2
    protection = "protection", "protection", "protection", 2
    attribute = "attribute", "attribute bonus", "bonus d'Attribut", 2


class Power(Choice):
    """A psionic power; ``number`` is its base difficulty (0 when it depends on an option or is opposed)."""

    astral = "astral", "Astral projection", "Projection astrale", 10
    empathy = "empathy", "Empathy", "Empathie", 0
    far_senses = "far_senses", "Far senses", "Sens lointains", 5
    healing = "healing", "Healing", "Soins", 0
    medium = "medium", "Medium", "Médium", 20
    protection = "protection", "Protection", "Protection", 10
    psychometry = "psychometry", "Psychometry", "Psychométrie", 0


class Wound(Choice):
    """Healing's difficulty by the patient's wound level."""

    stunned = "stunned", "stunned", "choqué", 10
    wounded = "wounded", "wounded", "blessé", 15
    severely_wounded = "severely_wounded", "severely wounded", "gravement blessé", 15
    incapacitated = "incapacitated", "incapacitated", "incapacité", 20
    mortally_wounded = "mortally_wounded", "mortally wounded", "mortellement blessé", 30


class Depth(Choice):
    """Psychometry's difficulty by the depth of the information sought."""

    vague = "vague", "vague information, impressions", "informations vagues, impressions", 14
    general = "general", "general information on a person", "informations générales sur une personne", 18
    last_24_hours = (
        "last_24_hours",
        "all the person did in the last 24 hours",
        "tout ce que la personne a fait ces dernières 24 heures",
        21,
    )
    motivations = "motivations", "the person's deep motivations", "les motivations profondes de la personne", 24
