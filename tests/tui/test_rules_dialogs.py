"""Issue 7 in the app: the PC's defence roll (RULES 1.5), the stigma dialog with its effect and the
compulsion key (RULES 1.3), the attack on a group of named NPCs (RULES 1.5), the cast's pm in the
resistance (RULES 1.7)."""

from __future__ import annotations

import pytest

from core.actions import DefendOpponent
from tests.tui.pilot import WIDE, done_actions, make_app_trades_apply, run, text_of, wait_for

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


@run
async def test_item6_pc_defence_roll_from_the_initiative_list():
    """P on a PC: the damage pane's duel form with "defender rolls" ticked; the PC's die, its
    critical failure costs a shadow point and the failed defence costs what the hit would."""
    app = make_app_trades_apply()
    async with app.run_test(size=WIDE) as pilot:
        app.selected = "segiere"
        await pilot.pause()
        await pilot.press("P")
        await pilot.pause()
        assert app.screen.query_one("#duel-defends").value is True
        app.screen.query_one("#duel-attacker").value = "capitaine"
        await pilot.pause()
        attack = int(app.screen.query_one("#duel-score").value)
        assert app.screen.query_one("#duel-defence").value == "11"
        assert "defence chance" in text_of(app, "#duel-chance") and f"against attack {attack}" in text_of(
            app, "#duel-chance"
        )
        await pilot.press("minus", "9")
        await pilot.pause()
        assert "rank(s) short" in text_of(app, "#duel-preview")
        await pilot.press("enter")
        await wait_for(pilot, lambda: bool(done_actions(app)))
        assert done_actions(app) == [DefendOpponent("segiere", attack, 11, (-9,), "capitaine")]
        segiere = app.campaign.character("segiere")
        assert segiere.shadow_value == 0 and segiere.armour < 4  # 1 − 1 (critical failure); hit through armour
        assert "fails to parry" in text_of(app, "#dmg-result")


@run
async def test_item6_the_duel_forms_toggle_makes_the_defender_roll():
    app = make_app_trades_apply()
    async with app.run_test(size=WIDE) as pilot:
        app.selected = "segiere"
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert app.screen.query_one("#duel-defends").value is False
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert app.screen.query_one("#duel-defends").value is True
        await pilot.press("9", "enter")  # defence 11 + 9 = 20 against Brunvir's 16: parried
        await wait_for(pilot, lambda: bool(done_actions(app)))
        assert done_actions(app) == [DefendOpponent("segiere", 16, 11, (9,), "brunvir")]
        assert "parries" in text_of(app, "#dmg-result")


@run
async def test_item5_the_stigma_dialog_applies_the_effect_and_the_grace_gives_it_back():
    """t on the sheet: the stigma dialog; a weakening of combat −1 lowers combat, initiative and
    the attack score; g (a grace) cancels the stigma and gives combat back; undo restores both."""
    from core.shadow import EffectKind, StigmaEffect
    from tui.screens.sheet import SheetScreen
    from tui.screens.stigma import StigmaDialog

    app = make_app_trades_apply()
    async with app.run_test(size=WIDE) as pilot:
        app.selected = "brunvir"  # shadow 5, combat 11
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, StigmaDialog))
        dialog = app.screen
        assert "characteristic −1, max HP −2, max willpower −2" in str(dialog.query_one(".dialog-hint").render())
        dialog.query_one("#stigma-kind").value = EffectKind.weakening.value
        dialog.query_one("#stigma-text").focus()
        await pilot.press("enter")  # no characteristic yet: refused in the dialog
        await pilot.pause()
        assert isinstance(app.screen, StigmaDialog) and "Pick the characteristic" in str(
            dialog.query_one("#stigma-error").render()
        )
        dialog.query_one("#stigma-characteristic").value = "combat"
        dialog.query_one("#stigma-text").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        brunvir = app.campaign.character("brunvir")
        assert (brunvir.characteristics.combat, brunvir.initiative) == (10, 10)
        assert brunvir.shadow.stigmata[0].permanent == StigmaEffect(EffectKind.weakening, "combat", taken=1)
        assert "weakening combat −1" in str(app.screen.query_one("#sheet-body").render())
        await pilot.press("g")
        await pilot.pause()
        assert app.campaign.character("brunvir").characteristics.combat == 11
        app.action_undo()  # the app's undo (ctrl+z on the main screen)
        await wait_for(pilot, lambda: app.campaign.character("brunvir").characteristics.combat == 10)


@run
async def test_item5_resisted_compulsion_is_one_key_on_the_sheet():
    from core.shadow import EffectKind
    from tui.screens.sheet import SheetScreen
    from tui.screens.stigma import StigmaDialog

    app = make_app_trades_apply()
    async with app.run_test(size=WIDE) as pilot:
        app.selected = "brunvir"
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        await pilot.press("k")  # no compulsion yet: a warning, nothing done
        await pilot.pause()
        assert done_actions(app) == []
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, StigmaDialog))
        app.screen.query_one("#stigma-kind").value = EffectKind.compulsion.value
        app.screen.query_one("#stigma-text").value = "le jeu"
        app.screen.query_one("#stigma-text").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        assert app.campaign.character("brunvir").shadow_value == 0
        await pilot.press("k")
        await pilot.pause()
        assert app.campaign.character("brunvir").shadow_value == 1  # a minor compulsion: +1
        assert done_actions(app)[-1].note == "le jeu"
