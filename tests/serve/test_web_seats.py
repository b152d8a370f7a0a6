"""``apotheose serve --web``: every browser seat is bounded in size and in time, with real
websocket clients (aiohttp's) against a server the tests start on 127.0.0.1.

Every size a tab asks for is clamped to 500×300 cells, the first and each resize after it (a
resize to 20000×20000 no longer makes a view of 400 million cells), and a message that is not
what the page sends is ignored. A tab whose client stops reading while its view writes (here:
pictures of 500×300 cells, asked again and again) blocks that view on its output; when such
clients die, or the link is renewed, or the server is stopped, the seats are free again and the
views gone, within a bounded wait.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest
from wcwidth import wcswidth

from saves.web_token import read_token
from tests.browsing import APOTHEOSE, WebServer, alive
from tests.terminals import wait_until

pytestmark = pytest.mark.slow

MOVE = re.compile(rb"\x1b\[(\d+);(\d+)H")
CODES = re.compile(r"\x1b\[[0-9;?$]*[A-Za-z]|\x1b\][^\x07]*\x07")


def picture_size(data: bytes) -> tuple[int, int]:
    """(columns, rows) a view's picture covers: its lowest row, its widest line (each line starts
    with a cursor move; its cells are what it prints after it)."""
    columns = rows = 0
    moves = list(MOVE.finditer(data))
    for at, move in enumerate(moves):
        text = data[move.end() : moves[at + 1].start() if at + 1 < len(moves) else len(data)].decode("utf-8", "replace")
        rows = max(rows, int(move.group(1)))
        columns = max(columns, int(move.group(2)) - 1 + max(0, wcswidth(CODES.sub("", text))))
    return columns, rows


async def _picture(ws: aiohttp.ClientWebSocketResponse, done, timeout: float = 30) -> tuple[int, int]:
    """The size of the first picture the view sends for which ``done(size)`` holds."""

    async def read() -> tuple[int, int]:
        while True:
            message = await ws.receive()
            if message.type != aiohttp.WSMsgType.BINARY:
                assert message.type == aiohttp.WSMsgType.TEXT, message  # the tab is still open
                continue
            size = picture_size(message.data)
            if done(size):
                return size

    return await asyncio.wait_for(read(), timeout)


async def _resizes(server: WebServer) -> None:
    url = f"ws://127.0.0.1:{server.port}/ws?width=100&height=30"
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(url, headers={"Cookie": f"apotheose-villon={server.token}"}) as ws,
    ):
        assert await _picture(ws, lambda size: size[1] >= 30) == (100, 30)  # the first picture: the view is up
        # too big (checked before the next: a view of 20000×20000 cells would take gigabytes)
        await ws.send_json(["resize", {"width": 600, "height": 400}])
        assert await _picture(ws, lambda size: size[1] >= 300) == (500, 300)
        await ws.send_json(["resize", {"width": 80, "height": 24}])
        assert await _picture(ws, lambda size: size[1] == 24) == (80, 24)
        await ws.send_json(["resize", {"width": 20000, "height": 20000}])
        assert await _picture(ws, lambda size: size[1] >= 300) == (500, 300)
        # what the page never sends: ignored, the tab goes on
        for junk in ("[", "{}", "[]", '["resize"]', '["resize", {"width": "9", "height": 9}]', '["stdin", 5]'):
            await ws.send_str(junk)
        await ws.send_json(["resize", {"width": True, "height": 1e9}])
        await ws.send_json(["resize", {"width": -7, "height": 2}])  # too small
        assert await _picture(ws, lambda size: size[1] == 5) == (10, 5)


def test_every_resize_is_clamped_and_junk_is_ignored(tmp_path) -> None:
    server = WebServer(tmp_path)
    try:
        asyncio.run(_resizes(server))
        assert "failed" not in server.output
    finally:
        server.stop()
    assert server.children() == []


#: Tabs that ask for the biggest pictures, 50 times a second each (the server reads at most 100
#: messages a second from a tab), and never read them: ``argv[3]`` of them, in one process (one
#: start of Python and aiohttp, not one per tab). Their sockets take 64 KiB at most, not the
#: 32 MiB a loopback socket may grow to here (net.ipv4.tcp_rmem): a view blocks once what nobody
#: reads fills the buffers on the way, and drawing 32 MiB of pictures more for each (1.5 MB
#: apiece) only cost CPU.
FLOOD = """
import asyncio, socket, sys, aiohttp
def small(info):
    made = socket.socket(info[0], info[1], info[2])
    made.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 65536)
    return made
async def tab(s):
    async with s.ws_connect(sys.argv[1], headers={"Cookie": sys.argv[2]}) as ws:
        print("open", flush=True)
        n = 0
        while True:
            n += 1
            await ws.send_json(["resize", {"width": 500 - n % 2, "height": 300}])
            await asyncio.sleep(0.02)
async def main():
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(socket_factory=small)) as s:
        await asyncio.gather(*(tab(s) for _ in range(int(sys.argv[3]))))
asyncio.run(main())
"""


def floods(server: WebServer, count: int) -> list[subprocess.Popen]:
    url = f"ws://127.0.0.1:{server.port}/ws?width=500&height=300"
    cookie = f"apotheose-villon={server.token}"
    client = subprocess.Popen([sys.executable, "-c", FLOOD, url, cookie, str(count)], stdout=subprocess.PIPE, text=True)
    assert client.stdout is not None
    for _ in range(count):
        assert client.stdout.readline() == "open\n"
    return [client]


def blocked_writing(pid: int) -> bool:
    """Whether the process's main thread waits to write to a full pipe."""
    try:
        return "pipe_write" in Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return False


def says_where_it_waits() -> bool:
    """Whether this kernel says where a process waits (/proc/PID/wchan: "0" when it does not)."""
    with subprocess.Popen(["sleep", "30"]) as sleeping:
        try:
            wait_until(lambda: Path(f"/proc/{sleeping.pid}/wchan").read_text() not in ("", "0"), 5)
            return True
        except TimeoutError:
            return False
        finally:
            sleeping.kill()


def stuck_views(server: WebServer, count: int) -> list[int]:
    """The ``count`` newest views, once each is blocked on its output (nobody reads it)."""
    if not says_where_it_waits():
        pytest.skip("this kernel does not say where a process waits (/proc/PID/wchan)")
    server.wait_for(lambda: len(server.view_pids()) >= count, 60)
    views = server.view_pids()[-count:]
    wait_until(lambda: all(blocked_writing(v) for v in views), 120, explain=lambda: server.output)
    return views


async def _seat(server: WebServer, token: str) -> bool:
    """Whether a new tab gets a view (not "the table is full")."""
    url = f"ws://127.0.0.1:{server.port}/ws"
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(url, headers={"Cookie": f"apotheose-villon={token}"}) as ws,
    ):
        message = await asyncio.wait_for(ws.receive(), 30)
        return message.type == aiohttp.WSMsgType.BINARY and b"The table is full" not in message.data


def a_seat(server: WebServer, token: str | None = None, timeout: float = 10) -> None:
    wait_until(lambda: asyncio.run(_seat(server, token or server.token)), timeout, 0.2, explain=lambda: server.output)


def end(clients: list[subprocess.Popen]) -> None:
    for client in clients:
        if client.poll() is None:
            os.kill(client.pid, signal.SIGKILL)
        client.wait()


def test_dead_clients_of_views_blocked_writing_free_their_seats(tmp_path) -> None:
    server = WebServer(tmp_path, "--max-tabs", "3")
    clients = floods(server, 3)
    try:
        views = stuck_views(server, 3)
        assert not asyncio.run(_seat(server, server.token))  # the table is full
        end(clients)  # the clients die abruptly, their views blocked writing
        a_seat(server)
        wait_until(lambda: not any(alive(v) for v in views) and not server.children(), 10)
        server.wait_for(lambda: server.output.count("a tab closed") == 4, 10)
    finally:
        end(clients)
        server.stop()
    assert server.children() == []


def test_renewing_the_link_frees_the_seats_of_tabs_that_read_nothing(tmp_path) -> None:
    server = WebServer(tmp_path, "--max-tabs", "3")
    clients = floods(server, 3)
    try:
        views = stuck_views(server, 3)
        done = subprocess.run(
            [APOTHEOSE, "players", "link", "villon", "--renew", "--saves", str(server.saves)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done
        a_seat(server, read_token(server.path))
        wait_until(lambda: not any(alive(v) for v in views), 10)
        assert "3 tabs opened with the old one closed" in server.output
    finally:
        end(clients)
        server.stop()
    assert server.children() == []


def test_stopping_the_server_with_tabs_that_read_nothing_ends_at_once(tmp_path) -> None:
    server = WebServer(tmp_path, "--max-tabs", "3")
    clients = floods(server, 3)
    try:
        views = stuck_views(server, 3)
        os.kill(server.process.pid, signal.SIGINT)  # ctrl+c
        try:
            server.process.wait(15)  # the helper's own stop would SIGKILL it after 20 s
        except subprocess.TimeoutExpired:
            pytest.fail(f"the server did not stop: {server.output}")
        assert server.process.returncode == 0 and server.said("apotheose serve: stopped")
        assert not any(alive(v) for v in views)
    finally:
        end(clients)
        server.stop()
