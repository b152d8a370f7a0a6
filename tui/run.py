"""``apotheose [CAMPAIGN]``: open the GM app (the only path that imports Textual)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

from tui.i18n import LANGS, default_lang


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="apotheose", description="The Apothéose GM app.")
    p.add_argument("campaign", nargs="?", help="a campaign name (in the saves folder) or a file; default: the demo")
    p.add_argument("--saves", metavar="DIR", help="the saves folder (default: $APOTHEOSE_SAVES or your data folder)")
    p.add_argument("--lang", choices=LANGS, default=None, help="language of the app (default: from LANG)")
    p.add_argument("--no-mouse", action="store_true", help="do not ask the terminal for mouse reports (quieter over SSH)")
    p.add_argument("--read-only", action="store_true", help="open without changing anything")
    return p


def main(argv: Sequence[str]) -> int:
    args = parser().parse_args(argv)
    lang = args.lang or default_lang(os.environ)
    from core.demo import demo_campaign
    from tui.app import make_app
    from tui.session import Session

    session = Session.of(demo_campaign(), read_only=args.read_only)
    app = make_app(session, lang=lang, mouse=not args.no_mouse)
    app.run(mouse=not args.no_mouse)
    return 0
