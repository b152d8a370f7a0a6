"""Issue 7, item 7 — a group that is not mooks (RULES 1.5): the GM marks named NPCs in the
initiative list (space), opens the mass-combat pane (g, ctrl+t to the third form), gives the
group's grade and the die, picks whom the hit takes first, reads who is touched and what each
takes through armour BEFORE Enter, and Enter applies an AttackNamedGroup (undo, log)."""

from __future__ import annotations

import attrs
import pytest

from core.actions import AddCharacter, AttackNamedGroup, Join, apply
from core.demo import demo_campaign
from tests.tui.pilot import NARROW, done_actions, run, text_of, turn_of, wait_for
from tests.tui.pilot import make_app_trades_apply as make_test_app  # the trades ticked (issue 14 item 7)
from tui.widgets.named_group import NamedGroupForm

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


def three_guards():
    """The demo fight with two more named NPCs of the guard, last in initiative (Morvan's turn).
    One's name looks like markup: it must show as typed."""
    campaign = demo_campaign()
    captain = campaign.character("capitaine")
    for key, name, hp, armour in (("sergent", "Sergent", 9, 2), ("garde", "[b]Garde[/b]", 7, 0)):
        campaign = apply(
            campaign, AddCharacter(attrs.evolve(captain, id=key, name=name, hp=hp, armour=armour))
        ).campaign
        campaign = apply(campaign, Join(key, -5)).campaign
    return turn_of("morvan", campaign)


async def mark_the_guards(pilot) -> None:
    """Space on each guard in the initiative list: the two added guards are last (initiative −5),
    the captain is found by walking up."""
    app = pilot.app
    await pilot.press("end", "space", "up", "space")
    order = list(app.campaign.encounter.keys)
    for _ in range(len(order) - order.index("capitaine") - 2):
        await pilot.press("up")
    await pilot.press("space")
    await pilot.pause()
    assert app.marked == {"capitaine", "sergent", "garde"}


async def open_form(pilot) -> None:
    await mark_the_guards(pilot)
    await pilot.press("g", "ctrl+t", "ctrl+t")
    await wait_for(
        pilot,
        lambda: (
            pilot.app.screen.query_one(NamedGroupForm).display
            and pilot.app.focused is pilot.app.screen.query_one("#ng-die")
        ),
    )


@run
async def test_item7_named_group_attack_previews_then_applies():
    app = make_test_app(three_guards())
    async with app.run_test(size=NARROW) as pilot:
        await open_form(pilot)
        form = app.screen.query_one(NamedGroupForm)
        assert form.members == ("capitaine", "sergent", "garde")
        assert app.screen.query_one("#ng-score").value == "10"  # Morvan: combat 5 + soldat 3 + arbalète 2
        # Grade: standard (5) → veteran (10): one space on the Cycle after the attacker Select.
        app.screen.query_one("#ng-grade").focus()
        await pilot.press("space")
        await pilot.pause()
        assert "difficulty" in text_of(app, "#ng-chance") and "10" in text_of(app, "#ng-chance")
        # Whom first: the Garde, then the Sergent (space on each in the list).
        app.screen.query_one("#ng-picks").focus()
        await pilot.press("end", "space", "up", "space")
        await pilot.pause()
        assert tuple(form.picks.selected) == ("garde", "sergent")
        app.screen.query_one("#ng-die").focus()
        await pilot.press("7")  # 10 + 7 = 17 vs 10: 1 rank → 2 touched, each 1 through armour
        await pilot.pause()
        before = app.campaign
        preview = text_of(app, "#ng-preview")
        assert "2 touched" in preview
        assert "[b]Garde[/b]: HP 7→6" in preview  # no armour: the HP goes; the name is data
        assert "Sergent: armour 2→1" in preview  # armour first
        assert "Capitaine" not in preview  # spared
        assert app.campaign is before  # nothing applied yet
        await pilot.press("enter")
        await pilot.pause()
        assert done_actions(app) == [
            AttackNamedGroup(
                ("capitaine", "sergent", "garde"),
                "veteran",
                10,
                (7,),
                ("garde", "sergent"),
                "morvan",
                "short",
                affect=0,
            )
        ]
        c = app.campaign
        assert c.character("garde").hp == 6 and c.character("sergent").armour == 1 and c.character("sergent").hp == 9
        assert c.character("capitaine") == before.character("capitaine")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.campaign == before


@run
async def test_item7_without_marks_the_form_says_how_to_make_a_group():
    app = make_test_app(three_guards())
    async with app.run_test(size=NARROW) as pilot:
        await pilot.press("g", "ctrl+t", "ctrl+t")
        await pilot.pause()
        assert "Mark the group's members" in text_of(app, "#ng-chance")
        await pilot.press("7", "enter")
        await pilot.pause()
        assert done_actions(app) == []


def test_item7_named_group_form_80x24(snap_compare) -> None:
    async def run_before(pilot) -> None:
        await open_form(pilot)
        await pilot.press("7")
        for _ in range(5):
            await pilot.wait_for_scheduled_animations()
            await pilot.pause()
        pilot.app.clear_notifications()
        await pilot.pause()

    assert snap_compare(make_test_app(three_guards()), terminal_size=NARROW, run_before=run_before)
