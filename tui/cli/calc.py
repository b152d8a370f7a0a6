"""``apotheose calc``: one rules answer, as readable lines or one JSON object, without the app.

Imports no Textual and no Rich: argparse (:mod:`tui.cli.calc_parser`), then only the core module
the subcommand needs (:mod:`tui.cli.calc_commands`). Bad input exits with status 2 and one line on stderr naming the
option; nothing goes to stdout.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from core.breakdown import Lang, Line
from core.errors import RulesError
from tui.cli.calc_commands import Answer, commands
from tui.cli.calc_parser import PROG, Rejected, command_key, normalise, option_of, parser


def _lang(args: argparse.Namespace) -> Lang:
    from tui.i18n import LANGS, default_lang

    lang = getattr(args, "lang", None)
    if lang is None:
        return default_lang()
    if lang.strip().lower() not in LANGS:
        raise RulesError("lang", f"unknown value {lang!r}", LANGS)
    return "fr" if lang.strip().lower() == "fr" else "en"


def _text(value: Any, lang: Lang) -> Any:
    """A :class:`~core.breakdown.Line` (or a list of them) in ``lang``; any other value as is."""
    if isinstance(value, list):
        return [_text(item, lang) for item in value]
    if isinstance(value, dict):
        return {key: _text(item, lang) for key, item in value.items()}
    return value.text(lang) if isinstance(value, Line) else value


def _print(answer: Answer, lang: Lang, as_json: bool) -> None:
    lines = _text(list(answer.breakdown), lang)
    if as_json:
        import json

        data = {key: _text(value, lang) for key, value in answer.data.items()}
        print(json.dumps({**data, "breakdown": lines}, ensure_ascii=False))
    else:
        from tui.cli.output import say

        say(*lines)  # a free aspect's name is the GM's text: shown, never obeyed


def main(argv: Sequence[str]) -> int:
    """Run ``apotheose calc`` on ``argv`` (the words after ``calc``); the exit status."""
    try:
        args = parser().parse_args(normalise(list(argv)))
        lang = _lang(args)
        answer = commands()[command_key(args)](args)
        if hasattr(args, "save"):  # a spell command: kept in a campaign's book when --save asks
            from tui.cli.calc_book import save

            answer = save(args, answer)
    except SystemExit as done:  # --help
        return done.code if isinstance(done.code, int) else 0
    except Rejected as error:
        return _refuse(str(error), getattr(error, "status", 2))
    except RulesError as error:
        allowed = f" (allowed: {error.allowed})" if error.allowed else ""
        return _refuse(f"{option_of(error.field)}: {error.reason}{allowed}")
    _print(answer, lang, getattr(args, "json", False))
    return 0


def _refuse(text: str, status: int = 2) -> int:
    from tui.cli.output import complain

    return complain(f"{PROG}: {text}", status)
