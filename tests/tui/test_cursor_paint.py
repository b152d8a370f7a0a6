"""Issue 12: a cursor move on the initiative list paints its two rows and the damage pane's target
line, and nothing else: no widget of a form that is not shown, no widget behind those lines, no
scrollbar, and under 1 KB down the GM's link. What the lines get is what a full repaint draws.

(The paint time is measured by benchmarks/tui_paint.py, not here.)
"""

from __future__ import annotations

from collections import Counter

import pytest
from textual.strip import Strip
from textual.widget import Widget

from core.actions import Outcome
from tests.tui.pilot import make_test_app, quiet, run
from tests.tui.test_repaint import Spy
from tests.tui.test_startup import FramesDriver
from tui.textual_fixes.compositor import LinesCompositor, stacked
from tui.widgets.initiative import InitiativeList

SIZE = (120, 40)


def cells(strip: Strip, x: int = 0) -> dict[int, tuple[str, object]]:
    """Each cell of ``strip`` drawn from column ``x``: its character and style."""
    out: dict[int, tuple[str, object]] = {}
    for segment in strip:
        for char in segment.text:
            out[x] = (char, segment.style)
            x += 1
    return out


@pytest.mark.slow
@run
async def test_a_cursor_move_paints_two_rows_and_the_target_line_under_one_kb(monkeypatch) -> None:
    import os

    os.environ.setdefault("COLORTERM", "truecolor")
    rendered: Counter[str] = Counter()
    render_lines = Widget.render_lines

    counting = [True]

    def counted(widget, crop):
        if counting[0]:
            rendered[widget.id or type(widget).__name__] += crop.height
        return render_lines(widget, crop)

    updates: list = []
    partial = LinesCompositor.render_partial_update

    def kept(compositor):
        update = partial(compositor)
        counting[0] = False
        updates.append((update, compositor.render_strips()))  # and the whole screen as it is now
        counting[0] = True
        return update

    spy = Spy(monkeypatch)
    app = make_test_app()
    app.driver_class = FramesDriver
    async with app.run_test(size=SIZE, headless=False) as pilot:
        await quiet(pilot)
        app.screen.query_one(InitiativeList).focus()
        await quiet(pilot)
        monkeypatch.setattr(Widget, "render_lines", counted)
        monkeypatch.setattr(LinesCompositor, "render_partial_update", kept)
        for key in ("down", "down", "up"):
            rendered.clear()
            spy.clear()
            updates.clear()
            app._driver.frames.clear()
            await pilot.press(key)
            await quiet(pilot)
            assert {w.id for w in spy.repainted} == {"initiative-list", "dmg-targets"}, key  # no hidden form
            assert rendered == {"initiative-list": 2, "dmg-targets": 1}, (key, rendered)  # nothing behind
            written = sum(len(frame.encode()) for frame in app._driver.frames)
            assert len(app._driver.frames) == 1 and written <= 1000, (key, written)
            for update, screen in updates:
                assert update is None or not sent_differs(update, screen), key


def sent_differs(update, screen: list[Strip]) -> list[tuple[int, str, str]]:
    """The lines of ``update`` whose cells differ from the same cells of ``screen``, a full render."""
    wrong = []
    for y, x1, x2 in update.spans:
        sent: dict[int, tuple[str, object]] = {}
        for cut, strip in update.chops[y].items():
            if strip is not None:
                sent.update(cells(strip, cut))
        whole = cells(screen[y])
        if [sent.get(x) for x in range(x1, x2)] != [whole[x] for x in range(x1, x2)]:
            wrong.append(
                (y, "".join(sent.get(x, ("?",))[0] for x in range(x1, x2)), "".join(whole[x][0] for x in range(x1, x2)))
            )
    return wrong


@pytest.mark.slow
@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_every_partial_update_of_a_fight_draws_what_a_full_repaint_draws(size, monkeypatch) -> None:
    """A GM's keys (cursor, damage form, duel, Esc, next turn, group attack, marks, the spell
    pane): each line sent equals that line of the whole screen rendered at the same moment. (A
    pane's frame repainted on a focus change once blanked the list row beside it: the pane,
    behind the list, filled the row's cells for a region the list was not looked at for.)"""
    wrong: list = []
    partial = LinesCompositor.render_partial_update

    def checked(compositor):
        update = partial(compositor)
        if update is not None:
            wrong.extend(sent_differs(update, compositor.render_strips()))
        return update

    monkeypatch.setattr(LinesCompositor, "render_partial_update", checked)

    @run
    async def play() -> None:
        app = make_test_app()
        async with app.run_test(size=size) as pilot:
            await quiet(pilot)
            for key in ("down", "down", "down", "x", "3", "enter", "up", "o", "escape", "n", "space", "down",
                        "space", "g", "escape", "4", "1", "down", "up", "v", "escape", "end", "home"):  # fmt: skip
                await pilot.press(key)
                await quiet(pilot)
                assert not wrong, (key, wrong)

    play()


def test_rows_of_the_same_columns_that_touch_are_painted_in_one_pass() -> None:
    from textual.geometry import Region

    rows = [Region(2, 4, 56, 1), Region(2, 3, 56, 1), Region(2, 21, 56, 1), Region(60, 4, 10, 1)]
    assert stacked(rows) == [Region(2, 3, 56, 2), Region(2, 21, 56, 1), Region(60, 4, 10, 1)]
    assert stacked([Region(0, 0, 5, 1), Region(0, 2, 5, 1)]) == [Region(0, 0, 5, 1), Region(0, 2, 5, 1)]


@pytest.mark.slow
@run
async def test_going_back_to_a_row_draws_it_from_its_kept_lines(monkeypatch) -> None:
    """A row keeps its line with and without the cursor (focused or not): going back and forth
    between two combatants lays no row out again, and each look is the right one."""
    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        the_list = app.screen.query_one(InitiativeList)
        the_list.focus()
        for key in ("down", "up"):  # each look painted once (two keys at once paint only the last)
            await pilot.press(key)
            await quiet(pilot)
        drawn: list[tuple[int, str]] = []
        render_row = InitiativeList._render_row

        def counted(self, i, w, look=""):
            drawn.append((i, look))
            return render_row(self, i, w, look)

        monkeypatch.setattr(InitiativeList, "_render_row", counted)
        first = the_list.cursor
        for key in ("down", "up", "down", "up"):
            await pilot.press(key)
            await quiet(pilot)
        assert drawn == []
        width = the_list.scrollable_content_region.width
        assert the_list.render_line(first) == render_row(the_list, first, width, "cursor")
        assert the_list.render_line(first + 1) == render_row(the_list, first + 1, width, "")
        assert render_row(the_list, first, width, "cursor") != render_row(the_list, first, width, "")
        app.screen.focus_next()  # away from the list: the cursor's look without focus
        await quiet(pilot)
        assert not the_list.has_focus
        assert drawn == [(first, "cursor-blur")]
        assert the_list.render_line(first) == render_row(the_list, first, width, "cursor-blur")


@pytest.mark.slow
@run
async def test_a_changed_row_is_drawn_anew_in_every_look() -> None:
    from core.actions import Damage

    app = make_test_app()
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        the_list = app.screen.query_one(InitiativeList)
        the_list.focus()
        key = the_list.cursor_key
        for step in ("down", "up"):  # each look painted once (two keys at once paint only the last)
            await pilot.press(step)
            await quiet(pilot)
        assert set(the_list.strips[key]) == {"", "cursor"}
        before = the_list.render_line(the_list.cursor).text
        assert isinstance(await app.request(Damage((key,), 1)), Outcome)
        await quiet(pilot)
        assert key not in the_list.strips or set(the_list.strips[key]) == {"cursor"}  # the old lines are gone
        assert the_list.render_line(the_list.cursor).text != before


@pytest.mark.slow
@run
async def test_esc_then_a_key_at_once_leaves_each_row_in_its_look() -> None:
    """Over SSH Esc and the next key arrive together: from the damage form, Esc and ↓ in one
    burst give the list back its focus and move the cursor; the row left is plain, the row
    reached has the focused cursor's look (the kept lines are not the ones of another look)."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        the_list = app.screen.query_one(InitiativeList)
        the_list.focus()
        await pilot.press("down", "up", "down")
        await quiet(pilot)
        start = the_list.cursor
        await pilot.press("x")  # the damage form: the list loses its focus
        await quiet(pilot)
        assert not the_list.has_focus
        await pilot.press("escape", "down")
        await quiet(pilot)
        assert the_list.has_focus and the_list.cursor == start + 1
        width = the_list.scrollable_content_region.width
        fresh = InitiativeList._render_row
        assert the_list.render_line(start - round(the_list.scroll_y)) == fresh(the_list, start, width, "")
        assert the_list.render_line(start + 1 - round(the_list.scroll_y)) == fresh(the_list, start + 1, width, "cursor")
