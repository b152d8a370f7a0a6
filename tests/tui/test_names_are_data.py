"""Every name is data, never Rich/Textual markup, wherever it is shown: names with brackets on
every screen, ``Archers de Villon [2e compagnie]`` typed into the add-group form (then every
later open of the file), ``Morvan [/]`` under the cursor. (Hostile text as properties:
test_hostile_text.py.)"""

from __future__ import annotations

import random

import attrs
import pytest
from textual.widgets import Input

from core.demo import demo_campaign
from saves.store import create_campaign
from tests.hostile import (
    MORVAN,
    VILLON,
    data_controls,
    every_pane_and_sheet,
    hostile_campaign,
    recording_driver,
    walk,
)
from tests.saves.test_store import saved_journal
from tests.tui.pilot import make_test_app, run, screen_text, wait_for
from tui.cli.campaign import main_check

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


@pytest.mark.parametrize("name", [VILLON, MORVAN, "[b]x[/b] [$warning]y\\[/] [@click=app.quit]q[/] ]["])
@run
async def test_names_with_brackets_are_shown_as_typed(name):
    app = make_test_app(hostile_campaign(name))
    async with app.run_test(size=(120, 40)) as pilot:
        await walk(app, pilot)
    assert app.return_code in (None, 0)


@run
async def test_item1_archers_de_villon_typed_into_the_add_group_form_then_every_later_open(tmp_path, capsys):
    """The group is typed key by key into the add-group form and saved; the app goes on, and
    the file opens again (the crash of the issue came back at every open)."""
    from tui.run import build, finish
    from tui.screens.group_form import GroupForm
    from tui.screens.main import MainScreen

    path = create_campaign(tmp_path / "villon.json", demo_campaign("Villon"))
    app = build([str(path)], rng=random.Random(0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("G")
        await wait_for(
            pilot, lambda: isinstance(app.screen, GroupForm) and getattr(app.focused, "id", None) == "f-name"
        )
        await pilot.press(*VILLON)
        assert app.screen.query_one("#f-name", Input).value == VILLON
        app.screen.query_one("#f-total", Input).value = "12"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: any(g.name == VILLON for g in app.campaign.groups))
        [group] = [g for g in app.campaign.groups if g.name == VILLON]
        app.selected = group.id  # the cursor on it: the bar, the panes and the sheet show it
        await every_pane_and_sheet(app, pilot)
        assert VILLON in screen_text(app)
        assert app.session.saver.flush(5)
    assert app.return_code in (None, 0) and finish(app) is None
    assert any(g.name == VILLON for g in saved_journal(path).campaign.groups)
    assert main_check([str(path)]) == 0 and VILLON not in capsys.readouterr().err

    again = build([str(path)], rng=random.Random(1))
    again.driver_class = recording_driver()
    async with again.run_test(size=(120, 40), headless=False) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, MainScreen))
        again.selected = group.id
        await every_pane_and_sheet(again, pilot)
        written = again._driver.written
    assert again.return_code in (None, 0) and finish(again) is None
    assert VILLON in written and data_controls(written) == []


@run
async def test_item1_morvan_with_brackets_under_the_cursor():
    """The cursor walks down the initiative list (the arrow key) until it reaches him."""
    campaign = demo_campaign()
    campaign = campaign.with_character(attrs.evolve(campaign.character("morvan"), name=MORVAN))
    app = make_test_app(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")
        await pilot.press("home")
        for _ in range(len(campaign.encounter.participants)):
            if app.selected == "morvan":
                break
            await pilot.press("down")
            await pilot.pause()
        assert app.selected == "morvan"
        await pilot.press("enter")  # his sheet
        await pilot.pause()
        assert MORVAN in screen_text(app)
        await pilot.press("escape")
        for pane in "234":
            await pilot.press(pane)
            await pilot.pause()
            assert app.selected == "morvan"
    assert app.return_code in (None, 0)
