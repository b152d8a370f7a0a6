"""What each subcommand of ``apotheose calc`` computes: one core call, its breakdown and JSON.

Each ``run_*`` takes the parsed options and returns an :class:`Answer`: the core result's
breakdown and the JSON object (a :class:`~core.breakdown.Line` in it is printed in the chosen
language). Core modules are imported inside, so a subcommand loads only what it uses.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from core.breakdown import Breakdown
from core.errors import RulesError

if TYPE_CHECKING:
    import random

    from core.rolls import Check


class Answer(NamedTuple):
    breakdown: Breakdown
    data: dict[str, Any]


def _rng(seed: int | None) -> random.Random:
    """The app's random source, or a seeded one (the hidden ``--seed``, for tests)."""
    import random

    return random.SystemRandom() if seed is None else random.Random(seed)


def _choice(value: Any) -> Any:
    return None if value is None else str(value)


# --- check ----------------------------------------------------------------------------------


def run_check(args: argparse.Namespace) -> Answer:
    from core.rolls import check, parse_difficulty

    difficulty = parse_difficulty(args.difficulty)
    result = check(args.score, difficulty, args.kult, rng=None if args.kult else _rng(args.seed))
    data = {
        "score": result.score, "difficulty": result.difficulty, "dice": list(result.dice), "final": result.final,
        "margin": result.margin, "success": result.success, "success_ranks": result.success_ranks,
        "failure_ranks": result.failure_ranks, "critical": _choice(result.critical), "chance": float(result.chance),
        "rerolls": result.rerolls, "shadow_delta": result.shadow_delta,
    }  # fmt: skip
    return Answer(result.breakdown, data)


# --- combat against a group -------------------------------------------------------------------


def _rolled(args: argparse.Namespace, difficulty: int, final: int) -> int | Check:
    """The final value as given (``--attack``/``--defence``), or the ``--score`` checked with the
    ``--kult`` dice (rolled when none is given) against ``difficulty``, as ``check`` does."""
    from core.rolls import check

    if args.score is None:
        if args.kult:
            raise RulesError("kult", "--kult goes with --score (the final value already holds the die)", ["--score N --kult N"],
                             fr="--kult va avec --score (la valeur finale contient déjà le dé)", allowed_fr=["--score N --kult N"])  # fmt: skip
        return final
    return check(args.score, difficulty, args.kult, rng=None if args.kult else _rng(args.seed))


def _die_data(result: Any) -> dict[str, Any]:
    rolled = result.check
    return {
        "score": rolled.score if rolled else None, "dice": list(rolled.dice) if rolled else [],
        "chance": float(result.chance) if result.chance is not None else None,
        "critical": _choice(rolled.critical) if rolled else None, "shadow_delta": rolled.shadow_delta if rolled else 0,
    }  # fmt: skip


def run_attack_group(args: argparse.Namespace) -> Answer:
    from core.combat import attack_group, group_difficulty

    asked = group_difficulty(args.grade, args.range)
    grade, range = asked.grade, asked.range
    attack = _rolled(args, asked.value, args.attack)
    result = attack_group(attack, grade, range, args.standing)
    data = {
        "attack": result.attack, "grade": str(result.grade), "range": str(result.range), "standing": result.standing,
        "difficulty": result.difficulty, "margin": result.margin, "hit": result.hit,
        "success_ranks": result.success_ranks, "felled": result.felled, **_die_data(result),
    }  # fmt: skip
    return Answer(result.breakdown, data)


def run_defend_group(args: argparse.Namespace) -> Answer:
    from core.combat import defence_difficulty, defend_group

    grade, difficulty, _ = defence_difficulty(args.grade, args.attackers)
    result = defend_group(_rolled(args, difficulty, args.defence), grade, args.attackers)
    data = {
        "defence": result.defence, "grade": str(result.grade), "attackers": result.attackers,
        "difficulty": result.difficulty, "margin": result.defence - result.difficulty, "hit": result.hit,
        "failure_ranks": result.failure_ranks, "damage": result.damage, **_die_data(result),
    }  # fmt: skip
    return Answer(result.breakdown, data)


# --- against one opponent -------------------------------------------------------------------


def run_duel(args: argparse.Namespace) -> Answer:
    """Without ``--defence-kult``: the attack (score + ``--kult``, or as given) against the defence
    score. With it: the PC's defence roll against the attack's final (RULES 1.5)."""
    from core.duel import attack_opponent, defend_opponent
    from core.rolls import check

    attack = sum([args.attack, *(args.kult or [])])
    rolled: Check | None
    if args.defence_kult:
        rolled = check(args.defence, attack, args.defence_kult)
        result = defend_opponent(rolled, attack, weapon=args.weapon)
    else:
        rolled = check(args.attack, args.defence, args.kult) if args.kult else None
        result = attack_opponent(rolled if rolled is not None else args.attack, args.defence, weapon=args.weapon)
    data = {
        "roller": "defence" if args.defence_kult else "attack", "final": result.final, "difficulty": result.difficulty,
        "hit": result.hit, "margin": result.margin, "ranks": result.ranks, "damage": result.damage,
        "weapon": str(result.weapon), "critical": _choice(rolled.critical) if rolled is not None else None,
        "shadow_change": rolled.shadow_delta if rolled is not None else 0,
    }  # fmt: skip
    return Answer(result.breakdown, data)


# --- damage ---------------------------------------------------------------------------------

#: The lowest ``--hp`` the calculator takes (the HP before the hit): a dying character has 0 or
#: less, down to -9; at -10 it is dead (RULES 1.6).
LOWEST_HP = -9


def run_damage(args: argparse.Namespace) -> Answer:
    from core.damage import apply_damage, weapon_damage
    from core.sums import whole as whole_field

    head: Breakdown = ()
    if args.damage is not None:
        if args.weapon is not None or args.ranks is not None:
            raise RulesError("damage", "give either --damage or --weapon and --ranks, not both")
        amount = args.damage
    elif args.ranks is None:
        if args.weapon is not None:
            raise RulesError("ranks", "required with --weapon: the attack's success ranks")
        raise RulesError("damage", "required (--damage N, or --weapon normal|magic --ranks N)")
    else:
        weapon = weapon_damage(args.ranks, args.weapon or "normal")
        amount, head = weapon.value, weapon.breakdown
    whole_field("hp", args.hp, LOWEST_HP)
    result = apply_damage(
        amount,
        hp=args.hp,
        armour=args.armour,
        bruise=args.bruise,
        pugilat=args.pugilat,
        bypass_armour=args.bypass_armour,
    )
    data = {
        "damage": result.damage, "absorbed": result.absorbed, "armour": result.armour, "real": result.real,
        "hp": result.hp, "bruise": result.bruise, "bruised": result.bruised, "wound": str(result.wound),
        "state": str(result.state), "armour_before": result.armour_before, "hp_before": result.hp_before,
        "bruise_before": result.bruise_before,
    }  # fmt: skip
    return Answer((*head, *result.breakdown), data)


# --- magic ----------------------------------------------------------------------------------


def run_spell(args: argparse.Namespace) -> Answer:
    system = "apotheose"
    from core.magic import spell_cost
    from core.validators import require

    if args.shadow is not None:
        require("shadow", 0 <= args.shadow <= 10, f"must be between 0 and 10, got {args.shadow}", "0…10")
    if args.invisible:
        from core.magic import SpellRequest, invisible_spell

        for option in ("ame", "pm", "shadow"):
            if getattr(args, option) is not None:
                raise RulesError(option, "not with --invisible: invisible magic costs no pm and has no max intensity")
        result = invisible_spell(SpellRequest(args.intensity, args.duration, args.range, args.targets), args.graces)
    else:
        if args.graces is not None:
            raise RulesError("graces", "only with --invisible")
        result = spell_cost(
            args.intensity, args.duration, args.range, args.targets, ame=args.ame, pm=args.pm, shadow=args.shadow
        )
    request = result.request
    data = {
        "system": system, "intensity": request.intensity, "duration": request.duration, "range": request.range,
        "targets": request.targets, "total": result.total, "effect": str(result.effect), "tier": str(result.tier),
        "max_intensity": result.max_intensity, "limit": result.limit, "shadow_needed": result.shadow_needed,
        "affordable": result.affordable, "warnings": list(result.warnings), "invisible": result.invisible,
    }  # fmt: skip
    return Answer(result.breakdown, data)


def run_resist(args: argparse.Namespace) -> Answer:
    from core.magic import resist

    if args.pm is not None and args.intensity is not None and args.pm != args.intensity:
        raise RulesError("pm", "give --pm (the spell's total) or its synonym --intensity, not two values")
    pm = args.pm if args.pm is not None else args.intensity
    if pm is None:
        raise RulesError("pm", "required: the pm spent on the spell (--pm N)")
    result = resist(pm, args.kult, args.target, rng=_rng(args.seed))
    data = {
        "pm": result.pm, "intensity": result.pm, "kult": result.kult, "score": result.score, "target": result.target,
        "critical": result.critical, "resisted": result.resisted,
    }  # fmt: skip
    return Answer(result.breakdown, data)


# --- progression ------------------------------------------------------------------------------


def run_xp(args: argparse.Namespace) -> Answer:
    from core.progression import xp_cost

    result = xp_cost(args.from_value, args.to_value)
    data = {
        "from": args.from_value, "to": args.to_value, "cost": result.cost,
        "steps": [{"to": step.to, "cost": step.cost} for step in result.steps],
    }  # fmt: skip
    return Answer(result.breakdown, data)


# --- the subcommands ----------------------------------------------------------------------------

#: Each command's key (:func:`tui.cli.calc_parser.command_key`) to its ``run_*``; the modules of
#: :data:`tui.cli.calc_parser.EXTENSIONS` add theirs (:func:`commands`).
COMMANDS: dict[str, Callable[[argparse.Namespace], Answer]] = {
    "check": run_check,
    "attack-group": run_attack_group,
    "defend-group": run_defend_group,
    "duel": run_duel,
    "damage": run_damage,
    "spell apotheose": run_spell,
    "resist": run_resist,
    "xp": run_xp,
}


def commands() -> dict[str, Callable[[argparse.Namespace], Answer]]:
    """Every subcommand's ``run_*``: these and the extensions'."""
    import importlib

    from tui.cli.calc_parser import EXTENSIONS

    table = dict(COMMANDS)
    for name in EXTENSIONS:
        table.update(importlib.import_module(name).COMMANDS)
    return table
