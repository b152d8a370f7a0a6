"""Issue 14, item 9: over SSH, switching panes sends what changed on screen, not the whole screen.

The app runs with a driver that renders every frame as a terminal receives it (the real escape
sequences, truecolor) and keeps what it would write. Before the fix, ``x`` and Esc at 120x40 each
wrote all 40 rows again (about 42 KB here, 33 KB as the issue measured): Textual repaints the
whole screen when the focus moves, a ``:focus-within`` border repainted every widget of the two
panes, the initiative list repainted all its lines, and the footer was rebuilt two or three times.
Now they write the two panes' frames, the changed cursor line and field, and the footer (about
8 KB). The bounds are generous: they fail on a return to a full repaint, not on a small change.
"""

from __future__ import annotations

import os
import re

import pytest
from textual.drivers.headless_driver import HeadlessDriver

from tests.tui.pilot import WIDE, make_test_app, run

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)

#: A full 120x40 repaint is about 42 KB; a pane switch now writes about 8 KB.
MOST_BYTES = 16_000
#: Rows written with (almost) their whole width: only the footer and the panes' top and bottom
#: border rows may be, never most of the screen.
MOST_FULL_ROWS = 8


class CapturingDriver(HeadlessDriver):
    """Renders like a terminal driver (the app is not headless) and keeps what it writes."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.written: list[str] = []

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        self.written.append(data)

    def take(self) -> str:
        data, self.written = "".join(self.written), []
        return data


CURSOR_TO = re.compile(r"\x1b\[(\d+);(\d+)H")
CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[=>]")


def cells_per_row(output: str) -> dict[int, int]:
    """How many characters each screen row received (cursor moves split the output)."""
    rows: dict[int, int] = {}
    marks = list(CURSOR_TO.finditer(output))
    for mark, after in zip(marks, [*marks[1:], None], strict=False):
        chunk = output[mark.end() : after.start() if after else len(output)]
        row = int(mark.group(1))
        rows[row] = rows.get(row, 0) + len(CONTROL.sub("", chunk))
    return rows


async def settled(pilot, driver: CapturingDriver) -> None:
    """Until three pauses in a row write nothing and nothing waits to be painted."""
    quiet, seen = 0, -1
    while quiet < 3:
        await pilot.pause()
        if len(driver.written) == seen and not pilot.app.screen._dirty_widgets:
            quiet += 1
        else:
            quiet, seen = 0, len(driver.written)


def switch_costs(keys: list[str]) -> list[tuple[str, int, int, int]]:
    """(key, bytes, rows written, rows written whole) for each key pressed at 120x40."""
    results = []

    @run
    async def play() -> None:
        os.environ.setdefault("COLORTERM", "truecolor")
        app = make_test_app()
        app.driver_class = CapturingDriver
        async with app.run_test(size=WIDE, headless=False) as pilot:
            driver = app._driver
            await settled(pilot, driver)
            first = cells_per_row(driver.take())  # the first frame is the whole screen:
            assert len(first) == WIDE[1] and all(n >= WIDE[0] for n in first.values())  # every row, whole
            for key in keys:
                await pilot.press(key)
                await settled(pilot, driver)
                output = driver.take()
                rows = cells_per_row(output)
                whole = sum(1 for n in rows.values() if n >= WIDE[0] // 2)
                results.append((key, len(output.encode()), len(rows), whole))

    play()
    return results


def test_item_9_a_pane_switch_writes_what_changed_not_the_whole_screen() -> None:
    costs = switch_costs(["x", "escape", "g", "escape", "s", "escape", "2", "escape"])
    for key, size, rows, whole in costs:
        assert size < MOST_BYTES, (key, size)
        assert whole <= MOST_FULL_ROWS, (key, whole, rows)
        assert size > 0, key  # something did change: the focused pane's frame, the footer


def test_item_9_the_capturing_driver_sees_a_full_repaint() -> None:
    """The measure can fail: a screen refresh (what every focus change did) writes every row."""
    results = []

    @run
    async def play() -> None:
        app = make_test_app()
        app.driver_class = CapturingDriver
        async with app.run_test(size=WIDE, headless=False) as pilot:
            driver = app._driver
            await settled(pilot, driver)
            driver.take()
            app.screen.refresh()
            await settled(pilot, driver)
            output = driver.take()
            rows = cells_per_row(output)
            results.append((len(output.encode()), sum(1 for n in rows.values() if n >= WIDE[0] // 2)))

    play()
    [(size, whole)] = results
    # The switch test fails when either limit is broken; a full repaint breaks the rows one
    # (every row written whole) whatever the bytes come to.
    assert whole > MOST_FULL_ROWS and size > MOST_BYTES // 2
