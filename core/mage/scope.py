"""RULES 2, "Scope (Ampleur)": the extra successes of the targets, radius and duration rows."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from core.breakdown import Lang, Line

if TYPE_CHECKING:
    from core.mage.effect import Extras, MageEffect


class Duration(enum.StrEnum):
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

    def label(self, lang: Lang = "en") -> str:
        return _LABELS[self.value].text(lang)

    @property
    def row(self) -> int:
        return list(Duration).index(self)


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
}

#: The scope table's targets and radius (m) columns, row 0 to 8.
SCOPE_STEPS = (1, 2, 5, 10, 20, 50, 100, 200, 500)


def scope_row(value: int) -> int | None:
    """The row of a number of targets or a radius in m: the first row that holds it (a value
    between two rows takes the higher one); None past the last row (500)."""
    return next((row for row, top in enumerate(SCOPE_STEPS) if value <= top), None)


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
        return Line("scope: " + " + ".join(en for en, _ in parts) + total, "ampleur : " + " + ".join(fr for _, fr in parts) + total)
    return Line(
        "scope, the highest row of: " + ", ".join(en for en, _ in parts) + total,
        "ampleur, le rang le plus haut de : " + ", ".join(fr for _, fr in parts) + total,
    )
