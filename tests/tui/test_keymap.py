"""Keys a GM can remap (keymap.toml), the per-screen command palette, and the private binding
structure ``tui.textual_fixes.bindings`` relies on."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.present import present
from tests.tui.pilot import make_test_app, palette_searched, run, wait_for

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guide.md"


def write_keymap(monkeypatch, tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "config"
    folder.mkdir(exist_ok=True)
    (folder / "keymap.toml").write_text(text, encoding="utf-8")
    monkeypatch.setenv("APOTHEOSE_CONFIG", str(folder))
    return folder / "keymap.toml"


def notifications(app) -> list[str]:
    return [n.message for n in app._notifications]


async def told(pilot, count: int) -> list[str]:
    """The start-up notifications, once ``count`` of them have arrived."""
    await wait_for(pilot, lambda: len(notifications(pilot.app)) >= count)
    return notifications(pilot.app)


def footer_keys(app) -> dict[str, str]:
    """binding id → key as the footer shows it (the screen's live bindings)."""
    return {b.binding.id: app.get_key_display(b.binding) for b in app.screen.active_bindings.values() if b.binding.id}


# -- the keymap end to end ----------------------------------------------------------------------
@pytest.mark.slow
@run
async def test_a_remapped_key_does_the_action_and_the_old_key_no_longer_does(monkeypatch, tmp_path):
    write_keymap(monkeypatch, tmp_path, 'init-next = "ctrl+right"\nundo = ["ctrl+u"]\n')
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert notifications(app) == []  # a sound keymap says nothing
        turn = app.campaign.encounter.current
        await pilot.press("n")  # the old key: nothing
        await pilot.pause()
        assert app.campaign.encounter.current == turn and not app.session.journal.done
        await pilot.press("ctrl+right")
        await wait_for(pilot, lambda: app.campaign.encounter.current != turn)
        shown = footer_keys(app)
        assert shown["init-next"] == "^→" and shown["undo"] == "^u"
        await pilot.press("ctrl+z")  # the old undo key: nothing
        await pilot.pause()
        assert len(app.session.journal.done) == 1
        await pilot.press("ctrl+u")
        await wait_for(pilot, lambda: app.campaign.encounter.current == turn)


@pytest.mark.slow
@run
async def test_the_help_screen_and_the_palette_show_the_remapped_key(monkeypatch, tmp_path):
    from tui.commands.palette import GMCommands
    from tui.screens.help import HelpScreen

    write_keymap(monkeypatch, tmp_path, 'log = "f2"\n')
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        hits = {hit.text: hit.help async for hit in GMCommands(app.screen).discover()}
        assert hits["Show the combat log"] == "f2"
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        text = str(app.screen.query_one("#help-text").render())
        assert re.search(r"f2\s+Log", text) and not re.search(r"\^l\s+Log", text)
        await pilot.press("escape", "f2")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "LogScreen")


@pytest.mark.slow
@run
async def test_unknown_id_is_told_at_start_up_and_the_rest_applies(monkeypatch, tmp_path):
    path = write_keymap(monkeypatch, tmp_path, 'init-nxt = "ctrl+right"\nredo = "f3"\n')
    app = make_test_app(lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        (said,) = await told(pilot, 1)
        assert (
            said
            == f"{path} : aucune touche n'a l'identifiant 'init-nxt' (vouliez-vous dire init-next ?) (la liste : apotheose keymap --list)"
        )
        assert footer_keys(app)["redo"] == "f3"


@pytest.mark.slow
@run
async def test_a_clash_keeps_the_default_keys_and_says_which(monkeypatch, tmp_path):
    path = write_keymap(monkeypatch, tmp_path, 'undo = "n"\nhelp = "ctrl+q"\n')
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert await told(pilot, 2) == [
            f"{path}: ctrl+q is already Quit (app), it cannot be help; help keeps its default key",
            f"{path}: n would be both undo and init-next (InitiativeList); the default keys stay for undo",
        ]
        shown = footer_keys(app)
        assert shown["undo"] == "^z" and shown["init-next"] == "n"
        turn = app.campaign.encounter.current
        await pilot.press("n")
        await wait_for(pilot, lambda: app.campaign.encounter.current != turn)


@pytest.mark.slow
@run
async def test_broken_toml_is_one_line_naming_the_file_and_line_and_the_app_opens(monkeypatch, tmp_path):
    path = write_keymap(monkeypatch, tmp_path, '# my keys\nundo = "ctrl+u"\nredo = ctrl+r\n')
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        (said,) = await told(pilot, 1)
        assert said == f"{path}, line 3: Invalid value; the default keys are used"
        assert footer_keys(app)["undo"] == "^z"  # nothing of the file applies
        turn = app.campaign.encounter.current
        await pilot.press("n")
        await wait_for(pilot, lambda: app.campaign.encounter.current != turn)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("undo = 3\n", "undo needs a key or a list of keys, got 3; it keeps its default key"),
        ('undo = "ctrl+banana"\n', "undo: 'ctrl+banana' is not a key Textual knows; it keeps its default key"),
        ('undo = ""\n', "undo needs a key or a list of keys, got ''; it keeps its default key"),
        ('undo = "ctrl+y"\n', "ctrl+y would be both undo and redo (app); the default keys stay for undo"),
        (
            'roster-edit = "tab"\n',
            "tab is already Focus Next (MainScreen), it cannot be roster-edit; roster-edit keeps its default key",
        ),
        (
            'log-export = "ctrl+z"\n',
            "ctrl+z would be both log-export and log-undo (LogScreen); the default keys stay for log-export",
        ),
    ],
)
def test_what_a_keymap_can_get_wrong(monkeypatch, tmp_path, text, said):
    from tui.keymap import load

    path = write_keymap(monkeypatch, tmp_path, text)
    loaded = load()
    assert loaded.keymap == {}
    assert [p.text() for p in loaded.problems] == [f"{path}: {said}"]


def test_a_sound_keymap_swaps_and_spells_keys_as_textual_does(monkeypatch, tmp_path):
    from tui.keymap import load

    write_keymap(monkeypatch, tmp_path, 'undo = "ctrl+y"\nredo = "ctrl+z"\nhelp = "?"\ninit-next = ["n", "+"]\n')
    loaded = load()
    assert loaded.problems == ()
    assert loaded.keymap == {"undo": "ctrl+y", "redo": "ctrl+z", "help": "question_mark", "init-next": "n,plus"}


def test_no_file_is_the_default_keys(monkeypatch, tmp_path):
    from tui.keymap import keymap_path, load

    monkeypatch.setenv("APOTHEOSE_CONFIG", str(tmp_path / "nowhere"))
    assert keymap_path() == tmp_path / "nowhere" / "keymap.toml"
    loaded = load()
    assert (loaded.found, loaded.keymap, loaded.problems) == (False, {}, ())


def test_the_config_folder_is_platformdirs_without_the_variable():
    import platformdirs

    from tui.keymap import keymap_path

    assert keymap_path({}) == Path(platformdirs.user_config_dir("apotheose", appauthor=False)) / "keymap.toml"


@pytest.mark.slow
def test_apotheose_keymap_checks_the_file(monkeypatch, tmp_path):
    path = write_keymap(monkeypatch, tmp_path, 'undo = "ctrl+u"\nudno = "x"\n')
    done = subprocess.run([sys.executable, "-m", "tui.cli", "keymap"], capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert (
        done.stderr.strip()
        == f"{path}: no binding has the id 'udno' (did you mean undo?) (the ids are listed by: apotheose keymap --list)"
    )
    assert done.stdout.strip() == f"{path}: remaps undo = ctrl+u"
    write_keymap(monkeypatch, tmp_path, 'undo = "ctrl+u"\n')
    done = subprocess.run([sys.executable, "-m", "tui.cli", "keymap"], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "")


# -- ids and the GM's guide ---------------------------------------------------------------------------
def readme_table() -> dict[str, str]:
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index("<!-- keymap ids: start -->")
    end = text.index("<!-- keymap ids: end -->")
    rows = [line for line in text[start:end].splitlines() if line.startswith("| `")]
    return {present(re.match(r"\| `([^`]+)`", row))[1]: row for row in rows}


def test_the_readme_lists_every_binding_id_and_only_those():
    """The table is ``apotheose keymap --list``: regenerate it there when a binding changes."""
    from tui.commands.table import markdown_table
    from tui.keymap import remappable

    listed = readme_table()
    ids = [r.id for r in remappable()]
    assert sorted(listed) == sorted(ids), "docs/guide.md keymap table out of date: paste `apotheose keymap --list`"
    generated = {
        re.match(r"\| `([^`]+)`", row)[1]: row for row in markdown_table().splitlines() if row.startswith("| `")
    }
    assert listed == generated


# -- the palette, per screen ----------------------------------------------------------------------
INTERNAL = re.compile(r"\b(app|screen)\.[a-z_]")


async def palette(app) -> dict[str, str | None]:
    """Label → help of what the palette offers on the screen in front (its providers and the app's)."""
    found: dict[str, str | None] = {}
    for provider_class in _providers(app):
        provider = provider_class(app.screen)
        async for hit in provider.discover():
            if hit is not NotImplemented:  # a provider that only searches (the combatants)
                found[str(hit.text)] = hit.help
    return found


def _providers(app):
    from textual.command import Provider

    out = []
    for source in (*app.COMMANDS, *app.screen.COMMANDS):
        out.append(source if isinstance(source, type) and issubclass(source, Provider) else source())
    return out


@pytest.mark.slow
@run
async def test_the_palette_of_the_main_screen():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        offered = await palette(app)
        assert offered["Go to the damage pane"] == "3"
        assert offered["Undo the last action"] == "^z"
        assert "Spell cost: Mage" in offered and "Quit" in offered
        assert "Shadow +" not in offered  # the sheet's, not here
        assert not any(INTERNAL.search(f"{k} {v or ''}") for k, v in offered.items())


@pytest.mark.slow
@run
async def test_the_palette_of_a_pc_sheet_offers_its_keys_and_runs_them():
    app = make_test_app(lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        app.selected = "alduin"
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SheetScreen")
        await pilot.pause()
        offered = await palette(app)
        assert "Go to the damage pane" not in offered and "Aller au volet dégâts" not in offered
        assert offered["Quitter"] == "Quitter l'application tout de suite"  # Textual's own, in French
        shadow = next(label for label in offered if label.startswith("Ombre +"))
        assert offered[shadow] == "+"
        assert not any(INTERNAL.search(f"{k} {v or ''}") for k, v in offered.items())
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Ombre +")
        await wait_for(pilot, lambda: palette_searched(app))
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ShadowDialog")
        assert app.screen.delta == 1  # Shadow +, run on the sheet


@pytest.mark.slow
@run
async def test_an_npc_sheet_palette_leaves_out_what_the_rules_refuse():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.selected = "capitaine"
        await pilot.press("enter")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "SheetScreen")
        offered = await palette(app)
        assert "Close" in offered and "XP" not in offered and "Shadow +" not in offered


@pytest.mark.slow
@run
async def test_the_palette_of_the_log_in_french():
    app = make_test_app(lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "LogScreen")
        offered = await palette(app)
        assert {"Fermer", "Exporter en .md", "Annuler", "Rétablir"} <= set(offered)
        assert offered["Exporter en .md"] == "s"


# -- the private binding structure set_descriptions relies on ----------------------------------
@pytest.mark.slow
@run
async def test_set_descriptions_still_fits_textuals_private_binding_structure():
    """``set_descriptions`` (tui/textual_fixes/bindings.py) rewrites ``node._bindings.key_to_bindings`` (a dict key → list of
    frozen dataclass ``Binding``) in place; a Textual upgrade that changes that fails here."""
    from textual.binding import Binding, BindingsMap

    from tui.textual_fixes.bindings import set_descriptions

    assert dataclasses.is_dataclass(Binding) and {"description", "id", "key"} <= {
        f.name for f in dataclasses.fields(Binding)
    }
    app = make_test_app(lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app._bindings, BindingsMap)
        table = app._bindings.key_to_bindings
        assert isinstance(table, dict) and all(
            isinstance(v, list) and all(isinstance(b, Binding) for b in v) for v in table.values()
        )
        # what it did shows where the GM looks: the footer (active bindings), in French
        assert footer_keys(app)["undo"] == "^z"
        set_descriptions(app, {"undo": "Rétablir"})
        app.refresh_bindings()
        await pilot.pause()
        assert "Rétablir" in {
            b.binding.description for b in app.screen.active_bindings.values() if b.binding.id == "undo"
        }
        assert hasattr(app, "_keymap") and callable(
            getattr(BindingsMap, "apply_keymap", None)
        )  # tui.textual_fixes.bindings.live_bindings
