"""Issue 12: the app opens in one frame. Over SSH every frame is sent down the link; before, the
start-up wrote 4 to 6 of them at 120x40 (35 to 63 KB): the first layout, then what the widgets
did on learning their size (the footer's keys, the initiative header, a scrollbar), the default
screen under the main one, the breakpoint classes restyling everything on the first resize.

The app runs with a driver that renders as a terminal receives it (truecolor) and counts what it
would write, frame by frame (a frame is one flush of the driver), as ``benchmarks/tui_paint.py``
does; no timing.
"""

from __future__ import annotations

import os

import pytest
from textual.drivers.headless_driver import HeadlessDriver
from textual.widgets import TabbedContent

from tests.tui.pilot import make_test_app, run
from tests.tui.test_pane_switch import cells_per_row

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)

#: A full 120x40 frame of the demo is about 28 KB.
MOST_BYTES = 30_000


class FramesDriver(HeadlessDriver):
    """Renders like a terminal driver (the app is not headless) and keeps each frame written."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.frames: list[str] = []
        self.pending: list[str] = []

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        self.pending.append(data)

    def flush(self) -> None:
        if self.pending:
            self.frames.append("".join(self.pending))
            self.pending = []


async def settled(pilot, driver: FramesDriver) -> None:
    """Until three pauses in a row write nothing and nothing waits to be painted."""
    quiet, seen = 0, -1
    while quiet < 3:
        await pilot.pause()
        if len(driver.frames) == seen and not driver.pending and not pilot.app.screen._dirty_widgets:
            quiet += 1
        else:
            quiet, seen = 0, len(driver.frames)


def start_up(size: tuple[int, int]) -> list[str]:
    """The frames the app writes from its start until it is idle, in a terminal of ``size``."""
    frames: list[str] = []

    @run
    async def play() -> None:
        os.environ.setdefault("COLORTERM", "truecolor")
        app = make_test_app()
        app.driver_class = FramesDriver
        async with app.run_test(size=size, headless=False) as pilot:
            await settled(pilot, app._driver)
            frames.extend(app._driver.frames)

    play()
    return frames


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_the_app_opens_in_one_full_frame(size):
    frames = start_up(size)
    assert len(frames) == 1, [len(frame.encode()) for frame in frames]
    rows = cells_per_row(frames[0])
    assert sorted(rows) == list(range(1, size[1] + 1))  # every row, once
    assert len(frames[0].encode()) <= MOST_BYTES


@run
async def test_the_spell_systems_not_shown_are_composed_when_first_shown():
    """About 200 widgets a GM may never open are not built before the first frame; the palette's
    command composes a system's tab and its first field takes the keys typed next."""
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.screen.query("#spell-mage")
        assert app.screen.query("#spell-apotheose")
        await app.run_action("screen.spell_system('mage')")
        assert app.screen.query_one("#spell-systems", TabbedContent).active == "spell-tab-mage"
        assert app.focused is not None and app.focused.id == "mage-sphere"
        await pilot.press("3")
        assert app.screen.query_one("#mage-sphere").value == "3"
        assert not app.screen.query("#spell-poles")


@run
async def test_the_selection_moving_while_a_tab_is_first_composed():
    """The panes follow the selection on every cursor move: a system whose tab was just shown
    (its fields not composed yet) is left out until it has mounted, then reads the campaign."""
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.action_spell_system("mage")  # not awaited: the tab is still being composed
        app.selected = "morvan"
        app.selected = "segiere"
        await pilot.pause()
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "mage-sphere"
        assert not app._exception


def test_the_main_screen_is_laid_out_at_most_three_times_before_its_first_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 37: the terminal's size sent at start and the screen's own first size laid every
    widget out twice more before the first frame (5 layouts; now the first, and those the
    widgets ask for on learning their size)."""
    from textual.screen import Screen

    counted: list[int] = []
    layouts = [0]
    refresh_layout = Screen._refresh_layout

    def counting(screen, *args, **kwargs):
        layouts[0] += 1
        return refresh_layout(screen, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counting)

    class FirstFrameDriver(FramesDriver):
        def flush(self) -> None:
            if self.pending and not self.frames:
                counted.append(layouts[0])
            super().flush()

    @run
    async def play() -> None:
        os.environ.setdefault("COLORTERM", "truecolor")
        app = make_test_app()
        app.driver_class = FirstFrameDriver
        async with app.run_test(size=(120, 40), headless=False) as pilot:
            await settled(pilot, app._driver)
            assert len(app._driver.frames) == 1

    play()
    assert counted and counted[0] <= 3, counted
