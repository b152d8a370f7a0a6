"""Issue 34, item 10: a field never drops digits silently. The damage amount takes what is typed
(``x 1000`` reads 1000, refused at the field: at most 999); a number field of a few digits says
so when a digit is refused."""

from __future__ import annotations

import pytest

from tests.tui.pilot import WIDE, done_actions, make_test_app, run, select, wait_for
from tui.widgets.inputs import ErrorLine

pytestmark = pytest.mark.slow


@run
async def test_item_10_x_1000_reads_1000_and_is_refused_at_the_field():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "segiere")
        await pilot.press("x", "1", "0", "0", "0")
        amount = app.screen.query_one("#dmg-amount")
        await wait_for(pilot, lambda: amount.value == "1000")
        error = app.screen.query_one("#dmg-error", ErrorLine)
        await wait_for(pilot, lambda: error.display)
        assert "999" in error.message, error.message
        await pilot.press("enter")
        await pilot.pause()
        assert done_actions(app) == []
        assert app.campaign.character("segiere").hp == 14


@run
async def test_item_10_a_digit_past_a_short_field_is_said_not_dropped_silently():
    """The Système D6 magic level takes 2 digits: a third is refused with a notification."""
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await app.run_action("screen.spell_system('d6')")
        field = app.screen.query_one("#d6-magic-level")
        await wait_for(pilot, lambda: field.is_mounted)
        field.focus()
        field.value = ""
        await pilot.press("1", "0", "0")
        await wait_for(pilot, lambda: bool(app._notifications))
        assert field.value == "10"
        assert [n.message for n in app._notifications] == ["At most 2 digits here: 100 was not taken"]
