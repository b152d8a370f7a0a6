"""RULES 1.7, invisible magic: 0 pm whatever the effect, at least one grace and all three
conditions; a spell of it (:func:`invisible_spell`) as the calculator and the book price it."""

from __future__ import annotations

import attrs

from core.breakdown import Breakdown, Line
from core.magic.cost import SpellCost, SpellRequest, spell_cost
from core.validators import whole_at_least


@attrs.frozen
class InvisibleMagic:
    """Whether invisible magic can flow: 0 pm, cannot be countered."""

    possible: bool
    cost: int
    breakdown: Breakdown


_CONDITIONS = {
    "benevolence": Line("benevolence", "bienveillance"),
    "gratuitousness": Line("gratuitousness", "gratuité"),
    "economy": Line("economy", "économie"),
}


def invisible_magic(graces: int, benevolence: bool, gratuitousness: bool, economy: bool) -> InvisibleMagic:
    """Invisible magic needs at least one grace and all three conditions; it costs 0 pm."""
    whole_at_least("graces", graces)
    held = {"benevolence": benevolence, "gratuitousness": gratuitousness, "economy": economy}
    lines = [] if graces else [Line("no grace: not in a state of grace", "aucune grâce : pas en état de grâce")]
    lines += [
        Line(f"missing: {_CONDITIONS[k].en}", f"manque : {_CONDITIONS[k].fr}") for k, ok in held.items() if not ok
    ]
    possible = not lines
    if possible:
        lines = [Line("invisible magic: 0 pm, cannot be countered", "magie invisible : 0 pm, ne peut être contrée")]
    else:
        lines.append(Line("invisible magic is impossible", "la magie invisible est impossible"))
    return InvisibleMagic(possible, 0, tuple(lines))


def invisible_spell(request: SpellRequest, graces: int | None = None) -> SpellCost:
    """A spell of invisible magic: the effect as described (what usual magic would pay for it),
    for 0 pm; the caster's ``graces`` when known (none: impossible). Its three conditions are the
    GM's call, said in the breakdown; usual magic's limits do not apply (no max intensity)."""
    usual = spell_cost(*attrs.astuple(request))
    lines = [
        usual.breakdown[0],
        usual.breakdown[1],
        Line(
            f"invisible magic: 0 pm whatever the effect (not the {usual.total} pm above), cannot be countered; "
            "no max intensity",
            f"magie invisible : 0 pm quel que soit l'effet (pas les {usual.total} pm ci-dessus), ne peut être contrée ; "
            "pas d'intensité max",
        ),
        Line(
            "it needs at least one grace and all three of benevolence, gratuitousness and economy (the GM's call)",
            "il faut au moins une grâce et les trois : bienveillance, gratuité, économie (au meneur d'en juger)",
        ),
    ]
    affordable = None
    if graces is not None:
        whole_at_least("graces", graces)
        affordable = graces > 0
        lines.append(
            Line(f"graces {graces}: in a state of grace", f"grâces {graces} : en état de grâce")
            if affordable
            else Line(
                "no grace: not in a state of grace, invisible magic is impossible",
                "aucune grâce : pas en état de grâce, la magie invisible est impossible",
            )
        )
    return SpellCost(request, 0, usual.effect, usual.tier, None, None, None, affordable, (), tuple(lines), True)
