"""``apotheose calc spell d6``, ``calc d6-psionic``, ``calc d6-skill``: Système D6 magic (RULES 4).

No Textual here and no core module at import nor when the parsers are built: the scales' names
for ``--help`` are read from :mod:`core.d6.scales` when help is printed, the rules inside the
``run_*``.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any

from core.errors import RulesError
from core.text import quote
from core.validators import ANY_WHOLE
from tui.cli.calc_commands import Answer
from tui.cli.calc_parser import whole

SPELL_HELP = "a Système D6 spell's difficulty: effect + aspects, halved (RULES 4)"
PSIONIC_HELP = "a Système D6 psionic power's difficulty (RULES 4)"
SKILL_HELP = "the character points a Système D6 magic skill or Attribute costs (RULES 4)"

#: The spell's scale options, in the order of the JSON's aspects (duration and preparation
#: are given in rounds, between information and ingredients).
SPELL_OPTIONS = ("range", "concentration", "familiarity", "group", "willingness", "information")
SPELL_TAIL = ("ingredients", "gestures", "incantations")
PSIONIC_OPTIONS = SPELL_OPTIONS
_ASPECT = re.compile(r"(.+?)=([-+]?\d+)")


def free_aspect(text: str) -> tuple[str, int]:
    """An argparse type: ``NAME=VALUE`` (a whole, signed value)."""
    match = _ASPECT.fullmatch(text.strip())
    if match is None or not match[1].strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE with a whole VALUE, got {quote(text)}")
    try:
        return match[1].strip(), ANY_WHOLE.parse("", match[2])
    except RulesError as error:
        raise argparse.ArgumentTypeError(error.reason) from None


class _Later:
    """Help text made when help is printed (``%(later)s`` in an option's help): building the
    parsers imports no core module, so every ``calc`` command starts as fast as before."""

    def __init__(self, make: Callable[[], str]) -> None:
        self.make = make

    def __str__(self) -> str:
        return self.make()


def _option(parser: argparse.ArgumentParser, name: str, help: str, later: Callable[[], str], **kwargs: Any) -> None:
    action = parser.add_argument(name, help=help + "%(later)s", **kwargs)
    action.later = _Later(later)  # type: ignore[attr-defined]  # an argparse Action carries our extra attribute


def _scales(psionic: bool = False) -> dict[str, Any]:
    from core.d6.scales import PSIONIC_SCALES, SPELL_SCALES

    return {scale.name: scale for scale in (PSIONIC_SCALES if psionic else SPELL_SCALES)}


def _scale_option(parser: argparse.ArgumentParser, name: str, psionic: bool = False) -> None:
    def text() -> str:
        scale = _scales(psionic)[name]
        return f"{scale.label.en}: {scale.help()}"

    _option(parser, f"--{name}", "", text, metavar="NAME[=N]" if name == "concentration" else "NAME")


def _choices(kind: str) -> str:
    from core.d6 import scales

    if kind == "Power":
        return ", ".join(
            f"{p.value} {p.number or ('opposed' if p.value == 'empathy' else 'by option')}" for p in scales.Power
        )
    sign = "×" if kind == "EffectKind" else ""
    return ", ".join(f"{m.value} {sign}{m.number}" for m in getattr(scales, kind))


def _aspects(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--aspect", type=free_aspect, action="extend", nargs="+", default=[], metavar="NAME=VALUE",
        help="a free value: an aspect without a scale (speed), a value from another chart (60 m → range=9), "
        "your own aspect; repeatable, and several after one --aspect",
    )  # fmt: skip


DURATION_HELP = "duration in rounds (2 or more): 2 rounds 0, +1 per extra round"
HOURS_HELP = "or duration in hours (1 or more): 1 hour +18, +1 per additional hour"


def _duration_options(p: argparse.ArgumentParser) -> None:
    lasts = p.add_mutually_exclusive_group()
    lasts.add_argument("--duration-rounds", type=whole, metavar="N", help=DURATION_HELP)
    lasts.add_argument("--duration-hours", type=whole, metavar="N", help=HOURS_HELP)


def add_commands(sub: Any, spell_sub: Any, common: argparse.ArgumentParser) -> None:
    p = spell_sub.add_parser("d6", parents=[common], help=SPELL_HELP, description=SPELL_HELP)
    p.add_argument("--effect", metavar="ND[+P]", help="the effect's dice: 3 per die, 1 for the pips (4D+2 → 13)")
    p.add_argument("--effect-value", type=whole, metavar="N", help="or the effect's value, when it is not a die code")
    _option(p, "--kind", "what the dice give (default skill): ", lambda: _choices("EffectKind"), metavar="NAME")
    for name in SPELL_OPTIONS:
        _scale_option(p, name)
    _duration_options(p)
    _option(
        p,
        "--preparation-rounds",
        "preparation time in rounds: ",
        lambda: _scales()["preparation"].help(),
        type=whole,
        metavar="N",
    )
    for name in SPELL_TAIL:
        _scale_option(p, name)
    _aspects(p)
    p.add_argument("--unskilled", action="store_true", help="the caster has not mastered the skill: +5 difficulty")
    p.add_argument(
        "--magic-level", type=whole, default=0, metavar="N", help="the world's magic level, -10…+15, on the roll"
    )
    p.add_argument("--no-halve", action="store_true", help="house rule d6_halve off: the difficulty is the sum")

    p = sub.add_parser("d6-psionic", parents=[common], help=PSIONIC_HELP, description=PSIONIC_HELP)
    _option(p, "--power", "the power and its difficulty: ", lambda: _choices("Power"), required=True, metavar="NAME")
    _option(p, "--wound", "healing, by the patient's wound: ", lambda: _choices("Wound"), metavar="NAME")
    _option(p, "--depth", "psychometry, by the information sought: ", lambda: _choices("Depth"), metavar="NAME")
    p.add_argument("--assassinated", action="store_true", help="medium: the dead was assassinated, -2")
    p.add_argument(
        "--years-dead",
        type=whole,
        metavar="N",
        help="medium: dead N years: over 1 +2, and +2 per full five years beyond the first",
    )
    p.add_argument("--known-personally", action="store_true", help="medium: the psionic knew the dead, -4")
    p.add_argument("--has-information", action="store_true", help="medium: the psionic has information on the dead, -2")
    p.add_argument("--place-of-death", action="store_true", help="medium: at the place of death, -3")
    for name in PSIONIC_OPTIONS:
        _scale_option(p, name, psionic=True)
    _duration_options(p)
    _aspects(p)

    p = sub.add_parser("d6-skill", parents=[common], help=SKILL_HELP, description=SKILL_HELP)
    p.add_argument(
        "--usual-cost", type=whole, metavar="N", help="the usual cost of the raise (3D+1 → 4D: 3 + 3 = 6); doubled"
    )
    p.add_argument("--no-master", action="store_true", help="no master of a higher level: four times the usual cost")
    p.add_argument("--attribute", action="store_true", help="or learn a magic Attribute at 1D: 20 points and a master")


def _scale_aspects(args: argparse.Namespace, scales: dict[str, Any], names: tuple[str, ...]) -> list[Any]:
    from core.d6.spell import from_row

    found = []
    for name in names:
        given = getattr(args, name)
        if given is None:
            continue
        row, _, value = given.partition("=")
        if value:
            found.append(from_row(scales[name], row, ANY_WHOLE.parse(name, value)))
        else:
            found.append(from_row(scales[name], row))
    return found


def _free(args: argparse.Namespace) -> list[Any]:
    from core.d6.spell import free

    return [free(name, value) for name, value in args.aspect]


def _duration(args: argparse.Namespace) -> list[Any]:
    from core.d6.spell import duration, duration_hours

    if args.duration_hours is not None:
        return [duration_hours(args.duration_hours)]
    return [] if args.duration_rounds is None else [duration(args.duration_rounds)]


def _aspects_json(aspects: Any) -> list[dict[str, Any]]:
    return [
        {"name": a.name, "value": a.value, **({"choice": a.choice} if a.choice is not None else {})} for a in aspects
    ]


def run_spell(args: argparse.Namespace) -> Answer:
    from core.d6.scales import PREPARATION, preparation_row
    from core.d6.spell import effect_value, from_row, spell_difficulty, typed_effect

    if args.effect is not None and args.effect_value is not None:
        raise RulesError("effect", "give either --effect or --effect-value, not both")
    if args.effect is None and args.effect_value is None:
        raise RulesError("effect", "required (--effect ND[+P], or --effect-value N)")
    if args.effect is None:
        if args.kind is not None:
            raise RulesError("kind", "applies to dice (--effect), not to --effect-value")
        effect = typed_effect(args.effect_value)
    else:
        effect = effect_value(args.effect, args.kind or "skill")
    scales = _scales()
    aspects = [*_scale_aspects(args, scales, SPELL_OPTIONS), *_duration(args)]
    if args.preparation_rounds is not None:
        aspects.append(from_row(PREPARATION, preparation_row(args.preparation_rounds)))
    aspects += [*_scale_aspects(args, scales, SPELL_TAIL), *_free(args)]
    result = spell_difficulty(
        effect, aspects, halve=not args.no_halve, unskilled=args.unskilled, magic_level=args.magic_level
    )
    data = {
        "system": "d6", "effect_value": effect.value, "aspects": _aspects_json(result.aspects), "total": result.total,
        "halved": result.halved, "unskilled": result.unskilled, "difficulty": result.difficulty,
        "roll_modifier": result.roll_modifier,
    }  # fmt: skip
    return Answer(result.breakdown, data)


def run_psionic(args: argparse.Namespace) -> Answer:
    from core.d6.psionics import MediumContact, psionic_difficulty

    scales = _scales(psionic=True)
    aspects = [*_scale_aspects(args, scales, PSIONIC_OPTIONS), *_duration(args), *_free(args)]
    medium = MediumContact(
        args.assassinated, args.years_dead or 0, args.known_personally, args.has_information, args.place_of_death
    )
    result = psionic_difficulty(args.power, aspects, wound=args.wound, depth=args.depth, medium=medium)
    data = {
        "power": str(result.power), "base": result.base, "aspects": _aspects_json((*result.modifiers, *result.aspects)),
        "modifier": result.modifier, "difficulty": result.difficulty, "opposed_by": result.opposed_by,
    }  # fmt: skip
    return Answer(result.breakdown, data)


def run_skill(args: argparse.Namespace) -> Answer:
    from core.d6.skills import magic_attribute_cost, magic_skill_cost

    if args.attribute:
        if args.usual_cost is not None or args.no_master:
            raise RulesError("attribute", "an Attribute costs 20 and needs a master: no --usual-cost or --no-master")
        result = magic_attribute_cost()
    elif args.usual_cost is None:
        raise RulesError("usual_cost", "required (--usual-cost N, or --attribute)")
    else:
        result = magic_skill_cost(args.usual_cost, master=not args.no_master)
    data = {"cost": result.cost, "multiplier": result.multiplier, "needs_master": result.needs_master}
    return Answer(result.breakdown, data)


COMMANDS = {"spell d6": run_spell, "d6-psionic": run_psionic, "d6-skill": run_skill}
