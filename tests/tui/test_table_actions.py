"""Table-wide actions from the command palette: XP for every PC, a day of rest, a new session."""

from __future__ import annotations

import attrs
import pytest

from core.demo import demo_campaign
from tests.tui.pilot import make_test_app, run, wait_for

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


@run
async def test_award_xp_to_every_pc_through_the_prompt() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_award_xp()
        await pilot.pause()
        await pilot.press("3", "enter")
        await wait_for(pilot, lambda: app.campaign.character("morvan").xp == 3)
        assert app.campaign.character("capitaine").xp == 0  # NPCs get none


@run
async def test_rest_and_new_session() -> None:
    campaign = demo_campaign()
    campaign = campaign.with_character(attrs.evolve(campaign.character("alduin"), pm=0, exhaustion_used=True))
    app = make_test_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.action_rest()
        app.action_new_session()
        await pilot.pause()
        alduin = app.campaign.character("alduin")
        assert (alduin.pm, alduin.exhaustion_used, app.campaign.session) == (1, False, 2)


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
