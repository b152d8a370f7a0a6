"""From the GM's Enter to the GM's screen and to the players' file: a typed HP change (issue 37).

    .venv/bin/python benchmarks/focus_enter.py [--actions 50] [--npcs 0] [--size 120x40] [--pilot]

The GM's app runs in this process on a campaign file (the demo, plus ``--npcs`` generated NPCs as
``tui_paint.py`` makes them), built as ``apotheose`` builds it (``tui.run.build``: the real
session and autosaver, which writes the campaign, then the players' file or its feed), driven by
Textual's Pilot with a driver that renders every frame as a terminal receives it
(``tui_paint.CountingDriver``). Romuald is selected; each action is the GM's ``x 3 ⏎`` (his HP
given back by a ``Heal`` request before the next one, out of the clock), or with ``--alternate``
``x 1 ⏎`` and ``x + 1 ⏎`` in turn (the result box then changes its height: one line for a heal,
three for a hit, a layout each time): the damage form takes the focus, Enter applies, the focus
goes back to the initiative list. Enter is sent as a terminal driver sends it (the key posted to
the app, the benchmark asleep until the app is done); ``--pilot`` presses it with the Pilot, whose
own waiting then runs in the clock. The clock starts when Enter
is pressed and stops at

- *screen*: the frame that shows the new HP on the GM's screen written (the driver's flush);
- *settled*: the last frame written for that key (the focus back on the list, the footer's keys);
- *players*: the players' file or feed written by the autosaver's thread
  (``saves.players_file.write_players`` returned);
- *cpu*: the CPU time of the event loop's thread from Enter to the last frame (waiting for a
  core does not count: steadier than the wall clock on a loaded machine).

It prints the median and the 95th percentile of each, the whole-screen layouts per action
(``Screen._refresh_layout``; the damage form taking and giving back the focus laid the whole
screen out twice), and ``/proc/loadavg`` before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tui_paint import CountingDriver, campaign_with, settle  # noqa: E402

from saves.store import create_campaign  # noqa: E402

#: how long without a frame counts as settled after Enter (the app's own frame timer is 1/60 s)
QUIET = 0.15
TARGET = "romuald"  # a PC without armour: one point of damage is one HP


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().strip()


class FrameLog(CountingDriver):
    """:class:`CountingDriver` keeping each frame's time and text."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.log: list[tuple[float, str]] = []
        #: the event loop's thread's CPU time at each frame
        self.cpu: list[float] = []
        self._text: list[str] = []

    def write(self, data: str) -> None:
        super().write(data)
        self._text.append(data)

    def flush(self) -> None:
        super().flush()
        if self._text:
            self.log.append((time.perf_counter(), "".join(self._text)))
            self.cpu.append(time.thread_time())
            self._text = []


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[round(fraction * (len(ordered) - 1))]


async def press_as_a_terminal(app, driver: FrameLog, saved, quiet: float = QUIET) -> None:
    """Enter as a terminal driver sends it (the key posted to the app, nothing else run in the
    event loop), then wait, asleep, until the players' file is written and no frame came for
    ``quiet`` seconds (the clock's figures are read from the frames' log, not from this wait)."""
    from textual import events

    event = events.Key("enter", "\r")
    event.set_sender(app)
    driver.send_message(event)
    deadline = time.perf_counter() + 30
    while time.perf_counter() < deadline:
        await asyncio.sleep(quiet / 10)
        last = driver.log[-1][0] if driver.log else 0.0
        if saved() and time.perf_counter() - last > quiet and app.session.saver.saved:
            return
    raise TimeoutError("the app never settled after Enter")


async def play(
    app, actions: int, size: tuple[int, int], alternate: bool, by_pilot: bool = False
) -> dict[str, list[float]]:
    from textual.screen import Screen

    import saves.players_file as players_file
    from core.actions import Heal
    from tests.tui.pilot import select as select_row

    written: list[float] = []
    original = players_file.write_players

    def timed_write(*args, **kwargs):
        result = original(*args, **kwargs)
        written.append(time.perf_counter())
        return result

    players_file.write_players = timed_write
    layouts = [0]
    refresh_layout = Screen._refresh_layout

    def counted(screen, *args, **kwargs):
        layouts[0] += 1
        return refresh_layout(screen, *args, **kwargs)

    Screen._refresh_layout = counted  # type: ignore[method-assign]
    found: dict[str, list[float]] = {
        "screen": [],
        "settled": [],
        "players": [],
        "layouts": [],
        "layouts x": [],
        "cpu": [],
        "cpu screen": [],
    }
    app.driver_class = FrameLog
    max_hp = app.campaign.character(TARGET).max_hp
    try:
        async with app.run_test(size=size, headless=False) as pilot:
            driver = app._driver
            await select_row(pilot, TARGET)
            await settle(pilot, driver)
            for n in range(actions):
                if alternate:
                    hp = max_hp - 1 if n % 2 == 0 else max_hp
                    keys = ("1",) if n % 2 == 0 else ("plus", "1")
                else:  # x 3 ⏎, the HP given back before the next one (out of the clock)
                    if app.campaign.character(TARGET).hp < max_hp:
                        await app.request(Heal((TARGET,), max_hp - app.campaign.character(TARGET).hp))
                        await settle(pilot, driver)
                    hp, keys = max_hp - 3, ("3",)
                layouts[0] = 0
                await pilot.press("x", *keys)
                await settle(pilot, driver)
                app.session.saver.flush(10)
                found["layouts x"].append(layouts[0])
                frames, saves, layouts[0] = len(driver.log), len(written), 0
                t0, cpu0 = time.perf_counter(), time.thread_time()
                if by_pilot:
                    await pilot.press("enter")
                    await settle(pilot, driver)
                    app.session.saver.flush(10)
                else:
                    await press_as_a_terminal(app, driver, lambda saves=saves: len(written) > saves)
                assert app.campaign.character(TARGET).hp == hp, "the GM's keys did not apply"
                new = driver.log[frames:]
                shown = next((i for i, (_t, text) in enumerate(new) if f"{hp}/{max_hp}" in text), None)
                if shown is not None:
                    found["screen"].append(new[shown][0] - t0)
                    found["cpu screen"].append(driver.cpu[frames + shown] - cpu0)
                if new:
                    found["settled"].append(new[-1][0] - t0)
                    found["cpu"].append(driver.cpu[-1] - cpu0)
                if len(written) > saves:
                    found["players"].append(written[saves] - t0)
                found["layouts"].append(layouts[0])
    finally:
        players_file.write_players = original
        Screen._refresh_layout = refresh_layout  # type: ignore[method-assign]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=50)
    parser.add_argument("--npcs", type=int, default=0)
    parser.add_argument("--size", default="120x40")
    parser.add_argument("--alternate", action="store_true", help="x 1 ⏎ and x + 1 ⏎ in turn")
    parser.add_argument(
        "--pilot", action="store_true", help="Enter pressed by the Pilot (its own waiting counted in the CPU)"
    )
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    from tui.run import build

    with tempfile.TemporaryDirectory() as folder:
        path = create_campaign(Path(folder) / "fight.json", campaign_with(args.npcs))
        app = build([str(path)])
        before = loadavg()
        found = asyncio.run(play(app, args.actions, (width, height), args.alternate, args.pilot))
        after = loadavg()
    keys = "x 1 ⏎ and x + 1 ⏎ in turn" if args.alternate else "x 3 ⏎"
    keys += ", Enter by the Pilot" if args.pilot else ", Enter sent as a terminal sends it"
    print(f"{args.actions} typed HP changes ({keys}), {args.npcs} NPCs more than the demo, {width}x{height}")
    for name, label in (
        ("screen", "Enter → the GM's frame with the new HP"),
        ("settled", "Enter → the GM's last frame"),
        ("players", "Enter → players' file or feed written"),
        ("cpu screen", "CPU of the event loop's thread, Enter → the frame with the new HP"),
        ("cpu", "CPU of the event loop's thread, Enter → the last frame"),
    ):
        values = found[name]
        if values:
            print(
                f"  {label}: median {statistics.median(values) * 1000:.1f} ms, "
                f"p95 {percentile(values, 0.95) * 1000:.1f} ms ({len(values)} of {args.actions})"
            )
        else:
            print(f"  {label}: never seen")
    print(
        f"  whole-screen layouts: {sum(found['layouts x'])} for {args.actions} × x and the amount, "
        f"{sum(found['layouts'])} for {args.actions} × Enter"
    )
    print(f"  /proc/loadavg before: {before}; after: {after}")


if __name__ == "__main__":
    main()
