"""``apotheose import`` of 100,000 rows as the GM runs it (issue 37: ≤ 10 s, ≤ 300 MB peak).

    .venv/bin/python benchmarks/import_scale.py [--rows 100000] [--runs 1] [--formats csv,json]

Makes a fresh demo campaign (``apotheose new --demo``: a fight with a hidden group), writes a roster file of ``--rows`` rows all naming
one ``Garde`` (numbered Garde, Garde 1…; every id slugging alike: the case that once was
quadratic), then runs ``apotheose import CAMPAIGN FILE`` as its own process and reads from the
kernel, for that process alone: the wall time, its CPU time (user + system) and its peak
resident memory (``ru_maxrss``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APOTHEOSE = [sys.executable, "-m", "tui.cli"]


def roster(path: Path, rows: int, fmt: str) -> None:
    if fmt == "csv":
        lines = ["name", *["Garde"] * rows]
    else:
        lines = ['[{"name": "Garde"}', *[', {"name": "Garde"}'] * (rows - 1), "]"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def run(args: list[str], env: dict[str, str], root: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak RSS (MB) of ``args`` run as a child process."""
    start = time.perf_counter()
    child = subprocess.Popen(args, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    assert child.stderr is not None
    error = child.stderr.read().decode()
    child.stderr.close()
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed ({child.returncode}): {error}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--rows", type=int, default=100_000)
    p.add_argument("--runs", type=int, default=1)
    p.add_argument("--formats", default="csv,json")
    p.add_argument("--root", type=Path, default=ROOT, help="the checkout to run (another one: a baseline)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "XDG_DATA_HOME": tmp, "HOME": tmp}
        for fmt in args.formats.split(","):
            source = Path(tmp) / f"roster.{fmt}"
            roster(source, args.rows, fmt)
            for i in range(args.runs):
                campaign = Path(tmp) / f"c-{fmt}-{i}.json"
                run([*APOTHEOSE, "new", "--demo", str(campaign)], env, args.root)
                wall, cpu, peak = run([*APOTHEOSE, "import", str(campaign), str(source)], env, args.root)
                size = campaign.stat().st_size / 1e6
                print(
                    f"{fmt}: {args.rows:,} rows: apotheose import {wall:.2f} s wall, {cpu:.2f} s CPU, "
                    f"peak RSS {peak:.0f} MB (campaign file {size:.1f} MB)"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
