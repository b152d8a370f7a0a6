"""A dropped SSH link (SIGHUP): the GM app saves, releases its lock and exits; a view exits quietly."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from saves.lock import read_holder
from saves.store import load_campaign
from tests.present import present
from tests.terminals import Tmux, wait_until

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)

APOTHEOSE = str(Path(sys.executable).with_name("apotheose"))


@pytest.mark.slow
def test_sighup_saves_releases_the_lock_and_quits_the_gm_app_and_the_view(tmp_path) -> None:
    saves = tmp_path / "saves"
    assert os.system(f"{APOTHEOSE} new villon --demo --saves {saves} >/dev/null") == 0
    path = saves / "villon.json"
    gm = Tmux(f"exec {APOTHEOSE} villon --saves {saves} --no-mouse")
    view = Tmux(f"exec {APOTHEOSE} view villon --saves {saves} --no-mouse")
    try:
        wait_until(lambda: read_holder(path) is not None, 60)
        wait_until(lambda: "Initiative" in gm.screen() and "Players' view" in view.screen(), 60)
        gm.keys("n")
        wait_until(lambda: "turn: Capitaine" in view.screen(), 30)
        os.kill(gm.pane_pid(), signal.SIGHUP)
        wait_until(gm.dead, 30)
        assert read_holder(path) is None  # the lock was released
        assert present(load_campaign(path).journal.campaign.encounter).current == "capitaine"
        os.kill(view.pane_pid(), signal.SIGHUP)
        wait_until(view.dead, 30)
        assert "Traceback" not in view.screen()
    finally:
        gm.close()
        view.close()
