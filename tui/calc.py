"""``apotheose calc``: one rules answer, as readable lines or one JSON object, without the app.

Imports no Textual and no Rich: argparse, then only the core module the subcommand needs
(:mod:`tui.calc_commands`). Bad input exits with status 2 and one line on stderr naming the
option; nothing goes to stdout.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence

from core.errors import RulesError
from tui.calc_commands import COMMANDS, Answer, add_commands

PROG = "apotheose calc"
#: RulesError fields that are positionals rather than ``--options``.
POSITIONALS = ("system", "command")


class Rejected(Exception):
    """Input the command line refuses: ``option: message``."""

    def __init__(self, option: str, message: str):
        super().__init__(f"{option}: {message}" if option else message)


def _reword(message: str) -> Rejected:
    """argparse's error as one line that names the option."""
    if match := re.fullmatch(r"the following arguments are required: (.*)", message):
        return Rejected(match[1], "required")
    if match := re.fullmatch(r"unrecognized arguments: (.*)", message):
        return Rejected(match[1], "not an option of this command (see --help)")
    if match := re.fullmatch(r"argument ([^:]+): invalid choice: (.*) \(choose from (.*)\)", message):
        allowed = ", ".join(choice.strip("'") for choice in match[3].split(", "))
        return Rejected(match[1], f"unknown value {match[2]} (allowed: {allowed})")
    if match := re.fullmatch(r"argument ([^:]+): (.*)", message, re.DOTALL):
        return Rejected(match[1], match[2])
    return Rejected("", message)


class CalcParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are raised (one line), not printed with the usage."""

    def error(self, message: str):  # type: ignore[override]
        raise _reword(" ".join(message.split()))


def option_of(field: str) -> str:
    """The command-line option a core field comes from: ``bypass_armour`` → ``--bypass-armour``."""
    return field if field in POSITIONALS else "--" + field.replace("_", "-")


def parser() -> CalcParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print one JSON object")
    common.add_argument(
        "--lang", metavar="fr|en", default=argparse.SUPPRESS, help="language of the readable lines (default: from LANG)"
    )
    top = CalcParser(
        prog=PROG,
        parents=[common],
        allow_abbrev=False,
        description="One Apothéose rules answer: the breakdown lines, or one JSON object with --json.",
    )
    sub = top.add_subparsers(dest="command", metavar="command", required=True)
    add_commands(sub, common)
    return top


def _lang(args: argparse.Namespace) -> str:
    from tui.i18n import LANGS, default_lang

    lang = getattr(args, "lang", None)
    if lang is None:
        return default_lang()
    if lang.strip().lower() not in LANGS:
        raise RulesError("lang", f"unknown value {lang!r}", LANGS)
    return lang.strip().lower()


def _print(answer: Answer, lang: str, as_json: bool) -> None:
    lines = [item.text(lang) for item in answer.breakdown]  # type: ignore[arg-type]
    if as_json:
        import json

        print(json.dumps({**answer.data, "breakdown": lines}, ensure_ascii=False))
    else:
        print("\n".join(lines))


def main(argv: Sequence[str]) -> int:
    """Run ``apotheose calc`` on ``argv`` (the words after ``calc``); the exit status."""
    try:
        args = parser().parse_args(list(argv))
        lang = _lang(args)
        answer = COMMANDS[args.command](args)
    except SystemExit as done:  # --help
        return done.code if isinstance(done.code, int) else 0
    except Rejected as error:
        return _refuse(str(error))
    except RulesError as error:
        allowed = f" (allowed: {error.allowed})" if error.allowed else ""
        return _refuse(f"{option_of(error.field)}: {error.reason}{allowed}")
    _print(answer, lang, getattr(args, "json", False))
    return 0


def _refuse(text: str) -> int:
    print(f"{PROG}: {' '.join(text.split())}", file=sys.stderr)
    return 2
