"""RULES 3.5, metamagic: the techniques (each a percentage of the cost engaged so far, with the
caster's feat or without it) and the fixed costs (caster levels added to range, duration and
area, extra damage dice, dispel resistance, extending an active spell)."""

from __future__ import annotations

import enum
import math
from fractions import Fraction

import attrs

from core.breakdown import Lang, Line
from core.errors import RulesError
from core.validators import at_least, require, whole_at_least


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


def _technique(value: str | Technique) -> Technique:
    return technique_of(value)


@attrs.frozen
class Applied:
    """One technique applied to the spell, with the caster's feat or without it."""

    technique: Technique = attrs.field(converter=_technique)
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
        raise RulesError(
            field, f"unknown technique {value!r}", tuple(Technique), f"technique inconnue {value!r}"
        ) from None


def parse_technique(text: str) -> Applied:
    """``quicken`` (with the feat) or ``quicken:nofeat`` (without)."""
    name, _, flag = str(text).partition(":")
    if flag and flag.strip().lower() != NOFEAT:
        raise RulesError(
            "technique",
            f"after ':' only {NOFEAT!r} is allowed, got {flag!r}",
            [NOFEAT],
            f"après ':' seul {NOFEAT!r} est permis, pas {flag!r}",
        )
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
    return FixedCosts(
        half(enhance.range), half(enhance.duration), half(enhance.area), enhance.dice, 2 * enhance.dispel, extend
    )


def fixed_lines(enhance: Enhancements, fixed: FixedCosts, level: int, extend_active: int) -> list[Line]:
    lines = []
    for key, en, fr in (("range", "range", "portée"), ("duration", "duration", "durée"), ("area", "area", "zone")):
        levels = getattr(enhance, key)
        if levels:
            cost = getattr(fixed, key)
            lines.append(
                Line(
                    f"{en} +{levels} caster levels: ceil({levels}/2) = {cost}",
                    f"{fr} +{levels} niveaux de lanceur : arrondi sup.({levels}/2) = {cost}",
                )
            )
    if enhance.dice:
        lines.append(Line(f"extra damage +{enhance.dice}d6: {fixed.dice}", f"dégâts +{enhance.dice}d6 : {fixed.dice}"))
    if enhance.dispel:
        lines.append(
            Line(
                f"dispel resistance +{enhance.dispel}: 2×{enhance.dispel} = {fixed.dispel}",
                f"résistance à la dissipation +{enhance.dispel} : 2×{enhance.dispel} = {fixed.dispel}",
            )
        )
    if extend_active:
        lines.append(
            Line(
                f"extend the active spell: ceil({level}/2) + duration +{extend_active}: ceil({extend_active}/2) = {fixed.extend_active}",
                f"prolonger le sort actif : arrondi sup.({level}/2) + durée +{extend_active} : arrondi sup.({extend_active}/2) = {fixed.extend_active}",
            )
        )
    return lines
