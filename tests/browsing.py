"""Helpers for the tests (and the benchmark) of ``apotheose serve --web``: a real server process
on 127.0.0.1 (a port from the OS), the GM's side writing the campaign as the app does, headless
Chromium (Debian's ``chromium``, installed with apt-get when missing, see tests/terminals.py)
driven by Playwright's Python API (pip-installed when missing; never ``playwright install``:
it uses that Chromium), and a terminal emulator (pyte) that reads what a tab was sent.
"""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import ViewportSize

from tests.serving import Served, alive, made
from tests.terminals import FIRST_STEP, GROWTH, LAST_STEP, need

APOTHEOSE = str(Path(sys.executable).with_name("apotheose"))
CHROMIUM = "/usr/bin/chromium"
#: How Chromium runs here: headless, no sandbox (root), and never calling out (this machine's
#: network reaches nothing but the package registries).
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE: ViewportSize = {"width": 390, "height": 844}


def need_browser() -> None:
    """Chromium (apt-get, as root) and Playwright's Python package (pip), when missing."""
    need("chromium")
    try:
        import playwright  # noqa: F401
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "playwright"], check=True, timeout=600)


class Browser:
    """Playwright and one Chromium with a new, empty profile; each :meth:`tab` a page."""

    def __init__(self, viewport: ViewportSize | None = None, scale: float = 1) -> None:
        need_browser()
        from playwright.sync_api import sync_playwright

        self.profile = tempfile.TemporaryDirectory(prefix="apotheose-chromium-")
        self._playwright = sync_playwright().start()
        self.context = self._playwright.chromium.launch_persistent_context(
            self.profile.name,
            executable_path=CHROMIUM,
            args=FLAGS,
            headless=True,
            viewport=viewport or PHONE,
            device_scale_factor=scale,
        )

    def tab(self) -> Tab:
        return Tab(self.context.new_page())

    def close(self) -> None:
        try:
            self.context.close()
        finally:
            self._playwright.stop()
            self.profile.cleanup()


class Chromium:
    """Playwright and one Chromium for several tests, each :meth:`tab` in a context of its own:
    Playwright's new context is a new, empty profile (no cookie, storage or cache of another
    context) with its own window size and pixel ratio. A launch cost about 1.7 s of CPU, a
    context 0.2 (load 9)."""

    def __init__(self) -> None:
        need_browser()
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        self.browser = self._playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)

    @contextlib.contextmanager
    def tab(self, viewport: ViewportSize | None = None, scale: float = 1) -> Iterator[Tab]:
        context = self.browser.new_context(viewport=viewport or PHONE, device_scale_factor=scale)
        try:
            yield Tab(context.new_page())
        finally:
            context.close()

    def close(self) -> None:
        try:
            self.browser.close()
        finally:
            self._playwright.stop()


class Tab:
    """A page, and a terminal emulator fed every byte its websocket received."""

    def __init__(self, page) -> None:
        import pyte

        self.page = page
        self.received = bytearray()
        self.size: tuple[int, int] | None = None
        self._screen: pyte.Screen | None = None
        self._stream: pyte.ByteStream | None = None
        self.sockets: list[str] = []
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        import pyte

        self.sockets.append(ws.url)
        match = re.search(r"width=(\d+)&height=(\d+)", ws.url)
        if match:
            self.size = (int(match.group(1)), int(match.group(2)))
            self._screen = pyte.Screen(*self.size)
            self._stream = pyte.ByteStream(self._screen)
        ws.on("framereceived", self._frame)

    def _frame(self, payload) -> None:
        if isinstance(payload, str):
            return  # the JSON messages (pong): not the screen
        self.received += payload
        if self._stream is not None:
            self._stream.feed(bytes(payload))

    def text(self) -> str:
        """The screen as the tab's terminal shows it now."""
        return "\n".join(self._screen.display) if self._screen is not None else ""

    def wait_for(self, text: str, timeout: float = 30) -> float:
        """Seconds until ``text`` is on the screen (the page's events, the frames that draw it, are
        handled meanwhile). Looked at with the back-off of :func:`tests.terminals.wait_until`: each
        look is a round trip to Playwright's driver, and a page's first screen takes seconds."""
        start = time.monotonic()
        pause = FIRST_STEP
        while text not in self.text():
            left = timeout - (time.monotonic() - start)
            if left < 0:
                raise TimeoutError(f"{text!r} not on the screen after {timeout} s:\n{self.text()}")
            self.page.wait_for_timeout(1000 * min(pause, left))
            pause = min(pause * GROWTH, LAST_STEP)
        return time.monotonic() - start


class WebServer(Served):
    """``apotheose serve NAME --web`` on a demo campaign made for the test."""

    def __init__(self, base: Path, *args: str, campaign: str = "villon") -> None:
        self.base = base
        self.campaign = campaign
        self.saves = made(base, campaign, alice=False)
        self.path = self.saves / f"{campaign}.json"
        self.launch([APOTHEOSE, "serve", campaign, "--web", "--web-port", "0", "--saves", str(self.saves), *args])
        self.wait_for(lambda: self.url is not None or self.process.poll() is not None, 60)
        assert self.url is not None, self.output

    @property
    def url(self) -> str | None:
        """The players' link (the newest printed)."""
        found = re.findall(r"players open: (http://\S+)", self.output)
        return found[-1] if found else None

    @property
    def port(self) -> int:
        match = re.search(r"browser view on 127\.0\.0\.1:(\d+)", self.output)
        assert match, self.output
        return int(match.group(1))

    @property
    def token(self) -> str:
        assert self.url is not None
        return self.url.rsplit("token=", 1)[1]

    def view_pids(self) -> list[int]:
        return [int(pid) for pid in re.findall(r"view pid (\d+)", self.output)]


class GM:
    """The GM's side as the app does it: the campaign opened with its lock, each action recorded
    and saved (the campaign, then the players' file)."""

    def __init__(self, path: Path) -> None:
        from saves.store import AutoSaver, open_campaign

        self.opened = open_campaign(path)
        self.saver = AutoSaver(path, self.opened.lock, seen=self.opened.seen, published=self.opened.published)
        self.journal = self.opened.journal

    def play(self, *actions) -> None:
        for action in actions:
            self.journal, _ = self.journal.record(action)
            self.saver.save(self.journal)
        assert self.saver.flush(10)

    def close(self) -> None:
        self.saver.close()
        self.opened.close()


__all__ = ["APOTHEOSE", "GM", "Browser", "Chromium", "Tab", "WebServer", "alive", "need_browser"]
