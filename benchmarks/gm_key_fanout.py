"""From the GM's key to every player's screen: ``apotheose serve`` and real ``ssh`` clients, by fight size.

    .venv/bin/python benchmarks/gm_key_fanout.py [--sizes 9,500,5000,10000] [--viewers 8]
        [--actions 40,20,10,10] [--idle 60]

For each fight size (the demo's 9 combatants, then generated NPCs, as ``tui_paint.py`` builds
them: initiative 0-4, so the PC hit stays on the players' first screen), it writes the campaign,
starts ``apotheose serve`` on it (127.0.0.1, a free port, a throw-away host key and player key)
and ``--viewers`` OpenSSH clients, each in a pseudo-terminal of 80×24. The GM's app runs in this
process, driven by Textual's Pilot with its real autosaver (the campaign and the players' file
are written as when a GM plays): for each action the GM types ``x 1`` (or ``x + 1``) on Romuald
and the clock starts at the Enter key. A thread reads every terminal as the bytes arrive; for
each viewer it measures the time from Enter to the new HP in what that terminal received, and
how many bytes it received for that change. It also prints the CPU the server and its views
used per change (``/proc``: all the views together; measured once they are idle after the GM's
app opened the campaign, which writes the players' file whole). With ``--idle``, the first size then stays
idle that long and prints the CPU of the server and its views.

The machine's load (``os.getloadavg``) is printed beside each figure: other work on the machine
moves them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import select
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from serve_fanout import cpu_seconds  # noqa: E402
from ssh_players import start_clients, start_server, stop  # noqa: E402
from tui_paint import campaign_with  # noqa: E402

from core.campaign import Campaign  # noqa: E402
from core.demo import demo_campaign  # noqa: E402
from saves.store import create_campaign  # noqa: E402

#: ``apotheose`` from this checkout (run in it: its code, whatever is installed)
APOTHEOSE = [sys.executable, "-m", "tui"]
TARGET = "romuald"  # a PC without armour: one point of damage is one HP


def campaign_of(size: int) -> Campaign:
    """The demo campaign with its fight grown to ``size`` combatants (``tui_paint.py``'s NPCs)."""
    return campaign_with(max(0, size - len(demo_campaign().encounter.participants)))


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f}"


class Terminals:
    """What each terminal received, with the time each chunk arrived (a reading thread)."""

    def __init__(self, masters: list[int]) -> None:
        self.masters = masters
        self.chunks: list[list[tuple[float, bytes]]] = [[] for _ in masters]
        self.lock = threading.Lock()
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        while not self.done.is_set():
            ready, _, _ = select.select(self.masters, [], [], 0.05)
            for fd in ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    continue
                now = time.perf_counter()
                with self.lock:
                    self.chunks[self.masters.index(fd)].append((now, chunk))

    def marks(self) -> list[int]:
        with self.lock:
            return [len(c) for c in self.chunks]

    def since(self, marks: list[int]) -> list[list[tuple[float, bytes]]]:
        with self.lock:
            return [c[m:] for c, m in zip(self.chunks, marks, strict=True)]

    def last_time(self) -> float:
        with self.lock:
            return max((c[-1][0] for c in self.chunks if c), default=0.0)

    @staticmethod
    def seen_at(chunks: list[tuple[float, bytes]], pattern: re.Pattern[bytes]) -> float | None:
        out = b""
        for t, chunk in chunks:
            out += chunk
            if pattern.search(out):
                return t
        return None

    def close(self) -> None:
        self.done.set()
        self.thread.join(2)


async def wait(predicate, timeout: float) -> bool:
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        if predicate():
            return True
        await asyncio.sleep(0.005)
    return predicate()


async def settle(pid: int, timeout: float = 120.0) -> None:
    """Wait until the server and its views are idle (opening the campaign writes the players'
    file whole: every view reads it again), so that their CPU per change is the changes' own."""
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        before = cpu_seconds(pid)
        await asyncio.sleep(0.5)
        if cpu_seconds(pid) - before < 0.03:
            return


async def play(
    app, terms: Terminals, actions: int, max_hp: int, server: int
) -> tuple[list[float], list[int], int, float]:
    """The GM's keys for ``actions`` HP changes on the target: latencies (s) and bytes per
    viewer, and the CPU the server and its views used per change (s)."""
    from tests.tui.pilot import select as select_row

    latencies: list[float] = []
    sizes: list[int] = []
    missed = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await select_row(pilot, TARGET)
        await pilot.pause()
        await settle(server)
        cpu0 = cpu_seconds(server)
        for n in range(actions):
            hp = max_hp - 1 if n % 2 == 0 else max_hp
            await pilot.press("x", *(("1",) if n % 2 == 0 else ("plus", "1")))
            await pilot.pause()
            marks = terms.marks()
            pattern = re.compile(rb"HP %d/%d" % (hp, max_hp))
            t0 = time.perf_counter()
            await pilot.press("enter")
            await wait(lambda: all(Terminals.seen_at(c, pattern) for c in terms.since(marks)), 15.0)  # noqa: B023
            await wait(lambda: time.perf_counter() - terms.last_time() > 0.2, 5.0)  # all quiet again
            for chunks in terms.since(marks):
                seen = Terminals.seen_at(chunks, pattern)
                if seen is None:
                    missed += 1
                    continue
                latencies.append(seen - t0)
                sizes.append(sum(len(c) for _, c in chunks))
            assert app.campaign.character(TARGET).hp == hp, "the GM's keys did not apply"
        per_change = (cpu_seconds(server) - cpu0) / actions
        app.session.saver.flush(10) if app.session.saver is not None else None
    return latencies, sizes, missed, per_change


def measure(size: int, viewers: int, actions: int, idle: float, folder: Path) -> None:
    from tui.run import build

    path = create_campaign(folder / f"fight{size}.json", campaign_of(size))
    subprocess.run(
        [*APOTHEOSE, "players", "add", str(path), "alice", str(folder / "alice.pub")],
        check=True,
        capture_output=True,
        cwd=ROOT,
    )
    before = load()
    server, port = start_server(APOTHEOSE, path, folder, viewers, cwd=ROOT)
    clients, masters, _ = start_clients(port, folder / "alice", viewers)
    terms = Terminals(masters)
    try:
        t0 = time.perf_counter()
        drawn = asyncio.run(
            wait_sync(lambda: all(b"q quits" in b"".join(c for _, c in cs) for cs in terms.since([0] * viewers)), 120)
        )
        print(f"fight of {size}: {viewers} viewers drawn: {drawn} in {time.perf_counter() - t0:.1f} s ({load()})")
        app = build([str(path)])
        max_hp = app.campaign.character(TARGET).max_hp
        latencies, sizes, missed, per_change = asyncio.run(play(app, terms, actions, max_hp, server.pid))
        latencies.sort()
        p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else float("nan")
        print(
            f"  GM's Enter → new HP on each of {viewers} ssh screens: {len(latencies)} of {actions * viewers} seen "
            f"({missed} missed); median {statistics.median(latencies) * 1000:.0f} ms, 95th percentile "
            f"{p95 * 1000:.0f} ms, worst {latencies[-1] * 1000:.0f} ms ({before} before, {load()} after)"
        )
        print(
            f"  bytes per HP change per viewer: median {statistics.median(sizes):.0f}, "
            f"first half {statistics.median(sizes[: len(sizes) // 2]):.0f}, "
            f"second half {statistics.median(sizes[len(sizes) // 2 :]):.0f}, max {max(sizes)}"
        )
        print(f"  CPU of the server and its {viewers} views per change: {per_change * 1000:.0f} ms")
        if idle:
            time.sleep(2.0)
            cpu0, t0 = cpu_seconds(server.pid), time.perf_counter()
            at = load()
            time.sleep(idle)
            used = (cpu_seconds(server.pid) - cpu0) / (time.perf_counter() - t0)
            print(
                f"  idle {idle:.0f} s: server + {viewers} views used {used * 100:.2f} % of one core "
                f"({at} before, {load()} after)"
            )
    finally:
        terms.close()
        stop(server, clients, masters)


async def wait_sync(predicate, timeout: float) -> bool:
    return await wait(predicate, timeout)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="9,500,5000,10000")
    p.add_argument("--viewers", type=int, default=8)
    p.add_argument("--actions", default="40,20,10,10", help="GM actions per size (the last repeats)")
    p.add_argument("--idle", type=float, default=60.0, help="seconds idle after the first size (0: none)")
    args = p.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    counts = [int(a) for a in args.actions.split(",")]
    folder = Path(tempfile.mkdtemp(prefix="apotheose-gmkey-"))
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(folder / "alice")], check=True)
    print(f"{os.cpu_count()} cores; {load()} at the start (other sessions share this machine)")
    for i, size in enumerate(sizes):
        actions = counts[min(i, len(counts) - 1)]
        measure(size, args.viewers, actions, args.idle if i == 0 else 0.0, folder)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
