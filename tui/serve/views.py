"""What ``apotheose serve`` runs for each player, over SSH or in a browser tab: ``apotheose
view`` on the campaign's players' file, with an environment made here (nothing the client sent,
nothing of the server's but ``PATH`` and ``HOME``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

#: Where ``tui`` is: the view runs the same code as the server.
ROOT = str(Path(__file__).resolve().parents[2])


def view_command(players_file: Path, lang: str, pc: str | None, *flags: str) -> list[str]:
    command = [sys.executable, "-m", "tui", "view", str(players_file), *flags, "--lang", lang]
    return [*command, "--pc", pc] if pc else command


def view_environment(**extra: str) -> dict[str, str]:
    """The view's whole environment: a UTF-8 locale, this code, and ``extra``."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONPATH": ROOT,
        **extra,
    }
    if "HOME" in os.environ:
        env["HOME"] = os.environ["HOME"]
    return env
