"""``apotheose serve`` with several real ``ssh`` clients: latency, bytes, first frame, idle CPU.

    .venv/bin/python benchmarks/serve_fanout.py [--viewers 8] [--actions 200] [--idle 60]

Starts ``apotheose serve`` on a demo campaign (127.0.0.1, a free port, a throw-away host key
and player key), then ``--viewers`` OpenSSH clients, each in a pseudo-terminal of 80×24, as
players would. Then plays ``--actions`` GM actions the way the GM's app does (each recorded in
the journal and saved by the app's :class:`~saves.store.AutoSaver`, which writes the campaign
and the players' file): Segière's HP goes down and up by one. For each action and each viewer it
measures the time from the action (the ``record`` call) to the new HP in the bytes that viewer's
terminal received, and how many bytes that was. Then it stays idle for ``--idle`` seconds and
reads the CPU time of the server and its views (``/proc``). Last, the cost of a view's refresh
(reading and checking the players' file) for a campaign of 10 and of 10,000 actions.
"""

from __future__ import annotations

import argparse
import os
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ssh_players import start_clients, start_server, stop  # noqa: E402

from core.actions import Damage, Heal  # noqa: E402
from core.demo import demo_campaign  # noqa: E402
from core.journal import Journal  # noqa: E402
from saves.players_file import players_path, read_players, write_players  # noqa: E402
from saves.store import AutoSaver, create_campaign, open_campaign  # noqa: E402

APOTHEOSE = str(Path(sys.executable).with_name("apotheose"))
TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of ``pid`` and of its children still running."""
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry) == pid or int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / TICKS
    return total


def drain(masters: list[int], patterns: list[re.Pattern[bytes] | None], timeout: float, quiet: float = 0.15):
    """Read every terminal until each shows its pattern and all have been quiet ``quiet`` s:
    (bytes, time the pattern was seen or None) per terminal."""
    out = [b""] * len(masters)
    seen: list[float | None] = [None] * len(masters)
    last = time.perf_counter()
    end = last + timeout
    while True:
        now = time.perf_counter()
        done = all(s is not None or p is None for s, p in zip(seen, patterns, strict=True))
        if now > end or (done and now - last > quiet):
            return list(zip(out, seen, strict=True))
        ready, _, _ = select.select(masters, [], [], 0.005)
        for fd in ready:
            i = masters.index(fd)
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                continue
            out[i] += chunk
            last = time.perf_counter()
            if seen[i] is None and patterns[i] is not None and patterns[i].search(out[i]):
                seen[i] = last


def refresh_cost(actions: int, folder: Path, repeat: int = 50) -> float:
    """Best time (ms) of reading the players' file of a campaign of ``actions`` actions."""
    journal = Journal.start(demo_campaign())
    for n in range(actions):
        journal, _ = journal.record(
            Damage(("segiere",), 1, bypass_armour=True) if n % 2 == 0 else Heal(("segiere",), 1)
        )
    path = folder / f"c{actions}.json"
    write_players(path, journal)
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        read_players(players_path(path))
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--viewers", type=int, default=8)
    p.add_argument("--actions", type=int, default=200)
    p.add_argument("--idle", type=float, default=60.0)
    args = p.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="apotheose-fanout-"))
    path = create_campaign(folder / "villon.json", demo_campaign())
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(folder / "alice")], check=True)
    subprocess.run(
        [APOTHEOSE, "players", "add", str(path), "alice", str(folder / "alice.pub")], check=True, capture_output=True
    )
    server, port = start_server([APOTHEOSE], path, folder, args.viewers)
    clients, masters, starts = start_clients(port, folder / "alice", args.viewers)
    first = drain(masters, [re.compile(rb"q quits")] * len(masters), 60, quiet=1.0)
    firsts = [seen - t0 for (_, seen), t0 in zip(first, starts, strict=True) if seen is not None]
    print(
        f"{len(firsts)} of {args.viewers} viewers drawn; first frame after ssh started: "
        f"median {statistics.median(firsts):.2f} s, worst {max(firsts):.2f} s (all started at once)"
    )

    opened = open_campaign(path)
    saver = AutoSaver(path, opened.lock, seen=opened.seen, published=opened.published)
    journal = opened.journal
    latencies: list[float] = []
    sizes: list[int] = []
    missed = 0
    try:
        for n in range(args.actions):
            action = Damage(("segiere",), 1, bypass_armour=True) if n % 2 == 0 else Heal(("segiere",), 1)
            t0 = time.perf_counter()
            journal, _ = journal.record(action)
            saver.save(journal)
            hp = journal.campaign.character("segiere").hp
            for out, seen in drain(masters, [re.compile(rb"HP %d/14" % hp)] * len(masters), 5.0):
                if seen is None:
                    missed += 1
                    continue
                latencies.append(seen - t0)
                sizes.append(len(out))
        saver.flush(10)
        drain(masters, [None] * len(masters), 2.0, quiet=1.0)
        cpu0, t0 = cpu_seconds(server.pid), time.perf_counter()
        end = t0 + args.idle
        while time.perf_counter() < end:
            drain(masters, [None] * len(masters), min(5.0, end - time.perf_counter()), quiet=60)
        idle = (cpu_seconds(server.pid) - cpu0) / (time.perf_counter() - t0)
    finally:
        saver.close()
        opened.close()
        stop(server, clients, masters)
    latencies.sort()
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    print(
        f"GM action → new HP on every screen: {len(latencies)} of {args.actions * args.viewers} seen ({missed} missed); "
        f"median {statistics.median(latencies) * 1000:.0f} ms, 95th percentile {p95 * 1000:.0f} ms, worst {latencies[-1] * 1000:.0f} ms"
    )
    print(f"bytes per HP change per viewer: median {statistics.median(sizes):.0f}, max {max(sizes)}")
    print(f"idle {args.idle:.0f} s: server + {args.viewers} views used {idle * 100:.2f} % of one core")
    small, full, large = refresh_cost(10, folder), refresh_cost(100, folder), refresh_cost(10_000, folder)
    print(
        f"a view's refresh (read + check the players' file): {small:.3f} ms at 10 actions, {full:.3f} ms at 100, "
        f"{large:.3f} ms at 10,000 ({large / small:.2f}× the 10-action one, {large / full:.2f}× the 100-action one: "
        "the file holds the last 40 log lines the players may read, so it stops growing at 40)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
