"""RULES 2.4, Paradox: the pool the Storyteller rolls for a vulgar or witnessed effect, and the
level it counts as."""

from __future__ import annotations

from core.breakdown import Line
from core.mage.effect import MageEffect
from core.mage.successes import Needed
from core.sums import Term, sum_line


def paradox_pool(e: MageEffect, needed: Needed) -> tuple[int | None, list[Line]]:
    """The Paradox pool of a vulgar (or witnessed) effect, which counts at its level + the free
    successes used."""
    if not (e.vulgar or e.witnesses):
        return None, []
    terms = [Term("paradox", "paradoxe", e.paradox_pool)]
    if e.paradox_rolls:
        terms.append(Term("earlier rolls", "jets précédents", e.paradox_rolls))
    if e.sleepers and e.vulgar:
        terms.append(Term("sleepers", "dormeurs", 2))
    if e.rote:
        terms.append(Term("rote", "routine", -1))
    level = needed.level + needed.free_used
    counted = Line(
        f"counts as level {level} for Paradox ({needed.level} + {needed.free_used} free used)",
        f"compte comme niveau {level} pour le Paradoxe ({needed.level} + {needed.free_used} gratuits utilisés)",
    )
    total = sum(term.value for term in terms)
    line = sum_line(terms, "paradox pool: ", "groupement de paradoxe : ")
    if total < 0:  # the line ends on the value: the pool is never below 0
        line = Line(f"{line.en}, never below 0: 0", f"{line.fr}, jamais moins de 0 : 0")
    return max(0, total), [line, counted]
