"""How much a save and a load cost, next to plain orjson on the same data.

    .venv/bin/python benchmarks/save_load.py [--actions 10,100,500] [--repeat 30]

For a demo campaign with N actions of history it prints, in milliseconds:
- orjson: ``orjson.dumps`` + ``orjson.loads`` of the same save as plain dicts and lists;
- save: one autosave's encoding after one more action (the Encoder warm, as in the app);
- decode: bytes → checked SaveFile (envelope, strict structuring of the whole file);
- open: bytes → the journal the app carries on with (``read_journal``: decode, no replay since
  the history is replayed on the first undo past the loaded campaign);
- undo1: open + that first undo (the replay it costs, once per load);
- naive: cattrs unstructure + dumps + loads + structure, no caching;
- write: encoding + atomic_write (fsync included, so it depends on the disk);
and the ratios (save + decode) / orjson, (save + open) / orjson and naive / orjson. Each time is
the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.actions import AttackGroup, ChangeShadow, Damage, Heal, NextTurn
from core.demo import demo_campaign
from core.errors import RulesError
from core.journal import Journal
from saves.atomic import atomic_write
from saves.format import CONVERTER, Encoder, History, SaveFile, decode, read_journal

PCS = ("arsouille", "alduin", "segiere", "morvan", "romuald", "brunvir")


def actions(rng: random.Random):
    """An endless, plausible fight: turns, damage, healing, attacks on the veterans, shadow."""
    while True:
        yield NextTurn()
        yield Damage((rng.choice(PCS),), rng.randint(1, 3))
        yield Heal((rng.choice(PCS),), rng.randint(1, 3))
        yield AttackGroup("veterans", rng.randint(8, 16), (rng.randint(-9, 10),))
        yield ChangeShadow(rng.choice(PCS), "gm", rng.choice((-1, 1)))


def grow(journal: Journal, count: int, source) -> list[Journal]:
    """``count`` journals, each one action on from the last (a refused action is skipped)."""
    out = []
    while len(out) < count:
        try:
            journal, _ = journal.record(next(source))
        except RulesError:
            continue
        if not journal.campaign.group("veterans").standing:
            journal, _ = journal.record(Heal(("veterans",), 12))
        out.append(journal)
    return out


def best(fn: Callable[[], object], repeat: int) -> float:
    """The best time of ``fn`` over ``repeat`` runs, in milliseconds (the least disturbed run)."""
    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1e3


def measure(n: int, repeat: int, folder: Path) -> dict[str, float]:
    source = actions(random.Random(n))
    journal = grow(Journal.start(demo_campaign()), n, source)[-1]
    following = grow(journal, repeat + 1, source)
    encoder = Encoder()
    raw = encoder.encode(journal)
    plain = orjson.loads(raw)

    steps = iter(following)
    save = best(lambda: encoder.encode(next(steps)), repeat)
    raw = encoder.encode(following[-1])
    path = folder / f"bench-{n}.json"
    writes = iter(grow(following[-1], repeat + 1, source))
    write = best(lambda: atomic_write(path, encoder.encode(next(writes))), repeat)

    saved = encoder.window(following[-1])
    data = SaveFile(saved.campaign, History(saved.base, saved.done, saved.undone, saved.log))

    def naive() -> object:
        return CONVERTER.structure(orjson.loads(orjson.dumps(CONVERTER.unstructure(data))), SaveFile)

    return {
        "actions": n,
        "kB": len(raw) / 1000,
        "orjson": best(lambda: orjson.loads(orjson.dumps(plain)), repeat),
        "save": save,
        "decode": best(lambda: decode(raw, path), repeat),
        "open": best(lambda: read_journal(raw, path), repeat),
        "undo1": best(lambda: read_journal(raw, path).journal.undo(), repeat),
        "naive": best(naive, repeat),
        "write": write,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--actions", default="10,100,500", help="history sizes, comma-separated")
    p.add_argument("--repeat", type=int, default=30)
    args = p.parse_args(argv)
    sizes = [int(x) for x in args.actions.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        rows = [measure(n, args.repeat, Path(tmp)) for n in sizes]
    head = ("actions", "kB", "orjson", "save", "decode", "open", "undo1", "naive", "write")
    print(" ".join(f"{h:>8}" for h in head) + "   (save+decode)/orjson (save+open)/orjson naive/orjson")
    for r in rows:
        cells = " ".join(f"{r[h]:>8.3f}" if h != "actions" else f"{r[h]:>8d}" for h in head)
        ratios = (
            (r["save"] + r["decode"]) / r["orjson"],
            (r["save"] + r["open"]) / r["orjson"],
            r["naive"] / r["orjson"],
        )
        print(f"{cells}   {ratios[0]:>20.1f} {ratios[1]:>18.1f} {ratios[2]:>12.1f}")
    first, last = rows[0], rows[-1]
    print(
        f"one autosave's encoding: {first['save']:.3f} ms at {first['actions']} actions, "
        f"{last['save']:.3f} ms at {last['actions']} ({last['save'] / first['save']:.1f}x); "
        f"with the write: {first['write']:.3f} ms, {last['write']:.3f} ms ({last['write'] / first['write']:.1f}x)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
