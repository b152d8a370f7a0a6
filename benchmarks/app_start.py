"""What one start of the app costs inside a process that already imported it: what every Pilot
test pays before its first key, and most of a GM's first frame once the imports are done.

    .venv/bin/python benchmarks/app_start.py [--starts 8] [--also CHECKOUT]

Each start is ``make_test_app()`` (the demo) run with ``App.run_test`` at 120x40 until the first
pause, then closed. Printed, medians over ``--starts`` (after one warm-up start): the CPU time of
the process per start (``time.process_time``), the stylesheet applications (``Stylesheet.apply``,
one per widget styled and per component class of it, the main cost of composing), the widgets on
the main screen, and the garbage collector: its time per start and its full collections. Run it
with the tests' ``gc.freeze()`` (``--freeze``) and their threshold (``--young 10000``), and
without, to see what each saves.
``--also CHECKOUT`` runs the same in another checkout (its own ``.venv``) for a before/after.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def measure(starts: int, freeze: bool, root: Path = ROOT, young: int | None = None) -> dict[str, float]:
    sys.path.insert(0, str(root))
    from textual.css.stylesheet import Stylesheet

    from tests.conftest import make_test_app

    applies = [0]
    apply = Stylesheet.apply

    def counted(self, node, **kwargs):
        applies[0] += 1
        return apply(self, node, **kwargs)

    Stylesheet.apply = counted  # type: ignore[method-assign]
    gc_time, full, began = [0.0], [0], [0.0]

    def collector(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            gc_time[0] += time.perf_counter() - began[0]
            full[0] += info["generation"] == 2

    widgets = [0]

    async def one() -> None:
        app = make_test_app()
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            widgets[0] = len(list(app.screen.walk_children()))

    asyncio.run(one())
    if freeze:
        gc.collect()
        gc.freeze()
    gc.set_threshold(700 if young is None else young, 10, 10)  # Python's default unless asked
    gc.callbacks.append(collector)
    rows: dict[str, list[float]] = {"cpu_s": [], "applies": [], "gc_s": [], "full_gc": []}
    for _ in range(starts):
        applies[0], gc_time[0], full[0] = 0, 0.0, 0
        cpu = time.process_time()
        asyncio.run(one())
        rows["cpu_s"].append(time.process_time() - cpu)
        rows["applies"].append(applies[0])
        rows["gc_s"].append(gc_time[0])
        rows["full_gc"].append(full[0])
    result = {name: statistics.median(values) for name, values in rows.items()}
    result["widgets"] = widgets[0]
    return result


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--starts", type=int, default=8)
    p.add_argument("--freeze", action="store_true", help="gc.freeze() after the warm-up, as the tests do")
    p.add_argument("--young", type=int, default=None, help="collect the youngest objects every N made (the app: 10000)")
    p.add_argument("--also", action="append", default=[], metavar="CHECKOUT")
    p.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # one checkout's numbers, for --also
    p.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.json:
        print(json.dumps(measure(args.starts, args.freeze, args.root, args.young)))
        return 0
    gc_said = (", gc frozen" if args.freeze else "") + (
        f", youngest collected every {args.young}" if args.young else ""
    )
    print(f"app start + stop at 120x40, medians of {args.starts}{gc_said}")
    print(f"{'checkout':<28} {'CPU s':>7} {'applies':>8} {'widgets':>8} {'GC s':>7} {'full GCs':>9}")
    for checkout in (str(ROOT), *args.also):
        here = Path(checkout).resolve()
        # this script (an older checkout may not have it), that checkout's code and venv
        command = [
            str(here / ".venv/bin/python"),
            str(Path(__file__).resolve()),
            "--json",
            "--root",
            str(here),
            "--starts",
            str(args.starts),
        ]
        extra = [*(["--freeze"] if args.freeze else []), *(["--young", str(args.young)] if args.young else [])]
        out = subprocess.run([*command, *extra], capture_output=True, text=True, cwd=here, check=True)
        r = json.loads(out.stdout.strip().splitlines()[-1])
        print(
            f"{checkout:<28} {r['cpu_s']:>7.3f} {r['applies']:>8.0f} {r['widgets']:>8.0f} {r['gc_s']:>7.3f} {r['full_gc']:>9.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
