"""``apotheose new``, ``apotheose check`` and ``apotheose log``: campaign files without the app.

    apotheose new NAME [--demo] [--saves DIR]          create a campaign, print its path
    apotheose check CAMPAIGN [--saves DIR]             validate a save: summary and exit 0, or the error and exit 1
    apotheose log CAMPAIGN [-o OUT] [--lang fr|en] [--players]
                                                       the combat log as Markdown (stdout by default);
                                                       --players: only what the players may see

CAMPAIGN is a file, or a name in the saves folder (``--saves``, else ``$APOTHEOSE_SAVES``, else the
user data folder). Imports no Textual. A bad option exits with status 2 and one line naming it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from core.breakdown import Lang
from core.errors import RulesError
from saves.errors import SaveError
from tui.cli.output import say

if TYPE_CHECKING:
    from core.journal import Journal

USAGE_ERROR = 2
BAD_SAVE = 1


class Rejected(Exception):
    """Bad command-line input: one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors raise :class:`Rejected` instead of printing usage."""

    def error(self, message: str) -> NoReturn:
        raise Rejected(message)

    def parse_known_args(  # type: ignore[override]  # one signature for typeshed's three overloads
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """An unknown option is named as unknown, before any required one is missed."""
        from tui.cli.calc_parser import unknown_option

        unknown = unknown_option(self, None if args is None else list(args))
        if unknown is not None:
            self.error(f"unknown option: {unknown} (see --help)")
        return super().parse_known_args(args, namespace)


def _parser(command: str, description: str) -> OneLineParser:
    p = OneLineParser(prog=f"apotheose {command}", description=description)
    p.add_argument("--saves", metavar="DIR", help="the saves folder (default: $APOTHEOSE_SAVES or your data folder)")
    return p


def _run(command: str, parser: OneLineParser, argv: Sequence[str], body: Callable[[argparse.Namespace], int]) -> int:
    try:
        args = parser.parse_args(list(argv))
        return body(args)
    except SystemExit as done:  # --help
        return done.code if isinstance(done.code, int) else 0
    except Rejected as error:
        return _fail(f"apotheose {command}: {error}", USAGE_ERROR)
    except RulesError as error:
        return _fail(f"apotheose {command}: {error}", USAGE_ERROR)
    except SaveError as error:
        return _fail(str(error), BAD_SAVE)


def _fail(text: str, status: int) -> int:
    from tui.cli.output import complain

    return complain(text, status)


def _campaign_file(name_or_path: str, saves: str | None) -> Path:
    from saves.paths import resolve_campaign, saves_dir

    return resolve_campaign(name_or_path, saves_dir(saves))


# -- new -------------------------------------------------------------------------------------------


def main_new(argv: Sequence[str]) -> int:
    """``apotheose new NAME [--demo] [--saves DIR]``: create a campaign and print its path."""
    p = _parser("new", "Create a campaign in the saves folder (or at the path given) and print its path.")
    p.add_argument("name", metavar="NAME", help="the campaign's name, or a file path ending in .json")
    p.add_argument("--demo", action="store_true", help="start from the demo fight (Villon's veterans)")
    return _run("new", p, argv, _new)


def _new(args: argparse.Namespace) -> int:
    from core.campaign import Campaign
    from core.demo import demo_campaign
    from saves.paths import looks_like_path
    from saves.store import create_campaign

    path = _campaign_file(args.name, args.saves)
    name = path.stem if looks_like_path(args.name) else args.name.strip()
    campaign = demo_campaign(name) if args.demo else Campaign(name=name)
    say(create_campaign(path, campaign))
    return 0


# -- check -----------------------------------------------------------------------------------------


def main_check(argv: Sequence[str]) -> int:
    """``apotheose check CAMPAIGN``: a summary and exit 0, or the error and exit 1."""
    p = _parser("check", "Check that a campaign file loads; print a summary, or the error.")
    p.add_argument("campaign", metavar="CAMPAIGN", help="a campaign file, or a name in the saves folder")
    return _run("check", p, argv, _check)


def _check(args: argparse.Namespace) -> int:
    from saves.atomic import load_bytes
    from saves.store import load_campaign

    path = _campaign_file(args.campaign, args.saves)
    loaded = load_campaign(path, replay=True)
    say(
        f"{path}: loads",
        *(f"  {label}: {value}" for label, value in summary(loaded.journal, _file_version(load_bytes(path)))),
    )
    if loaded.note:
        say(f"  note: {loaded.note}")
    return 0


def _file_version(raw: bytes) -> object:
    import orjson

    return orjson.loads(raw).get("version")


def summary(journal: Journal, version: object) -> list[tuple[str, str]]:
    """The lines ``apotheose check`` prints about a loaded campaign."""
    from core.sums import plural
    from saves.envelope import CURRENT_VERSION, FORMAT

    c = journal.campaign
    pcs = sum(1 for ch in c.roster if ch.pc)
    hidden = sum(1 for x in c.roster if x.hidden) + sum(1 for g in c.groups if g.hidden)
    encounter = "none"
    if c.encounter is not None:
        enc = c.encounter
        turn = f", turn of {c.name_of(enc.current)}" if enc.current else ""
        encounter = f"{enc.name}, round {enc.round}{turn} ({len(enc.participants)} taking part)"
    upgraded = "" if version == CURRENT_VERSION else f", upgraded to {CURRENT_VERSION} when read"
    return [
        ("name", c.name),
        ("characters", f"{len(c.roster)} ({pcs} PC, {len(c.roster) - pcs} NPC)"),
        (
            "groups",
            f"{len(c.groups)} ({sum(g.standing for g in c.groups)} of {sum(g.total for g in c.groups)} mooks standing)",
        ),
        ("hidden from players", str(hidden)),
        ("encounter", encounter),
        ("session", str(c.session)),
        (
            "spell book",
            f"{plural(len(c.book.spells), 'spell{s}', '').en} of its own, {plural(len(c.book.casters), 'caster{s}', '').en} (calc spell --book lists them)",
        ),
        (
            "history",
            f"{plural(len(journal.done), 'action{s}', '').en} to undo, {len(journal.undone)} to redo, {plural(len(journal.log), 'log line{s}', '').en}",
        ),
        ("format", f"{FORMAT} version {version}{upgraded}"),
    ]


# -- log -------------------------------------------------------------------------------------------


def main_log(argv: Sequence[str]) -> int:
    """``apotheose log CAMPAIGN [-o OUT] [--lang fr|en]``: the combat log as Markdown."""
    from tui.i18n import LANGS

    p = _parser("log", "Write a campaign's combat log as Markdown.")
    p.add_argument("campaign", metavar="CAMPAIGN", help="a campaign file, or a name in the saves folder")
    p.add_argument("-o", "--output", metavar="OUT", help="write to this file (default: standard output)")
    p.add_argument("--lang", choices=LANGS, default=None, help="language (default: from LANG)")
    p.add_argument("--players", action="store_true", help="only what the players may see (no hidden combatants)")
    return _run("log", p, argv, _log)


def _log(args: argparse.Namespace) -> int:
    from core.text import visible
    from saves.atomic import atomic_write
    from saves.store import load_campaign
    from tui.i18n import default_lang

    lang = args.lang or default_lang(os.environ)
    loaded = load_campaign(_campaign_file(args.campaign, args.saves))
    text = players_markdown_log(loaded.journal, lang) if args.players else markdown_log(loaded.journal, lang)
    text = visible(text)  # no terminal code reaches the reader
    if args.output is None or args.output == "-":
        sys.stdout.write(text)
    else:
        atomic_write(Path(args.output), text.encode(), backups=0)
    return 0


_TITLE = {"en": "Combat log", "fr": "Journal de combat"}
_EMPTY = {"en": "Nothing has happened yet.", "fr": "Rien ne s'est encore passé."}
_MARKDOWN_SPECIAL = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|#"})


def players_markdown_log(journal: Journal, lang: Lang = "en") -> str:
    """The combat log as the players may read it (core.player_view.visible_log): the lines
    decided readable when they were written (none about a combatant hidden then, none with
    numbers about one whose numbers they were not shown, none telling what the GM kept private)."""
    from core.player_view import visible_log

    lines = visible_log(journal.log, keep=None)
    out = [f"# {journal.campaign.name.translate(_MARKDOWN_SPECIAL)} — {_TITLE[lang]}", ""]
    out.extend(f"- {ln.text(lang).translate(_MARKDOWN_SPECIAL)}" for ln in lines)
    if not lines:
        out.append(_EMPTY[lang])
    return "\n".join(out) + "\n"


def markdown_log(journal: Journal, lang: Lang = "en") -> str:
    """The combat log, oldest first: one list item per line, ``#seq`` first, undone ones marked."""
    out = [f"# {journal.campaign.name.translate(_MARKDOWN_SPECIAL)} — {_TITLE[lang]}", ""]
    mark = {"undo": "↶ ", "redo": "↷ ", "reroll": "⟳ "}
    for entry in journal.log:
        text = entry.line.text(lang).translate(_MARKDOWN_SPECIAL)
        out.append(f"- **{entry.seq}** {mark.get(entry.kind, '')}{text}")
    if not journal.log:
        out.append(_EMPTY[lang])
    return "\n".join(out) + "\n"
