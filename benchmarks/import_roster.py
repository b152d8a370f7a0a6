"""How long importing a roster file takes: 500 characters (issue 16: under a second), 100,000 rows
named alike (issue 23: at most 10 s).

    .venv/bin/python benchmarks/import_roster.py [--characters 500] [--repeat 5] [--alike]

Writes a CSV and a JSON file of N distinct NPCs made from the ready templates (the export of a
campaign holding them) — with ``--alike``, N rows that all name one ``Garde`` (numbered Garde,
Garde 1, Garde 2…, every id slugging alike) — then times, best of ``--repeat``:
- parse: the file → the ``AddMany`` action (checking every row, numbering, ids);
- apply: that action on the demo campaign;
- cli: ``apotheose import`` end to end on a fresh campaign file, in this process (lock, load,
  parse, apply, encode, atomic write with fsync).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import attrs

from core.actions import AddMany, apply
from core.campaign import Campaign
from core.demo import demo_campaign
from core.templates import BUILT_IN, Book, copies
from saves.roster_file import read_roster, roster_text


def roster_of(n: int) -> Campaign:
    """A campaign with ``n`` characters made from the ready templates, and a mook group."""
    campaign = Campaign(name="Bench")
    book = Book(campaign)
    made = []
    for i in range(n):
        template = attrs.evolve(
            BUILT_IN[i % len(BUILT_IN)], name=f"PNJ {i // len(BUILT_IN)} {BUILT_IN[i % len(BUILT_IN)].name}"
        )
        made.extend(copies(template, 1, campaign, book=book))
    return apply(campaign, AddMany(tuple(made))).campaign


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--characters", type=int, default=500)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--alike", action="store_true", help="every row names the same character (the quadratic case once)")
    args = p.parse_args()
    source = None if args.alike else roster_of(args.characters)
    demo = demo_campaign()
    with tempfile.TemporaryDirectory() as tmp:
        from tui.cli import main as cli

        for fmt in ("csv", "json"):
            path = Path(tmp) / f"roster.{fmt}"
            if args.alike:
                rows = (
                    ["name", *["Garde"] * args.characters]
                    if fmt == "csv"
                    else ['[{"name": "Garde"}', *[', {"name": "Garde"}'] * (args.characters - 1), "]"]
                )
                path.write_text("\n".join(rows) + "\n", encoding="utf-8")
            else:
                assert source is not None
                path.write_text(roster_text(source, fmt), encoding="utf-8")
            action = read_roster(path, demo)
            assert len(action.characters) == args.characters, len(action.characters)
            parse = best(lambda path=path: read_roster(path, demo), args.repeat)
            applied = best(lambda action=action: apply(demo, action), args.repeat)
            counter = iter(range(10**6))

            def end_to_end(counter=counter, fmt=fmt, path=path) -> None:
                n = next(counter)
                campaign = Path(tmp) / f"c{fmt}{n}.json"
                assert cli(["new", str(campaign)]) == 0
                start = time.perf_counter()
                assert cli(["import", str(campaign), str(path)]) == 0
                end_to_end.took = time.perf_counter() - start  # type: ignore[attr-defined]

            import contextlib
            import io

            with contextlib.redirect_stdout(io.StringIO()):
                runs = []
                for _ in range(args.repeat):
                    end_to_end()
                    runs.append(end_to_end.took)  # type: ignore[attr-defined]
            print(
                f"{fmt}: {args.characters} characters, {path.stat().st_size / 1024:.0f} KB: "
                f"parse {parse:.0f} ms, apply {applied:.1f} ms, apotheose import {min(runs) * 1000:.0f} ms"
            )


if __name__ == "__main__":
    main()
