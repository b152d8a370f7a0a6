"""``apotheose serve --web``: what it refuses and what it never leaves behind, with real HTTP and
websocket clients (aiohttp's) against a server the tests start on 127.0.0.1.

Without the campaign's secret every request — the page, its script and style, the websocket,
any other path — answers 403 and starts nothing; so does a websocket from another site. Past
``--max-tabs`` a tab is told the table is full. Tabs killed with SIGKILL end their views within
2 s (20 times), and so do all views when the server itself is killed. Renewing the link refuses
the old one at once and closes the tabs opened with it. The secret is the GM's alone.
"""

from __future__ import annotations

import asyncio
import os
import signal
import stat
import subprocess
import sys
import time

import aiohttp
import pytest

from saves.web_token import read_token, token_path
from tests.browsing import APOTHEOSE, WebServer, alive
from tests.present import as_a, present
from tests.terminals import wait_until

pytestmark = pytest.mark.slow

DEADLINE = 2.0


async def _get(url: str, cookie: str | None = None) -> int:
    headers = {"Cookie": cookie} if cookie else {}
    async with aiohttp.ClientSession() as session, session.get(url, headers=headers, allow_redirects=False) as response:
        return response.status


async def _socket(url: str, cookie: str | None = None, origin: str | None = None) -> int | bytes:
    """The handshake's refusal (its status), or the first bytes the view sent."""
    headers = {k: v for k, v in (("Cookie", cookie), ("Origin", origin)) if v}
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(url, headers=headers) as ws:
                message = await asyncio.wait_for(ws.receive(), 30)
                return message.data if isinstance(message.data, bytes) else str(message.data).encode()
        except aiohttp.WSServerHandshakeError as error:
            return error.status


def test_without_the_secret_every_request_is_refused_and_no_view_starts(tmp_path) -> None:
    server = WebServer(tmp_path)
    base = f"http://127.0.0.1:{server.port}"
    wrong = "apotheose-villon=" + "x" * 43
    try:
        for path in ("/", "/static/js/textual.js", "/static/css/xterm.css", "/ws", "/download/x", "/anything"):
            for cookie in (None, wrong):
                assert asyncio.run(_get(base + path, cookie)) == 403, (path, cookie)
        assert asyncio.run(_get(base + "/?token=" + "y" * 43)) == 403
        assert asyncio.run(_socket(f"ws://127.0.0.1:{server.port}/ws")) == 403
        assert asyncio.run(_socket(f"ws://127.0.0.1:{server.port}/ws/Alduin", wrong)) == 403
        # the right secret, from another site's page: refused too
        good = f"apotheose-villon={server.token}"
        assert asyncio.run(_socket(f"ws://127.0.0.1:{server.port}/ws", good, origin="http://evil.example")) == 403
        assert server.children() == [] and server.view_pids() == []
        assert "refused 127.0.0.1 (/): no link secret" in server.output
        # with it: the page (the link sets the cookie), its script, a view
        assert asyncio.run(_get(present(server.url))) == 302
        assert (
            asyncio.run(_get(base + "/", good)) == 200
            and asyncio.run(_get(base + "/static/js/textual.js", good)) == 200
        )
        assert b"__GANGLION__" not in as_a(
            bytes, asyncio.run(_socket(f"ws://127.0.0.1:{server.port}/ws", good, origin=base))
        )
        assert "this machine only" in server.output and "browser view on 127.0.0.1:" in server.output
    finally:
        server.stop()
    mode = stat.S_IMODE(os.stat(token_path(server.path)).st_mode)
    assert mode == 0o600


TABS = """
import asyncio, sys, aiohttp
async def tab(s):
    async with s.ws_connect(sys.argv[1], headers={"Cookie": sys.argv[2]}) as ws:
        await ws.receive()
        await asyncio.sleep(3600)
async def main():
    async with aiohttp.ClientSession() as s:
        await asyncio.gather(*(tab(s) for _ in range(int(sys.argv[3]))))
asyncio.run(main())
"""


def tabs(server: WebServer, count: int) -> list[subprocess.Popen]:
    """``count`` browser-like tabs, each a websocket held open, in one process: killed, it closes
    them all at once, as killing ``count`` processes one after the other did, for one start of
    Python and aiohttp instead of ``count`` (about 0.15 s of CPU each)."""
    url, cookie = f"ws://127.0.0.1:{server.port}/ws", f"apotheose-villon={server.token}"
    return [subprocess.Popen([sys.executable, "-c", TABS, url, cookie, str(count)], stdout=subprocess.DEVNULL)]


def test_the_cap_on_tabs_and_killed_tabs_end_their_views_within_2_s_20_times(tmp_path) -> None:
    server = WebServer(tmp_path, "--max-tabs", "5")
    try:
        for round_ in range(4):
            clients = tabs(server, 5)

            def opened(n: int = round_) -> bool:
                return len(server.view_pids()) >= 5 * (n + 1)

            server.wait_for(opened, 60)
            views = server.view_pids()[-5:]

            def running(views: list[int] = views) -> bool:
                return all(alive(v) for v in views)

            def ended(views: list[int] = views) -> bool:
                return not any(alive(v) for v in views) and not server.children()

            wait_until(running, 10)
            if round_ == 0:  # a sixth is told the table is full, and starts nothing
                full = as_a(
                    bytes, asyncio.run(_socket(f"ws://127.0.0.1:{server.port}/ws", f"apotheose-villon={server.token}"))
                )
                assert b"The table is full: 5 views are open" in full and len(server.view_pids()) == 5
            for client in clients:
                os.kill(client.pid, signal.SIGKILL)
            since = time.monotonic()
            for client in clients:
                client.wait()
            try:
                wait_until(ended, DEADLINE)
            except TimeoutError:
                pass
            assert [v for v in views if alive(v)] + server.children() == [], (time.monotonic() - since, server.output)
    finally:
        server.stop()


def test_killing_the_server_ends_every_view(tmp_path) -> None:
    server = WebServer(tmp_path)
    clients = tabs(server, 3)
    try:
        server.wait_for(lambda: len(server.view_pids()) >= 3, 60)
        views = server.view_pids()
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait()
        wait_until(lambda: not any(alive(v) for v in views), DEADLINE)
    finally:
        for client in clients:
            client.kill()
            client.wait()
        server.stop()


def test_renewing_the_link_refuses_the_old_one_and_closes_its_tabs(tmp_path) -> None:
    server = WebServer(tmp_path)
    old = server.token
    clients = tabs(server, 2)
    try:
        server.wait_for(lambda: len(server.view_pids()) >= 2, 60)
        views = server.view_pids()
        done = subprocess.run(
            [APOTHEOSE, "players", "link", "villon", "--renew", "--saves", str(server.saves)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0 and "the old one no longer works" in done.stdout, done
        new = read_token(server.path)
        assert new != old
        wait_until(lambda: not any(alive(v) for v in views), 5, explain=lambda: server.output)
        server.wait_for(lambda: server.token == new, 5)  # the new link printed
        assert "2 tabs opened with the old one closed" in server.output
        base = f"http://127.0.0.1:{server.port}/"
        assert asyncio.run(_get(base, f"apotheose-villon={old}")) == 403
        assert asyncio.run(_get(base, f"apotheose-villon={new}")) == 200
    finally:
        for client in clients:
            client.kill()
            client.wait()
        server.stop()


def test_a_secret_others_may_read_is_refused_and_serve_says_how_to_renew(tmp_path) -> None:
    saves = tmp_path / "saves"
    assert (
        subprocess.run([APOTHEOSE, "new", "villon", "--demo", "--saves", str(saves)], capture_output=True).returncode
        == 0
    )
    token_path(saves / "villon.json").write_text("z" * 43 + "\n")
    os.chmod(token_path(saves / "villon.json"), 0o644)
    done = subprocess.run(
        [APOTHEOSE, "serve", "villon", "--web", "--web-port", "0", "--saves", str(saves)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1 and "others may read" in done.stderr and "players link villon --renew" in done.stderr
    listed = subprocess.run(
        [APOTHEOSE, "players", "link", "villon", "--renew", "--saves", str(saves)], capture_output=True, text=True
    )
    assert listed.returncode == 0 and stat.S_IMODE(os.stat(token_path(saves / "villon.json")).st_mode) == 0o600
