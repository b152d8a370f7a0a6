"""Roster forms (add, edit, remove characters and mook groups) and the combat log screen."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, Input, Select, Static

from core.actions import Damage, NextTurn
from core.armour import ArmourPiece
from core.notation import format_trades, parse_armour, parse_trades
from core.roster import Trade
from tests.tui.pilot import make_test_app, run, wait_for
from tui.screens.forms import CharacterForm
from tui.screens.group_form import GroupForm
from tui.screens.log import LogScreen, export_path, log_markdown, log_rows
from tui.screens.prompts import ConfirmDialog


def fill(app, **values: str) -> None:
    for name, value in values.items():
        app.screen.query_one(f"#f-{name}", Input).value = value


def is_open(app, form: type) -> bool:
    """``form`` is on top, composed, its first field focused."""
    return isinstance(app.screen, form) and getattr(app.focused, "id", None) == "f-name"


def error_of(app, slot: str) -> str:
    line = app.screen.query_one(f"#f-{slot}-error", Static)
    return str(line.content) if line.display else ""


def test_trades_syntax_round_trips():
    trades = parse_trades("soldat: épée, arc; voleur ;")
    assert trades == (Trade("soldat", ("épée", "arc")), Trade("voleur"))
    assert format_trades(trades) == "soldat: épée, arc; voleur"
    assert parse_armour("armure intermédiaire, Shield, magic shield") == (
        ArmourPiece.MEDIUM,
        ArmourPiece.SHIELD,
        ArmourPiece.MAGIC_SHIELD,
    )


@pytest.mark.slow
@run
async def test_add_a_character_joins_the_roster_and_the_fight():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("A")
        await wait_for(pilot, lambda: is_open(app, CharacterForm))
        fill(app, name="Iseult", corps="5", esprit="6", combat="4", ame="3", trades="mage: glace; herboriste",
             affects="sa sœur, la mer", armour="light", shadow="1", notes="Tisse le givre")  # fmt: skip
        app.screen.query_one("#f-mystic", Checkbox).value = True
        app.screen.query_one("#f-name", Input).focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, CharacterForm))
        iseult = app.campaign.character("iseult")
        assert (iseult.characteristics.corps, iseult.characteristics.ame) == (5, 3)
        assert iseult.trades == (Trade("mage", ("glace",)), Trade("herboriste"))
        assert iseult.affects == ("sa sœur", "la mer")
        assert (iseult.mystic, iseult.pm, iseult.hp, iseult.armour, iseult.shadow_value) == (True, 8, 10, 1, 1)
        assert "iseult" in app.campaign.encounter.keys
        assert len(app.session.journal.done) == 2  # AddCharacter, then Join


@pytest.mark.slow
@run
async def test_bad_input_shows_the_fields_message_and_adds_nothing():
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("A")
        await wait_for(pilot, lambda: is_open(app, CharacterForm))
        fill(app, name="", corps="-1")
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, CharacterForm)
        assert error_of(app, "name") == "Name: must not be empty"
        assert error_of(app, "chars") == "corps: must be between 0 and 99, got -1 (allowed: 0…99)"
        assert app.screen.query_one("#f-corps", Input).has_class("-invalid")
        assert not app.screen.query_one("#f-esprit", Input).has_class("-invalid")
        assert app.screen.query_one("#f-corps", Input).value == "-1"  # what was typed stays
        fill(app, name="Zed", corps="2", armour="heavy, medium")
        await pilot.press("ctrl+s")
        assert error_of(app, "name") == "" and error_of(app, "chars") == ""
        assert error_of(app, "armour").startswith("armour: one body armour at a time")
        assert not app.session.journal.done
        await pilot.press("escape")
        await pilot.pause()
        assert not app.campaign.has("zed")


@pytest.mark.slow
@run
async def test_edit_the_selected_character():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.selected = "segiere"
        await pilot.press("e")
        await wait_for(pilot, lambda: is_open(app, CharacterForm))
        assert app.screen.query_one("#f-armour", Input).value == "medium armour, shield, magic shield"
        assert app.screen.query_one("#f-trades", Input).value == "chevalier: épée"
        fill(app, hp="20")
        await pilot.press("ctrl+s")
        assert error_of(app, "counters") == "hp: at most 14 (max), got 20 (allowed: ≤ 14)"
        fill(app, name="Dame Segiere", hp="10", armour_now="2", notes="blessée")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: not isinstance(app.screen, CharacterForm))
        segiere = app.campaign.character("segiere")
        assert (segiere.name, segiere.hp, segiere.armour, segiere.notes) == ("Dame Segiere", 10, 2, "blessée")
        assert segiere.shadow == app.session.journal.base.character("segiere").shadow


@pytest.mark.slow
@run
async def test_remove_asks_first():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.selected = "morvan"
        await pilot.press("delete")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("n")
        await pilot.pause()
        assert app.campaign.has("morvan")
        await pilot.press("delete")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_for(pilot, lambda: not app.campaign.has("morvan"))
        assert "morvan" not in app.campaign.encounter.keys


@pytest.mark.slow
@run
async def test_add_and_edit_a_group_in_french():
    app = make_test_app(lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("G")
        await wait_for(pilot, lambda: is_open(app, GroupForm))
        assert app.screen.query_one("#f-join", Checkbox).label.plain == "entre dans le combat : Embuscade à Leda"
        fill(app, name="Gardes du pont", total="4", initiative="6")
        app.screen.query_one("#f-grade", Select).value = "elite"
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.campaign.has("gardes-du-pont"))
        group = app.campaign.group("gardes-du-pont")
        assert (group.total, group.standing, group.initiative, group.grade.value) == (4, 4, 6, "elite")
        assert "gardes-du-pont" in app.campaign.encounter.keys
        app.selected = "gardes-du-pont"
        await pilot.press("e")
        await wait_for(pilot, lambda: is_open(app, GroupForm))
        fill(app, standing="9")
        await pilot.press("ctrl+s")
        assert error_of(app, "numbers") == "standing : 9 debout mais seulement 4 en tout (permis : 0…4)"
        fill(app, standing="1")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: app.campaign.group("gardes-du-pont").standing == 1)


@pytest.mark.slow
@run
async def test_palette_commands_open_the_forms():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.run_action("screen.command('roster-add-group')")
        await wait_for(pilot, lambda: is_open(app, GroupForm))
        await pilot.press("escape")
        await pilot.pause()
        app.selected = "veterans"
        await app.run_action("screen.command('roster-edit')")
        await wait_for(pilot, lambda: is_open(app, GroupForm))
        assert app.screen.query_one("#f-name", Input).value == "Vétérans de Villon"


def test_log_rows_one_per_action_and_undone_marked(demo):
    app = make_test_app(demo)
    session = app.session
    session.do(Damage(("segiere",), 6))
    session.do(NextTurn())
    session.undo()
    rows = log_rows(session.journal.log)
    assert [(r.seq, r.undone) for r in rows] == [(1, False), (2, True)]
    assert rows[0].text.startswith("Segiere takes 6: armour 4→0 · HP 14→12")
    text = log_markdown("Log", rows)
    assert "- **#1** Segiere takes 6" in text
    assert "- ~~**#2** " in text and "~~ (undone)" in text
    session.redo()
    assert not log_rows(session.journal.log)[1].undone


@pytest.mark.slow
@run
async def test_log_screen_follows_undo_and_exports(tmp_path):
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.request(Damage(("morvan",), 2))
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda: isinstance(app.screen, LogScreen))
        screen = app.screen
        assert [r.undone for r in screen._rows] == [False]
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: screen._rows and screen._rows[0].undone)
        await pilot.press("s")  # no file: nothing written
        await pilot.pause()
        app.session.path = tmp_path / "villon.json"
        await pilot.press("s")
        await pilot.pause()
        written = export_path(app.session.path).read_text("utf-8")
        assert written.startswith("# Combat log — Démo — Villon\n")
        assert "~~**#1** Morvan takes 2" in written
        assert list(tmp_path.iterdir()) == [tmp_path / "villon-log.md"]
