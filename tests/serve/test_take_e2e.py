"""The GM takes a player's roll, end to end (issue 38, item 2 with items 1 and 3): ``apotheose
serve --ssh`` on 127.0.0.1, a player with the real OpenSSH client in tmux, and the GM's app
(Pilot, in this process) on the same campaign file. The GM opens Segiere's defence; the player
sees it asked and sends a die; the GM's Enter takes it (the log says who rolled), a second
message is refused with ctrl+x, and undo takes the first back. The player's view is told each
answer."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from core.actions import DefendOpponent
from saves.inbox import inbox_path, waiting
from tests.serving import Server, alive, keygen
from tests.terminals import Tmux, wait_until
from tests.tui.pilot import WIDE, quiet, run, select, wait_for
from tui.serve.channel import MIN_GAP

pytestmark = pytest.mark.slow


@run
async def test_a_player_sends_over_ssh_the_gm_takes_one_refuses_one_and_undoes(tmp_path: Path) -> None:
    from tui.run import build, finish

    server = Server(tmp_path, "--ssh")
    campaign = server.saves / "villon.json"
    inbox = inbox_path(campaign)
    paul_key = keygen(tmp_path / "paul")
    server.players("add", "paul", f"{paul_key}.pub", "--pc", "Segiere")
    app = build([str(campaign), "--saves", str(server.saves)], rng=random.Random(0))
    paul: Tmux | None = None
    views: list[int] = []
    try:
        async with app.run_test(size=WIDE) as pilot:
            await quiet(pilot)
            before = app.campaign
            await select(pilot, "segiere")
            await pilot.press("P")  # Segiere defends against whoever's turn it is: her roll is asked
            await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "duel-die")
            paul = Tmux(" ".join(server.ssh("paul", paul_key)))
            screen = paul.screen
            await wait_for(pilot, lambda: "s die · r roll for me" in screen(), every=0.2)
            paul.keys("s")
            await wait_for(pilot, lambda: "Send a roll for Segiere" in screen(), every=0.2)
            paul.keys("4", "Enter")
            await wait_for(pilot, lambda: len(app.waiting) == 1, every=0.1)
            first = time.monotonic()
            assert app.waiting[0].player == "paul" and app.waiting[0].die == 4
            await quiet(pilot)
            await pilot.press("enter")  # one key: the player's die
            await wait_for(pilot, lambda: len(app.session.journal.done) == 1)
            taken = app.session.journal.done[-1].action
            assert isinstance(taken, DefendOpponent) and taken.dice == (4,) and taken.rolled_by is not None
            assert any(ln.line.en.endswith("(Segiere's player rolled +4)") for ln in app.session.journal.log)
            await wait_for(pilot, lambda: "the GM took it" in screen(), every=0.2)
            # a second message: refused with ctrl+x, nothing recorded
            await wait_for(pilot, lambda: "s die · r roll for me" in screen(), every=0.2)
            # serve takes one message every MIN_GAP seconds from a player: the next one after that
            await wait_for(pilot, lambda: time.monotonic() - first > MIN_GAP + 0.5, every=0.2)
            paul.keys("r")
            await wait_for(pilot, lambda: len(app.waiting) == 1, every=0.1)
            await quiet(pilot)
            await pilot.press("ctrl+x")
            await wait_for(pilot, lambda: "the GM refused it" in screen(), every=0.2)
            assert len(app.session.journal.done) == 1 and waiting(inbox) == ()
            # undo takes the taken roll back
            await pilot.press("escape", "ctrl+z")
            await wait_for(pilot, lambda: app.campaign == before)
        assert finish(app) is None
    finally:
        if paul is not None:
            paul.close()
        views += server.view_pids()
        server.stop()
        wait_until(lambda: not any(alive(pid) for pid in views), 30)
