"""What ``apotheose serve`` runs for each player, over SSH or in a browser tab: ``apotheose
view`` on the campaign's players' file, with an environment made here (nothing the client sent,
nothing of the server's but ``PATH`` and ``HOME``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

#: Where ``tui`` is: the view runs the same code as the server.
ROOT = str(Path(__file__).resolve().parents[2])


def view_command(players_file: Path, lang: str, pc: str | None, *flags: str, send_fd: int | None = None) -> list[str]:
    """``send_fd``: the view's end of the channel to the GM's inbox (:mod:`tui.serve.channel`),
    given to a seat naming a PC only."""
    command = [sys.executable, "-m", "tui", "view", str(players_file), *flags, "--lang", lang]
    if pc and send_fd is not None:
        command += ["--send-fd", str(send_fd)]
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


def pc_refusal(players_file: Path, pc: str, lang: str = "en") -> str | None:
    """Why a player's ``pc`` (a browser link's ``&pc=``) is refused — it names an NPC or a
    group of the players' file (:func:`core.player_pc.player_character`, the PCs listed) — or
    None. A name the file does not show, or a file that cannot be read now, is taken as given."""
    from core.errors import RulesError
    from core.player_pc import player_character, view_candidates
    from saves.players_file import read_players

    try:
        view = read_players(players_file)
    except Exception:  # noqa: BLE001 - unreadable now: the view says so itself
        return None
    try:
        player_character(pc, view_candidates(view), unknown_ok=True)
    except RulesError as error:
        return error.reason_in(lang)
    return None
