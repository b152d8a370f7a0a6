"""The table as a whole in the app: a read-only campaign (the palette's table-wide commands are
tested without an app, tests/commands/test_campaign.py)."""

from __future__ import annotations

import attrs
import pytest

from core.demo import demo_campaign
from tests.tui.pilot import make_test_app, run

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


@run
async def test_a_read_only_campaign_says_so_and_who_holds_it_in_the_status_bar() -> None:
    app = make_test_app(read_only=True, locked_by="mireille on table-pc (pid 4242)")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = str(app.screen.query_one("#status").render())
        # Whose turn it is on the status bar; the holder (long) on its own line under it.
        assert text.lstrip().startswith("READ-ONLY")
        assert text.endswith("turn: Brunvir")
        holder = str(app.screen.query_one("#holder").render())
        assert holder == "writing this campaign: mireille on table-pc (pid 4242)"
        await pilot.press("n")
        assert not app.session.journal.done  # nothing changes


@run
async def test_a_campaign_name_with_brackets_is_shown_as_typed() -> None:
    campaign = attrs.evolve(demo_campaign(), name="La [nuit] des cendres")
    app = make_test_app(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "La [nuit] des cendres" in str(app.screen.query_one("#status").render())
