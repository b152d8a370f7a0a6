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
from typing import Any

import attrs
import pytest
from textual.drivers.headless_driver import HeadlessDriver
from textual.widgets import TabbedContent

from core.breakdown import Lang
from tests.present import as_a
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


#: The driver of the fresh interpreters below: it draws nothing and, at the first frame, notes
#: which of the ``WATCHED`` modules were imported by then.
FIRST_FRAME_DRIVER = """
class Driver(HeadlessDriver):
    @property
    def is_headless(self):
        return False
    def write(self, data):
        pass
    def flush(self):
        seen.setdefault("first_frame", [m for m in WATCHED if m in sys.modules])
"""


#: A fresh interpreter runs the app (the demo) to its first frame and says which spell systems'
#: modules were imported then; ``later``: then waits (bounded) until the pane has imported the
#: others by itself; ``key``: the pane's later import never runs (as when the GM's key comes
#: first) and the palette shows the Mage tab, where "3" is typed.
FRESH_START = (
    """
import asyncio, json, os, sys
os.environ.setdefault("COLORTERM", "truecolor")
from textual.drivers.headless_driver import HeadlessDriver
from tests.tui.pilot import make_test_app
from tui.widgets.spell import SpellPane

mode, lang = sys.argv[1], sys.argv[2]
FORMS = ("tui.widgets.duel", "tui.widgets.named_group")
SYSTEMS = WATCHED = ("core.mage", "core.poles", "core.d6", "tui.spells.mage", "tui.spells.poles", "tui.spells.d6")
seen = {}
"""
    + FIRST_FRAME_DRIVER
    + """
if mode == "key":
    SpellPane.load_later = lambda self: None

async def main():
    app = make_test_app(lang=lang)
    app.driver_class = Driver
    async with app.run_test(size=(120, 40), headless=False) as pilot:
        for _ in range(200):
            if "first_frame" in seen:
                break
            await pilot.pause()
        if mode == "forms":
            seen["forms"] = [m for m in FORMS if m in sys.modules]
            await pilot.press("o", "5")  # the duel form: its module imported, the die typed at once
            await pilot.pause()
            seen["duel"] = [m for m in FORMS if m in sys.modules]
            seen["duel_die"] = app.screen.query_one("#duel-die").value
            await pilot.press("escape", "g", "ctrl+t", "ctrl+t", "6")
            await pilot.pause()
            seen["named"] = [m for m in FORMS if m in sys.modules]
            seen["named_die"] = app.screen.query_one("#ng-die").value
        elif mode == "later":
            for _ in range(200):
                if all(m in sys.modules for m in SYSTEMS):
                    break
                await pilot.pause()
            seen["later"] = [m for m in SYSTEMS if m in sys.modules]
        else:
            await app.run_action("screen.spell_system('mage')")
            await pilot.press("3")
            await pilot.pause()
            screen = app.screen
            seen["tab"] = screen.query_one("#spell-systems").active
            seen["focused"] = app.focused.id if app.focused else None
            seen["typed"] = screen.query_one("#mage-sphere").value
            seen["hint"] = str(screen.query_one("#mage-hint").render())
            seen["titles"] = [str(tab.label) for tab in screen.query("#spell-systems ContentTab")]
    print(json.dumps(seen))

asyncio.run(main())
"""
)


def fresh_start(mode: str, lang: str) -> dict[str, Any]:
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", FRESH_START, mode, lang], capture_output=True, text=True, cwd=root, timeout=300
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.splitlines()[-1])


def test_the_spell_systems_not_shown_are_imported_after_the_first_frame() -> None:
    """Issue 37: Mage, Quatre Pôles and D6 (their descriptions and rules, ~150 ms of imports on
    a loaded machine) were imported before the first frame to title their tabs; now after it."""
    seen = fresh_start("later", "en")
    assert seen["first_frame"] == []
    assert len(seen["later"]) == 6, seen


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_system_shown_before_its_later_import_is_imported_then(lang: Lang) -> None:
    """The GM's key comes before the pane's later import: the palette's Mage imports it, shows
    its tab and focuses its first field, which takes the key typed next, in the GM's language."""
    from tui.i18n import t

    seen = fresh_start("key", lang)
    assert seen["first_frame"] == []
    assert seen["tab"] == "spell-tab-mage" and seen["focused"] == "mage-sphere" and seen["typed"] == "3"
    assert seen["hint"] == t("mage.hint.sphere", lang)
    titles = ("apotheose.title", "mage.title", "poles.title", "d6.title")
    assert seen["titles"] == [t(title, lang) for title in titles]


def test_the_players_file_is_written_after_the_first_frame(tmp_path) -> None:
    """Issue 37: opening a campaign wrote its players' file (the players' feed imported, the
    picture worked out and written) before the GM's first frame; now the autosaver writes it
    just after that frame, the whole picture of the campaign as opened."""
    from core.demo import demo_campaign
    from core.player_view import player_view_of
    from saves.players_file import players_path, read_players
    from saves.store import create_campaign
    from tui.inbox import ask_of
    from tui.run import build, finish

    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    players = players_path(path)
    players.unlink()
    at_first_frame: list[bool] = []

    class Driver(FramesDriver):
        def flush(self) -> None:
            if self.pending and not self.frames:
                at_first_frame.append(players.exists())
            super().flush()

    app = build(["villon", "--saves", str(tmp_path)])

    @run
    async def play() -> None:
        os.environ.setdefault("COLORTERM", "truecolor")
        app.driver_class = Driver
        async with app.run_test(size=(120, 40), headless=False) as pilot:
            await settled(pilot, as_a(Driver, app._driver))
            for _ in range(1000):  # the autosaver's thread: bounded
                if players.exists():
                    break
                await pilot.pause()
            assert players.exists()

    try:
        play()
    finally:
        assert finish(app) is None
    assert at_first_frame == [False]
    seen = read_players(players)  # with what the form shown asks of the PCs (issue 38)
    assert seen == attrs.evolve(player_view_of(app.session.journal), asks=seen.asks) and seen.rows
    # what the mass-combat form asked before the first frame is told with the file's first writing
    assert app._asked is not None and seen.asks == ask_of(app.session.campaign, *app._asked)


def test_the_players_file_is_written_when_the_gm_quits_at_once(tmp_path) -> None:
    """The app gone before its first frame (the GM quit, the link dropped): the players' file
    of the campaign as opened is written all the same, when the autosaver closes."""
    from core.demo import demo_campaign
    from core.player_view import player_view_of
    from saves.players_file import players_path, read_players
    from saves.store import create_campaign
    from tui.run import build, finish

    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    players = players_path(path)
    players.unlink()
    app = build(["villon", "--saves", str(tmp_path)])
    assert finish(app) is None
    assert read_players(players) == player_view_of(app.session.journal)


def test_the_hidden_forms_modules_are_imported_when_first_shown() -> None:
    """Issue 37: the duel and named-group forms were not composed before they were shown, but
    their modules were imported before the first frame; now when the form is first shown, and
    the die typed right after the form's key still lands in the new form's field."""
    seen = fresh_start("forms", "en")
    assert seen["forms"] == [], seen
    assert seen["duel"] == ["tui.widgets.duel"] and seen["duel_die"] == "5"
    assert seen["named"] == ["tui.widgets.duel", "tui.widgets.named_group"] and seen["named_die"] == "6"


#: A fresh interpreter opens a campaign file as ``apotheose`` does (:func:`tui.run.build`), runs
#: the app to its first frame and says which of the modules deferred past it were imported then;
#: then waits (bounded) until the app has imported the actions' families by itself.
DEFERRED = (
    """
import asyncio, json, os, sys
os.environ.setdefault("COLORTERM", "truecolor")
from textual.drivers.headless_driver import HeadlessDriver
from core.actions import FAMILIES
from tui.run import build, finish

LATER = WATCHED = [f"core.actions.{family}" for family in FAMILIES] + ["core.player_view"]
seen = {}
"""
    + FIRST_FRAME_DRIVER
    + """
async def main():
    app = build(sys.argv[1:])
    app.driver_class = Driver
    try:
        async with app.run_test(size=(120, 40), headless=False) as pilot:
            for _ in range(400):
                if "first_frame" in seen and all(m in sys.modules for m in LATER):
                    break
                await pilot.pause()
            seen["later"] = [m for m in LATER if m in sys.modules]
    finally:
        finish(app)
    print(json.dumps(seen))

asyncio.run(main())
"""
)


def test_the_actions_rules_and_the_players_picture_are_imported_after_the_first_frame(tmp_path) -> None:
    """Issue 37: opening a campaign imported every action's family (the fight's, magic's, the
    duel's rules) and the players' picture (the mass-combat form tells the players whose roll it
    asks) before the first frame; now the app imports them after it, by itself."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    from core.actions import FAMILIES
    from core.demo import demo_campaign
    from saves.store import create_campaign

    create_campaign(tmp_path / "villon.json", demo_campaign())
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", DEFERRED, "villon", "--saves", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.splitlines()[-1])
    assert seen["first_frame"] == []
    assert seen["later"][: len(FAMILIES)] == [f"core.actions.{family}" for family in FAMILIES]


@run
async def test_the_app_is_told_once_when_its_first_frame_is_drawn() -> None:
    """The main screen tells the app once its first frame is written (``apotheose`` then lets
    the garbage collector run again: :func:`tui.run.first_frame_drawn`), and only once."""
    os.environ.setdefault("COLORTERM", "truecolor")
    app = make_test_app()
    app.driver_class = FramesDriver
    told: list[int] = []
    app.on_first_frame = lambda: told.append(len(as_a(FramesDriver, app._driver).frames))
    async with app.run_test(size=(120, 40), headless=False) as pilot:
        await settled(pilot, as_a(FramesDriver, app._driver))
        app.first_frame_shown()
    assert told == [1]
