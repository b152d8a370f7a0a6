"""The players' view (``apotheose view``): latency, bytes per HP change, memory after 1,000 actions.

    .venv/bin/python benchmarks/view_latency.py [ACTIONS] [--poll]

Starts ``apotheose view`` in a pseudo-terminal of 80×24 (``--no-mouse``), as a player would over
SSH, then plays GM actions the way the GM app does: each action recorded in the journal and
saved by an :class:`~saves.store.AutoSaver` (atomic replacement, backups). Segière's HP goes
down and up by one, so each action changes one row (and adds one log line). For each action it
measures the time from the GM's action (the ``record`` call) to the moment the new HP is in the
bytes the view writes to its terminal, and how many bytes the view wrote for it. After every
action it reads the view's resident memory (``/proc/PID/status``).
"""

from __future__ import annotations

import os
import pty
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

from core.actions import Damage, Heal  # noqa: E402
from core.demo import demo_campaign  # noqa: E402
from saves.store import AutoSaver, create_campaign, open_campaign  # noqa: E402


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def read_until(
    fd: int, wanted: re.Pattern[bytes] | None, timeout: float, quiet: float = 0.15
) -> tuple[bytes, float | None]:
    """Bytes from ``fd`` until ``wanted`` is seen and the output has been quiet for ``quiet`` s;
    the time ``wanted`` was seen (None if never)."""
    out, seen_at, last = b"", None, time.perf_counter()
    end = last + timeout
    while True:
        now = time.perf_counter()
        if now > end or (seen_at is not None and now - last > quiet):
            return out, seen_at
        ready, _, _ = select.select([fd], [], [], 0.005)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return out, seen_at
            out += chunk
            last = time.perf_counter()
            if seen_at is None and wanted is not None and wanted.search(out):
                seen_at = last


def main(argv: list[str]) -> int:
    actions = int(next((a for a in argv if a.isdigit()), "1000"))
    poll = "--poll" in argv
    folder = Path(tempfile.mkdtemp(prefix="apotheose-bench-"))
    path = create_campaign(folder / "villon.json", demo_campaign())
    primary, secondary = pty.openpty()
    os.set_blocking(primary, True)
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    import fcntl
    import struct
    import termios

    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    command = [
        str(Path(sys.executable).with_name("apotheose")),
        "view",
        str(path),
        "--no-mouse",
        *(["--poll"] if poll else []),
    ]
    view = subprocess.Popen(
        command, stdin=secondary, stdout=secondary, stderr=secondary, env=env, start_new_session=True
    )
    os.close(secondary)
    started, _ = read_until(primary, re.compile(rb"q quits"), 60, quiet=1.0)
    print(f"start-up: {len(started)} bytes written; RSS {rss_kib(view.pid)} KiB")

    opened = open_campaign(path)
    saver = AutoSaver(path, opened.lock)
    journal = opened.journal
    latencies, sizes, rss = [], [], []
    try:
        for n in range(actions):
            action = Damage(("segiere",), 1, bypass_armour=True) if n % 2 == 0 else Heal(("segiere",), 1)
            t0 = time.perf_counter()
            journal, _ = journal.record(action)
            saver.save(journal)
            hp = journal.campaign.character("segiere").hp
            out, seen = read_until(primary, re.compile(rb"HP %d/14" % hp), 5.0)
            if seen is None:
                print(f"action {n + 1}: the view never showed HP {hp}", file=sys.stderr)
                continue
            latencies.append(seen - t0)
            sizes.append(len(out))
            if n in (99, 499, actions - 1):
                rss.append((n + 1, rss_kib(view.pid)))
    finally:
        saver.close()
        opened.close()
        view.terminate()
        view.wait(10)
    first = latencies[:100]
    print(f"mode: {'polling' if poll else 'watchfiles'}; {len(latencies)} of {actions} actions seen")
    print(
        f"GM action → view's terminal, first 100: median {statistics.median(first) * 1000:.0f} ms, "
        f"worst {max(first) * 1000:.0f} ms; all {len(latencies)}: median {statistics.median(latencies) * 1000:.0f} ms, "
        f"worst {max(latencies) * 1000:.0f} ms"
    )
    print(
        f"bytes written per HP change: median {statistics.median(sizes):.0f}, max {max(sizes)} (80×24 screen: {80 * 24} cells)"
    )
    print("view RSS: " + ", ".join(f"{kib / 1024:.1f} MiB after {n} actions" for n, kib in rss))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
