"""The GM chooses what the players see, from the initiative list's keys and from the palette."""

from __future__ import annotations

from functools import partial

import pytest

from core.visibility import Option, Shown
from tests.tui.pilot import make_test_app, palette_searched, run, wait_for
from tui.app import ApotheoseApp
from tui.commands.table import COMMANDS


def is_shown(app: ApotheoseApp, shown: Shown) -> bool:
    """Whether the captain's own choice of what the players see is ``shown``."""
    return app.campaign.visibility.override("capitaine") is shown


def logged(app: ApotheoseApp, line: str, times: int) -> bool:
    """Whether the GM's log holds ``line`` ``times`` times."""
    return [ln.line.en for ln in app.session.journal.log].count(line) == times


@pytest.mark.slow
@run
async def test_w_cycles_what_the_players_see_of_the_selected_and_ctrl_z_undoes_it() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.selected = "capitaine"
        await pilot.pause()
        # NPC default: wound level → a bar → damage taken → nothing → exact → wound level (default)
        for shown in (Shown.BAR, Shown.DAMAGE, Shown.NOTHING, Shown.EXACT):
            await pilot.press("w")
            await wait_for(pilot, partial(is_shown, app, shown))
        await pilot.press("w")  # → wound level: the default, so no choice of its own
        await wait_for(pilot, lambda: app.campaign.visibility.overrides == ())
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: app.campaign.visibility.override("capitaine") is Shown.EXACT)


@pytest.mark.slow
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


@pytest.mark.slow
@run
async def test_the_palette_sets_the_defaults() -> None:
    assert any("all NPCs: nothing" in c.palette_text("en") for c in COMMANDS if c.palette)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.run_action("screen.command('players-default-npcs-nothing')")
        await wait_for(pilot, lambda: app.campaign.visibility.npcs is Shown.NOTHING)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"all PCs wound")
        await wait_for(pilot, lambda: palette_searched(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.campaign.visibility.pcs is Shown.WOUNDS)


@pytest.mark.slow
@run
async def test_the_palette_turns_the_options_on_and_off_for_all_or_the_selected_and_names_an_alias() -> None:
    labels = [command.palette_text("en") for command in COMMANDS if command.palette]
    assert "Players see the next-up cue" in labels and "What the players call the selected NPC (an alias)…" in labels
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.run_action("screen.command('players-option-round')")
        await wait_for(pilot, lambda: app.campaign.visibility.round_counter is False)
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: app.campaign.visibility.round_counter is True)
        app.selected = "arbaletriers"
        await pilot.pause()
        await app.run_action("screen.command('players-own-reveal')")
        await wait_for(pilot, lambda: app.campaign.visibility.own_option(Option.REVEAL, "arbaletriers") is True)
        await app.run_action("screen.command('players-own-reveal')")  # back to the default: no choice of its own
        await wait_for(pilot, lambda: app.campaign.visibility.toggles == ())
        app.selected = "capitaine"
        await pilot.pause()
        await app.run_action("screen.command('players-alias')")
        await pilot.pause()
        await pilot.press(*"Le Masque", "enter")
        await wait_for(pilot, lambda: app.campaign.visibility.alias("capitaine") == "Le Masque")
        await app.run_action("screen.command('players-alias')")
        await pilot.pause()
        await pilot.press("ctrl+u", "enter")  # emptied: its own name again
        await wait_for(pilot, lambda: app.campaign.visibility.aliases == ())
        app.selected = "alduin"
        await pilot.pause()
        await app.run_action("screen.command('players-alias')")
        await pilot.pause()
        await pilot.press(*"Le Mage", "enter")  # a PC: refused, said, nothing changed
        await pilot.pause()
        assert app.campaign.visibility.aliases == ()


@pytest.mark.slow
@run
async def test_w_then_pm_plus_zero_and_a_condition_twice_tell_the_players_nothing() -> None:
    """Issue 33 item 1 through the GM's keys: ``W`` on Alduin, his sheet's ``m 0``, then
    ``c poisoned 2`` twice: none of it reaches the players' file, ``log --players`` or a view."""
    from tests.rules.test_players_log import lines_seen_by_players
    from tests.tui.pilot import burst, select
    from tests.tui.test_sheet import open_sheet
    from tui.screens.prompts import ValuePrompt
    from tui.screens.sheet import SheetScreen

    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await select(pilot, "alduin")
        await pilot.press("W")
        await wait_for(pilot, lambda: app.campaign.visibility.is_private("alduin"))
        await open_sheet(pilot, "alduin")
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, ValuePrompt))
        await pilot.press("0", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, SheetScreen))
        for times in (1, 2):
            burst(app, "c", *"poisoned 2", "enter")
            await wait_for(pilot, partial(logged, app, POISONED, times))
        gm_log = [ln.line.en for ln in app.session.journal.log]
        assert "Alduin: pm 9→9" in gm_log
        text = lines_seen_by_players(app.session.journal)
        assert "pm 9" not in text and "poisoned" not in text


POISONED = "Alduin: poisoned for 2 rounds"


@run
async def test_the_palette_says_what_each_toggle_is_now_and_what_enter_turns_it_to() -> None:
    """Issue 34 item 13: a palette toggle reads its current state, not "on / off (default)"."""
    from tests.tui.pilot import quiet, screen_text

    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await quiet(pilot)
        app.selected = "capitaine"
        await pilot.press("ctrl+p", *"round counter")
        await wait_for(pilot, lambda: "Players see the round counter: now on → off" in screen_text(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.campaign.visibility.round_counter is False)
        await pilot.press("ctrl+p", *"round counter")
        await wait_for(pilot, lambda: "Players see the round counter: now off → on" in screen_text(app))
        await pilot.press("escape")
        await quiet(pilot)
        await pilot.press("ctrl+p", *"conditions, for the selected")
        shown = "Players see NPC and group conditions, for the selected: now on for Capitaine de la garde → off"
        await wait_for(pilot, lambda: shown in screen_text(app))
        await pilot.press("escape")
        await quiet(pilot)
        await pilot.press("ctrl+p", *"all NPCs")
        await wait_for(pilot, lambda: "all NPCs: wound level (now)" in screen_text(app))
        assert "all NPCs: exact HP (now)" not in screen_text(app)
