"""RULES 2.2, successes needed: 1, + the power, + the scope (targets, radius and duration
rows), + the connection to a distant target; less the free successes of a higher Sphere and the
extras taken as difficulty."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

import attrs

from core.breakdown import Lang, Line
from core.sums import plural

if TYPE_CHECKING:
    from core.mage.effect import MageEffect


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


#: The scope table's targets and radius (m) columns, row 0 to 8.
SCOPE_STEPS = (1, 2, 5, 10, 20, 50, 100, 200, 500)


def scope_row(value: int) -> int | None:
    """The row of a number of targets or a radius in m: the first row that holds it (a value
    between two rows takes the higher one); None past the last row (500)."""
    return next((row for row, top in enumerate(SCOPE_STEPS) if value <= top), None)


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


@attrs.frozen
class Extras:
    """Extra successes by domain (the table rows); ``scope`` is what the scope costs."""

    power: int
    targets: int | None
    radius: int | None
    duration: int
    connection: int | None
    scope: int | None


def extra_successes(e: MageEffect, scope_separate: bool) -> tuple[Extras, list[Line], list[Line]]:
    """The power, scope and connection rows (the scope: their sum, or the highest row)."""
    targets_row, radius_row, duration_row = scope_row(e.targets), scope_row(e.radius), e.duration.row
    reasons = []
    if targets_row is None:
        reasons.append(
            Line(
                f"{e.targets} targets: past 500, not one spell",
                f"{e.targets} cibles : au-delà de 500, pas un seul sort",
            )
        )
    if radius_row is None:
        reasons.append(
            Line(
                f"radius {e.radius} m: past 500 m, not one spell",
                f"rayon {e.radius} m : au-delà de 500 m, pas un seul sort",
            )
        )
    scope = None
    if targets_row is not None and radius_row is not None:
        scope = (
            targets_row + radius_row + duration_row if scope_separate else max(targets_row, radius_row, duration_row)
        )
    connection_row = e.connection.row if e.connection is not None else None
    if e.connection is Connection.unknown:
        reasons.append(
            Line("unknown target: no connection, impossible", "cible inconnue : aucune connexion, impossible")
        )
    extras = Extras(e.power, targets_row, radius_row, duration_row, connection_row, scope)
    line = scope_line(e, extras, scope_separate)
    return extras, [] if line is None else [line], reasons


@attrs.frozen
class Needed:
    """The successes needed, once the free successes and the extras taken as difficulty are counted."""

    level: int
    free: int
    free_used: int
    successes: int | None
    lines: tuple[Line, ...]
    reasons: tuple[Line, ...]


def successes_needed(e: MageEffect, extras: Extras) -> Needed:
    """1 + the extras, less the free successes of a higher Sphere and the extras taken as difficulty."""
    total = (
        None
        if extras.scope is None or e.connection is Connection.unknown
        else e.power + extras.scope + (extras.connection or 0)
    )
    level = e.sphere if e.needed is None else e.needed
    free = max(0, e.sphere - level)
    lines, reasons = [], []
    if e.needed is not None and e.needed > e.sphere:
        reasons.append(
            Line(
                f"the effect needs sphere {e.needed}, the caster has {e.sphere}",
                f"l'effet demande sphère {e.needed}, le lanceur a {e.sphere}",
            )
        )
    free_used = min(free, total) if total is not None else 0
    successes = None
    if total is not None:
        lines.append(needed_line(e, extras, total))
        left = total - free_used
        if free:
            lines.append(
                Line(
                    f"sphere {e.sphere} for a level-{level} effect: {free} free, {free_used} used on extras → {1 + left}",
                    f"sphère {e.sphere} pour un effet de niveau {level} : {free} gratuits, {free_used} utilisés sur les extras → {1 + left}",
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
            successes = 1 + left - e.as_difficulty
            if e.as_difficulty:
                lines.append(
                    Line(
                        f"{plural(e.as_difficulty, 'extra{s}', 'extra{s}').en} taken as +1 difficulty each → {successes_text(successes)}",
                        f"{plural(e.as_difficulty, 'extra{s}', 'extra{s}').fr} pris en +1 difficulté chacun → {successes} succès",
                    )
                )
    return Needed(level, free, free_used, successes, tuple(lines), tuple(reasons))


def scope_line(e: MageEffect, x: Extras, separate: bool) -> Line | None:
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
        return Line(
            "scope: " + " + ".join(en for en, _ in parts) + total,
            "ampleur : " + " + ".join(fr for _, fr in parts) + total,
        )
    return Line(
        "scope, the highest row of: " + ", ".join(en for en, _ in parts) + total,
        "ampleur, le rang le plus haut de : " + ", ".join(fr for _, fr in parts) + total,
    )


def needed_line(e: MageEffect, x: Extras, total: int) -> Line:
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


def successes_text(count: int) -> str:
    return f"{count} success" + ("" if count == 1 else "es")
