"""The browser view of ``apotheose serve NAME --web``: the players' view in a browser tab.

Built on textual-serve: its :class:`~textual_serve.app_service.AppService` runs one Textual
app per websocket (here ``apotheose view --browser`` on the campaign's players' file, with
Textual's web driver) and its page script (``textual.js``, xterm.js) draws it in the tab.

textual-serve has no authentication; here every request — the page, its script and style, the
websocket — must carry the campaign's secret (:mod:`saves.web_token`): ``?token=`` in the link
(the page answers with a cookie holding it, ``HttpOnly``, ``SameSite=Strict``, and sends the
browser on to the same page without it, so that the address bar and the history do not show
it), or that cookie. Without it the answer is 403 and nothing starts. A websocket must come
from the page's own origin (another site cannot open one with the player's cookie). There is no
file download route and no folder listing. The secret file is read again when it changes:
renewing it (``apotheose players link NAME --renew``) refuses the old link at once and closes
the tabs opened with it within a second.

At most ``max_tabs`` views run at once (a tab past them is told the table is full). Each view
runs in a process group of its own, with an environment made here (:mod:`tui.serve.tab`); when
its tab closes, its client dies or its link goes silent (a heartbeat every :data:`HEARTBEAT`
seconds), its group is killed, whatever it was doing, and the seat is free again. Sizes are
clamped on every resize. A view ends with the server, even one killed with SIGKILL
(``PR_SET_PDEATHSIG`` on Linux, and the view watches its parent); stopping the server closes
every tab at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import html
import os
import socket
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

from aiohttp import web
from aiohttp.typedefs import Handler
from textual_serve.server import Server

from saves.web_token import read_token, token_path
from tui.serve.channel import Channel, Inbound, browser_seat, pair
from tui.serve.tab import END_GRACE, Tab, clamp_size
from tui.serve.views import pc_refusal, view_command, view_environment

#: Seconds between websocket pings; a tab that does not answer within half of it is closed.
HEARTBEAT = 2.0
#: Seconds the server waits, when it stops, for the tabs' handlers (already told to end).
SHUTDOWN_GRACE = 2 * END_GRACE
#: How often the server looks at the secret file (a renewed link closes the old tabs).
TOKEN_CHECK = 0.5

Log = Callable[[str], None]


class WebTable:
    """What every tab shares: the campaign, its players' file and secret, the tabs open."""

    def __init__(
        self,
        campaign: Path,
        players_file: Path,
        *,
        max_tabs: int = 12,
        lang: str = "en",
        log: Log = print,
        inbound: Inbound | None = None,
        sends: bool = False,
    ) -> None:
        self.campaign = campaign
        #: Whether a tab whose link names a PC may send that PC's rolls (``serve --web-sends``).
        #: Off by default: the link is the table's and names no one, so whoever holds it could
        #: send for any PC; an SSH seat is a player's own key.
        self.sends = sends
        self.players_file = players_file
        self.max_tabs = max_tabs
        self.lang = lang
        self.log = log
        self.tabs: set[Tab] = set()
        #: What players send, to the GM's inbox (issue 38; shared with the SSH side).
        self.inbound = inbound if inbound is not None else Inbound(campaign, players_file, log=log)
        #: The cookie's name: one per campaign (cookies are per host, not per port).
        self.cookie = "apotheose-" + "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in campaign.stem)[:40]
        self._token: tuple[object, str | None] = (None, None)

    def token(self) -> str | None:
        """The secret now (read again when the file changed; None when it cannot be read: then
        nobody gets in)."""
        try:
            st = os.stat(token_path(self.campaign))
            seen: object = (st.st_ino, st.st_mtime_ns, st.st_size, st.st_mode)
        except OSError:
            seen = None
        if seen != self._token[0]:
            try:
                token = read_token(self.campaign)
            except Exception as error:  # noqa: BLE001 - an unreadable secret lets nobody in, and says why
                self.log(f"the browser link's secret cannot be read: {error}")
                token = None
            self._token = (seen, token)
        return self._token[1]

    def allows(self, given: str | None) -> bool:
        token = self.token()
        return token is not None and given is not None and hmac.compare_digest(given.encode(), token.encode())

    def channel_ends(self, pc: str | None) -> tuple[socket.socket, socket.socket] | tuple[None, None]:
        """The two ends of a tab's channel to the GM's inbox (serve's, the view's): only for a
        link naming a PC, and only when the table lets tabs send (:attr:`sends`)."""
        return pair() if pc is not None and self.sends else (None, None)

    def view_command(self, pc: str | None, send_fd: int | None = None) -> list[str]:
        return view_command(self.players_file, self.lang, pc, "--browser", send_fd=send_fd)

    def view_environment(self, width: int, height: int) -> dict[str, str]:
        """The view's whole environment, with Textual's web driver and the tab's size."""
        return view_environment(
            TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver",
            TEXTUAL_FPS="60",
            TEXTUAL_COLOR_SYSTEM="truecolor",
            TERM_PROGRAM="textual",
            COLUMNS=str(width),
            ROWS=str(height),
        )

    async def close(self) -> None:
        """Every tab closes and its view ends (the server stops)."""
        await asyncio.gather(*(tab.close() for tab in list(self.tabs)), return_exceptions=True)


FORBIDDEN = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>apotheose</title></head>
<body style="font-family: sans-serif; background: #111; color: #eee; padding: 1em">
<p>This link is not the table's link, or it was renewed. Ask the GM for the link (or its QR code).</p>
<p>Ce lien n'est pas celui de la table, ou il a été renouvelé. Demandez le lien (ou son QR code) au MJ.</p>
</body></html>
"""

PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/static/css/xterm.css">
<style>
  html, body {{ margin: 0; height: 100%; background: #000; overflow: hidden; }}
  #terminal {{ position: absolute; inset: 0; }}
  .closed {{ display: none; position: absolute; inset: 0; z-index: 10; align-items: center; justify-content: center;
            flex-direction: column; background: rgba(0, 0, 0, 0.85); color: #eee; font-family: sans-serif; }}
  body.-closed .closed {{ display: flex; }}
  .closed button {{ font-size: 1.2em; padding: 0.5em 1.5em; }}
</style>
<script>
  // The terminal (xterm.js in textual.js, its canvas renderer) sizes its canvases in CSS pixels
  // but drew its letters at the device pixel ratio: at ratio 3 (phones) a third of the columns
  // showed, at 2 (retina laptops) half. It draws in CSS pixels here (the browser scales them up).
  Object.defineProperty(window, "devicePixelRatio", {{ get: function () {{ return 1; }}, configurable: true }});
  // The websocket of this page's own origin (and the player's character, ?pc=NAME, for the
  // your-turn cue); a font that fits 40 columns on a phone, 16 px on anything wider.
  document.addEventListener("DOMContentLoaded", function () {{
    var terminal = document.getElementById("terminal");
    var pc = new URLSearchParams(location.search).get("pc");
    terminal.dataset.sessionWebsocketUrl = (location.protocol === "https:" ? "wss://" : "ws://") + location.host
      + "/ws" + (pc ? "/" + encodeURIComponent(pc) : "");
    var given = Number(new URLSearchParams(location.search).get("fontsize"));
    var probe = document.createElement("canvas").getContext("2d");
    probe.font = "16px 'Roboto Mono', Monaco, 'Courier New', monospace";  // the font textual.js asks for
    var cell = probe.measureText("MMMMMMMMMM").width / 10 / 16;
    var fits = Math.floor((window.innerWidth - 4) / (40 * cell) * 10) / 10;
    terminal.dataset.fontSize = given > 4 && given < 64 ? given : Math.max(8, Math.min(16, fits));
  }});
</script>
<script src="/static/js/textual.js"></script>
</head>
<body>
<div class="closed"><p>{ended}</p><button type="button" onclick="location.reload()">{reload}</button></div>
<div id="terminal" class="textual-terminal" data-session-websocket-url="" data-font-size="16"></div>
</body>
</html>
"""

WORDS = {"en": ("The view ended.", "Open it again"), "fr": ("La vue s'est arrêtée.", "La rouvrir")}

HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline';"
    " connect-src 'self'; img-src 'self' data:; font-src 'self' data:; frame-ancestors 'none'",
}


class BrowserServer(Server):
    """textual-serve's server with the table's guard, its tabs and its page."""

    def __init__(self, table: WebTable, host: str, port: int) -> None:
        super().__init__(" ".join(table.view_command(None)), host=host, port=port, title=table.campaign.stem)
        self.table = table

    async def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard], client_max_size=64 * 1024)
        app.add_routes(
            [
                web.get("/", self.page),
                web.get("/ws", self.socket),
                web.get("/ws/{pc}", self.socket),
                web.get("/favicon.ico", _no_icon),
                web.static("/static", self.statics_path, show_index=False, follow_symlinks=False),
            ]
        )
        app.on_response_prepare.append(_headers)
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        given = request.query.get("token") or request.cookies.get(self.table.cookie)
        if not self.table.allows(given):
            if request.path in ("/", "/ws") or request.path.startswith("/ws/"):
                self.table.log(
                    f"refused {request.remote} ({request.path}): {'a wrong or renewed' if given else 'no'} link secret"
                )
            return web.Response(status=403, text=FORBIDDEN, content_type="text/html")
        origin = request.headers.get("Origin")
        if request.path.startswith("/ws") and origin is not None and origin != f"{request.scheme}://{request.host}":
            self.table.log(f"refused {request.remote}: a websocket from another site ({origin!r})")
            return web.Response(status=403, text=FORBIDDEN, content_type="text/html")
        response: web.StreamResponse = await handler(request)
        return response

    async def page(self, request: web.Request) -> web.StreamResponse:
        if "token" in request.query:  # the cookie, and the same page without the secret in its address
            rest = {k: v for k, v in request.query.items() if k != "token"}
            response = web.HTTPFound("/" + (f"?{urlencode(rest)}" if rest else ""))
            response.set_cookie(self.table.cookie, request.query["token"], httponly=True, samesite="Strict", path="/")
            return response
        lang = "fr" if self.table.lang == "fr" else "en"
        ended, again = WORDS[lang]
        text = PAGE.format(
            lang=lang, title=html.escape(f"{self.table.campaign.stem} — apotheose"), ended=ended, reload=again
        )
        return web.Response(text=text, content_type="text/html")

    async def socket(self, request: web.Request) -> web.StreamResponse:
        pc = request.match_info.get("pc")
        if pc is not None and (len(pc) > 100 or any(ord(ch) < 32 or ord(ch) == 127 for ch in pc)):
            pc = None
        websocket = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=64 * 1024, timeout=END_GRACE)
        await websocket.prepare(request)
        table = self.table
        if len(table.tabs) >= table.max_tabs:
            table.log(f"refused {request.remote}: the table is full ({table.max_tabs} tabs)")
            full = f"\r\n  The table is full: {table.max_tabs} views are open. Close one, then open this one again.\r\n"
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.send_bytes(full.encode()), END_GRACE)
                await asyncio.wait_for(websocket.close(), END_GRACE)
            return websocket
        if pc is not None and (refusal := await asyncio.to_thread(pc_refusal, table.players_file, pc, table.lang)):
            table.log(f"refused {request.remote}: &pc= {refusal}")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.send_bytes(f"\r\n  {refusal}\r\n".encode()), END_GRACE)
                await asyncio.wait_for(websocket.close(), END_GRACE)
            return websocket
        await self._run_tab(request, websocket, pc)
        return websocket

    async def _run_tab(self, request: web.Request, websocket: web.WebSocketResponse, pc: str | None) -> None:
        """The tab's view, run until the tab or the view goes; a tab naming a PC gets its channel
        to the GM's inbox (:mod:`tui.serve.channel`)."""
        table = self.table
        token = request.query.get("token") or request.cookies.get(table.cookie) or ""
        ours, theirs = table.channel_ends(pc)
        command = table.view_command(pc, send_fd=theirs.fileno() if theirs else None)
        tab = Tab(
            command,
            table.view_environment,
            websocket,
            self.download_manager,
            token=token,
            address=str(request.remote),
            pass_fds=(theirs.fileno(),) if theirs else (),
        )
        channel = None
        table.tabs.add(tab)  # no await since the count: the cap holds
        asked = clamp_size(_whole(request.query.get("width"), 80), _whole(request.query.get("height"), 24))
        width, height = asked or (80, 24)
        try:
            try:
                await tab.start(width, height)
            finally:
                if theirs is not None:
                    theirs.close()  # the view's now (or nobody's: the view did not start)
            if ours is not None and pc is not None:
                seat = await asyncio.to_thread(browser_seat, table.campaign, pc)
                channel = asyncio.ensure_future(Channel(table.inbound, seat, ours).run())
                ours = None
            table.log(
                f"a tab opened from {request.remote} (view pid {tab.process.pid if tab.process else '?'}, {len(table.tabs)} open)"
            )
            await tab.serve()
        except Exception as error:  # noqa: BLE001 - a tab's failure ends that tab only
            table.log(f"a tab from {request.remote} failed: {error!r}")
        finally:
            if channel is not None:
                channel.cancel()
            if ours is not None:
                ours.close()
            try:
                await tab.close()
            finally:
                table.tabs.discard(tab)
                table.log(f"a tab closed ({request.remote}, {len(table.tabs)} open)")

    async def watch_token(self, said: Callable[[str | None], None]) -> None:
        """Close the tabs whose secret is no longer the table's (a renewed link) and tell
        ``said`` the new one."""
        last = self.table.token()
        while True:
            await asyncio.sleep(TOKEN_CHECK)
            token = self.table.token()
            if token != last:
                last = token
                stale = [
                    tab
                    for tab in self.table.tabs
                    if not token or not hmac.compare_digest(tab.token.encode(), token.encode())
                ]
                await asyncio.gather(*(tab.close() for tab in stale), return_exceptions=True)
                if stale:
                    self.table.log(
                        f"the link was renewed: {len(stale)} tab{'s' if len(stale) != 1 else ''} opened with the old one closed"
                    )
                said(token)


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.path.startswith("/static/") and response.status == 200:  # the script and style: no secret in them
        response.headers["Cache-Control"] = "private, max-age=86400"


async def _no_icon(_request: web.Request) -> web.StreamResponse:
    return web.Response(status=204)


def _whole(text: str | None, default: int) -> int:
    return int(text) if text is not None and text.isascii() and text.isdigit() and len(text) < 6 else default


async def start(table: WebTable, host: str, port: int) -> tuple[BrowserServer, web.AppRunner, int]:
    """The browser server listening on ``host:port`` (0: any free port); its port."""
    server = BrowserServer(table, host, port)
    runner = web.AppRunner(
        await server.make_app(), access_log=None, handle_signals=False, shutdown_timeout=SHUTDOWN_GRACE
    )
    await runner.setup()
    site = web.TCPSite(runner, host, port, reuse_address=True)
    await site.start()
    addresses = runner.addresses
    return server, runner, addresses[0][1] if addresses else port


async def stop(table: WebTable, runner: web.AppRunner) -> None:
    await table.close()
    await runner.cleanup()
