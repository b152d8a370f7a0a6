"""RULES 3, "Metamagic, fixed costs": caster levels added to range, duration and area, extra
damage dice, dispel resistance, and extending an active spell."""

from __future__ import annotations

import attrs

from core.breakdown import Line
from core.errors import RulesError
from core.validators import at_least, require, whole_at_least

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


def fixed_lines(enhance: Enhancements, fixed: FixedCosts, level: int, extend_active: int) -> list[Line]:
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
