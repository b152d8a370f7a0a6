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
from collections.abc import Callable, Sequence

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


#: What each other command does, as ``apotheose --help`` lists them (one line each; each
#: command's own ``--help`` gives its options).
COMMANDS = {
    "calc": "one rules answer: check, attack-group, damage, spell…",
    "new": "create a campaign (--demo: from the demo fight)",
    "check": "does a campaign file load? a summary, or the error",
    "log": "the combat log as Markdown (--players: what they may see)",
    "view": "the players' live, read-only view",
    "share": "let a Unix group (the players) watch a campaign",
    "players": "who may join over SSH; the browser link's secret",
    "serve": "the players join over SSH, or in a browser (--web)",
    "import": "add characters and groups from a CSV or JSON file",
    "export": "the roster as a CSV or JSON file (--roster)",
    "templates": "the NPC template library: its file and templates",
    "keymap": "check keymap.toml (your own keys); --list: the ids",
}


def commands_help() -> str:
    """The epilog of ``apotheose --help``: every other command, one line each."""
    width = max(map(len, COMMANDS))
    lines = ["commands (apotheose COMMAND --help: its options):"]
    lines += [f"  apotheose {name:<{width}}  {what}" for name, what in COMMANDS.items()]
    return "\n".join(lines)


def version() -> str:
    """The installed package's version (its metadata), as ``apotheose --version`` prints it."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("apotheose")
    except PackageNotFoundError:  # run from a tree that was never installed
        return "unknown (not installed)"


def main(argv: Sequence[str] | None = None) -> int:
    import importlib

    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in SUBCOMMANDS:
        module, function = SUBCOMMANDS[args[0]]
        try:
            command: Callable[[list[str]], int] = getattr(importlib.import_module(module), function)
            return command(args[1:])
        except BrokenPipeError:  # ``apotheose check FILE | head``: the reader has had enough
            return quiet_pipe()
    module, function = APP
    app: Callable[[list[str]], int] = getattr(importlib.import_module(module), function)
    return app(args)


def quiet_pipe() -> int:
    """Point stdout at /dev/null so that the flush at exit does not complain again; status 0."""
    from tui.cli.output import silence

    silence(sys.stdout)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
