"""Issue 15, item by item, with the names and files it quotes: ``Archers de Villon [2e
compagnie]`` typed into the add-group form, ``Morvan [/]`` under the cursor, ``check FILE |
head``, a 5,000-combatant fight. (The other items' tests: test_save_integrity.py (3),
test_crash.py (4), test_save_conflict.py (5), test_lock_holder_shown.py (6),
test_unwritable_blockers.py and test_backup_blockers.py (7, ``villon.json.5``),
test_cli_bounds.py (8, ``calc spell --ame 10^309``, ``calc xp --to 100000000``),
test_hostile_text.py (1 and 2 as properties).)"""

from __future__ import annotations

import random
import subprocess
import sys

import attrs
from textual.widgets import Input

from core.demo import demo_campaign
from saves.store import create_campaign
from tests.conftest import make_test_app, run, wait_for
from tests.hostile import MORVAN, VILLON, data_controls, every_pane_and_sheet, recording_driver, screen_text
from tests.saves.test_store import saved_journal
from tui.cli.campaign import main_check


@run
async def test_item1_archers_de_villon_typed_into_the_add_group_form_then_every_later_open(tmp_path, capsys):
    """The group is typed key by key into the add-group form and saved; the app goes on, and
    the file opens again (the crash of the issue came back at every open)."""
    from tui.run import build, finish
    from tui.screens.forms import GroupForm
    from tui.screens.main import MainScreen

    path = create_campaign(tmp_path / "villon.json", demo_campaign("Villon"))
    app = build([str(path)], rng=random.Random(0))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("G")
        await wait_for(pilot, lambda: isinstance(app.screen, GroupForm) and getattr(app.focused, "id", None) == "f-name")
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


def test_item8_check_piped_into_head_ends_quietly(tmp_path):
    """``apotheose check FILE | head``: the reader goes away before the summary is written."""
    path = create_campaign(tmp_path / "villon.json", demo_campaign("Villon"))
    code = f"import sys; from tui.cli import main; sys.exit(main(['check', {str(path)!r}]))"
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # head has read its lines (here: none) and gone
    err = proc.stderr.read()
    assert proc.wait(60) == 0
    assert err == b""


def test_item9_starting_a_fight_with_5000_combatants_is_not_quadratic():
    """Starting a fight costs about n log n: the Python calls it makes for 5,000 combatants are
    within 15 times those for 500 (quadratic would be 100 times). Counted, not timed."""
    from benchmarks.start_fight import roster_of
    from core.actions import StartEncounter
    from core.journal import Journal

    def calls(n: int) -> int:
        campaign, keys = roster_of(n)
        journal = Journal.start(campaign)
        count = 0

        def profile(frame, event, arg):
            nonlocal count
            if event in ("call", "c_call"):
                count += 1

        sys.setprofile(profile)
        try:
            journal, _ = journal.record(StartEncounter("Le pont de Villon", tuple(keys[-n:])))
        finally:
            sys.setprofile(None)
        assert len(journal.campaign.encounter.participants) == n
        return count

    small, large = calls(500), calls(5000)
    assert large < 15 * small, (small, large)
