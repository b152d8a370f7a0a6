"""Issue 37: after a form applies, the GM first sees what it did; the look of the focus going back
to the initiative list follows.

The focus moves at once (the next key acts on the list), but the frame that shows the new HP is
drawn before what the focus changes in the look: the two panes' frames (the accent border moves
from the damage pane to the list's), the footer's keys (the list's again) and the amount field's
restyle (no longer focused), which cost about a third of the CPU from Enter to that frame
(``MainScreen.back_now``). Those come in the frames after it, and the screen settles exactly as
it did when everything was drawn in one frame: the terminal's cells, read back from what the
app wrote, are the same.

The app runs with a driver that renders every frame as a terminal receives it (the real escape
sequences) and keeps each frame, with what the panes, the footer and the focus were when it was
written.
"""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from textual.app import App
from textual.drivers.headless_driver import HeadlessDriver

from tests.tui.pilot import SIZES, WIDE, make_test_app, quiet, run, select

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)

TARGET = "romuald"  # a PC without armour: 3 points of damage are 3 HP


class FrameDriver(HeadlessDriver):
    """Renders like a terminal driver (the app is not headless) and keeps each frame (one flush)
    in :attr:`events`, with what :attr:`state` says when it is written."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.written: list[str] = []
        self.events: list[tuple[str, Any]] = []
        self.state: Any = lambda: None

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        self.written.append(data)

    def flush(self) -> None:
        if self.written:
            self.events.append(("frame", ("".join(self.written), self.state())))
            self.written = []

    def output(self) -> str:
        return "".join(value[0] for kind, value in self.events if kind == "frame")


async def settled(pilot, driver: FrameDriver) -> None:
    """Until every key is handled, what waits for a refresh has run, and three pauses in a row
    write nothing with nothing waiting to be painted."""
    await quiet(pilot)
    still, seen = 0, -1
    while still < 3:
        await pilot.pause()
        if len(driver.events) == seen and not pilot.app.screen._dirty_widgets:
            still += 1
        else:
            still, seen = 0, len(driver.events)


def look(app) -> dict[str, object]:
    """What the focus changes in the look, as the app holds it now."""
    from tui.widgets.footer import KeysFooter

    panes = app.screen.panes()
    return {
        "initiative frame": panes["initiative"]._shows_focus,
        "damage frame": panes["damage"]._shows_focus,
        "footer": app.screen.query_one(KeysFooter).items,
        "focused": app.screen.focused,
    }


CSI = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[=>]")


def cells(output: str) -> dict[tuple[int, int], tuple[str, str]]:
    """The terminal's cells after ``output``: each cell's character and the colour codes in force
    when it was written (cursor moves ``ESC[y;xH``, colours ``ESC[…m``, ``ESC[0m`` resets)."""
    screen: dict[tuple[int, int], tuple[str, str]] = {}
    row = column = 1
    sgr = ""
    at = 0
    for match in [*CSI.finditer(output), None]:
        text = output[at : match.start() if match else len(output)]
        for char in text:
            if char == "\n":
                row, column = row + 1, 1
            elif char != "\r":
                screen[row, column] = (char, sgr)
                column += 1
        if match is None:
            break
        at = match.end()
        params, final = match.group(1), match.group(2)
        if final == "H":
            row, column = (int(n) if n else 1 for n in ((params or "1;1").split(";") + ["1"])[:2])
        elif final == "m":
            sgr = "" if params in ("", "0") else sgr + ";" + params
    return screen


def enter_on_the_damage_form(size: tuple[int, int], *, look_at_once: bool = False) -> tuple[FrameDriver, Any, Any]:
    """``x 3 ⏎`` on Romuald (twice: the first result fills the empty result box) with a
    :class:`FrameDriver`; what it wrote, the look after ``x 3`` and the look once settled.
    ``look_at_once``: the focus given back as Esc gives it (``action_back``: its look drawn in
    the same frame as the new HP), the way before issue 37."""
    found: list[Any] = []

    @run
    async def play() -> None:
        os.environ.setdefault("COLORTERM", "truecolor")
        app = make_test_app()
        app.driver_class = FrameDriver
        async with app.run_test(size=size, headless=False) as pilot:
            driver = app._driver
            assert isinstance(driver, FrameDriver)
            if look_at_once:
                app.screen.back_now = app.screen.action_back  # type: ignore[method-assign]
            driver.state = lambda: look(app)
            await select(pilot, TARGET)
            await pilot.press("x", "3", "enter")
            await settled(pilot, driver)
            await pilot.press("x", "3")
            await settled(pilot, driver)
            in_the_form = look(app)
            driver.events.append(("enter", None))
            await pilot.press("enter")
            await settled(pilot, driver)
            assert app.campaign.character(TARGET).hp == 3, "x 3 ⏎ twice on 9 HP"
            found.extend((driver, in_the_form, look(app)))

    play()
    driver, in_the_form, settled_look = found
    return driver, in_the_form, settled_look


def test_the_frame_with_the_new_hp_comes_before_the_look_of_the_focus_going_back(monkeypatch) -> None:
    """At 120x40 (the four panes): the first frame showing ``3/9`` is written with the focus on
    the list already, the panes' frames and the footer as they were in the form, the amount
    field not yet restyled (``Input:focus`` no longer applies to it); the field's restyle and the
    list's look come after it, each drawn by a later frame."""
    from tui.widgets.initiative import InitiativeList

    update_styles = App.update_styles

    def restyle(app, node, animate=True):  # Textual's restyle, which the app may put off
        driver = app._driver
        if isinstance(driver, FrameDriver):
            driver.events.append(("restyled", node))
        return update_styles(app, node, animate)

    monkeypatch.setattr(App, "update_styles", restyle)
    driver, in_the_form, settled_look = enter_on_the_damage_form(WIDE)
    after = driver.events[driver.events.index(("enter", None)) + 1 :]
    field = in_the_form["focused"]
    hp_frame = next(i for i, (kind, value) in enumerate(after) if kind == "frame" and "3/9" in value[0])
    at_hp = after[hp_frame][1][1]
    assert isinstance(at_hp["focused"], InitiativeList), "the next key acts on the list at once"
    assert in_the_form["damage frame"] and not in_the_form["initiative frame"]
    for part in ("initiative frame", "damage frame", "footer"):
        assert at_hp[part] == in_the_form[part], f"{part}: drawn with the new HP, not after it"
    restyled = [i for i, (kind, value) in enumerate(after) if kind == "restyled" and value is field]
    assert restyled and min(restyled) > hp_frame, "the field left restyled after the new HP's frame"
    assert any(kind == "frame" for kind, _value in after[min(restyled) :]), "and drawn"
    assert settled_look["initiative frame"] and not settled_look["damage frame"]
    assert settled_look["footer"] != in_the_form["footer"], "the list's keys"
    last_frame = next(value for kind, value in reversed(after) if kind == "frame")
    assert last_frame[1] == settled_look, "the settled look is drawn"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_screen_settles_as_when_the_look_came_with_the_new_hp(size) -> None:
    """What the terminal shows once settled (every cell, its character and colours, read back
    from all the app wrote) is the same whether the focus's look waits for the frame with the
    new HP or comes with it; so is the look the app holds."""
    later, _form, later_look = enter_on_the_damage_form(size)
    at_once, _form, at_once_look = enter_on_the_damage_form(size, look_at_once=True)
    assert later_look["initiative frame"] == at_once_look["initiative frame"] is True
    assert later_look["footer"] == at_once_look["footer"]
    assert cells(later.output()) == cells(at_once.output())
