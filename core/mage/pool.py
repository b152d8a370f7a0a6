"""RULES 2.1, the dice pool: Attribute + Ability + Sphere for a rote, Arete + Sphere improvised,
less the target's resistance."""

from __future__ import annotations

from core.breakdown import Line
from core.mage.effect import MageEffect
from core.sums import Term, sum_line


def dice_pool(e: MageEffect) -> tuple[int, Line, list[Line]]:
    """Attribute + Ability + Sphere for a rote, Arete + Sphere improvised, − the resistance."""
    if e.rote:
        terms = [Term("attribute", "attribut", e.attribute or 0), Term("ability", "compétence", e.ability or 0)]
        head = ("rote: ", "routine : ")
    else:
        terms = [Term("arete", "entéléchie", e.arete or 0)]
        head = ("improvised: ", "improvisé : ")
    terms.append(Term("sphere", "sphère", e.sphere))
    if e.resistance:
        terms.append(Term("resistance", "résistance", -e.resistance))
    pool = sum(term.value for term in terms)
    reasons = []
    if pool < 1:
        reasons.append(
            Line(f"a pool of {pool}: at least 1 die is needed", f"un groupement de {pool} : il faut au moins 1 dé")
        )
    return pool, sum_line(terms, *head), reasons
