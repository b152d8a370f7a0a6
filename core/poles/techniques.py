"""RULES 3, "Metamagic techniques": each a percentage of the cost engaged so far, with the
caster's feat or without it."""

from __future__ import annotations

import enum
import math
from fractions import Fraction

import attrs

from core.breakdown import Lang, Line
from core.errors import RulesError


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
