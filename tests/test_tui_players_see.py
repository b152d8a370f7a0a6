"""The GM chooses what the players see, from the initiative list's keys and from the palette."""

from __future__ import annotations

from core.visibility import Shown
from tests.conftest import make_test_app, run, wait_for
from tui.commands.table import COMMANDS


@run
async def test_w_cycles_what_the_players_see_of_the_selected_and_ctrl_z_undoes_it() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.selected = "capitaine"
        await pilot.pause()
        await pilot.press("w")  # NPC default: wound level → nothing
        await wait_for(pilot, lambda: app.campaign.visibility.override("capitaine") is Shown.NOTHING)
        await pilot.press("w")  # → exact
        await wait_for(pilot, lambda: app.campaign.visibility.override("capitaine") is Shown.EXACT)
        await pilot.press("w")  # → wound level: the default, so no choice of its own
        await wait_for(pilot, lambda: app.campaign.visibility.overrides == ())
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: app.campaign.visibility.override("capitaine") is Shown.EXACT)


@run
async def test_shift_p_keeps_a_pcs_details_private_and_refuses_an_npc() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.selected = "alduin"
        await pilot.pause()
        await pilot.press("W")
        await wait_for(pilot, lambda: app.campaign.visibility.is_private("alduin"))
        app.selected = "capitaine"
        await pilot.pause()
        await pilot.press("W")
        await pilot.pause()
        assert app.campaign.visibility.private == ("alduin",)


@run
async def test_the_palette_sets_the_defaults() -> None:
    assert any("all NPCs: nothing" in c.palette[0] for c in COMMANDS if c.palette is not None)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.run_action("app.players_default('npcs', 'nothing')")
        await wait_for(pilot, lambda: app.campaign.visibility.npcs is Shown.NOTHING)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"all PCs wound")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.campaign.visibility.pcs is Shown.WOUNDS)
