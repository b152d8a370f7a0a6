"""What the screen shows: the main screen at 80×24 and 120×40 in both languages, each dialog.

Update after a deliberate change with ``pytest tests/tui/test_snapshots.py --snapshot-update`` and
read the report (snapshot_report.html) first.
"""

from __future__ import annotations

import pytest

from saves.errors import BadFieldError
from tests.tui.pilot import NARROW, WIDE, make_test_app


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [WIDE, NARROW], ids=["120x40", "80x24"])
def test_main_screen(snap_compare, size, lang) -> None:
    assert snap_compare(make_test_app(lang=lang), terminal_size=size)


def _keys(selected: str | None, keys: list[str]):
    """Select a combatant, press ``keys``, then let the app settle (a dialog mounts and focuses
    its first field a few messages later; on a loaded machine one pause is not enough)."""

    async def run_before(pilot) -> None:
        if selected:
            pilot.app.selected = selected
            await pilot.pause()
        await pilot.press(*keys)
        for _ in range(5):
            await pilot.wait_for_scheduled_animations()
            await pilot.pause()
        # Toasts time out after a few seconds: on a slow run they would be gone, on a fast one
        # not. What each action says is tested elsewhere.
        pilot.app.clear_notifications()
        await pilot.pause()

    return run_before


# (name, keys, who is selected first, size)
DIALOGS = [
    ("help", ["question_mark"], None, WIDE),
    ("log", ["n", "n", "ctrl+z", "ctrl+l"], None, WIDE),
    ("sheet", ["enter"], "alduin", WIDE),
    ("sheet_80x24", ["enter"], "segiere", NARROW),
    ("shadow_change", ["enter", "plus"], "morvan", WIDE),
    ("condition", ["c"], "morvan", WIDE),
    ("set_initiative", ["i"], "morvan", NARROW),
    ("add_character", ["A"], None, WIDE),
    ("add_group", ["G"], None, NARROW),
    ("remove_confirm", ["delete"], "capitaine", NARROW),
    ("damage_preview", ["x", "6"], "segiere", NARROW),
    ("attack_group", ["g", "5"], None, NARROW),
    ("defend_group", ["v"], "morvan", NARROW),
    ("duel", ["o"], "capitaine", NARROW),
    ("roll", ["r", "9"], "arsouille", NARROW),
    ("spell_cost", ["s", "5", "tab", "tab", "tab", "3"], None, NARROW),
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "keys", "selected", "size"), DIALOGS, ids=[d[0] for d in DIALOGS])
def test_dialog(snap_compare, name, keys, selected, size) -> None:
    assert snap_compare(make_test_app(), terminal_size=size, run_before=_keys(selected, keys))


@pytest.mark.slow
def test_sheet_in_french(snap_compare) -> None:
    assert snap_compare(make_test_app(lang="fr"), terminal_size=WIDE, run_before=_keys("morvan", ["enter"]))


def test_bad_save_screen(snap_compare) -> None:
    error = BadFieldError(
        "/saves/villon.json", "$.campaign.roster[3].hp", 'expected a whole number, found a string "5"'
    )
    assert snap_compare(make_test_app(load_error=error), terminal_size=NARROW)


@pytest.mark.slow
def test_main_screen_without_colour(snap_compare, monkeypatch) -> None:
    """NO_COLOR: the turn, the cursor and the focused pane still stand out (reverse, bold)."""
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(make_test_app(), terminal_size=NARROW)
