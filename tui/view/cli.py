"""``apotheose view NAME|FILE [--saves DIR] [--lang fr|en] [--no-mouse]``: the players' screen.

Read-only: it never writes, locks or creates anything (read permission on the campaign file and
its folder is enough). Exit status 0 on ``q`` or a hang-up, 1 when the campaign cannot be read,
2 for bad command-line input.
"""

from __future__ import annotations

import os
from collections.abc import Sequence


def main_view(argv: Sequence[str]) -> int:
    from tui.campaign_cli import OneLineParser, Rejected
    from tui.i18n import LANGS, default_lang
    from tui.safe import complain

    p = OneLineParser(prog="apotheose view", description="The players' live, read-only view of a campaign.")
    p.add_argument("campaign", metavar="NAME|FILE", help="a campaign name (in the saves folder) or a file")
    p.add_argument("--saves", metavar="DIR", help="the saves folder (default: $APOTHEOSE_SAVES or your data folder)")
    p.add_argument("--lang", choices=LANGS, default=None, help="language (default: from LANG)")
    p.add_argument("--no-mouse", action="store_true", help="do not ask the terminal for mouse reports")
    p.add_argument("--poll", action="store_true", help="look at the file every 0.2 s instead of using a file watcher")
    try:
        args = p.parse_args(list(argv))
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 0
    except Rejected as error:
        return complain(f"apotheose view: {error}", 2)
    from core.errors import RulesError
    from saves.errors import SaveError
    from saves.paths import resolve_campaign, saves_dir
    from tui.view.follow import read_view

    try:
        path = resolve_campaign(args.campaign, saves_dir(args.saves))
        first = read_view(path)
    except RulesError as error:
        return complain(f"apotheose view: {error}", 2)
    except SaveError as error:
        return complain(f"apotheose view: {error}", 1)
    from tui.view.app import ViewApp

    app = ViewApp(path, first, lang=args.lang or default_lang(os.environ), mouse=not args.no_mouse, poll=args.poll)
    try:
        app.run(mouse=app.mouse)
    except OSError:  # the terminal went away (a dropped SSH link): leave quietly
        return 0
    finally:
        app.follower.stop()
    return 0
