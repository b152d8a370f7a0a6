"""RULES 1.4: initiative and the order of a round."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from core.breakdown import Breakdown, Line
from core.errors import RulesError
from core.sums import Term, plural, sum_line, whole
from core.validators import at_least, whole_number

#: Initiative a PC gains for each shadow point spent on it.
BOOST = 5


@attrs.frozen
class Initiative:
    combat: int
    boosts: int
    value: int
    shadow_cost: int
    breakdown: Breakdown


def initiative(combat: int, boosts: int = 0) -> Initiative:
    """combat + 5 per boost; each boost costs the PC 1 shadow (Romuald: 7, one boost → 12)."""
    whole("combat", combat, 0)
    whole("boosts", boosts, 0)
    terms = [Term("combat", "combat", combat)]
    if boosts:
        terms.append(Term(f"{boosts} × boost", f"{boosts} × ombre", BOOST * boosts))
    lines = [sum_line(terms, "initiative: ", "initiative : ")]
    if boosts:
        count = plural(boosts, "boost{s}", "point{s} d'ombre")
        lines.append(Line(f"{count.en}: +{boosts} shadow", f"{count.fr} : +{boosts} ombre"))
    return Initiative(combat, boosts, combat + BOOST * boosts, boosts, tuple(lines))


def _key(_instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if not isinstance(value, str) or not value:
        raise RulesError(
            attribute.name, f"must be a non-empty name, got {value!r}", fr=f"doit être un nom non vide, pas {value!r}"
        )


def _flag(_instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if not isinstance(value, bool):
        raise RulesError(
            attribute.name,
            f"must be true or false, got {value!r}",
            "true, false",
            f"doit être vrai ou faux, pas {value!r}",
            allowed_fr="vrai, faux",
        )


@attrs.frozen
class OrderEntry:
    """One combatant in the order: its key, initiative, side and place in the order of entry."""

    key: str = attrs.field(validator=_key)
    initiative: int = attrs.field(validator=whole_number)
    is_pc: bool = attrs.field(validator=_flag)
    entry_index: int = attrs.field(validator=at_least(0))


def turn_order(entries: Sequence[OrderEntry]) -> tuple[str, ...]:
    """Keys, highest initiative first; ties: PCs before NPCs, then the order of entry."""
    counts = Counter(entry.key for entry in entries)
    duplicates = sorted(key for key, n in counts.items() if n > 1)
    if duplicates:
        repeated = ", ".join(duplicates)
        raise RulesError(
            "key",
            f"each combatant once; repeated: {repeated}",
            fr=f"chaque combattant une seule fois ; en double : {repeated}",
        )
    ordered = sorted(entries, key=lambda e: (-e.initiative, not e.is_pc, e.entry_index))
    return tuple(entry.key for entry in ordered)
