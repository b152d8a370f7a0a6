"""The traps left in a GM's fight loop (issue 24's items, each with the keys that showed it):
``s`` opens the right tab, imports during a fight join it, ``P`` on a group's turn, the spell
tab's sum line and targets from the marks, an undone result, the victims dialog, ``--help``,
CSV armour, the mouse, words."""

from __future__ import annotations

import pytest

from core.roster import Character
from saves.roster_file import read_roster
from tests.present import present
from tests.tui.pilot import SIZES, burst, make_app_trades_apply, make_test_app, run, screen_text, text_of, wait_for
from tui.cli import SUBCOMMANDS, main
from tui.screens.victims import VictimsDialog


# -- item 3: s opens the Apothéose tab, whatever tab was used last -----------------------------
@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@run
async def test_s_opens_the_apotheose_tab_after_the_mage_tab(size) -> None:
    app = make_test_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.screen.run_action("spell_system('mage')")
        await pilot.pause()
        await pilot.press("escape")
        app.selected = "alduin"
        await pilot.pause()
        burst(app, "s", "5")
        await wait_for(pilot, lambda: app.screen.query_one("#spell-intensity").value == "5")
        assert app.focused.id == "spell-intensity"
        assert "spell-tab-apotheose" == app.screen.query_one("TabbedContent").active


# -- item 7: the sum line, targets from the marks, nothing carried to the next spell --------------
@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@run
async def test_the_spell_tab_sums_takes_targets_from_the_marks_and_starts_anew(size) -> None:
    app = make_test_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.selected = "alduin"
        app.marked = frozenset({"veterans", "capitaine"})
        await pilot.pause()
        burst(app, "s", "3")
        await wait_for(pilot, lambda: app.screen.query_one("#spell-intensity").value == "3")
        assert app.screen.query_one("#spell-targets").value == "2"
        assert text_of(app, "#spell-total").startswith("intensity 3 + targets 2 (2 targets) = 5 pm")
        burst(app, "escape", "U", "s", "9")  # a new spell, no marks: targets 0, 9 pm
        await wait_for(pilot, lambda: app.screen.query_one("#spell-intensity").value == "9")
        assert app.screen.query_one("#spell-targets").value == "0"
        assert text_of(app, "#spell-total").startswith("intensity 9 = 9 pm")


# -- item 9: the victims dialog writes its ticks and counts them ---------------------------------
@pytest.mark.slow
@run
async def test_the_victims_dialog_says_ticked_in_text_and_counts_them(monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.selected = "alduin"
        app.marked = frozenset({"segiere", "morvan"})
        await pilot.pause()
        burst(app, "s", "2", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, VictimsDialog))
        await pilot.pause()
        shown = screen_text(app)
        assert "[x] Segiere" in shown and "[x] Morvan" in shown and "[ ] Brunvir" in shown
        assert "2 ticked" in shown and "none" not in shown
        await pilot.press("space")  # unticks nobody: the cursor is on Brunvir, it ticks him
        await pilot.pause()
        assert "[x] Brunvir" in screen_text(app) and "3 ticked" in screen_text(app)


# -- item 4: an import during a fight joins it --------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@run
async def test_an_import_during_a_fight_joins_it(size, tmp_path) -> None:
    roster = tmp_path / "renforts.csv"
    roster.write_text(
        "kind,name,count,corps,combat,armour,grade\n,Garde,4,8,6,cotte bouclier,\ngroup,Renforts,6,,,,standard\n",
        encoding="utf-8",
    )
    app = make_test_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.screen.run_action("command('roster-import')")
        await pilot.pause()
        burst(app, *str(roster), "enter")
        await wait_for(pilot, lambda: len(app.campaign.roster) == 11)
        keys = app.campaign.encounter.keys
        assert {"garde-1", "garde-2", "garde-3", "garde-4", "renforts"} <= set(keys)
        assert "Garde 4" in screen_text(app)


# -- item 11: CSV armour as in quick add -------------------------------------------------------
def test_csv_armour_takes_spaces_as_quick_add_does(tmp_path, demo) -> None:
    roster = tmp_path / "r.csv"
    roster.write_text("name,corps,armour\nGarde,8,cotte bouclier\n", encoding="utf-8")
    (garde,) = read_roster(roster, demo).characters
    assert isinstance(garde, Character) and [p.value for p in garde.armour_pieces] == ["medium", "shield"]
    roster.write_text("name,corps,armour\nGarde,8,cotte boucler\n", encoding="utf-8")
    with pytest.raises(Exception, match="commas or spaces") as caught:
        read_roster(roster, demo)
    assert "boucler" in str(caught.value) and "bouclier" in str(caught.value)


# -- item 6: P on a mook group's turn --------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@run
async def test_p_on_a_groups_turn_opens_the_defence_against_that_group(size) -> None:
    app = make_app_trades_apply()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        burst(app, "n", "n")  # Capitaine, then the Vétérans' turn
        await wait_for(pilot, lambda: app.campaign.encounter.current == "veterans")
        app.selected = "segiere"
        await pilot.pause()
        burst(app, "P")
        await wait_for(pilot, lambda: getattr(app.focused, "id", "") and app.focused.id.startswith("def-"))
        assert app.screen.query_one("#def-defender").value == "segiere"
        assert "— (GM)" not in screen_text(app)


# -- item 8: an undone result leaves the damage pane ---------------------------------------------------
@pytest.mark.slow
@run
async def test_the_damage_pane_drops_a_result_the_gm_undid() -> None:
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        burst(app, "x", "1", "enter")
        await wait_for(pilot, lambda: "Brunvir takes 1" in text_of(app, "#dmg-result"))
        burst(app, "ctrl+z")
        await wait_for(pilot, lambda: app.campaign.character("brunvir").armour == 3)
        await pilot.pause()
        assert "Brunvir takes 1" not in text_of(app, "#dmg-result")


# -- item 12: the mouse ------------------------------------------------------------------------------
@pytest.mark.slow
@run
async def test_a_click_on_a_forms_tab_opens_it_and_a_double_click_opens_a_sheet() -> None:
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tabs = app.screen.query("MassCombatPane .form-mode").first()
        label = " Attack a group   Defend against a group"
        await pilot.click(tabs, offset=(len(label) - 3, 0))
        await wait_for(pilot, lambda: app.screen.query_one("MassCombatPane").mode == "mass-defence")
        await pilot.click("DamagePane .form-mode", offset=(len(" Damage / heal   ") + 2, 0))
        await wait_for(pilot, lambda: app.screen.query_one("DamagePane").mode == "dmg-duel")
        await pilot.double_click("#initiative-list", offset=(5, 3))  # the fourth row: Romuald
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SheetScreen")
        assert app.screen.key == "romuald"


# -- item 10: apotheose --help lists every command; log shows --players ------------------------------
def test_help_lists_every_command_and_logs_players_option(capsys) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for name in SUBCOMMANDS:
        assert f"  apotheose {name}" in out, name
    assert "--players" in out
    assert all(len(line) <= 80 for line in out.splitlines())


# -- item 13: words ------------------------------------------------------------------------------------
def test_words_of_what_players_see_of_turns_and_of_a_spell_paid_for() -> None:
    from core.actions import CastSpell, NextTurn, SetShown, SetShownDefault, apply
    from core.demo import demo_campaign
    from core.errors import RulesError
    from core.magic import SpellRequest

    demo = demo_campaign()
    (shown,) = apply(demo, SetShown("capitaine", "nothing")).lines
    assert shown.en == "What the players see of Capitaine de la garde: nothing"
    assert shown.fr.startswith("Ce que les joueurs voient du Capitaine de la garde : ")
    (alduin,) = apply(demo, SetShown("alduin", "nothing")).lines
    assert alduin.fr.startswith("Ce que les joueurs voient d'Alduin : ")
    (pcs,) = apply(demo, SetShownDefault("pcs", "exact")).lines
    assert pcs.en.startswith("What the players see of all PCs: ")
    campaign = apply(apply(demo, NextTurn()).campaign, NextTurn()).campaign  # Capitaine, Vétérans
    assert apply(demo, NextTurn()).lines[-1].fr == "Au tour du Capitaine de la garde (round 1)"
    assert present(campaign.encounter).current == "veterans"
    lines = apply(apply(demo, NextTurn()).campaign, NextTurn()).lines
    assert lines[-1].fr == "Au tour des Vétérans de Villon (round 1)"
    with pytest.raises(RulesError) as refused:
        apply(demo, CastSpell("alduin", SpellRequest(2), victims=("segiere", "morvan")))
    assert "paid for 1 target (targets 0)" in str(refused.value) and "(s)" not in str(refused.value)


def test_words_read_only_sheet_and_french_log_rows() -> None:
    from core.breakdown import Line
    from core.journal import LogLine
    from tui.screens.log import log_rows
    from tui.session import ReadOnlyError

    assert str(ReadOnlyError()) == "campaign: open read-only, nothing changes"
    rows = log_rows(
        (LogLine(1, "do", Line("pm 9→4", "pm 9→4")), LogLine(1, "do", Line("Capitaine", "Capitaine"))), "fr"
    )
    assert rows[0].text == "pm 9→4 ; Capitaine"


@pytest.mark.slow
@run
async def test_help_lists_each_key_once_in_french_words_and_an_empty_campaign_says_how_to_add() -> None:
    from core.campaign import Campaign

    app = make_test_app(Campaign("vide"), lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "A ajoute un personnage" in screen_text(app) and "Importer" in screen_text(app)
        await pilot.press("question_mark")
        await pilot.pause()
        keys = str(app.screen.query_one("#help-text").render())
        assert keys.count("palette de commandes") + keys.count("Palette") <= 1
        assert "espace" in keys and " space " not in keys
        assert "shift+a" not in keys and keys.count("Ajouter un personnage") == 1
        assert "Up" not in keys and "Page up" not in keys
