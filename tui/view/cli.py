"""``apotheose view NAME|FILE [--saves DIR] [--lang fr|en] [--no-mouse] [--pc NAME] [--lines]``: the players' screen.

``--lines`` writes it as plain lines instead, one per change, and needs no terminal
(:mod:`tui.view.lines`).

``--browser`` (not in ``--help``) is how ``apotheose serve --web`` starts it for a browser tab:
no terminal then (Textual's web driver speaks to the server on standard input and output), and
it ends when the server that started it is gone.

``--send-fd`` (not in ``--help``) is how ``serve`` gives a seat naming a PC its channel to the
GM's inbox (:mod:`tui.view.send`); without it the view sends nothing.

Read-only: it reads the campaign's players' file (``NAME.players.json``, written by the GM's
app; :mod:`saves.players_file`), never the campaign, and never writes, locks or creates
anything (read permission on that file and its folder is enough). Exit status 0 on ``q`` or a
hang-up signal, 1 when there is no such campaign, the players' file cannot be read, standard
input is not a terminal or the terminal hangs up, 2 for bad command-line input.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from core.player_view import PlayerView
    from tui.view.app import ViewApp


def _view_parser() -> argparse.ArgumentParser:
    """``apotheose view``'s arguments."""
    from tui.cli.campaign import OneLineParser
    from tui.i18n import LANGS

    p = OneLineParser(prog="apotheose view", description="The players' live, read-only view of a campaign.")
    p.add_argument(
        "campaign", metavar="NAME|FILE", help="a campaign name (in the saves folder), its file or its players' file"
    )
    p.add_argument("--saves", metavar="DIR", help="the saves folder (default: $APOTHEOSE_SAVES or your data folder)")
    p.add_argument("--lang", choices=LANGS, default=None, help="language (default: from LANG)")
    p.add_argument("--no-mouse", action="store_true", help="do not ask the terminal for mouse reports")
    p.add_argument("--poll", action="store_true", help="look at the file every 0.2 s instead of using a file watcher")
    p.add_argument(
        "--pc", metavar="NAME", help="your character (its name or id): the view tells you when it is your turn"
    )
    p.add_argument(
        "--lines",
        action="store_true",
        help="plain lines on standard output, one per change, no colour or cursor movement "
        "(for a screen reader, a braille display or a chat bridge); no terminal needed",
    )
    p.add_argument("--once", action="store_true", help="with --lines: the state in a few lines, then stop")
    p.add_argument("--browser", action="store_true", help=argparse.SUPPRESS)
    # serve's channel (issue 38): the descriptor of the socket serve reads, given by serve only
    p.add_argument("--send-fd", type=int, default=None, help=argparse.SUPPRESS)
    return p


def main_view(argv: Sequence[str]) -> int:
    from tui.cli.campaign import Rejected
    from tui.cli.output import complain

    p = _view_parser()
    try:
        args = p.parse_args(list(argv))
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 0
    except Rejected as error:
        return complain(f"apotheose view: {error}", 2)
    from core.errors import RulesError
    from core.player_view import PlayerView
    from saves.errors import MissingFileError, SaveError
    from saves.paths import resolve_campaign, saves_dir
    from saves.players_file import SUFFIX, players_path
    from tui.terminal import no_terminal
    from tui.view.follow import problem_of, read_view

    try:
        given = resolve_campaign(args.campaign, saves_dir(args.saves))
    except RulesError as error:
        return complain(f"apotheose view: {error}", 2)
    path = given if given.name.endswith(SUFFIX) else players_path(given)
    problem = None
    try:
        first = read_view(path)
    except MissingFileError as error:
        if not os.path.lexists(given):  # no campaign either: a mistyped name
            return complain(f"apotheose view: {given}: no such campaign", 1)
        first, problem = PlayerView(campaign=given.stem), problem_of(error)  # the GM has not opened it yet
    except SaveError as error:
        return complain(f"apotheose view: {error}", 1)
    try:
        pc = _pc(args.pc, first)
    except RulesError as error:
        return complain(f"apotheose view: --pc: {error.reason}", 2)
    if args.lines or args.once:
        return _lines(args, path, first, pc, problem)
    if not args.browser and (why := no_terminal()) is not None:
        return complain(f"apotheose view: {why}", 1)
    return _run(_app(args, path, first, pc, problem))


def _app(args: argparse.Namespace, path: Path, first: PlayerView, pc: str | None, problem: str | None) -> ViewApp:
    """The view's app, as the command line asks for it."""
    from tui.i18n import default_lang
    from tui.view.app import ViewApp

    return ViewApp(
        path,
        first,
        lang=args.lang or default_lang(os.environ),
        mouse=not args.no_mouse,
        poll=args.poll,
        pc=pc,
        problem=problem,
        parent=os.getppid() if args.browser else None,
        send_fd=_send_fd(args.send_fd),
    )


def _send_fd(fd: int | None) -> int | None:
    """``--send-fd``'s descriptor when it is a socket this view holds (serve's), else None:
    without it the view stays read-only."""
    import socket
    import stat

    if fd is None or fd < 3:
        return None
    try:
        if not stat.S_ISSOCK(os.fstat(fd).st_mode):
            return None
        socket.socket(fileno=os.dup(fd)).close()  # a socket Python can use
    except OSError:
        return None
    return fd


def _lines(args: argparse.Namespace, path: Path, first: PlayerView, pc: str | None, problem: str | None) -> int:
    """``--lines``: the plain lines until the reader stops them or the file goes away."""
    from tui.i18n import default_lang
    from tui.view.lines import Lines, once

    if args.once:
        return once(first, problem, lang=args.lang or default_lang(os.environ), pc=pc)
    return Lines(path, first, lang=args.lang or default_lang(os.environ), pc=pc, problem=problem, poll=args.poll).run()


def _pc(given: str | None, first: PlayerView) -> str | None:
    """The name of the PC ``--pc`` gives (its name in any case: :func:`core.player_pc.player_character`);
    an NPC or a group of the view is a RulesError listing the PCs, a name it does not show is kept."""
    if given is None:
        return None
    from core.player_pc import player_character, view_candidates

    found = player_character(given, view_candidates(first), unknown_ok=True)
    return given if found is None else found.name


def _run(app: ViewApp) -> int:
    """Run the view until the player quits or the terminal hangs up."""
    from tui.cli.output import complain
    from tui.terminal import HUNG_UP, leave_on_hangup

    hung_up = leave_on_hangup(app)
    try:
        app.run(mouse=app.mouse)
    except OSError:  # the terminal went away (a dropped SSH link): leave quietly
        return 0
    finally:
        app.follower.stop()
    if hung_up.is_set():
        return complain(f"apotheose view: {HUNG_UP}", 1)
    return 0
