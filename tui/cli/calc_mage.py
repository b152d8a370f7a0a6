"""``apotheose calc spell mage`` and ``calc spell mage-counter``: Mage: l'Ascension (RULES 2).

Registered in :data:`tui.cli.calc_parser.EXTENSIONS`. Like the rest of ``calc``, it imports no
Textual; :mod:`core.mage` is imported inside the ``run_*`` functions.
"""

from __future__ import annotations

import argparse
import importlib
from typing import TYPE_CHECKING, Any

from core.validators import LIMIT
from tui.cli.calc_commands import Answer
from tui.cli.calc_parser import whole_in, whole_within

if TYPE_CHECKING:
    from core.mage import MageEffect

DURATIONS = "scene|day|week|month|year|2y|5y|10y|20y"
CONNECTIONS = "sensory|intimate|close|known|met|described|unknown"
HELP = {
    "mage": "a Mage: l'Ascension effect: pool, successes needed, odds, Paradox, ritual (RULES 2)",
    "mage-counter": "Mage counter-magic against an effect: its score rolled against the effect, odds and result (RULES 2.7)",
}


#: An argparse type: a whole number ≥ 0 (core's validators then say how far each goes).
natural = whole_in(0, LIMIT)


def _number(parser: argparse.ArgumentParser, name: str, help: str, bound: str | None = None, **kwargs: Any) -> None:
    """``--name N``: within :mod:`core.mage`'s ``bound`` (``"DOTS"``…), else any whole number ≥ 0."""
    kind = natural if bound is None else whole_within(lambda: getattr(importlib.import_module("core.mage"), bound))
    parser.add_argument(name, type=kind, metavar="N", help=help, **kwargs)


def add_commands(sub: Any, spell_sub: Any, common: argparse.ArgumentParser) -> None:
    """``calc spell mage`` and ``calc spell mage-counter``."""
    p = spell_sub.add_parser("mage", parents=[common], help=HELP["mage"], description=HELP["mage"])
    _pool_options(p)
    _roll_and_paradox_options(p)
    _ritual_options(p)
    p.add_argument("--scope-combined", action="store_true",
                   help="house rule mage_scope_separate off: one row buys targets, radius and duration")  # fmt: skip
    p.add_argument(
        "--ones-dont-cancel", action="store_true", help="house rule mage_ones_cancel off: a 1 does not cancel a success"
    )
    _counter_command(spell_sub, common)


def _pool_options(p: argparse.ArgumentParser) -> None:
    """How many dice, and what the successes buy: the pool, power, targets, radius, duration."""
    p.add_argument("--rote", action="store_true", help="a rote: attribute + ability + sphere (else arete + sphere)")
    _number(p, "--attribute", "the rote's attribute", "DOTS")
    _number(p, "--ability", "the rote's ability", "DOTS")
    _number(p, "--arete", "Arete (Entéléchie, 1…10): the improvised pool and the ritual's interval")
    _number(p, "--sphere", "the caster's level in the effect's Sphere", required=True)
    _number(p, "--needed", "the Sphere level the effect needs (default: --sphere); free successes = sphere − needed")
    _number(
        p, "--resistance", "the target's resistance attribute, subtracted from the pool (default: 0)", "DOTS", default=0
    )
    _number(p, "--power", "extra successes bought for power (default: 0)", "EXTRAS", default=0)
    _number(p, "--targets", "number of targets (default: 1; 2, 5, 10 … 500: +1 each row)", default=1)
    _number(p, "--radius", "radius in metres (default: none; 2, 5, 10 … 500 m: +1 each row)", default=0)
    p.add_argument(
        "--duration", default="scene", metavar=DURATIONS, choices=DURATIONS.split("|"), help="duration (default: scene)"
    )
    p.add_argument("--connection", metavar=CONNECTIONS, choices=CONNECTIONS.split("|"),
                   help="the link to a distant target, +0 … +5 (default: none needed)")  # fmt: skip
    _number(
        p,
        "--as-difficulty",
        "extras taken as +1 difficulty each instead of successes (default: 0)",
        "EXTRAS",
        default=0,
    )


def _roll_and_paradox_options(p: argparse.ArgumentParser) -> None:
    """The roll (difficulty, quintessence) and the Paradox it may bring."""
    _number(p, "--difficulty", "difficulty per die (the GM's, 2…10): gives the chance")
    _number(
        p,
        "--quintessence",
        "quintessence offered: +1 die each, at most 3 a roll and --avatar a turn (default: 0)",
        "WHEEL",
        default=0,
    )
    _number(p, "--avatar", "the caster's Avatar: the quintessence channelled in a turn", "DOTS")
    p.add_argument("--vulgar", action="store_true", help="vulgar magic: Paradox")
    p.add_argument("--witnesses", action="store_true", help="witnesses who find it improbable: Paradox")
    p.add_argument("--sleepers", action="store_true", help="Sleepers watch vulgar magic: +2 to the Paradox pool")
    _number(p, "--paradox-pool", "the player's Paradox pool (default: 0)", "WHEEL", default=0)
    _number(p, "--paradox-rolls", "Paradox rolls already made this scene: +1 each (default: 0)", "ROLLS", default=0)


def _ritual_options(p: argparse.ArgumentParser) -> None:
    """A ritual: Willpower hours, foci, assistants and acolytes."""
    _number(p, "--willpower", "a ritual: the caster's Willpower in hours (needs --arete)", "DOTS")
    _number(
        p,
        "--foci",
        "a ritual's foci: the Intelligence + Occult (Ritual) roll's successes, as dice (default: 0)",
        "SUCCESSES",
        default=0,
    )
    p.add_argument(
        "--assistants",
        metavar="N,N,…",
        default="",
        help="each assistant's successes this interval, as dice (at most 10 assistants)",
    )
    _number(p, "--acolytes", "acolytes: one die each (default: 0)", "ACOLYTES", default=0)


def _counter_command(spell_sub: Any, common: argparse.ArgumentParser) -> None:
    """``calc spell mage-counter``."""
    p = spell_sub.add_parser(
        "mage-counter", parents=[common], help=HELP["mage-counter"], description=HELP["mage-counter"]
    )
    _number(
        p,
        "--pool",
        "the counter pool: Arete + the effect's Sphere (or Prime), or the counter-magic rote's pool",
        "POOL",
        required=True,
    )
    _number(
        p, "--quintessence", "quintessence spent: +1 to the score each, for one turn (default: 0)", "WHEEL", default=0
    )
    _number(p, "--effect-successes", "the effect's successes", required=True)
    _number(p, "--successes", "the counter pool's successes, as rolled: the score")
    _number(
        p, "--opposed", "the score's dice rolled against the effect: their successes, as rolled (needs --successes)"
    )
    _number(p, "--difficulty", "difficulty per die (2…10), both rolls: the chances to cancel and to turn it back")
    p.add_argument("--ones-dont-cancel", action="store_true", help="house rule mage_ones_cancel off")
    p.add_argument("--flat", action="store_true",
                   help="house rule mage_counter_flat: the score compared with the effect's successes, not rolled")  # fmt: skip


def effect_of(args: argparse.Namespace) -> MageEffect:
    """The effect the options describe (what ``calc spell mage --save`` keeps in a book)."""
    from core.mage import MageEffect, assistants_of

    return MageEffect(
        sphere=args.sphere, rote=args.rote, attribute=args.attribute, ability=args.ability, arete=args.arete,
        needed=args.needed, resistance=args.resistance, power=args.power, targets=args.targets, radius=args.radius,
        duration=args.duration, connection=args.connection, as_difficulty=args.as_difficulty,
        difficulty=args.difficulty, quintessence=args.quintessence, avatar=args.avatar, vulgar=args.vulgar,
        witnesses=args.witnesses, sleepers=args.sleepers, paradox_pool=args.paradox_pool,
        paradox_rolls=args.paradox_rolls, willpower=args.willpower, foci=args.foci,
        assistants=assistants_of(args.assistants), acolytes=args.acolytes,
    )  # fmt: skip


def run_mage(args: argparse.Namespace) -> Answer:
    from core.mage import mage_spell

    result = mage_spell(effect_of(args), ones_cancel=not args.ones_dont_cancel, scope_separate=not args.scope_combined)
    x = result.extras
    data = {
        "system": "mage", "pool": result.pool, "dice_rolled": result.dice_rolled,
        "free_successes": result.free_successes, "free_used": result.free_used,
        "extras": {"power": x.power, "targets": x.targets, "radius": x.radius, "duration": x.duration,
                   "connection": x.connection, "scope": x.scope},
        "successes_needed": result.successes_needed, "difficulty": result.difficulty,
        "chance": None if result.chance is None else float(result.chance),
        "quintessence_dice": result.quintessence_dice, "quintessence_spent": result.quintessence_spent,
        "paradox_pool": result.paradox_pool, "paradox_level": result.paradox_level,
        "ritual_interval_minutes": result.ritual_interval_minutes, "ritual_max_rolls": result.ritual_max_rolls,
        "possible": result.possible, "reason": result.reason,
    }  # fmt: skip
    return Answer(result.breakdown, data)


def run_mage_counter(args: argparse.Namespace) -> Answer:
    from core.mage import counter_magic

    result = counter_magic(
        args.pool, args.effect_successes, quintessence=args.quintessence, successes=args.successes,
        difficulty=args.difficulty, ones_cancel=not args.ones_dont_cancel, opposed=args.opposed, flat=args.flat,
    )  # fmt: skip
    chance = {"chance_cancel": result.chance_cancel, "chance_turn": result.chance_turn}
    data = {
        "system": "mage", "pool": result.pool, "quintessence": result.quintessence,
        "effect_successes": result.effect_successes, "successes": result.successes, "score": result.score,
        "rolled": not result.flat, "opposed": result.opposed, "result": result.result, "effect_successes_left": result.effect_successes_left,
        **{key: None if value is None else float(value) for key, value in chance.items()},
        "possible": True, "reason": None,
    }  # fmt: skip
    return Answer(result.breakdown, data)


COMMANDS = {"spell mage": run_mage, "spell mage-counter": run_mage_counter}
