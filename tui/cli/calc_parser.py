"""The command line of ``apotheose calc``: its options, and argparse's errors as one line."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from core.errors import RulesError
from core.validators import LIMIT, Whole

PROG = "apotheose calc"
#: RulesError fields that are positionals rather than ``--options``.
POSITIONALS = ("system", "command")


class Rejected(Exception):
    """Input the command line refuses: ``option: message``."""

    def __init__(self, option: str, message: str):
        super().__init__(f"{option}: {message}" if option else message)


def _reword(message: str) -> Rejected:
    """argparse's error as one line that names the option (by its long name)."""
    message = re.sub(r"(?<![\w-])-\w/(?=--)", "", message)
    if match := re.fullmatch(r"the following arguments are required: (.*)", message):
        return Rejected(match[1], "required")
    if match := re.fullmatch(r"unrecognized arguments: (.*)", message):
        return Rejected(match[1].split()[0], "not an option of this command (see --help)")
    if match := re.fullmatch(r"argument ([^:]+): invalid choice: (.*) \(choose from (.*)\)", message):
        allowed = ", ".join(choice.strip("'") for choice in match[3].split(", "))
        return Rejected(match[1], f"unknown value {match[2]} (allowed: {allowed})")
    if match := re.fullmatch(r"argument ([^:]+): (.*)", message, re.DOTALL):
        return Rejected(match[1], match[2])
    return Rejected("", message)


class _Formatter(argparse.HelpFormatter):
    """Asks the terminal's width only when help is printed: argparse builds a formatter for every
    option it adds, and the width costs an import of shutil (~1.5 ms of start-up)."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=10_000)

    def format_help(self) -> str:
        import shutil

        self._width = shutil.get_terminal_size().columns - 2
        return super().format_help()


def unknown_option(parser: argparse.ArgumentParser, args: list[str] | None) -> str | None:
    """The first ``--option`` in ``args`` that ``parser`` does not know (``--diff`` for
    ``--difficulty``), or None. A parser with subcommands leaves its options to them."""
    if args is None or any(isinstance(a, argparse._SubParsersAction) for a in parser._actions):
        return None
    for arg in args:
        if arg == "--":
            return None
        option = arg.split("=", 1)[0]
        if option.startswith("--") and option not in parser._option_string_actions:
            return option
    return None


class CalcParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are raised (one line), not printed with the usage."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def parse_known_args(  # type: ignore[override]  # one signature for typeshed's three overloads
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """An unknown option is named as unknown, before any required one is missed."""
        unknown = unknown_option(self, None if args is None else list(args))
        if unknown is not None:
            raise Rejected(unknown, "not an option of this command (see --help)")
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        raise _reword(" ".join(message.split()))


def option_of(field: str) -> str:
    """The command-line option a core field comes from: ``bypass_armour`` → ``--bypass-armour``."""
    return field if field in POSITIONALS else "--" + field.replace("_", "-")


def parser() -> CalcParser:
    """``apotheose calc`` and its subcommands; ``--json`` and ``--lang`` fit before or after one."""
    common = CalcParser(add_help=False)
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print one JSON object")
    common.add_argument(
        "--lang", metavar="fr|en", default=argparse.SUPPRESS, help="language of the readable lines (default: from LANG)"
    )
    top = CalcParser(
        prog=PROG,
        parents=[common],
        description="One Apothéose rules answer: the breakdown lines, or one JSON object with --json.",
    )
    sub = top.add_subparsers(dest="command", metavar="command", required=True, prog=PROG)
    add_commands(sub, common)
    return top


def whole(text: str) -> int:
    """An argparse type: a whole number (any a campaign may hold, :data:`core.validators.ANY_WHOLE`)."""
    return whole_in(-LIMIT, LIMIT)(text)


def whole_in(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``lo`` to ``hi`` (the range the rules make sense
    in: :class:`core.validators.Whole`, the one definition); out of it, argparse exits 2 naming
    the option. For any calc module: ``p.add_argument("--level", type=whole_in(0, 10))``."""
    return whole_within(lambda: Whole(lo, hi))


def whole_within(bound: Callable[[], Whole]) -> Callable[[str], int]:
    """An argparse type: a whole number within ``bound()`` (a core module's named bound, looked up
    when the option is parsed: the module is imported only by the command that needs it)."""

    def check(text: str) -> int:
        try:
            return bound().parse("", text)
        except RulesError as error:
            raise argparse.ArgumentTypeError(error.reason) from None

    check.__name__ = "whole number"
    return check


#: The default range of a calc number without one of its own.
NUMBER_RANGE = (-9999, 9999)
#: The kult die: the rules then say which faces the table's die has.
KULT_RANGE = (-99, 99)
#: Levels, intensity, âme, shadow, characteristics: the rules check the exact limits.
SMALL = (-999, 999)


GRADES = "civil|standard|veteran|elite"
HELP = {
    "check": "a kult check: score + kult die against a difficulty (RULES 1.2)",
    "attack-group": "an attack on a group of mooks: how many fall (RULES 1.5)",
    "defend-group": "a defence against a group: hit, and HP lost (RULES 1.5)",
    "duel": "one attacker against one defender: the attack's roll, or the PC's defence roll (RULES 1.5)",
    "damage": "a hit through armour: real HP, wound, state (RULES 1.6)",
    "spell": "a spell's cost in one of four systems: apotheose (the default), mage, poles, d6; or one from a campaign's --book",
    "resist": "a resisted spell: pm spent + kult against the target (RULES 1.7)",
    "xp": "the XP to raise a characteristic (RULES 1.8)",
}


#: Short forms of the options a GM types most (``-s 12 -d hard -k 4``).
SHORT = {
    "--score": "-s",
    "--difficulty": "-d",
    "--kult": "-k",
    "--grade": "-g",
    "--attack": "-a",
    "--defence": "-D",
    "--attackers": "-n",
    "--intensity": "-i",
    "--hp": "-p",
}


def _number(
    parser: argparse.ArgumentParser, name: str, help: str, bounds: tuple[int, int] = NUMBER_RANGE, **kwargs: Any
) -> None:
    parser.add_argument(*_names(name), type=whole_in(*bounds), metavar="N", help=help, **kwargs)


def _names(name: str) -> tuple[str, ...]:
    return (SHORT[name], name) if name in SHORT else (name,)


def _kult(parser: argparse.ArgumentParser, help: str, **kwargs: Any) -> None:
    _number(parser, "--kult", help + "; without it, one is rolled", KULT_RANGE, **kwargs)
    _number(parser, "--seed", argparse.SUPPRESS, (0, 2**63))


def add_commands(sub: Any, common: argparse.ArgumentParser) -> None:
    """Add every subcommand's parser to ``sub`` (argparse subparsers)."""
    parsers = {name: sub.add_parser(name, parents=[common], help=text, description=text) for name, text in HELP.items()}
    _fight_commands(parsers)
    spell = _magic_commands(parsers, common)
    import importlib

    for name in EXTENSIONS:
        importlib.import_module(name).add_commands(sub, spell, common)


def _fight_commands(parsers: dict[str, Any]) -> None:
    """check, attack-group, defend-group, duel, damage (RULES 1.2, 1.5, 1.6)."""
    _check_and_group_commands(parsers)
    _duel_and_damage_commands(parsers)


def _check_and_group_commands(parsers: dict[str, Any]) -> None:
    """check, attack-group, defend-group (RULES 1.2, 1.5)."""
    p = parsers["check"]
    _number(p, "--score", "the score: characteristic + trade + speciality ± affect…", required=True)
    p.add_argument(
        *_names("--difficulty"),
        required=True,
        metavar="N|NAME",
        help="a number or easy, medium, hard, very_hard, epic (French names too)",
    )
    _kult(
        p, "the kult die rolled at the table (-9…+10); give it again for a reroll, added to the first", action="append"
    )

    p = parsers["attack-group"]
    _final_or_score(
        p,
        "--attack",
        "the attack's final value (score + kult die), or:",
        "the attack score, the kult die added as in check (its chance shown)",
    )
    p.add_argument(*_names("--grade"), required=True, metavar=GRADES, help="the group's average grade")
    p.add_argument("--range", default="short", metavar="short|medium|long", help="shooting range (default: short)")
    _number(p, "--standing", "mooks still standing: at most this many fall")

    p = parsers["defend-group"]
    _final_or_score(
        p,
        "--defence",
        "the defence's final value (score, + kult die if rolled), or:",
        "the defence score, the kult die added as in check (its chance shown)",
    )
    p.add_argument(*_names("--grade"), required=True, metavar=GRADES, help="the attackers' average grade")
    _number(p, "--attackers", "how many attack at once", required=True)


def _duel_and_damage_commands(parsers: dict[str, Any]) -> None:
    """duel, damage (RULES 1.5, 1.6)."""
    p = parsers["duel"]
    _number(p, "--attack", "the attack score (its final value when --kult is not given)", required=True)
    _number(p, "--defence", "the defence score", required=True)
    _number(p, "--kult", "the attacker's kult die (-9…+10); again for a reroll", action="append")
    _number(
        p,
        "--defence-kult",
        "the defender's kult die: the PC rolls its defence against the attack's final; again for a reroll",
        action="append",
    )
    p.add_argument(
        "--weapon",
        default="normal",
        metavar="normal|magic",
        help="the attacker's weapon: 1, magic or charged 2 (default: normal)",
    )

    p = parsers["damage"]
    _number(p, "--damage", "the damage dealt")
    p.add_argument("--weapon", metavar="normal|magic", help="or the weapon (1, magic or charged 2) …")
    _number(p, "--ranks", "… and the attack's success ranks (+1 each)")
    _number(p, "--hp", "real HP before the hit", required=True)
    _number(p, "--armour", "armour points left (default: 0)", default=0)
    _number(p, "--bruise", "bruising already taken (default: 0)", default=0)
    p.add_argument(
        "--pugilat", action="store_true", help="non-lethal: half of what gets through is real, the rest bruising"
    )
    p.add_argument("--bypass-armour", action="store_true", help="the hit ignores armour (suffocation, a mind attack…)")


def _final_or_score(p: Any, flag: str, final_help: str, score_help: str) -> None:
    """``flag N`` (the final value) or ``--score N`` with the kult dice rolled: one of the two."""
    final = p.add_mutually_exclusive_group(required=True)
    _number(final, flag, final_help)
    _number(final, "--score", score_help)
    _kult(p, "with --score: the kult die rolled at the table; again for a reroll", action="append")


def _magic_commands(parsers: dict[str, Any], common: argparse.ArgumentParser) -> Any:
    """spell apotheose, resist, xp (RULES 1.7, 1.8); the ``spell`` subparsers, for the other systems."""
    parsers[
        "spell"
    ].epilog = "calc spell SYSTEM --help: that system's options; without a system, apotheose (calc spell -i 3)"
    spell = parsers["spell"].add_subparsers(dest="system", metavar="system", required=True, prog=f"{PROG} spell")
    what = "an Apothéose spell's cost: pm, effect, tier, limit (RULES 1.7)"
    p = spell.add_parser("apotheose", parents=[common], help=what, description=what)
    _number(p, "--intensity", "intensity (≥ 1)", SMALL, required=True)
    _number(p, "--duration", "duration level: 0 instant, 1 ten minutes, 5 a day (default: 0)", SMALL, default=0)
    _number(p, "--range", "range level: 0 touch, 5 a city (default: 0)", SMALL, default=0)
    _number(p, "--targets", "targets level: 0 one, 2…5 that many, 10 about a hundred (default: 0)", SMALL, default=0)
    _number(p, "--ame", "the caster's âme: max intensity, limit, shadow needed", SMALL)
    _number(p, "--pm", "the caster's pm now: whether it can pay")
    _number(p, "--shadow", "the caster's shadow (0…10): warns when inspiration passes 10", SMALL)
    p.add_argument(
        "--invisible", action="store_true",
        help="invisible magic: 0 pm whatever the effect (a grace, benevolence, gratuitousness, economy)",
    )  # fmt: skip
    _number(p, "--graces", "with --invisible: the caster's graces (0: impossible)", SMALL)

    p = parsers["resist"]
    _number(p, "--pm", "the pm spent on the spell, its total (≥ 1); --intensity is accepted too", dest="pm")
    _number(p, "--intensity", argparse.SUPPRESS, SMALL, dest="intensity")
    _kult(p, "the caster's kult die (-9…+10)")
    _number(p, "--target", "the value to beat: the target's âme, or the higher of âme and corps/esprit", required=True)

    p = parsers["xp"]
    _number(p, "--from", "the characteristic now", SMALL, required=True, dest="from_value")
    _number(p, "--to", "the value to reach", SMALL, required=True, dest="to_value")
    return spell


#: Modules that add subcommands (another magic system's calculator): each has
#: ``add_commands(sub, spell_sub, common)`` adding its parsers (``calc X`` to ``sub``, ``calc spell X``
#: to ``spell_sub``) and ``COMMANDS``, a dict from the command's key (``"X"`` or ``"spell X"``) to its
#: ``run_*``. Keep them light: core modules are imported inside the ``run_*`` functions.
EXTENSIONS: tuple[str, ...] = ("tui.cli.calc_mage", "tui.cli.calc_poles", "tui.cli.calc_d6", "tui.cli.calc_book")


def command_key(args: argparse.Namespace) -> str:
    """The key of the parsed command in the COMMANDS tables: ``damage``, ``spell apotheose``…"""
    system = getattr(args, "system", None)
    return f"{args.command} {system}" if args.command == "spell" and system else args.command


def normalise(argv: list[str]) -> list[str]:
    """``calc spell`` without a system means Apothéose, ``calc spell --book …`` the book
    (:mod:`tui.cli.calc_book`); ``Apothéose`` is ``apotheose``."""
    if argv[:1] != ["spell"] or argv[1:] in (["-h"], ["--help"]):  # ``calc spell --help``: the systems
        return argv
    if (len(argv) == 1 or argv[1].startswith("-")) and any(a == "--book" or a.startswith("--book=") for a in argv[1:]):
        return ["spell", "book", *argv[1:]]
    if len(argv) == 1 or argv[1].startswith("-"):
        return ["spell", "apotheose", *argv[1:]]
    return ["spell", argv[1].strip().lower().replace("é", "e").replace("ô", "o"), *argv[2:]]
