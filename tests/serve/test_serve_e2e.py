"""``apotheose serve`` end to end: the real OpenSSH client in tmux joins as a player; the
screen shows the demo's visible combatants and never the hidden ones; the GM's action in the
GM's app (in another tmux) appears on it; a resize reflows it; ``q`` closes the connection."""

from __future__ import annotations

import pytest

from tests.serving import APOTHEOSE, Server, wait_for_view
from tests.terminals import Tmux, wait_until

pytestmark = pytest.mark.slow


def test_a_player_joins_with_one_ssh_line_and_watches_the_gm_play(tmp_path) -> None:
    server = Server(tmp_path)
    gm = player = None
    try:
        player = Tmux(" ".join(server.ssh()), width=80, height=24)
        wait_until(lambda: "Players' view of" in player.screen(), 60, explain=lambda: player.screen() + server.output)
        screen = player.screen()
        assert "Segiere" in screen and "Vétérans de Villon" in screen
        assert "Arbalétriers" not in screen  # hidden in the demo
        (pid,) = wait_for_view(server)

        gm = Tmux(f"{APOTHEOSE} villon --saves {server.saves} --no-mouse", width=120, height=40)
        wait_until(lambda: "Initiative" in gm.screen(), 60, explain=gm.screen)
        gm.keys("x", "6", "Enter")  # 6 damage to the one whose turn it is (Capitaine, an NPC)
        gm.keys("Escape")
        wait_until(lambda: "╭─ Initiative" in gm.screen(), 30, explain=gm.screen)
        gm.keys("j", "j", "j", "j", "x", "5", "Enter")  # Segiere (14 HP, armour 4): HP 13
        wait_until(lambda: "HP 13/14" in player.screen(), 30, explain=lambda: player.screen() + gm.screen())
        assert "Arbalétriers" not in player.screen()

        lines = player.screen().splitlines()
        assert len(lines) == 24 and "Players' view" in lines[-1]
        player.resize(120, 40)
        wait_until(
            lambda: len(player.screen().splitlines()) == 40 and "Players' view" in player.screen().splitlines()[-1],
            30,
            explain=player.screen,
        )

        player.keys("q")
        wait_until(player.dead, 30, explain=player.screen)
        wait_until(lambda: server.children() == [], 10)
    finally:
        for tty in (gm, player):
            if tty is not None:
                tty.close()
        server.stop()
    assert server.said("alice left"), server.output
