"""``apotheose serve`` names each player once, and a browser link's ``&pc=`` takes a PC only
(issue 33 item 13), against real servers on 127.0.0.1."""

from __future__ import annotations

import asyncio
import subprocess
from urllib.parse import quote

import aiohttp
import pytest

from tests.browsing import WebServer
from tests.serving import APOTHEOSE, Served, keygen

pytestmark = pytest.mark.slow


def test_serve_lists_each_player_once(tmp_path) -> None:
    saves = tmp_path / "saves"

    def run(*argv: str) -> None:
        done = subprocess.run([APOTHEOSE, *argv, "--saves", str(saves)], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr

    run("new", "villon", "--demo")
    run("players", "add", "villon", "alice", f"{keygen(tmp_path / 'alice')}.pub")
    run("players", "add", "villon", "bob", f"{keygen(tmp_path / 'bob')}.pub")
    run("players", "invite", "villon", "bob")  # a new device of bob's
    run("players", "invite", "villon", "carol", "--pc", "Alduin")
    served = Served()
    served.launch(
        [APOTHEOSE, "serve", "villon", "--saves", str(saves), "--port", "0", "--host-key", str(tmp_path / "host")]
    )
    try:
        assert served.said("apotheose serve: players:", 60), served.output
        line = next(ln for ln in served.lines if "apotheose serve: players:" in ln)
        assert line == "apotheose serve: players: alice, bob (invited again), carol (invited)", line
    finally:
        served.stop()


async def _first_bytes(url: str) -> bytes:
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
        message = await asyncio.wait_for(ws.receive(), 30)
        return message.data if isinstance(message.data, bytes) else str(message.data).encode()


def test_a_browser_link_for_an_npc_is_refused_and_starts_no_view(tmp_path) -> None:
    server = WebServer(tmp_path)
    base = f"ws://127.0.0.1:{server.port}/ws"
    try:
        for pc, said in (
            ("Capitaine de la garde", "Capitaine de la garde is an NPC, not a player character (the PCs: "),
            ("vétérans de villon", "Vétérans de Villon is a mook group, not a player character"),
        ):
            first = asyncio.run(_first_bytes(f"{base}/{quote(pc)}?token={server.token}"))
            assert said.encode() in first and b"Alduin" in first, first
        assert server.view_pids() == []
        assert server.said("refused 127.0.0.1: &pc= Capitaine de la garde is an NPC")
        # a PC by its name, in any case: its view starts
        first = asyncio.run(_first_bytes(f"{base}/ALDUIN?token={server.token}"))
        assert b"not a player character" not in first
        server.wait_for(lambda: server.view_pids(), 30)
    finally:
        server.stop()
