"""Opposed values (RULES 1.5): a final value or a rolled check against a difficulty, the group
grades and the ranges that set that difficulty."""

from __future__ import annotations

import attrs

from core.breakdown import Breakdown, Line
from core.choices import Choice, parse_enum
from core.rolls import Check, outcome_line, ranks
from core.sums import whole
from core.validators import require


class Grade(Choice):
    """A group's average grade and its difficulty."""

    CIVIL = "civil", "civilians", "civils", 0
    STANDARD = "standard", "standard soldiers", "soldats standard", 5
    VETERAN = "veteran", "veterans", "soldats vétérans", 10
    ELITE = "elite", "elite soldiers", "soldats d'élite", 15

    @property
    def difficulty(self) -> int:
        return self.number


class Range(Choice):
    """Shooting or throwing range and what it adds to the difficulty."""

    SHORT = "short", "short range", "courte portée", 0
    MEDIUM = "medium", "medium range", "moyenne portée", 3
    LONG = "long", "long range", "longue portée", 5

    @property
    def modifier(self) -> int:
        return self.number


def to_grade(value: object) -> Grade:
    """attrs converter of a ``grade`` field (a member, its value or a label)."""
    return parse_enum(Grade, value, "grade")


def to_range(value: object) -> Range:
    """attrs converter of a ``range`` field (a member, its value or a label)."""
    return parse_enum(Range, value, "range")


@attrs.frozen
class Resolution:
    """A final value (or a check) against a difficulty."""

    final: int
    difficulty: int
    margin: int
    success: bool
    success_ranks: int
    failure_ranks: int
    check: Check | None
    lines: Breakdown


def resolve(value: int | Check, difficulty: int, field: str, who: tuple[str, str]) -> Resolution:
    """Success iff margin ≥ 0 for a final value; a check decides by its own rules (criticals)."""
    if isinstance(value, Check):
        require(
            field,
            value.difficulty == difficulty,
            f"the check was rolled against {value.difficulty}, not {difficulty}",
            [difficulty],
            f"le jet a été fait contre {value.difficulty}, pas {difficulty}",
        )
        return Resolution(
            value.final,
            difficulty,
            value.margin,
            value.success,
            value.success_ranks,
            value.failure_ranks,
            value,
            value.breakdown,
        )
    final = whole(field, value)
    margin = final - difficulty
    success = margin >= 0
    success_ranks, failure_ranks = ranks(margin, success)
    text = Line(f"{who[0]} {final} vs difficulty {difficulty}", f"{who[1]} {final} contre difficulté {difficulty}")
    outcome = outcome_line(margin, success, success_ranks, failure_ranks)
    return Resolution(final, difficulty, margin, success, success_ranks, failure_ranks, None, (text, outcome))
