"""The combat log's text is never under a toast: on the log screen the toasts take a band of
their own between the log and the footer, and the log, shorter while they show, keeps its newest
line in view. Played with the keys a GM types, toasts on (Pilot turns them off by default)."""

from __future__ import annotations

import pytest
from textual.widgets import RichLog

from tests.tui.pilot import NARROW, WIDE, make_test_app, run, screen_text, wait_for
from tui.screens.log import LogScreen

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


@pytest.mark.parametrize("size", [NARROW, WIDE], ids=["80x24", "120x40"])
def test_no_toast_covers_the_log_and_its_newest_line_stays_in_view(size):
    @run
    async def play():
        app = make_test_app()
        async with app.run_test(size=size, notifications=True) as pilot:
            await pilot.pause()
            # Twenty turns and a hit in a burst: a toast for each, all still up when the log opens.
            await pilot.press(*["n"] * 20, "x", "5", "enter")
            await wait_for(pilot, lambda: len(app.session.journal.done) == 21)
            await pilot.press("ctrl+l", "s")  # the log, then export it (no file here: a warning)
            await wait_for(pilot, lambda: isinstance(app.screen, LogScreen))
            log = app.screen.query_one(RichLog)
            await wait_for(
                pilot,
                lambda: any("nothing to write the log next to" in str(t.render()) for t in app.screen.query("Toast")),
            )
            await pilot.pause()
            rows = screen_text(app).splitlines()
            assert "nothing to write the log next to" in "\n".join(rows[log.region.bottom :])  # said, under the log
            for y in range(log.region.y, log.region.bottom):  # every cell of the log is the log's
                for x in range(log.region.x, log.region.right):
                    widget, _ = app.screen.get_widget_at(x, y)
                    assert widget is log or log in widget.ancestors, f"{widget} covers the log at {x},{y}: {rows[y]!r}"
            newest = "#21 Brunvir takes 5: armour 3→0 · HP 11→9 · medium wound"
            assert newest in "\n".join(rows[log.region.y : log.region.bottom])  # in view
            if size == NARROW:  # more lines than rows: the log had to keep its end in view
                assert len(log.lines) > log.scrollable_content_region.height

    play()


@run
async def test_a_long_line_wraps_inside_the_log_at_80_columns():
    """Nothing of a line goes under the log's right edge: it wraps at the width the log has."""
    import attrs

    from core.demo import demo_campaign

    campaign = demo_campaign()
    long_name = "Brunvir de la Maison des Marches du Nord, gardien du gué"
    campaign = campaign.with_character(attrs.evolve(campaign.character("brunvir"), name=long_name))
    app = make_test_app(campaign)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.press("x", "5", "enter")
        await wait_for(pilot, lambda: len(app.session.journal.done) == 1)
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda: isinstance(app.screen, LogScreen))
        log = app.screen.query_one(RichLog)
        await wait_for(pilot, lambda: log.lines)
        await pilot.pause()
        assert log.max_scroll_x == 0  # no line wider than the log
        rows = screen_text(app).splitlines()[log.region.y : log.region.bottom]
        said = f"#1 {long_name} takes 5: armour 3→0 · HP 11→9 · medium wound"
        assert "".join(said.split()) in "".join("".join(row.strip("│ ") for row in rows).split())
