"""The template picker (T), the mook line (M), quick add (Q), save as template and import (palette)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Checkbox, Input, OptionList, Static

from core.actions import AddMany
from core.campaign import Campaign
from saves.templates import library_path, load_library
from tests.tui.pilot import NARROW, done_actions, make_test_app, run, wait_for
from tests.tui.test_snapshots import _keys
from tui.screens.prompts import ValuePrompt
from tui.screens.templates import MookLine, QuickAdd, TemplatePicker

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


@pytest.fixture(autouse=True)
def saves(tmp_path, monkeypatch) -> Path:
    """Every test here has its own saves folder (and so its own template library)."""
    folder = tmp_path / "campaigns"
    monkeypatch.setenv("APOTHEOSE_SAVES", str(folder))
    monkeypatch.delenv("APOTHEOSE_TEMPLATES", raising=False)
    return folder


def line_of(app, name: str) -> str:
    widget = app.screen.query_one(f"#line-{name}", Static)
    return str(widget.content) if widget.display else ""


async def press_counted(pilot, keys: list[str], counter: list[str]) -> None:
    counter.extend(keys)
    await pilot.press(*keys)


@run
async def test_three_veterans_and_twelve_standard_soldiers_in_at_most_15_keystrokes() -> None:
    app = make_test_app()
    before = app.campaign
    keys: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press_counted(pilot, ["T"], keys)
        await wait_for(pilot, lambda: isinstance(app.screen, TemplatePicker))
        await press_counted(pilot, ["3", "v", "e", "t"], keys)
        await wait_for(pilot, lambda: line_of(app, "preview").startswith("3 added: Vétéran 1"))
        await press_counted(pilot, ["enter"], keys)
        await wait_for(pilot, lambda: not isinstance(app.screen, TemplatePicker))
        await press_counted(pilot, ["M"], keys)
        await wait_for(pilot, lambda: isinstance(app.screen, MookLine))
        await press_counted(pilot, ["1", "2", "s"], keys)
        await press_counted(pilot, ["enter"], keys)
        await wait_for(pilot, lambda: not isinstance(app.screen, MookLine))
    assert len(keys) <= 15, keys
    added = app.campaign.roster[len(before.roster) :]
    assert [c.name for c in added] == ["Vétéran 1", "Vétéran 2", "Vétéran 3"]
    assert all((c.hp, c.armour, c.pc) == (10, 3, False) for c in added)
    (group,) = app.campaign.groups[len(before.groups) :]
    assert (group.grade.value, group.total, group.standing) == ("standard", 12, 12)
    assert {c.id for c in added} | {group.id} <= set(app.campaign.encounter.keys)  # they joined the fight
    assert [type(a) for a in done_actions(app)] == [AddMany, AddMany]


@run
async def test_the_same_keys_typed_at_once_do_the_same():
    """T3vet⏎M12s⏎ sent in one burst: no key reaches the main screen while a dialog opens."""
    app = make_test_app()
    before = app.campaign
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("T", "3", "v", "e", "t", "enter", "M", "1", "2", "s", "enter")
        await wait_for(pilot, lambda: len(done_actions(app)) == 2 and app.screen.__class__.__name__ == "MainScreen")
    assert [c.name for c in app.campaign.roster[len(before.roster) :]] == ["Vétéran 1", "Vétéran 2", "Vétéran 3"]
    assert app.campaign.groups[-1].total == 12


@run
async def test_the_keys_type_in_a_pane_field_instead():
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")  # the spell pane, its first field focused
        await wait_for(pilot, lambda: isinstance(app.focused, Input))
        await pilot.press("T", "M", "Q")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "MainScreen"


@run
async def test_picker_finds_by_part_of_a_name_arrows_choose_and_undo_removes_all():
    app = make_test_app(Campaign(name="Vide"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("T")
        await wait_for(pilot, lambda: isinstance(app.screen, TemplatePicker))
        options = app.screen.query_one(OptionList)
        assert options.option_count == 5
        await pilot.press("2", " ", "s", "o", "l")
        await wait_for(pilot, lambda: options.option_count == 2)
        assert line_of(app, "preview").startswith("2 added: Soldat d'élite 1, Soldat d'élite 2")
        await pilot.press("down")
        assert line_of(app, "preview").startswith("2 added: Soldat standard 1, Soldat standard 2")
        assert not app.screen.query("#line-join")  # no fight under way: nothing to join
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, TemplatePicker))
        assert [c.name for c in app.campaign.roster] == ["Soldat standard 1", "Soldat standard 2"]
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: app.campaign.roster == ())


@run
async def test_picker_says_when_nothing_matches_and_adds_nothing():
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("T")
        await wait_for(pilot, lambda: isinstance(app.screen, TemplatePicker))
        await pilot.press("d", "r", "a", "g", "o", "n", "enter")
        await wait_for(pilot, lambda: "no template matches 'dragon'" in line_of(app, "error"))
        assert isinstance(app.screen, TemplatePicker) and done_actions(app) == []
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, TemplatePicker))


@run
async def test_a_bad_library_is_named_and_the_ready_templates_still_offered(saves):
    path = library_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "apotheose.templates", "version": 1, "templates": [{"name": "Loup", "corps": -1}]}')
    raw = path.read_bytes()
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("T")
        await wait_for(pilot, lambda: isinstance(app.screen, TemplatePicker))
        hint = str(app.screen.query_one(".line-hint", Static).content)
        assert f"{path}: $.templates[0].corps: must be between 0 and 99, got -1" in hint
        assert app.screen.query_one(OptionList).option_count == 5
    assert path.read_bytes() == raw


@run
async def test_quick_add_previews_names_the_bad_part_then_adds():
    app = make_test_app(lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("Q")
        await wait_for(pilot, lambda: isinstance(app.screen, QuickAdd))
        field = app.screen.query_one("#line-input", Input)
        field.value = "Garde 8/4/6 soldat:épée cotte"
        await wait_for(pilot, lambda: line_of(app, "error").startswith("8/4/6 : corps/esprit/combat/âme"))
        await pilot.press("enter")
        assert isinstance(app.screen, QuickAdd) and done_actions(app) == []
        field.value = "Garde 8/4/6/2 soldat:épée cotte ×2"
        await wait_for(pilot, lambda: line_of(app, "error") == "")
        preview = line_of(app, "preview").splitlines()
        assert preview[:2] == [
            "Garde 1, Garde 2 (PNJ)",
            "corps 8 esprit 4 combat 6 âme 2 · PV 13 · armure 2 (armure intermédiaire)",
        ]
        app.screen.query_one("#line-join", Checkbox).value = False
        field.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, QuickAdd))
    gardes = [c for c in app.campaign.roster if c.name.startswith("Garde ")]
    assert [(c.name, c.hp, c.armour) for c in gardes] == [("Garde 1", 13, 2), ("Garde 2", 13, 2)]
    assert not {c.id for c in gardes} & set(app.campaign.encounter.keys)  # unticked: not in the fight


@run
async def test_mook_line_names_the_group_and_refuses_a_bad_grade():
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("M")
        await wait_for(pilot, lambda: isinstance(app.screen, MookLine))
        app.screen.query_one("#line-input", Input).value = "12 dragons"
        await wait_for(pilot, lambda: line_of(app, "error").startswith("grade: 'dragons' is no grade"))
        app.screen.query_one("#line-input", Input).value = "6 vét Gardes [b]de[/b] Villon"
        await wait_for(pilot, lambda: line_of(app, "preview").startswith("Gardes [b]de[/b] Villon: 6 veterans"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, MookLine))
    group = app.campaign.groups[-1]
    assert (group.name, group.total, group.initiative) == ("Gardes [b]de[/b] Villon", 6, 10)


@run
async def test_save_a_character_as_a_template_then_add_it(saves):
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.selected = "capitaine"
        await pilot.pause()
        await app.run_action("screen.command('roster-save-template')")
        await wait_for(pilot, lambda: isinstance(app.screen, ValuePrompt) and bool(app.screen.query(Input)))
        field = app.screen.query_one(Input)
        assert field.value == "Capitaine de la garde"
        field.value = "Capitaine"
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, ValuePrompt))
        assert load_library(library_path())[-1].name == "Capitaine"
        await pilot.press("T")
        await wait_for(pilot, lambda: isinstance(app.screen, TemplatePicker))
        await pilot.press("2", "c", "a", "p", "enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, TemplatePicker))
    names = [c.name for c in app.campaign.roster]
    assert names[-2:] == ["Capitaine 1", "Capitaine 2"]
    assert app.campaign.roster[-1].armour_pieces == app.campaign.character("capitaine").armour_pieces


@run
async def test_import_a_roster_from_the_palette(tmp_path):
    good = tmp_path / "r.csv"
    good.write_text("kind,name,count,corps,combat,grade\n,Garde,2,6,4,\ngroup,Rats,5,,,civil\n", encoding="utf-8")
    bad = tmp_path / "bad.csv"
    bad.write_text("name,corps\nA,3\nB,[b]huit[/b]\n", encoding="utf-8")
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.run_action("screen.command('roster-import')")
        await wait_for(pilot, lambda: isinstance(app.screen, ValuePrompt) and bool(app.screen.query(Input)))
        app.screen.query_one(Input).value = str(bad)
        await pilot.press("enter")
        error = app.screen.query_one("#prompt-error", Static)
        await wait_for(pilot, lambda: "line 3: corps: must be a whole number" in str(error.content))
        assert "got '[b]huit[/b]'" in str(error.render())  # the cell as written: data, not markup
        app.screen.query_one(Input).value = str(good)
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, ValuePrompt))
    assert [c.name for c in app.campaign.roster][-2:] == ["Garde 1", "Garde 2"]
    assert app.campaign.groups[-1].name == "Rats"
    assert [type(a) for a in done_actions(app)] == [AddMany]


@run
async def test_the_palette_offers_the_new_commands():
    from tui.commands.palette import GMCommands

    app = make_test_app(lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        commands = dict(GMCommands(app.screen).commands())
    assert commands["screen.command('roster-add-template')"] == "Ajouter des PNJ depuis un modèle (3 × Vétéran)"
    ids = ("roster-add-mooks", "roster-quick-add", "roster-save-template", "roster-import")
    assert {f"screen.command('{i}')" for i in ids} <= set(commands)


@pytest.mark.parametrize(
    ("name", "keys"),
    [
        ("template_picker", ["T", "3", "v", "e", "t"]),
        ("mook_line", ["M", "1", "2", "space", "v", "é", "t"]),
        ("quick_add", ["Q", *"Garde 8/4/6 soldat", "space"]),
    ],
)
def test_dialog_snapshot_80x24(snap_compare, name, keys) -> None:
    from tui.screens.main import MainScreen

    settle = _keys(None, [k if k != " " else "space" for k in keys])

    async def run_before(pilot) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, MainScreen))  # its keys are live
        await settle(pilot)

    assert snap_compare(make_test_app(), terminal_size=NARROW, run_before=run_before)
