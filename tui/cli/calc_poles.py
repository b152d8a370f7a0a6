"""``apotheose calc spell poles``, ``calc spell poles-blood`` and ``calc poles-save``: Les Quatre
Pôles (RULES 3) from the command line. Imports no Textual; :mod:`core.poles` is imported inside
the ``run_*`` functions."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from core.errors import RulesError
from core.text import quote
from core.validators import ANY_WHOLE
from tui.cli.calc_commands import Answer
from tui.cli.calc_parser import Rejected, whole

if TYPE_CHECKING:
    from fractions import Fraction

    from core.poles import PolesRequest

TECHNIQUE_NAMES = (
    "absorption", "heighten_save", "extend_effect", "extend_duration", "extend_range", "extend_area", "quicken", "silent",
    "still", "maximize", "selective",
)  # fmt: skip
HELP = {
    "poles": "a Les Quatre Pôles spell: cost, segments, DCs, ranges, counterspell (RULES 3)",
    "poles-blood": "Les Quatre Pôles blood mana: HP dice past the limit and the pool, the backlash (RULES 3)",
    "poles-save": "Les Quatre Pôles DCs: interruption, spell save, or bonus daily slots (RULES 3)",
}


def _number(parser: argparse.ArgumentParser, name: str, help: str, **kwargs: Any) -> None:
    parser.add_argument(name, type=whole, metavar="N", help=help, **kwargs)


def add_commands(sub: Any, spell_sub: Any, common: argparse.ArgumentParser) -> None:
    """``poles`` and ``poles-blood`` under ``calc spell``, ``poles-save`` under ``calc``."""
    _poles_command(spell_sub, common)

    p = spell_sub.add_parser("poles-blood", parents=[common], help=HELP["poles-blood"], description=HELP["poles-blood"])
    _number(p, "--mana", "the mana spent this turn", required=True)
    _number(p, "--limit", "the caster's per-turn limit", required=True)
    _number(p, "--pool", "the mana the caster had", required=True)
    _number(p, "--d100", "the d100 rolled for the backlash (1…100)")
    p.add_argument("--tolerant", action="store_true", help="house rule tolerant_backlash: table 2")

    p = sub.add_parser("poles-save", parents=[common], help=HELP["poles-save"], description=HELP["poles-save"])
    _number(p, "--damage", "a hit during the incantation: the Vigour DC")
    _number(p, "--level", "the spell level (or an effect's equivalent level) …")
    _number(p, "--mod", "… and the casting modifier: the save DC")
    _number(p, "--resistance", "the Résistance modifier …")
    p.add_argument("--open", metavar="1,2,3", help="… and the spell levels already open: the bonus daily slots")


def _counter_and_illusion(p: argparse.ArgumentParser) -> None:
    """``calc spell poles``'s options for a counterspell and an illusion."""
    p.add_argument(
        "--counter", action="store_true", help="the pure-resource counterspell against a spell of this level"
    )
    who = p.add_mutually_exclusive_group()
    who.add_argument(
        "--other-class", action="store_true", help="counter: another class's spell or a forbidden school's (+2)"
    )
    who.add_argument(
        "--not-known", action="store_true", help="counter: not on the counterer's list of known spells (+1)"
    )
    _number(p, "--spent", "counter: the resource the caster spent")
    _number(p, "--lies", "illusion: the lies held at once")
    _number(p, "--hold", "illusion: the illusionist's hold (emprise)")
    _number(p, "--uncovered", "illusion: the senses it leaves uncovered (a re-save at +5 each)")
    _number(p, "--hold-rate", "illusion: the mana that make 1 hold (house rule poles_illusion_hold_rate, default 2)")


def _poles_command(spell_sub: Any, common: argparse.ArgumentParser) -> None:
    """``calc spell poles``: the spell, its enhancements and techniques, counterspells and illusions."""
    p = spell_sub.add_parser("poles", parents=[common], help=HELP["poles"], description=HELP["poles"])
    _number(p, "--level", "the spell level (0…9)", required=True)
    p.add_argument(
        "--tradition", required=True, metavar="profane|divine|body|illusion", help="mana, faith, lethal HP or hold"
    )
    p.add_argument("--slot", action="store_true", help="cast from a prepared slot: metamagic is the only cost")
    p.add_argument("--damage", action="store_true", help="a damage spell (+1 incantation, +1 recovery)")
    p.add_argument("--summoning", action="store_true", help="a summoning (+1 incantation, +1 recovery)")
    p.add_argument(
        "--fluid",
        action="store_true",
        help="the preparation segment on a slot spell too (an improvised mana or faith spell always has it)",
    )
    p.add_argument("--blood", action="store_true", help="blood mana: one more segment")
    p.add_argument(
        "--evoker", action="store_true",
        help="an evoker's (level 5+) first evocation of the fight: 2 segments fewer, recovery first",
    )  # fmt: skip
    _number(p, "--caster-level", "the caster level: ranges, and the cap on extra dice")
    _number(p, "--mod", "the casting modifier (Intelligence or Wisdom): the save DC")
    _number(
        p,
        "--intelligence",
        "the caster's Intelligence modifier: deadly absorption's escape (default: --mod if profane)",
    )
    p.add_argument(
        "--enhance", action="append", default=[], metavar="range=N,duration=N,area=N,dice=N,dispel=N",
        help="fixed-cost improvements: caster levels of range, duration, area; extra d6; dispel levels",
    )  # fmt: skip
    _number(p, "--extend-active", "extend an active spell's duration by N levels (instead of casting it)", default=0)
    p.add_argument(
        "--technique", action="extend", nargs="+", default=[], metavar="NAME[:nofeat]",
        help="techniques in the order applied (with the feat unless :nofeat): " + ", ".join(TECHNIQUE_NAMES),
    )  # fmt: skip
    _counter_and_illusion(p)


def _metres(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def request_of(args: argparse.Namespace) -> PolesRequest:
    """The spell the options describe (what ``calc spell poles --save`` keeps in a book, with
    ``--lies``, ``--hold`` and ``--uncovered``)."""
    from core.poles import Counter, Enhancements, PolesRequest, parse_enhance, parse_technique

    enhance = parse_enhance(",".join(args.enhance)) if args.enhance else Enhancements()
    techniques = tuple(parse_technique(text) for text in args.technique)
    counter = None
    if args.counter:
        counter = Counter(args.other_class, args.not_known, args.spent or 0)
    else:
        for option, given in (
            ("--other-class", args.other_class),
            ("--not-known", args.not_known),
            ("--spent", args.spent is not None),
        ):
            if given:
                raise Rejected(option, "only with --counter")
    return PolesRequest(
        args.level, args.tradition, slot=args.slot, damage=args.damage, summoning=args.summoning, fluid=args.fluid,
        blood=args.blood, caster_level=args.caster_level, mod=args.mod,
        intelligence=args.intelligence, enhance=enhance, extend_active=args.extend_active,
        techniques=techniques, counter=counter, evoker=args.evoker,
    )  # fmt: skip


def run_poles(args: argparse.Namespace) -> Answer:
    from core.house_rules import ILLUSION_HOLD_RATE
    from core.poles import illusion_hold, poles_spell

    request = request_of(args)
    hold = None
    if any(v is not None for v in (args.lies, args.hold, args.uncovered)):
        if request.tradition != "illusion":
            raise Rejected(
                "--hold" if args.hold is not None else "--lies" if args.lies is not None else "--uncovered",
                "only with --tradition illusion",
            )
        for option, value in (("--lies", args.lies), ("--hold", args.hold)):
            if value is None:
                raise Rejected(option, "required with --lies, --hold or --uncovered")
        hold = illusion_hold(args.lies, args.hold, args.uncovered or 0)
    if args.hold_rate is not None and request.tradition != "illusion":
        raise Rejected("--hold-rate", "only with --tradition illusion")
    result = poles_spell(request, hold_rate=ILLUSION_HOLD_RATE if args.hold_rate is None else args.hold_rate)
    fixed, segments, spans = result.fixed_costs, result.segments, result.ranges
    data = {
        "system": "poles", "level": request.level, "tradition": str(request.tradition), "resource": str(result.resource),
        "improvised_cost": result.improvised_cost,
        "fixed_costs": {
            "range": fixed.range, "duration": fixed.duration, "area": fixed.area, "dice": fixed.dice, "dispel": fixed.dispel,
            "extend_active": fixed.extend_active,
        },
        "techniques": [
            {"technique": str(step.applied.technique), "feat": step.applied.feat, "factor": str(step.factor)} for step in result.steps
        ],
        "exact_cost": None if result.exact is None else str(result.exact),
        "cost": result.cost,
        "segments": {"incantation": segments.incantation, "recovery": segments.recovery, "total": segments.total},
        "swift": result.swift, "save_dc": result.save_dc, "absorption_dc": result.absorption_dc, "identify_dc": result.identify_dc,
        "ranges": None if spans is None else {"short": _metres(spans.short), "medium": _metres(spans.medium), "long": _metres(spans.long)},
        "counter_cost": result.counter_cost, "heals": result.heals, "hold_rate": result.hold_rate,
        "hold": None if hold is None else {"lies": hold.lies, "hold": hold.hold, "within": hold.within, "resaves": hold.resaves, "resave_bonus": hold.resave_bonus},
        "possible": result.possible, "reason": result.reason,
    }  # fmt: skip
    return Answer((*result.breakdown, *(hold.breakdown if hold else ())), data)


def run_poles_blood(args: argparse.Namespace) -> Answer:
    from core.poles import blood_mana

    result = blood_mana(args.mana, args.limit, args.pool, args.d100, tolerant=args.tolerant)
    data = {
        "mana": result.mana, "limit": result.limit, "pool": result.pool, "past_limit": result.past_limit,
        "past_pool": result.past_pool, "hp_dice": result.hp_dice, "d100": result.d100, "backlash_roll": result.backlash_roll,
        "backlash": None if result.backlash is None else str(result.backlash), "table": result.table,
    }  # fmt: skip
    return Answer(result.breakdown, data)


def _open_levels(text: str) -> list[int]:
    try:
        return [ANY_WHOLE.parse("--open", part) for part in text.split(",") if part.strip()]
    except RulesError:
        raise Rejected("--open", f"expected levels like 1,2,3, got {quote(text)}") from None


def run_poles_save(args: argparse.Namespace) -> Answer:
    from core.poles import daily_bonus_slots, interruption, spell_save

    modes = {
        "--damage": args.damage is not None,
        "--level": args.level is not None or args.mod is not None,
        "--resistance": args.resistance is not None or args.open is not None,
    }
    chosen = [option for option, given in modes.items() if given]
    if not chosen:
        raise Rejected("--damage", "required (--damage N, or --level N --mod N, or --resistance N --open 1,2,3)")
    if len(chosen) > 1:
        raise Rejected(chosen[1], f"give one of --damage, --level/--mod, --resistance/--open, not {chosen[0]} too")
    if chosen == ["--damage"]:
        result = interruption(args.damage)
        return Answer(result.breakdown, {"kind": "interruption", "dc": result.dc})
    if chosen == ["--level"]:
        for option, value in (("--level", args.level), ("--mod", args.mod)):
            if value is None:
                raise Rejected(option, "required with --level or --mod")
        result = spell_save(args.level, args.mod)
        return Answer(result.breakdown, {"kind": "save", "dc": result.dc})
    for option, value in (("--resistance", args.resistance), ("--open", args.open)):
        if value is None:
            raise Rejected(option, "required with --resistance or --open")
    slots = daily_bonus_slots(args.resistance, _open_levels(args.open))
    return Answer(slots.breakdown, {"kind": "bonus_slots", "bonus_slots": list(slots.levels)})


COMMANDS = {"spell poles": run_poles, "spell poles-blood": run_poles_blood, "poles-save": run_poles_save}
