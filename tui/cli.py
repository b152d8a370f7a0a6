"""The ``apotheose`` command. Imports Textual only when it opens a screen.

    apotheose [CAMPAIGN] [--saves DIR] [--lang fr|en] [--no-mouse] [--read-only]

and the other commands of :data:`COMMANDS` (``apotheose --help`` lists them from there).
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
    "players": ("tui.players_cli", "main_players"),
    "serve": ("tui.serve.cli", "main_serve"),
    "import": ("tui.roster_cli", "main_import"),
    "export": ("tui.roster_cli", "main_export"),
    "templates": ("tui.roster_cli", "main_templates"),
    "keymap": ("tui.keymap", "main_keymap"),
}


#: Each other command's usage and what it does, as ``apotheose --help`` lists them (one line each).
COMMANDS = (
    ("calc …", "one rules answer: check, attack-group, defend-group, damage, spell…"),
    ("new NAME [--demo]", "create a campaign"),
    ("check FILE", "validate a save"),
    ("log FILE [-o OUT] [--players]", "the combat log as Markdown (--players: what they may see)"),
    ("view NAME|FILE", "the players' live, read-only view"),
    ("share NAME --group G", "let a group (the players) watch a campaign"),
    ("players add|remove|list|invite|link NAME …", "who may join the table over SSH; the browser link"),
    ("serve NAME [--web] [--port P] [--host H]", "the players join over SSH or in a browser (no accounts)"),
    ("import NAME FILE", "add characters and groups from a CSV or JSON file"),
    ("export NAME --roster [-o OUT]", "the roster in that format (--format csv|json)"),
    ("templates", "the NPC template library: its file and templates"),
    ("keymap [--list]", "check keymap.toml (your own keys); --list: the binding ids"),
)


def commands_help() -> str:
    """The epilog of ``apotheose --help``: every other command, one line each."""
    lines = ["other commands (each has its own --help):"]
    for usage, what in COMMANDS:  # two lines each: fits 80 columns
        lines += [f"  apotheose {usage}", f"      {what}"]
    return "\n".join(lines)


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
