"""``apotheose share NAME|FILE --group GROUP [--saves DIR]``: let a Unix group watch a campaign.

Prints what it changed (saves.share). Imports no Textual. Exit 0, 1 when the campaign cannot
be shared (no such group, a file that is not ours, a symlink…), 2 for bad command-line input.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def main_share(argv: Sequence[str]) -> int:
    from tui.cli.campaign import _campaign_file, _parser, _run

    p = _parser("share", "Make a campaign readable by a group (the players), writable by you alone.")
    p.add_argument("campaign", metavar="NAME|FILE", help="a campaign file, or a name in the saves folder")
    p.add_argument("--group", required=True, metavar="GROUP", help="the players' Unix group")

    def body(args: argparse.Namespace) -> int:
        from saves.share import share_campaign
        from tui.cli.output import say

        path = _campaign_file(args.campaign, args.saves)
        changes = share_campaign(path, args.group)
        say(f"{path}: shared with group {args.group} (read-only for its members)")
        say(*(f"  {change}" for change in changes or ["nothing to change: it already was"]))
        return 0

    return _run("share", p, argv, body)
