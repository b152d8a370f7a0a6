"""A campaign's spell book in its save: what a big book costs an autosave and a load, and what
pricing the whole book (``calc spell --book C``'s list) takes.

    .venv/bin/python benchmarks/spellbook.py [--copies 6] [--actions 200]

The book holds ``--copies`` renamed copies of every built-in spell (36 each: 216 by default).
Prints the median autosave encode after one action with that book and with an empty one (the
encoder keeps the book's bytes while it does not change), the file sizes, the best of five
loads of each, and the best of five prices of every spell of the book.
"""

from __future__ import annotations

import argparse
import time

import attrs

from core.actions import Damage
from core.demo import demo_campaign
from core.journal import Journal
from core.spellbook.book import SpellBook
from core.spellbook.seeds import SEEDS, entries
from saves.format import Encoder, read_journal


def autosaves(journal: Journal, actions: int) -> tuple[float, bytes]:
    encoder = Encoder()
    encoder.encode(journal)
    times, raw = [], b""
    for _ in range(actions):
        journal, _ = journal.record(Damage(("segiere",), 0))
        start = time.perf_counter()
        raw = encoder.encode(journal)
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2], raw


def best(run, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--copies", type=int, default=6)
    options.add_argument("--actions", type=int, default=200)
    args = options.parse_args()
    spells = tuple(attrs.evolve(s.spell, name=f"{s.spell.name[:50]} {i}") for i in range(args.copies) for s in SEEDS)
    with_book = attrs.evolve(demo_campaign(), book=SpellBook(spells))
    for label, campaign in ((f"{len(spells)} spells", with_book), ("empty book", demo_campaign())):
        encode, raw = autosaves(Journal.start(campaign), args.actions)
        load = best(lambda raw=raw: read_journal(raw, "bench.json"))
        print(
            f"{label:>11}: autosave encode median {encode * 1000:.3f} ms, file {len(raw) / 1024:.0f} KiB, load {load * 1000:.1f} ms"
        )
    every = entries(with_book.book)
    price = best(lambda: [e.spell.price(with_book.rules) for e in every])
    print(f"pricing all {len(every)} spells of the book: {price * 1000:.1f} ms")


if __name__ == "__main__":
    main()
