"""Players send their rolls, end to end (issue 38 items 1 and 3): ``apotheose serve --web --ssh``
on 127.0.0.1, two players with the real OpenSSH client in tmux and one in headless Chromium.

Each sends a roll from their view; the GM's inbox then holds exactly their messages, stamped
with their seats (the access list's player and PC, or the browser link's PC). A second message
while one waits is refused by serve; a roll nobody asked of the seat's PC is not offered; a flood
of 10,000 key presses leaves one message and a server that still serves. The GM's answers
(:func:`saves.inbox.settle`, standing for the GM's app) reach each view. ``kill -9`` of serve
loses nothing: the inbox still holds what waited, the campaign and its backups load, and a
restarted serve tells the player of their message that still waits, then of the GM's answer.
"""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

import attrs
import pytest

from core.player_send import Ask, Sent
from core.player_view import player_view_of
from saves.atomic import atomic_write
from saves.inbox import inbox_path, settle, waiting
from saves.players_file import encode_view, players_path
from saves.store import backups_that_load, load_campaign
from tests.browsing import Browser
from tests.serving import Server, alive, keygen
from tests.terminals import Tmux, wait_until

pytestmark = pytest.mark.slow


class Both(Server):
    """``apotheose serve --web --ssh``: the SSH port and the browser link in its output."""

    @property
    def port(self) -> int | None:
        found = re.findall(rf": {self.campaign} on 127\.0\.0\.1:(\d+)", self.output)
        return int(found[-1]) if found else None

    @property
    def url(self) -> str:
        found = re.findall(r"players open: (http://\S+)", self.output)
        assert found, self.output
        return found[-1]


def publish(campaign: Path, *asks: Ask) -> None:
    """What the GM's app publishes: the players' picture with the rolls it asks."""
    view = player_view_of(load_campaign(campaign).journal)
    atomic_write(players_path(campaign), encode_view(attrs.evolve(view, asks=asks)), backups=0)


def waiting_of(inbox: Path) -> dict[str, Sent]:
    return {sent.player: sent for sent in waiting(inbox)}


def test_two_ssh_players_and_a_browser_send_rolls_and_nothing_is_lost(tmp_path: Path) -> None:
    server = Both(tmp_path, "--web", "--ssh", "--web-port", "0", "--web-sends")
    campaign = server.saves / "villon.json"
    inbox = inbox_path(campaign)
    marie_key, paul_key = keygen(tmp_path / "marie"), keygen(tmp_path / "paul")
    server.players("add", "marie", f"{marie_key}.pub", "--pc", "Alduin")
    server.players("add", "paul", f"{paul_key}.pub", "--pc", "Segiere")
    publish(campaign, Ask("Alduin", "attack"), Ask("Segiere", "defence"), Ask("Romuald", "initiative"))
    ttys: list[Tmux] = []
    browser = None
    views: list[int] = []
    try:
        marie = Tmux(" ".join(server.ssh("marie", marie_key)))
        paul = Tmux(" ".join(server.ssh("paul", paul_key)))
        ttys += [marie, paul]

        def screens() -> str:
            return f"--- marie ---\n{marie.screen()}\n--- paul ---\n{paul.screen()}\n--- serve ---\n{server.output}"

        wait_until(lambda: "s die · r roll for me" in marie.screen(), 90, explain=screens)
        wait_until(lambda: "s die · r roll for me" in paul.screen(), 90, explain=screens)
        marie.keys("s")
        wait_until(lambda: "Send a roll for Alduin" in marie.screen(), 30, explain=screens)
        marie.keys("7", "Enter")
        wait_until(lambda: "sent: +7 for your attack, waiting for the GM" in marie.screen(), 30, explain=screens)
        paul.keys("r")
        wait_until(lambda: "the server rolled" in paul.screen(), 30, explain=screens)

        browser = Browser()
        tab = browser.tab()
        tab.page.goto(server.url + "&pc=Romuald")
        tab.wait_for("s die · r roll for me", 90)
        tab.page.locator("#terminal").click()
        tab.page.keyboard.press("r")
        tab.wait_for("the server rolled", 30)

        sent = waiting_of(inbox)
        assert set(sent) == {"marie", "paul", "browser: Romuald"}, sent
        assert (sent["marie"].pc_name, sent["marie"].kind, sent["marie"].die, sent["marie"].by_table) == (
            "Alduin",
            "attack",
            7,
            False,
        )
        assert (sent["paul"].pc, sent["paul"].kind, sent["paul"].by_table) == ("segiere", "defence", True)
        assert (sent["browser: Romuald"].pc_name, sent["browser: Romuald"].kind) == ("Romuald", "initiative")
        assert sent["browser: Romuald"].by_table
        # the whole table's views see what waits once the GM's app publishes it: not this test's part

        # a second message while the first waits: refused by serve. Within MIN_GAP (2 s) of the
        # first, serve says "too soon" instead (and counts nothing): on a quick machine the browser
        # above takes less, so paul presses again until he is past it, whatever the machine's speed.
        server.wait_for(lambda: "paul sent defence" in server.output, 30, explain=screens)

        def pressed_again() -> bool:
            shown = "your last message still waits for the GM" in paul.screen()
            if not shown:
                paul.keys("r")
            return shown

        wait_until(pressed_again, 30, explain=screens)
        # a flood of 10,000 key presses: one message still, and serve still serves
        paul.keys("-l", "r" * 10_000)
        settle(inbox, sent["marie"], "taken")
        wait_until(lambda: "the GM took it" in marie.screen(), 60, explain=screens)
        assert waiting_of(inbox)["paul"] == sent["paul"]
        # a roll nobody asked of the seat's PC is not offered (and serve would refuse it)
        publish(campaign, Ask("Romuald", "initiative"))
        wait_until(lambda: "nothing to send now" in marie.screen(), 30, explain=screens)
        marie.keys("s")
        wait_until(lambda: "nothing to send now" in marie.screen(), 30, explain=screens)
        settle(inbox, sent["browser: Romuald"], "refused")
        tab.wait_for("the GM refused it", 30)
        assert set(waiting_of(inbox)) == {"paul"}

        # serve killed with -9: the inbox keeps what waited, the campaign and its backups load
        views = server.view_pids()
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait(30)
        wait_until(lambda: not any(alive(pid) for pid in views), 30)
        assert waiting_of(inbox) == {"paul": sent["paul"]}
        load_campaign(campaign)
        assert all(loaded for _, loaded in backups_that_load(campaign))
        for tty in ttys:
            tty.close()
        ttys.clear()

        # restarted: the player is told of the message that still waits, then of the GM's answer
        server.launch(server.process.args)  # type: ignore[arg-type]
        server.wait_for(lambda: server.port is not None, 60)
        paul = Tmux(" ".join(server.ssh("paul", paul_key)))
        ttys.append(paul)
        wait_until(lambda: "for your defence, waiting for the GM" in paul.screen(), 90, explain=paul.screen)
        settle(inbox, sent["paul"], "taken")
        wait_until(lambda: "the GM took it" in paul.screen(), 30, explain=paul.screen)
        assert waiting(inbox) == ()
    finally:
        for tty in ttys:
            tty.close()
        if browser is not None:
            browser.close()
        views += server.view_pids()
        server.stop()
        wait_until(lambda: not any(alive(pid) for pid in views), 30)
