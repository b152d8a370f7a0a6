"""What the app costs on screen: bytes written and paint time, next to a one-widget Textual app.

    .venv/bin/python benchmarks/tui_paint.py [--rows 50,500,5000] [--repeat 20] [--size 120x40]
    .venv/bin/python benchmarks/tui_paint.py --pty [--rows 50,500,5000] [--starts 5] [--also CHECKOUT]

The app runs in this process through ``App.run_test(headless=False)`` with a driver that renders
every frame as a terminal would receive it (truecolor, the real escape sequences) and counts the
bytes instead of writing them; a *frame* is one screen update (one driver flush). The campaign is
the demo plus N generated NPCs (no armour, initiative 0-4: after the demo's fighters, so the PC hit
is on screen) in its fight. For each N it prints:

- start-up: time from ``run_test`` to the first frame, frames and KB until the app is idle;
- HP change: one ``Damage``/``Heal`` of 1 HP on a PC through ``app.request`` (as a pane does):
  ``request`` = the time in ``app.request`` (rules, journal, every pane's ``campaign_changed``),
  ``paint`` = the time in the screen's updates (layout, compositor, rendering the frames),
  ``frame`` = from the request to the last frame written (event loop included), then bytes and
  frames until idle; ``sel``: the same with the PC under the initiative cursor (the other panes
  show the selected combatant, so their previews follow the hit);
- cursor move: ``down``/``up`` on the initiative list: paint, frame (from the key press, its
  handling included), bytes and frames;
- pane switch: ``x`` (the damage form) and Esc (back to the initiative list): bytes and frames;

each the median of ``--repeat`` tries (start-up: of ``--starts`` starts). The baseline is an app
with one ``Static``: its first frame and its start-up bytes.

With ``--pty`` it measures start-ups as a GM sees them instead: ``apotheose`` (on a campaign file
with the same fight), the one-widget app and ``same_widgets_app.py`` (Textual's own widgets, as
many as the main screen shows, without the project) each run as a new process in a
pseudo-terminal, from the fork to the first frame and to the last byte, with the bytes and
bursts of writes.

Building the fight: ``core.actions.Join`` costs O(N) per participant (it scans the roster and sorts
the order), 317 s for 5,000; the NPCs are put in the order directly, sorted once.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from pathlib import Path

from core.actions import Outcome

os.environ.setdefault("TEXTUAL_COLOR_SYSTEM", "truecolor")  # before Textual reads it
os.environ.setdefault("COLORTERM", "truecolor")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import attrs
from textual.app import App, ComposeResult
from textual.drivers.headless_driver import HeadlessDriver
from textual.screen import Screen
from textual.widgets import Static

from core import turns
from core.actions import Damage, Heal
from core.campaign import Campaign
from core.characteristics import Characteristics
from core.demo import demo_campaign
from core.encounter import Participant
from core.roster import new_character

TARGET = "romuald"  # a PC without armour: every point of damage is one HP


class CountingDriver(HeadlessDriver):
    """Renders like a terminal driver (the app is not headless) and counts what it would write."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.bytes = self.frames = self.pending = 0
        self.last_frame = 0.0

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        size = len(data.encode())
        self.bytes += size
        self.pending += size

    def flush(self) -> None:
        if self.pending:
            self.frames += 1
            self.pending = 0
            self.last_frame = time.perf_counter()


class PaintClock:
    """Time spent in screen updates (``Screen._on_timer_update``: layout, compositor, display)
    that had something to do. ``Pilot.pause`` calls the update itself after every pause, and
    ``settle`` pauses until three in a row write nothing: those calls find nothing dirty and are
    not paint (about 0.05 ms each, four per cursor move, counted before 2026-12-01)."""

    def __init__(self) -> None:
        self.total = 0.0
        #: the same in CPU time of the event loop's thread (waiting for a core does not count)
        self.cpu = 0.0
        self._original = Screen._on_timer_update
        clock = self

        def timed(screen: Screen) -> None:
            if not (
                screen._dirty_widgets
                or screen._layout_required
                or screen._repaint_required
                or screen._scroll_required
                or screen._recompose_required
            ):
                clock._original(screen)
                return
            start, start_cpu = time.perf_counter(), time.thread_time()
            try:
                clock._original(screen)
            finally:
                clock.total += time.perf_counter() - start
                clock.cpu += time.thread_time() - start_cpu

        Screen._on_timer_update = timed


def campaign_with(npcs: int) -> Campaign:
    """The demo campaign with ``npcs`` more characters in its fight."""
    campaign = demo_campaign()
    rng = random.Random(npcs)
    extra = tuple(
        new_character(
            f"npc-{i}", f"Garde {i}", Characteristics(corps=rng.randint(2, 6), esprit=2, combat=2, ame=1), pc=False
        )
        for i in range(npcs)
    )
    campaign = attrs.evolve(campaign, roster=campaign.roster + extra)
    enc = campaign.encounter
    start = len(enc.participants)
    joined = tuple(Participant(c.id, rng.randint(0, 4), start + i) for i, c in enumerate(extra))
    enc = turns.sort_order(campaign, attrs.evolve(enc, participants=enc.participants + joined))
    return campaign.with_encounter(enc)


async def settle(pilot, driver: CountingDriver, quiet: int = 3) -> None:
    """Let the app run until ``quiet`` pauses in a row write nothing."""
    still, seen = 0, -1
    while still < quiet:
        await pilot.pause()
        if driver.bytes == seen and not pilot.app.screen._dirty_widgets:
            still += 1
        else:
            still, seen = 0, driver.bytes


class Measure:
    def __init__(self) -> None:
        self.rows: dict[str, list[float]] = {}

    def add(self, name: str, value: float) -> None:
        self.rows.setdefault(name, []).append(value)

    def median(self, name: str) -> float:
        return statistics.median(self.rows[name])


async def start_up(make_app, size: tuple[int, int], m: Measure, prefix: str) -> None:
    app = make_app()
    app.driver_class = CountingDriver
    start = time.perf_counter()
    async with app.run_test(size=size, headless=False) as pilot:
        driver = app._driver
        await settle(pilot, driver)
        first = driver.frames
        m.add(f"{prefix}.first_ms", (getattr(driver, "first_frame", driver.last_frame) - start) * 1e3)
        m.add(f"{prefix}.frames", first)
        m.add(f"{prefix}.kb", driver.bytes / 1000)


def first_frame_recorder() -> None:
    """Remember when each driver flushes its first frame (start-up time)."""
    original = CountingDriver.flush

    def flush(self) -> None:
        had = self.frames
        original(self)
        if had == 0 and self.frames == 1:
            self.first_frame = self.last_frame

    CountingDriver.flush = flush


async def interactions(campaign: Campaign, size: tuple[int, int], repeat: int, m: Measure, clock: PaintClock) -> None:
    from tests.conftest import make_test_app
    from tui.widgets.initiative import InitiativeList

    app = make_test_app(campaign)
    app.driver_class = CountingDriver
    async with app.run_test(size=size, headless=False) as pilot:
        driver = app._driver
        await settle(pilot, driver)
        for i in range(repeat):
            action = Damage((TARGET,), 1) if i % 2 == 0 else Heal((TARGET,), 1)
            before_bytes, before_frames, before_paint = driver.bytes, driver.frames, clock.total
            start = time.perf_counter()
            assert isinstance(await app.request(action), Outcome), action
            m.add("hp.request_ms", (time.perf_counter() - start) * 1e3)
            await settle(pilot, driver)
            m.add("hp.frame_ms", (driver.last_frame - start) * 1e3)
            m.add("hp.paint_ms", (clock.total - before_paint) * 1e3)
            m.add("hp.kb", (driver.bytes - before_bytes) / 1000)
            m.add("hp.frames", driver.frames - before_frames)
        app.selected = TARGET  # the GM's usual way: the hit one is under the cursor (panes follow it)
        await settle(pilot, driver)
        for i in range(repeat):
            action = Damage((TARGET,), 1) if i % 2 == 0 else Heal((TARGET,), 1)
            before_bytes, before_paint = driver.bytes, clock.total
            assert isinstance(await app.request(action), Outcome), action
            await settle(pilot, driver)
            m.add("sel.paint_ms", (clock.total - before_paint) * 1e3)
            m.add("sel.kb", (driver.bytes - before_bytes) / 1000)
        app.screen.query_one(InitiativeList).focus()
        await settle(pilot, driver)
        for i in range(repeat):
            key = "down" if i % 2 == 0 else "up"
            before_bytes, before_frames, before_paint, before_cpu = driver.bytes, driver.frames, clock.total, clock.cpu
            start = time.perf_counter()
            await pilot.press(key)
            await settle(pilot, driver)
            m.add("cursor.frame_ms", (driver.last_frame - start) * 1e3)
            m.add("cursor.paint_ms", (clock.total - before_paint) * 1e3)
            m.add("cursor.cpu_ms", (clock.cpu - before_cpu) * 1e3)
            m.add("cursor.kb", (driver.bytes - before_bytes) / 1000)
            m.add("cursor.frames", driver.frames - before_frames)
        for i in range(repeat):  # a pane switch and back: x opens the damage form, Esc returns
            key = "x" if i % 2 == 0 else "escape"
            before_bytes, before_frames = driver.bytes, driver.frames
            await pilot.press(key)
            await settle(pilot, driver)
            m.add(f"switch.{key}.kb", (driver.bytes - before_bytes) / 1000)
            m.add(f"switch.{key}.frames", driver.frames - before_frames)


class OneWidget(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Apothéose")


# -- a real terminal: the whole process in a pty ---------------------------------------------------

#: The baseline as a process: Textual and one Static, nothing of the project imported.
ONE_WIDGET_APP = """
from textual.app import App
from textual.widgets import Static

class OneWidget(App):
    def compose(self):
        yield Static("Apothéose")

OneWidget().run()
"""


def process_cpu(pid: int) -> float:
    """The CPU time (user + system, s) process ``pid`` has used so far (``/proc``, in clock ticks)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def in_pty(argv: list[str], size: tuple[int, int], quiet: float = 1.0, limit: float = 30.0) -> dict[str, float]:
    """Run ``argv`` in a pseudo-terminal of ``size`` and read what it writes until ``quiet``
    seconds pass with nothing new. Times are from the fork: the first frame is the first burst
    that positions the cursor (the set-up sequences before it do not), a frame one burst of
    writes (reads less than 3 ms apart); ``first_cpu_ms`` is the CPU time the process had used
    when its first frame arrived (``/proc``, 10 ms ticks: on a loaded machine, steadier than the
    wall clock)."""
    import fcntl
    import pty
    import select
    import signal
    import struct
    import termios

    env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", TEXTUAL_COLOR_SYSTEM="truecolor")
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:  # the child: the terminal's size, then the program
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        os.execvpe(argv[0], argv, env)
    total, first, last, bursts, previous, first_cpu = 0, None, start, 0, 0.0, float("nan")
    try:
        while time.perf_counter() - start < limit:
            ready, _, _ = select.select([fd], [], [], 0.02)
            now = time.perf_counter()
            if not ready:
                if first is not None and now - last > quiet:  # quiet after a frame (a loaded
                    break  # machine can take more than ``quiet`` from the set-up to the frame)
                continue
            try:
                data = os.read(fd, 1 << 16)
            except OSError:
                break
            if not data:
                break
            if (
                first is None
                and b"H" in data
                and b"\x1b[" in data
                and any(chunk[: chunk.find(b"H")].replace(b";", b"").isdigit() for chunk in data.split(b"\x1b[")[1:])
            ):
                first = now
                first_cpu = process_cpu(pid)
            if first is not None and now - previous > 0.003:
                bursts += 1
            total, last, previous = total + len(data), now, now
    finally:
        os.write(fd, b"\x11")  # ctrl+q
        deadline, ended = time.perf_counter() + 5, False
        while not ended and time.perf_counter() < deadline:
            if select.select([fd], [], [], 0.05)[0]:
                try:
                    os.read(fd, 1 << 16)
                except OSError:
                    pass
            ended = os.waitpid(pid, os.WNOHANG) != (0, 0)
        if not ended:
            os.kill(pid, signal.SIGTERM)
            os.waitpid(pid, 0)
        os.close(fd)
    return {
        "first_ms": ((first or last) - start) * 1e3,
        "first_cpu_ms": first_cpu * 1e3,
        "idle_ms": (last - start) * 1e3,
        "kb": total / 1000,
        "frames": bursts,
    }


def pty_start_ups(rows: list[int], size: tuple[int, int], starts: int, also: list[str] | None = None) -> None:
    """Start-up of the real ``apotheose`` (a campaign file with the demo and N NPCs) and of the
    one-widget app, each as a new process in a pty; ``also``: other checkouts of the project
    (each with its ``.venv``), e.g. the commit before a change, measured in the same run. The
    runs take turns (one start of each, ``starts`` times) so that the machine's load drifting
    weighs on all of them alike."""
    import compileall
    import contextlib
    import io
    import tempfile

    from saves.store import create_campaign

    here = Path(__file__).resolve()
    root = here.parent.parent
    # The project's bytecode first, as an install writes it: where PYTHONDONTWRITEBYTECODE=1 is
    # set, an editable install would otherwise compile every module of the project on each start.
    checkouts = [("", root)] + [(f" ({Path(other).name})", Path(other).resolve()) for other in also or ()]
    with contextlib.redirect_stdout(io.StringIO()):
        for _, checkout in checkouts:
            for package in ("core", "saves", "tui"):
                compileall.compile_dir(str(checkout / package), quiet=2)
    runs = [
        ("one-widget app", [sys.executable, "-c", ONE_WIDGET_APP]),
        ("same widgets, Textual only", [sys.executable, str(here.parent / "same_widgets_app.py")]),
    ]
    with tempfile.TemporaryDirectory() as folder:
        for n in rows:
            create_campaign(Path(folder) / f"bench-{n}.json", campaign_with(n))
            for label, checkout in checkouts:
                program = str(checkout / ".venv" / "bin" / "apotheose")
                runs.append((f"apotheose{label}, {n} rows", [program, "--saves", folder, f"bench-{n}"]))
        print(f"whole process in a {size[0]}x{size[1]} pty, truecolor; medians of {starts}")
        results: dict[str, list[dict[str, float]]] = {name: [] for name, _ in runs}
        for _ in range(starts):
            for name, argv in runs:
                results[name].append(in_pty(argv, size))
        width = max(len(name) for name, _ in runs)
        print(
            f"{'':>{width}} {'first ms':>9} {'x base':>7} {'cpu ms':>7} {'x base':>7} {'idle ms':>8} {'KB':>7} {'bursts':>7}"
        )
        base = None
        for name, _ in runs:
            row = {key: statistics.median(r[key] for r in results[name]) for key in results[name][0]}
            base = base or row
            print(
                f"{name:>{width}} {row['first_ms']:>9.0f} {row['first_ms'] / base['first_ms']:>7.2f} "
                f"{row['first_cpu_ms']:>7.0f} {row['first_cpu_ms'] / base['first_cpu_ms']:>7.2f} "
                f"{row['idle_ms']:>8.0f} {row['kb']:>7.1f} {row['frames']:>7.0f}"
            )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rows", default="50,500,5000", help="extra NPCs in the fight, comma-separated")
    p.add_argument("--repeat", type=int, default=20, help="HP changes and cursor moves per size")
    p.add_argument("--starts", type=int, default=5, help="start-ups per size")
    p.add_argument("--size", default="120x40")
    p.add_argument("--pty", action="store_true", help="start-ups as whole processes in a pty instead")
    p.add_argument(
        "--also",
        action="append",
        default=[],
        metavar="CHECKOUT",
        help="with --pty: another checkout (with its .venv) in the same run",
    )
    args = p.parse_args(argv)
    size = tuple(int(x) for x in args.size.split("x"))
    if args.pty:
        pty_start_ups([int(x) for x in args.rows.split(",")], size, args.starts, args.also)
        return 0
    first_frame_recorder()
    clock = PaintClock()
    from tests.conftest import make_test_app

    base = Measure()
    for _ in range(args.starts):
        asyncio.run(start_up(OneWidget, size, base, "start"))
    print(f"terminal {size[0]}x{size[1]}, truecolor; medians")
    print(
        f"one-widget app: first frame {base.median('start.first_ms'):.1f} ms, "
        f"start-up {base.median('start.frames'):.0f} frames {base.median('start.kb'):.1f} KB"
    )
    head = (
        "rows", "first ms", "x base", "frames", "start KB",
        "hp req ms", "hp paint", "hp frame", "hp KB", "hp frames", "sel paint", "sel KB",
        "cur paint", "cur cpu", "cur frame", "cur KB", "cur frames",
    )  # fmt: skip
    print(" ".join(f"{h:>10}" for h in head))
    for n in (int(x) for x in args.rows.split(",")):
        campaign = campaign_with(n)
        m = Measure()
        for _ in range(args.starts):
            asyncio.run(start_up(lambda c=campaign: make_test_app(c), size, m, "start"))
        asyncio.run(interactions(campaign, size, args.repeat, m, clock))
        cells = (
            n, m.median("start.first_ms"), m.median("start.first_ms") / base.median("start.first_ms"),
            m.median("start.frames"), m.median("start.kb"), m.median("hp.request_ms"), m.median("hp.paint_ms"),
            m.median("hp.frame_ms"), m.median("hp.kb"), m.median("hp.frames"), m.median("sel.paint_ms"),
            m.median("sel.kb"), m.median("cursor.paint_ms"), m.median("cursor.cpu_ms"),
            m.median("cursor.frame_ms"), m.median("cursor.kb"), m.median("cursor.frames"),
        )  # fmt: skip
        print(" ".join(f"{c:>10d}" if isinstance(c, int) else f"{c:>10.2f}" for c in cells))
        print(
            f"{'':>10} pane switch: x {m.median('switch.x.kb'):.2f} KB {m.median('switch.x.frames'):.0f} frames, "
            f"Esc {m.median('switch.escape.kb'):.2f} KB {m.median('switch.escape.frames'):.0f} frames"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
