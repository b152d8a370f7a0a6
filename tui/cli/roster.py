"""``apotheose import``, ``apotheose export --roster`` and ``apotheose templates``: a roster from
a file and back, and the NPC template library, without the app (no Textual).

    apotheose import CAMPAIGN FILE [--format csv|json]          add FILE's characters and groups
    apotheose export CAMPAIGN --roster [-o OUT] [--format csv|json]   the roster in the same format
    apotheose templates [--saves DIR]                            the library's file and templates

The file format is described in :mod:`saves.roster_file` and in docs/campaign-files.md. An import is all or
nothing: the first error names the line and the field, and exits with status 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from tui.cli.campaign import BAD_SAVE, OneLineParser, _campaign_file, _fail, _parser, _run
from tui.cli.output import say


def main_import(argv: Sequence[str]) -> int:
    p = _parser("import", "Add the characters and mook groups of a CSV or JSON file to a campaign (all or nothing).")
    p.add_argument("campaign", metavar="CAMPAIGN", help="a campaign file, or a name in the saves folder")
    p.add_argument("file", metavar="FILE", help="a .csv or .json roster file")
    p.add_argument("--format", choices=("csv", "json"), help="the file's format (default: from its suffix)")
    p.add_argument(
        "--join", action="store_true", help="they also join the fight under way (late arrivals; refused with no fight)"
    )
    return _guarded("import", p, argv, _import)


def _guarded(
    command: str, parser: OneLineParser, argv: Sequence[str], body: Callable[[argparse.Namespace], int]
) -> int:
    from saves.roster_file import RosterFileError

    def run(args: argparse.Namespace) -> int:
        try:
            return body(args)
        except RosterFileError as error:
            return _fail(f"apotheose {command}: {error}", BAD_SAVE)

    return _run(command, parser, argv, run)


def _import(args: argparse.Namespace) -> int:
    from saves.roster_file import import_into

    path = _campaign_file(args.campaign, args.saves)
    outcome = import_into(path, args.file, args.format, join=args.join)
    say(*(line.en for line in outcome.lines))
    return 0


def main_export(argv: Sequence[str]) -> int:
    p = _parser("export", "Write a campaign's characters and groups as a roster file (the format import reads).")
    p.add_argument("campaign", metavar="CAMPAIGN", help="a campaign file, or a name in the saves folder")
    p.add_argument("--roster", action="store_true", help="export the roster (characters and mook groups)")
    p.add_argument("-o", "--output", metavar="OUT", help="write to this file (default: standard output)")
    p.add_argument("--format", choices=("csv", "json"), help="csv or json (default: from OUT's suffix, else csv)")
    return _guarded("export", p, argv, _export)


def _export(args: argparse.Namespace) -> int:
    from core.errors import RulesError
    from saves.atomic import atomic_write
    from saves.roster_file import format_of, roster_text
    from saves.store import load_campaign

    if not args.roster:
        raise RulesError("--roster", "say what to export: --roster (characters and mook groups)")
    to_file = args.output not in (None, "-")
    fmt = args.format or (format_of(args.output) if to_file else "csv")
    campaign = load_campaign(_campaign_file(args.campaign, args.saves)).journal.campaign
    text = roster_text(campaign, fmt)
    if to_file:
        atomic_write(Path(args.output), text.encode(), backups=0)
    else:
        sys.stdout.write(text)
    return 0


def main_templates(argv: Sequence[str]) -> int:
    p = _parser(
        "templates",
        "Show the NPC template library's file (written with the ready templates if missing) and its templates.",
    )
    return _run("templates", p, argv, _templates)


def _templates(args: argparse.Namespace) -> int:
    from core.notation import format_armour, format_trades
    from saves.templates import ensure_library, library_path

    path = library_path(args.saves)
    templates = ensure_library(path)
    say(path)
    for t in templates:
        c = t.characteristics
        extra = "; ".join(
            x for x in (format_trades(t.trades), format_armour(t.armour_pieces), "mystic" * t.mystic) if x
        )
        say(f"  {t.name}: {c.corps}/{c.esprit}/{c.combat}/{c.ame}" + (f" — {extra}" if extra else ""))
    return 0
