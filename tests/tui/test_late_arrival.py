"""A late arrival joins the fight (issue 34, item 3): one of the roster not in the fight (imported
during it, say) is offered by the palette to join it, never selected unseen, where ``x 3 ⏎`` hit
it with no row highlighted ("Garde 1 takes 3…")."""

from __future__ import annotations

import pytest

from core.actions import AddCharacter, apply
from core.characteristics import Characteristics
from core.demo import demo_campaign
from core.roster import new_character
from tests.tui.pilot import make_test_app, quiet, run, screen_text, wait_for

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


def with_a_guard():
    guard = new_character("garde-1", "Garde 1", Characteristics(corps=2, combat=6), pc=False)
    return apply(demo_campaign(), AddCharacter(guard)).campaign


@run
async def test_the_palette_offers_a_late_arrival_to_join_then_selects_its_row() -> None:
    app = make_test_app(with_a_guard())
    async with app.run_test(size=(120, 40)) as pilot:
        await quiet(pilot)
        assert app.campaign.encounter.participant("garde-1") is None
        before = app.selected
        await pilot.press("ctrl+p", *"Garde 1")
        await wait_for(pilot, lambda: "Garde 1: join the fight" in screen_text(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.campaign.encounter.participant("garde-1") is not None)
        await quiet(pilot)
        assert app.selected == "garde-1" != before
        assert "Garde 1 joins the fight" in app.session.journal.done[-1].lines[0].en
        hp = app.campaign.character("garde-1").hp
        await pilot.press("x", "3", "enter")
        await wait_for(pilot, lambda: app.campaign.character("garde-1").hp < hp)
