"""Issue 14 item 7: scores say what they assume. A character's trade and speciality count only
when the GM ticks them (ctrl+b, ctrl+s), the choice is remembered per character, each part of the
score is named, and the `r` check previews and keeps its result on screen."""

from __future__ import annotations

import pytest

from core.actions import AddCharacter, AttackGroup, AttackOpponent, DefendOpponent, Join, Outcome, Roll
from core.characteristics import Characteristics
from core.roster import new_character
from tests.tui.pilot import NARROW, WIDE, done_actions, make_test_app, run, text_of, turn_of, wait_for

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


def ticked(app, form: str) -> tuple[bool, bool]:
    return app.screen.query_one(f"#{form}-applies-trade").value, app.screen.query_one(
        f"#{form}-applies-speciality"
    ).value


@run
async def test_group_attack_counts_the_trade_and_speciality_only_once_ticked_each_part_named():
    for size in (WIDE, NARROW):
        app = make_test_app()  # Brunvir's turn
        async with app.run_test(size=size) as pilot:
            await pilot.press("g")
            await pilot.pause()
            assert app.screen.query_one("#atk-score").value == "11"
            assert ticked(app, "atk") == (False, False)
            assert text_of(app, "#atk-parts") == "Brunvir: combat 11"
            chance_before = text_of(app, "#atk-chance")
            await pilot.press("ctrl+b")
            await pilot.pause()
            assert app.screen.query_one("#atk-score").value == "14"
            assert "combat 11 + guerrière de Dasein (trade) 3 = 14" in text_of(app, "#atk-parts")
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert ticked(app, "atk") == (True, True)
            assert app.screen.query_one("#atk-score").value == "16"
            assert "+ hache/lutte (speciality) 2 = 16" in " ".join(text_of(app, "#atk-parts").split())
            assert text_of(app, "#atk-chance") != chance_before  # the preview follows before Enter
            await pilot.press("4", "enter")
            await wait_for(pilot, lambda app=app: done_actions(app))
            assert done_actions(app) == [AttackGroup("veterans", 16, (4,), "short", "brunvir", 0)]


@run
async def test_unticking_the_trade_unticks_the_speciality_and_the_affect_stays_in_the_parts():
    app = make_test_app(turn_of("morvan"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "ctrl+s")  # the speciality ticks its trade too
        await pilot.pause()
        assert ticked(app, "atk") == (True, True) and app.screen.query_one("#atk-score").value == "10"
        await pilot.press("shift+tab", "space")  # affect: favourable, +5
        await pilot.pause()
        assert app.screen.query_one("#atk-score").value == "15"
        assert (
            text_of(app, "#atk-parts")
            == "Morvan: combat 5 + soldat (trade) 3 + arbalète (speciality) 2 + favourable affect 5 = 15"
        )
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert ticked(app, "atk") == (False, False) and app.screen.query_one("#atk-score").value == "10"
        app.screen.query_one("#atk-score").value = "12"
        await pilot.pause()
        assert text_of(app, "#atk-parts").endswith("= 10 · score used: 12")


@run
async def test_the_choice_is_remembered_per_character_in_every_form():
    app = make_test_app()  # Brunvir's turn
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "ctrl+b", "ctrl+s", "escape")
        await pilot.pause()
        app.selected = "capitaine"
        await pilot.pause()
        await pilot.press("o")  # the duel: Brunvir against the Captain, whose trade was never ticked
        await pilot.pause()
        assert app.screen.query_one("#duel-score").value == "16" and ticked(app, "duel") == (True, True)
        assert app.screen.query_one("#duel-defence").value == "9"
        parts = text_of(app, "#duel-parts")
        assert (
            "Brunvir: combat 11 + guerrière de Dasein (trade) 3" in parts and "Capitaine de la garde: combat 9" in parts
        )
        await pilot.press("0", "enter")
        await wait_for(pilot, lambda: done_actions(app))
        assert isinstance(done_actions(app)[0], AttackOpponent) and done_actions(app)[0].score == 16
        await pilot.press("n")  # the Captain's turn: his own (unticked) score, Brunvir's is kept
        await pilot.press("g")
        await pilot.pause()
        assert app.screen.query_one("#atk-score").value == "9" and ticked(app, "atk") == (False, False)
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert app.screen.query_one("#atk-score").value == "12"
        assert app.score_applies[("brunvir", "combat")].speciality


@run
async def test_the_pc_defence_roll_and_the_group_defence_tick_the_defender():
    app = make_test_app(turn_of("capitaine"))
    async with app.run_test(size=WIDE) as pilot:
        app.selected = "segiere"
        await pilot.pause()
        await pilot.press("P")  # Segiere rolls her defence against the Captain's attack
        await pilot.pause()
        assert app.screen.query_one("#duel-defence").value == "6"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen.query_one("#duel-defence").value == "11" and app.screen.query_one("#duel-score").value == "9"
        assert "Segiere: combat 6 + chevalier (trade) 3 + épée (speciality) 2 = 11" in text_of(app, "#duel-parts")
        await pilot.press("3", "enter")
        await wait_for(pilot, lambda: done_actions(app))
        action = done_actions(app)[0]
        assert isinstance(action, DefendOpponent) and (action.score, action.attack) == (11, 9)
        await pilot.press("v")  # defending against a group: Segiere's choice is remembered
        await pilot.pause()
        assert app.screen.query_one("#def-score").value == "11" and ticked(app, "def") == (True, True)


@run
async def test_a_character_without_a_trade_cannot_have_one_apply():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        rollion = new_character("rollion", "Rollion", Characteristics(5, 4, 4, 2))
        assert isinstance(await app.request(AddCharacter(rollion)), Outcome)
        assert isinstance(await app.request(Join("rollion")), Outcome)
        await pilot.press("g")
        await pilot.pause()
        from tui.widgets.group_forms import AttackForm

        app.screen.query_one(AttackForm).choose("atk-attacker", "rollion")
        await pilot.pause()
        assert (
            app.screen.query_one("#atk-applies-trade").disabled
            and app.screen.query_one("#atk-applies-speciality").disabled
        )
        await pilot.press("ctrl+b", "ctrl+s")
        await pilot.pause()
        assert app.screen.query_one("#atk-score").value == "4" and ticked(app, "atk") == (False, False)


@run
async def test_french_toggles_and_parts():
    app = make_test_app(lang="fr")
    async with app.run_test(size=NARROW) as pilot:
        await pilot.press("g", "ctrl+b")
        await pilot.pause()
        assert "métier ^b" in text_of(app, "#atk-applies-trade") and "spécialisation ^s" in text_of(
            app, "#atk-applies-speciality"
        )
        assert text_of(app, "#atk-parts") == "Brunvir : combat 11 + guerrière de Dasein (métier) 3 = 14"


# -- the r check ------------------------------------------------------------------------------
@run
async def test_e1_arsouille_climbs_the_r_check_fills_9_previews_and_keeps_its_result():
    app = make_test_app()
    async with app.run_test(size=NARROW) as pilot:
        app.selected = "arsouille"
        await pilot.pause()
        await pilot.press("r")
        await wait_for(pilot, lambda: app.screen.query("#roll-score"))
        screen = app.screen
        assert screen.query_one("#roll-score").value == "4"  # corps 4: nothing applies yet
        assert "score 4 vs 10" in text_of(app, "#roll-chance")
        await pilot.press("ctrl+s")  # speciality (and so its trade): corps 4 + voleur 3 + cambrioleur 2
        await pilot.pause()
        assert screen.query_one("#roll-score").value == "9"
        assert text_of(app, "#roll-parts") == "Arsouille: corps 4 + voleur (trade) 3 + cambrioleur (speciality) 2 = 9"
        assert "score 9 vs 10 · chance of success 50%" in text_of(app, "#roll-chance")
        await pilot.press("tab", "tab", "tab", "7")  # difficulty, affect, then the die typed at the table
        await pilot.pause()
        assert "kult +7: Arsouille rolls: 16 vs 10" in " ".join(text_of(app, "#roll-chance").split())
        await pilot.press("enter")
        await wait_for(pilot, lambda: done_actions(app))
        assert done_actions(app) == [Roll("arsouille", 9, 10, (7,), 0)]
        result = app.screen.query_one("#initiative-result")
        assert result.display and "Arsouille rolls: 16 vs 10" in text_of(app, "#initiative-result")
        assert "voleur (trade) 3" in text_of(app, "#initiative-result")
        app.clear_notifications()
        await pilot.pause()
        assert "16 vs 10" in text_of(app, "#initiative-result")  # not only in a toast
        await pilot.press("r")  # remembered for Arsouille's corps
        await wait_for(pilot, lambda: app.screen.query("#roll-score"))
        assert app.screen.query_one("#roll-score").value == "9"
        await pilot.press("escape")
        await pilot.press("n")  # the turn passes: the line goes
        await pilot.pause()
        assert not app.screen.query_one("#initiative-result").display


@run
async def test_the_r_check_on_another_characteristic_and_undo_clears_the_result():
    app = make_test_app(lang="fr")
    async with app.run_test(size=WIDE) as pilot:
        app.selected = "alduin"
        await pilot.pause()
        await pilot.press("r")
        await wait_for(pilot, lambda: app.screen.query("#roll-score"))
        app.screen.query_one("#roll-characteristic").value = "esprit"
        await pilot.pause()
        assert app.screen.query_one("#roll-score").value == "5"
        await pilot.press("ctrl+b")
        await pilot.pause()
        assert app.screen.query_one("#roll-score").value == "8"
        assert text_of(app, "#roll-parts") == "Alduin : esprit 5 + mage (métier) 3 = 8"
        await pilot.press("enter")
        await wait_for(pilot, lambda: done_actions(app))
        assert app.screen.query_one("#initiative-result").display
        assert app.score_applies[("alduin", "esprit")].trade and ("alduin", "combat") not in app.score_applies
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not app.screen.query_one("#initiative-result").display
        await pilot.press("r")
        await wait_for(pilot, lambda: app.screen.query("#roll-score"))
        assert app.screen.query_one("#roll-characteristic").value == "esprit"  # the last one used
