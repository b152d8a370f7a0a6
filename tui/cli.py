"""The ``apotheose`` command. Imports Textual only when it opens a screen.

    apotheose [CAMPAIGN] [--saves DIR] [--lang fr|en] [--no-mouse] [--read-only]
    apotheose calc …            one rules answer (see ``apotheose calc --help``)
    apotheose new NAME [--demo] create a campaign
    apotheose check FILE        validate a save
    apotheose log FILE [-o OUT] the combat log as Markdown
    apotheose view NAME|FILE    the players' live, read-only view
    apotheose share NAME --group GROUP   let the players' group watch a campaign
    apotheose import NAME FILE  add characters and groups from a CSV or JSON file
    apotheose export NAME --roster [-o OUT]  the roster in that format
    apotheose templates         the NPC template library
    apotheose keymap [--list]   check keymap.toml (remapped keys); --list: the binding ids
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

SUBCOMMANDS = {
    "calc": ("tui.calc", "main"),
    "new": ("tui.campaign_cli", "main_new"),
    "check": ("tui.campaign_cli", "main_check"),
    "log": ("tui.campaign_cli", "main_log"),
    "view": ("tui.view.cli", "main_view"),
    "share": ("tui.share_cli", "main_share"),
    "import": ("tui.roster_cli", "main_import"),
    "export": ("tui.roster_cli", "main_export"),
    "templates": ("tui.roster_cli", "main_templates"),
    "keymap": ("tui.keymap", "main_keymap"),
}


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in SUBCOMMANDS:
        import importlib

        module, function = SUBCOMMANDS[args[0]]
        try:
            return getattr(importlib.import_module(module), function)(args[1:])
        except BrokenPipeError:  # ``apotheose check FILE | head``: the reader has had enough
            return quiet_pipe()
    from tui.run import main as run

    return run(args)


def quiet_pipe() -> int:
    """Point stdout at /dev/null so that the flush at exit does not complain again; status 0."""
    from tui.safe import silence

    silence(sys.stdout)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
