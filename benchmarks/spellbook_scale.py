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
priced); medians of 5. Last, the book screen itself in the GM's app (in this process, 120×40):
``ctrl+b`` in the Apothéose tab, then "sens lointains 1" typed letter by letter, each key posted
to the app as a terminal driver posts it (``driver.send_message``, as ``focus_enter.py`` sends
Enter), the clock stopped at the first frame written once the list holds the key's result, and
*settled* at the last frame the key wrote; medians of 3 openings (a new app each: the first
opening indexes the book). ``--pilot``: the keys pressed by Textual's Pilot instead (its
``wait_for_idle`` and callbacks then in the clock: the figure before 2026-12-03 evening);
``--screen-only``: only the book screen.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import attrs
from focus_enter import FrameLog  # noqa: E402
from tui_paint import settle  # noqa: E402

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


async def app_screen(book: SpellBook, repeat: int = 3) -> None:
    """The book screen in the GM's app, each key sent as a terminal driver sends it (posted to
    the app, this coroutine asleep until the app is done): ctrl+b until the frame that shows the
    list, then each letter until the frame that shows its result (the first frame written after
    the list took it; *settled*: the last frame the key wrote)."""
    from textual import events

    from tests.tui.pilot import make_test_app
    from tui.screens.spell_book import FilterDialog

    campaign = demo_campaign().with_book(book)
    word = "sens lointains 1"
    opens: list[float] = []
    letters: list[list[float]] = []
    settled: list[list[float]] = []
    cpu: list[list[float]] = []
    for _ in range(repeat):
        app = make_test_app(campaign)
        app.driver_class = Shown
        async with app.run_test(size=(120, 40), headless=False) as pilot:
            driver = app._driver
            await pilot.press("4")
            await settle(pilot, driver)
            driver.watch = lambda app=app: isinstance(app.screen, FilterDialog) and bool(app.screen.shown)
            opens.append((await send(app, driver, events.Key("ctrl+b", None)))[0])
            dialog = app.screen
            assert isinstance(dialog, FilterDialog)
            times, last, cpus = [], [], []
            for n in range(len(word)):
                before = dialog.shown
                driver.watch = lambda before=before, dialog=dialog: dialog.shown is not before
                char = word[n]
                shown, end, used = await send(app, driver, events.Key("space" if char == " " else char, char))
                times.append(shown)
                last.append(end)
                cpus.append(used)
            letters.append(times)
            settled.append(last)
            cpu.append(cpus)
    print(
        f"book screen in the app (keys as a terminal sends them): {summary(opens, letters)}; settled {statistics.median(statistics.median(r) for r in settled) * 1e3:.1f} ms, "
        f"CPU of the event loop {statistics.median(statistics.median(r) for r in cpu) * 1e3:.1f} ms a letter ({load()})"
    )


class Shown(FrameLog):
    """:class:`FrameLog` noting the first frame written once ``watch()`` holds."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.watch: Callable[[], bool] = lambda: False
        self.seen: float | None = None

    def flush(self) -> None:
        pending = bool(self._text)
        super().flush()
        if pending and self.seen is None and self.watch():
            self.seen = self.log[-1][0]


async def send(app, driver: Shown, event, quiet: float = 0.15) -> tuple[float, float, float]:
    """``event`` posted as a terminal driver posts it; then asleep until ``driver.watch()``
    held at a frame and no frame came for ``quiet`` seconds. The time to that frame, to the
    last frame, and the event loop's CPU to the last frame."""
    import asyncio

    frames, driver.seen = len(driver.log), None
    event.set_sender(app)
    t0, cpu0 = time.perf_counter(), time.thread_time()
    driver.send_message(event)
    deadline = t0 + 60
    while time.perf_counter() < deadline:
        await asyncio.sleep(quiet / 10)
        if driver.seen is not None and time.perf_counter() - driver.log[-1][0] > quiet:
            return driver.seen - t0, driver.log[-1][0] - t0, driver.cpu[-1] - cpu0
    raise TimeoutError(f"no frame showed {event!r} ({len(driver.log) - frames} frames)")


async def pilot_screen(book: SpellBook, repeat: int = 3) -> None:
    """The book screen in the GM's app by the Pilot: ctrl+b until drawn, then each letter until
    shown (the Pilot's own waiting in the clock: the figure before 2026-12-03 evening)."""
    from tests.tui.pilot import make_test_app
    from tui.screens.spell_book import FilterDialog

    campaign = demo_campaign().with_book(book)
    word = "sens lointains 1"
    opens: list[float] = []
    letters: list[list[float]] = []
    for _ in range(repeat):
        app = make_test_app(campaign)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("4")
            await pilot.pause()
            start = time.perf_counter()
            await pilot.press("ctrl+b")
            while not (isinstance(app.screen, FilterDialog) and app.screen.shown):
                await pilot.pause()
            opens.append(time.perf_counter() - start)
            dialog, times = app.screen, []
            for n in range(len(word)):
                before = dialog.shown
                start = time.perf_counter()
                await pilot.press(word[n] if word[n] != " " else "space")
                while dialog.shown is before:
                    await pilot.pause()
                times.append(time.perf_counter() - start)
            letters.append(times)
    print(f"book screen in the app (Pilot): {summary(opens, letters)} ({load()})")


def summary(opens: list[float], letters: list[list[float]]) -> str:
    """Open's median and worst, a letter's median (of each opening's median) and worst median."""
    worst = max(statistics.median(run[i] for run in letters) for i in range(len(letters[0])))
    every = statistics.median(statistics.median(run) for run in letters)
    return (
        f"open {statistics.median(opens) * 1e3:.0f} ms (median of {len(opens)}, worst {max(opens) * 1e3:.0f}), "
        f"a letter {every * 1e3:.1f} ms median, {worst * 1e3:.1f} ms at most"
    )


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--spells", type=int, default=10_000)
    p.add_argument("--root", type=Path, default=ROOT)
    p.add_argument("--no-screen", action="store_true")
    p.add_argument("--screen-only", action="store_true", help="only the book screen in the app")
    p.add_argument("--pilot", action="store_true", help="the book screen pressed by the Pilot (its waiting clocked)")
    args = p.parse_args(argv)
    if args.screen_only:
        import asyncio

        asyncio.run((pilot_screen if args.pilot else app_screen)(_book(args.spells)))
        return 0
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
            import asyncio

            asyncio.run((pilot_screen if args.pilot else app_screen)(_book(args.spells)))
    return 0


def _book(spells: int) -> SpellBook:
    seeds = [SEEDS[i % len(SEEDS)].spell for i in range(spells)]
    return SpellBook(tuple(attrs.evolve(s, name=f"{s.name[:50]} {i}") for i, s in enumerate(seeds)))


if __name__ == "__main__":
    sys.exit(main())
