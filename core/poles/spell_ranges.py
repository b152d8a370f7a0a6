"""RULES 3.4, ranges: short, medium and long, growing with the caster level."""

from __future__ import annotations

from fractions import Fraction

import attrs

from core.validators import whole_at_least


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
        (8 + Fraction(3, 2) * caster_level) * factor,
        Fraction(30 + 3 * caster_level) * factor,
        Fraction(120 + 12 * caster_level) * factor,
    )
