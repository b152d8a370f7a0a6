"""The ``apotheose`` command line: everything in this package imports no Textual (an
import-linter contract in ``pyproject.toml`` checks it, imports inside functions included).

    apotheose [CAMPAIGN] [--saves DIR] [--lang fr|en] [--no-mouse] [--read-only]

and the other commands of :data:`COMMANDS` (``apotheose --help`` lists them from there). The
commands that open a screen — the GM's app (:mod:`tui.run`), the players' view, ``serve`` — and
``keymap`` (which checks keys against Textual's own) live outside this package and are named
here by module, imported only when asked for.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

#: The app itself: what ``apotheose [CAMPAIGN]`` runs (it imports Textual).
APP = ("tui.run", "main")
SUBCOMMANDS = {
    "calc": ("tui.cli.calc", "main"),
    "new": ("tui.cli.campaign", "main_new"),
    "check": ("tui.cli.campaign", "main_check"),
    "log": ("tui.cli.campaign", "main_log"),
    "view": ("tui.view.cli", "main_view"),
    "share": ("tui.cli.share", "main_share"),
    "players": ("tui.cli.players", "main_players"),
    "serve": ("tui.serve.cli", "main_serve"),
    "import": ("tui.cli.roster", "main_import"),
    "export": ("tui.cli.roster", "main_export"),
    "templates": ("tui.cli.roster", "main_templates"),
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
    import importlib

    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in SUBCOMMANDS:
        module, function = SUBCOMMANDS[args[0]]
        try:
            return getattr(importlib.import_module(module), function)(args[1:])
        except BrokenPipeError:  # ``apotheose check FILE | head``: the reader has had enough
            return quiet_pipe()
    module, function = APP
    return getattr(importlib.import_module(module), function)(args)


def quiet_pipe() -> int:
    """Point stdout at /dev/null so that the flush at exit does not complain again; status 0."""
    from tui.cli.output import silence

    silence(sys.stdout)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
