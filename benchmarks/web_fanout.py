"""``apotheose serve --web`` with real browser tabs: first frame, memory, GM action → every tab.

    .venv/bin/python benchmarks/web_fanout.py [--tabs 6] [--actions 100] [--runs 3]

Starts ``apotheose serve --web`` on a demo campaign (127.0.0.1, a free port), then headless
Chromium (Debian's, driven by Playwright, a new empty profile each run) at a phone's 390×844:

- first frame, one tab: from the moment the page is asked for (``goto``) to the first bytes of
  the view's picture holding the fight's name, as the page's websocket received them (the
  page's own clock, ``Date.now()``, the same machine's clock as this script's);
- first frame, ``--tabs`` tabs opened at once (in a new browser): the same, for the slowest;
- memory: the resident size (RSS) of the server and its ``--tabs`` views, summed, and their
  proportional size (PSS: pages shared between the views counted once);
- ``--actions`` GM actions played as the GM's app does (recorded, saved by its AutoSaver: the
  campaign then the players' file), Segière's HP down and up by one, 0.4 s apart: the time from
  the action to the new HP in the bytes each tab received.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from core.actions import Damage, Heal  # noqa: E402
from tests.browsing import CHROMIUM, FLAGS, GM, PHONE, WebServer, need_browser  # noqa: E402

#: Recorded in each page before its scripts run: every binary websocket message, with the
#: page's clock, decoded (the view's output is UTF-8 text with escape codes).
RECORDER = """
(() => {
  const decoder = new TextDecoder();
  window.__frames = [];
  const Native = window.WebSocket;
  window.WebSocket = function (url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    ws.addEventListener("message", (event) => {
      if (typeof event.data !== "string") window.__frames.push([Date.now(), decoder.decode(event.data)]);
    });
    return ws;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();
"""


def frames(page) -> list[tuple[float, str]]:
    return [(t / 1000, text) for t, text in page.evaluate("() => window.__frames")]


def first_seen(page, pattern: str, since: float) -> float | None:
    for t, text in frames(page):
        if t >= since and pattern in text:
            return t
    return None


def rss_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of ``pid`` in KiB."""
    status = Path(f"/proc/{pid}/status").read_text()
    rss = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")))
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        pss = int(next(line.split()[1] for line in rollup.splitlines() if line.startswith("Pss:")))
    except (OSError, StopIteration):
        pss = rss
    return rss, pss


class Chromium:
    def __init__(self, playwright) -> None:
        self.profile = tempfile.TemporaryDirectory(prefix="apotheose-bench-")
        self.context = playwright.chromium.launch_persistent_context(
            self.profile.name, executable_path=CHROMIUM, args=FLAGS, headless=True, viewport=PHONE
        )
        self.context.add_init_script(RECORDER)

    def close(self) -> None:
        self.context.close()
        self.profile.cleanup()


def open_tabs(chromium: Chromium, url: str, count: int, wait: float = 30) -> list[float]:
    """Open ``count`` tabs at once; the seconds each took to its first frame."""
    pages = [chromium.context.new_page() for _ in range(count)]
    starts = []
    for page in pages:
        starts.append(time.time())
        page.goto(url, wait_until="commit")
    end = time.time() + wait
    firsts: list[float | None] = [None] * count
    while time.time() < end and None in firsts:
        for i, page in enumerate(pages):
            if firsts[i] is None:
                seen = first_seen(page, "Embuscade", starts[i])
                firsts[i] = None if seen is None else seen - starts[i]
        pages[0].wait_for_timeout(50)
    chromium.pages = pages  # type: ignore[attr-defined]
    return [f if f is not None else float("inf") for f in firsts]


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--tabs", type=int, default=6)
    p.add_argument("--actions", type=int, default=100)
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args(argv)
    need_browser()
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="apotheose-web-"))
    server = WebServer(folder, "--max-tabs", str(max(args.tabs, 12)))
    try:
        with sync_playwright() as playwright:
            ones = []
            for _ in range(args.runs):
                chromium = Chromium(playwright)
                ones += open_tabs(chromium, server.url, 1)
                chromium.close()
                time.sleep(1.5)
            print(
                f"first frame, one tab (a new browser each time, {args.runs} runs): "
                f"{', '.join(f'{s:.2f}' for s in ones)} s"
            )
            many = []
            for run in range(args.runs):
                chromium = Chromium(playwright)
                took = open_tabs(chromium, server.url, args.tabs)
                many.append(max(took))
                if run < args.runs - 1:
                    chromium.close()
                    time.sleep(2)
            print(
                f"first frame, {args.tabs} tabs opened at once: the slowest at {', '.join(f'{s:.2f}' for s in many)} s"
            )
            time.sleep(2)
            views = server.view_pids()[-args.tabs :]
            sizes = [rss_kib(pid) for pid in [server.process.pid, *views]]
            rss, pss = sum(s[0] for s in sizes) / 1024, sum(s[1] for s in sizes) / 1024
            print(
                f"memory, server + {args.tabs} views: RSS {rss:.0f} MiB in all ({sizes[0][0] / 1024:.0f} the server, "
                f"{statistics.median(s[0] for s in sizes[1:]) / 1024:.0f} a view), PSS {pss:.0f} MiB"
            )
            pages = chromium.pages  # type: ignore[attr-defined]
            gm = GM(server.path)
            latencies: list[float] = []
            missed = 0
            try:
                for n in range(args.actions):
                    action = Damage(("segiere",), 1, bypass_armour=True) if n % 2 == 0 else Heal(("segiere",), 1)
                    t0 = time.time()
                    gm.play(action)
                    hp = gm.journal.campaign.character("segiere").hp
                    pages[0].wait_for_timeout(400)
                    for page in pages:
                        seen = first_seen(page, f"HP {hp}/14", t0)
                        if seen is None:
                            missed += 1
                        else:
                            latencies.append(seen - t0)
                    if n % 20 == 19:
                        for page in pages:
                            page.evaluate("() => { window.__frames = []; }")
            finally:
                gm.close()
            chromium.close()
    finally:
        server.stop()
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    print(
        f"GM action → new HP in every tab: {len(latencies)} of {args.actions * args.tabs} seen ({missed} missed); "
        f"median {statistics.median(latencies) * 1000:.0f} ms, 95th percentile {p95 * 1000:.0f} ms, "
        f"worst {latencies[-1] * 1000:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
