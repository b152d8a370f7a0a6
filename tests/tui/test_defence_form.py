"""The defence form (`v`) names the selected character every time it is shown."""

from __future__ import annotations

import pytest

from tests.tui.pilot import WIDE, make_test_app, run, wait_for

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


@run
async def test_item_1_the_defence_form_names_the_selection_every_time_it_is_shown():
    """`v` says it defends the selected character: on a later turn, with another selection,
    it names that one, never the defender of an earlier time."""
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        app.selected = "brunvir"
        await pilot.pause()
        await pilot.press("v")
        await wait_for(pilot, lambda: app.screen.query_one("#def-defender").value == "brunvir")
        await pilot.press("escape", "n")
        await wait_for(pilot, lambda: app.campaign.encounter.current != "brunvir")
        app.selected = "segiere"
        await pilot.pause()
        await pilot.press("v")
        await wait_for(pilot, lambda: app.screen.query_one("#def-defender").value == "segiere")
