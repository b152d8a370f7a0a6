"""A condition set on its bearer's own turn reads what was typed (issue 34, item 4): ``c stunned
2 ⏎`` on the Capitaine's turn logs "for 2 rounds", and the list, the sheet and the status line
say 2 too (docs/rules.md: set during its bearer's own turn, N rounds cover its N next turns; the
end of the turn under way counts it down, so the count kept is 3 until then)."""

from __future__ import annotations

import pytest

from core.actions import AddCondition, NextTurn, apply
from core.conditions import left, rounds_left, tag
from core.encounter import Condition
from tests.present import present
from tests.tui.pilot import burst, make_test_app, quiet, run, screen_text, turn_of, wait_for

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


def test_the_rounds_read_are_the_rounds_typed_and_counted() -> None:
    campaign = turn_of("capitaine")
    campaign = apply(campaign, AddCondition("capitaine", Condition("stunned", 2))).campaign
    (cond,) = present(present(campaign.encounter).participant("capitaine")).conditions
    assert rounds_left(cond, own_turn=True) == 2
    assert tag(cond, str, own_turn=True)[0] == "stunned 2"
    assert left(campaign, cond, own_turn=True)[0] == "stunned (2 rounds left)"
    campaign = apply(campaign, NextTurn()).campaign  # the Capitaine's turn ends
    (cond,) = present(present(campaign.encounter).participant("capitaine")).conditions
    assert rounds_left(cond) == 2  # two of its turns still to come, as said


@run
async def test_stunned_2_on_the_bearers_turn_reads_2_everywhere() -> None:
    app = make_test_app(turn_of("capitaine"))
    async with app.run_test(size=(120, 40)) as pilot:
        await quiet(pilot)
        app.selected = "capitaine"
        await quiet(pilot)
        burst(app, "c", *"stunned", "tab", "2", "enter")
        await wait_for(pilot, lambda: bool(app.campaign.encounter.participant("capitaine").conditions))
        await quiet(pilot)
        assert "for 2 rounds" in app.session.journal.done[-1].lines[0].en
        shown = screen_text(app)
        assert "stunned 2" in shown and "stunned 3" not in shown
        await pilot.press("enter")  # the sheet
        await quiet(pilot)
        shown = screen_text(app)
        assert "2 rounds left" in shown and "3 rounds left" not in shown
