"""Saves flat in the campaign's length (issue 37): one GM action's autosave at 100, 1,000 and
10,000 actions of history, and save + open next to orjson.

    .venv/bin/python benchmarks/saves_flat.py [--actions 100,1000,10000] [--repeat 60]

For the demo fight played ``N`` actions long (turns, damage, healing, attacks on the veterans,
shadow changes: ``save_load.py``'s fight), then ``--repeat`` actions more, each timed as the GM
waits for it, in CPU time of this thread (medians, milliseconds):

- record: ``Journal.record`` of the action (rules, journal, log lines for the players);
- encode: the autosaver's encoding of the journal (its ``Encoder`` warm, as in the app);
- write: ``atomic_write`` of those bytes (backups, fsync: CPU only, the disk's wait not counted);
- autosave: the three together, what one action costs past the rules' own work.

Then, on the file of the last journal: ``orjson`` = ``orjson.dumps`` + ``orjson.loads`` of the
same save as plain data, ``open`` = ``read_journal`` (what the app does on open), and the ratio
(encode + open) / orjson, medians over ``--repeat`` runs of each, taken in turns, in CPU time of
this thread too (wall time swung the ratio from 3 to 19 between two runs of the same code at load
8). The last line compares the autosave at the largest size with the one at the smallest.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from save_load import actions  # the same plausible fight

from core.actions import Heal
from core.demo import demo_campaign
from core.errors import RulesError
from core.journal import Journal
from saves.atomic import atomic_write
from saves.format import Encoder, read_journal


def one_more(journal: Journal, source: object) -> Journal:
    """``journal`` one action on (a refused action is skipped; the veterans rise when all fell)."""
    while True:
        try:
            journal, _ = journal.record(next(source))  # type: ignore[call-overload]
        except RulesError:
            continue
        if not journal.campaign.group("veterans").standing:
            journal, _ = journal.record(Heal(("veterans",), 12))
        return journal


def cpu(fn: Callable[[], object]) -> tuple[float, object]:
    start = time.thread_time()
    out = fn()
    return (time.thread_time() - start) * 1e3, out


def medians(first: Callable[[], object], second: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The median CPU times (this thread's) of ``first`` and ``second`` run in turns (so that a
    change of the machine's load falls on both), in milliseconds."""
    first(), second()
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        for fn, out in zip((first, second), times, strict=True):
            start = time.thread_time()
            fn()
            out.append(time.thread_time() - start)
    return statistics.median(times[0]) * 1e3, statistics.median(times[1]) * 1e3


def measure(n: int, repeat: int, folder: Path) -> dict[str, float]:
    source = actions(random.Random(n))
    journal = Journal.start(demo_campaign())
    for _ in range(n):
        journal = one_more(journal, source)
    encoder = Encoder()
    path = folder / f"flat-{n}.json"
    atomic_write(path, encoder.encode(journal))
    rec, enc, wri = [], [], []
    for _ in range(repeat):
        t, journal = cpu(lambda j=journal: one_more(j, source))  # type: ignore[misc]
        rec.append(t)
        t, raw = cpu(lambda j=journal: encoder.encode(j))  # type: ignore[misc]
        enc.append(t)
        t, _ = cpu(lambda r=raw: atomic_write(path, r))  # type: ignore[misc]
        wri.append(t)
    raw = encoder.encode(journal)
    plain = orjson.loads(raw)
    out = {
        "actions": n,
        "kB": len(raw) / 1000,
        "record": statistics.median(rec),
        "encode": statistics.median(enc),
        "write": statistics.median(wri),
        "autosave": statistics.median(r + e + w for r, e, w in zip(rec, enc, wri, strict=True)),
    }
    out["orjson"], out["open"] = medians(
        lambda: orjson.loads(orjson.dumps(plain)), lambda: read_journal(raw, path), repeat
    )

    out["ratio"] = (out["encode"] + out["open"]) / out["orjson"]
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--actions", default="100,1000,10000", help="history sizes, comma-separated")
    p.add_argument("--repeat", type=int, default=60)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        rows = [measure(int(x), args.repeat, Path(tmp)) for x in args.actions.split(",")]
    head = ("actions", "kB", "record", "encode", "write", "autosave", "orjson", "open", "ratio")
    print(" ".join(f"{h:>9}" for h in head))
    for r in rows:
        print(" ".join(f"{r[h]:>9d}" if h == "actions" else f"{r[h]:>9.3f}" for h in head))  # type: ignore[str-format]
    first, last = rows[0], rows[-1]
    print(
        f"autosave at {last['actions']} actions ÷ at {first['actions']}: {last['autosave'] / first['autosave']:.2f}x "
        f"(encode alone {last['encode'] / first['encode']:.2f}x, record alone {last['record'] / first['record']:.2f}x)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
