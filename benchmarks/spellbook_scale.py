"""A spell book of 10,000 spells (issue 37): the commands a GM runs on it, and the book's list
as the book screen opens and filters it.

    .venv/bin/python benchmarks/spellbook_scale.py [--spells 10000] [--root CHECKOUT] [--no-screen]

The demo campaign with ``--spells`` renamed copies of the built-in spells in its book, saved
with one action of history (so its base holds the same book). Then, each as its own process
(wall and CPU time, from the kernel): ``apotheose check FILE`` and ``apotheose calc spell
--book FILE NAME``. ``--root``: run another checkout's commands (a baseline). Then in this
process, the book's list as a screen would show it, 30 rows high, for the word "boule" typed
letter by letter: before (every spell priced when the list opens, every name folded at each
letter) and with :mod:`core.spellbook.index` (the names indexed once, only the shown rows
priced); medians of 5.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import attrs

from core.actions import NextTurn
from core.choices import _folded
from core.demo import demo_campaign
from core.journal import Journal
from core.spellbook.book import SpellBook
from core.spellbook.seeds import SEEDS, entries
from saves.format import Encoder

ROOT = Path(__file__).resolve().parent.parent
ROWS = 30


def book_file(path: Path, spells: int) -> str:
    book = _book(spells)
    journal = Journal.start(attrs.evolve(demo_campaign(), book=book))
    journal, _ = journal.record(NextTurn())
    path.write_bytes(Encoder().encode(journal))
    return book.spells[len(book.spells) // 2].name


def run(args: list[str], root: Path) -> tuple[float, float]:
    start = time.perf_counter()
    child = subprocess.Popen(args, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed")
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def timed(fn: Callable[[], object], repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def screen(book: SpellBook) -> None:
    from core.spellbook.index import BookIndex

    rules = demo_campaign().rules
    word = "boule"

    def before_open() -> list[tuple[object, str]]:  # what the screen did: price all, fold each letter
        out = []
        for e in entries(book):
            try:
                out.append((e, e.spell.price(rules).figure.en))
            except Exception:  # noqa: BLE001 - listed with its error, as the screen does
                out.append((e, "?"))
        return out

    listed = before_open()

    def before_letter(typed: str) -> None:
        wanted = _folded(typed)
        holding = [(e, _folded(e.spell.name)) for e, _ in listed if wanted in _folded(e.spell.name)]
        sorted(holding, key=lambda h: not h[1].startswith(wanted))

    def after_open() -> BookIndex:
        index = BookIndex(book)
        for e in index.filter("")[:ROWS]:
            e.spell.price(rules)
        return index

    def after_letters() -> list[float]:
        index = after_open()
        out = []
        for n in range(1, len(word) + 1):
            start = time.perf_counter()
            for e in index.filter(word[:n])[:ROWS]:
                e.spell.price(rules)
            out.append((time.perf_counter() - start) * 1e3)
        return out

    print(f"book screen before: open {timed(before_open):.0f} ms (every spell priced), "
          f"a letter {max(timed(lambda n=n: before_letter(word[:n])) for n in range(1, 6)):.0f} ms at most")  # fmt: skip
    letters = [after_letters() for _ in range(5)]
    worst = max(statistics.median(run[i] for run in letters) for i in range(len(word)))
    print(
        f"book screen with the index: open {timed(after_open):.0f} ms ({ROWS} rows priced), a letter {worst:.1f} ms at most"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--spells", type=int, default=10_000)
    p.add_argument("--root", type=Path, default=ROOT)
    p.add_argument("--no-screen", action="store_true")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "book.json"
        name = book_file(path, args.spells)
        print(f"{args.spells:,} spells, file {path.stat().st_size / 1e6:.1f} MB ({args.root})")
        for label, words in (
            ("check", ["check", str(path)]),
            ("calc spell --book", ["calc", "spell", "--book", str(path), name]),
        ):
            wall, cpu = run([sys.executable, "-m", "tui.cli", *words], args.root)
            print(f"apotheose {label}: {wall:.2f} s wall, {cpu:.2f} s CPU")
        if not args.no_screen:
            screen(_book(args.spells))
    return 0


def _book(spells: int) -> SpellBook:
    seeds = [SEEDS[i % len(SEEDS)].spell for i in range(spells)]
    return SpellBook(tuple(attrs.evolve(s, name=f"{s.name[:50]} {i}") for i, s in enumerate(seeds)))


if __name__ == "__main__":
    sys.exit(main())
