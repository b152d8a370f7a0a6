"""A reroll is a reroll in the log (issue 34, item 11): the failed roll it replaced is marked
"rerolled", never struck through as "(undone)", as if the GM had taken it back."""

from __future__ import annotations

import pytest

from core.actions import AttackGroup
from core.demo import demo_campaign
from tests.tui.pilot import burst, make_app_trades_apply, quiet, run, wait_for
from tui.screens.log import log_markdown, log_rows
from tui.session import Session

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


def test_the_journal_logs_a_replaced_roll_as_rerolled() -> None:
    session = Session.of(demo_campaign())
    miss = AttackGroup("veterans", 16, (-8,), attacker="brunvir")
    session.do(miss)
    session.replace_last(AttackGroup("veterans", 16, (-8, 9), attacker="brunvir"))
    kinds = [entry.kind for entry in session.journal.log]
    assert "undo" not in kinds and "reroll" in kinds
    first, second = log_rows(session.journal.log)
    assert first.rerolled and not first.undone and not second.rerolled
    text = log_markdown("Log", [first, second])
    assert "(rerolled)" in text and "~~" not in text and "undone" not in text
    assert "(relancé)" in log_markdown("Journal", log_rows(session.journal.log, "fr"), "fr")


@run
async def test_the_log_screen_shows_a_reroll_not_an_undo() -> None:
    app = make_app_trades_apply()
    async with app.run_test(size=(120, 40)) as pilot:
        await quiet(pilot)
        burst(app, "g", "-", "8", "enter", "9", "enter")
        await wait_for(pilot, lambda: app.campaign.group("veterans").standing < 12)
        await quiet(pilot)
        await pilot.press("ctrl+l")
        await quiet(pilot)
        from textual.widgets import RichLog

        shown = "\n".join(line.text for line in app.screen.query_one(RichLog).lines)
        assert "(rerolled)" in shown and "(undone)" not in shown
