"""``apotheose [CAMPAIGN]``: the demo on first run, locked campaigns read-only, bad files explained."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from core.actions import Damage, NextTurn, Outcome
from core.demo import demo_campaign
from saves.atomic import atomic_write, backup_path
from saves.format import read_journal
from saves.lock import CampaignLock
from saves.store import AutoSaver, create_campaign
from tests.present import present
from tests.saves.test_lock import python
from tests.saves.test_store import HOLD
from tests.tui.pilot import run, wait_for
from tui.door import Refused
from tui.run import Usage, build, finish, main
from tui.screens.bad_save import BadSaveScreen
from tui.screens.main import MainScreen

SIZE = (100, 30)


def start(*argv: str):
    return build(list(argv), rng=random.Random(0))


def saved(path: Path):
    return read_journal(path.read_bytes(), path).journal


def notes(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


@pytest.fixture
def villon(tmp_path) -> Path:
    return create_campaign(tmp_path / "villon.json", demo_campaign("Villon"))


@run
async def test_no_campaign_opens_the_demo_created_on_first_run(tmp_path) -> None:
    app = start("--saves", str(tmp_path))
    demo = tmp_path / "demo.json"
    assert demo.exists()
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        assert not app.session.read_only and isinstance(app.session.saver, AutoSaver)
        assert app.campaign == demo_campaign()
        assert isinstance(await app.request(Damage(("segiere",), 5)), Outcome)
    assert finish(app) is None
    assert saved(demo).campaign.character("segiere").hp == demo_campaign().character("segiere").hp - 1
    with CampaignLock(demo):  # released on exit
        pass
    second = start("--saves", str(tmp_path))
    assert second.session.journal.done == saved(demo).done
    finish(second)


@run
async def test_a_campaign_is_opened_by_name_and_saved_after_each_action(villon) -> None:
    app = start("villon", "--saves", str(villon.parent))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.campaign.name == "Villon"
        await pilot.press("ctrl+z")  # nothing to undo
        assert isinstance(await app.request(NextTurn()), Outcome)
        assert app.session.saver.flush(5)
        assert len(saved(villon).done) == 1
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: not app.session.journal.done)
        assert app.session.saver.flush(5)
        assert saved(villon).undone and not saved(villon).done
    assert finish(app) is None


@pytest.mark.slow
@run
async def test_a_campaign_held_by_another_process_opens_read_only_and_says_who(villon) -> None:
    holder = python(HOLD, villon, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert present(holder.stdout).readline() == "open\n"
    before = villon.read_bytes()
    try:
        app = start(str(villon))
        assert app.session.read_only and app.session.saver is None
        assert f"(pid {holder.pid})" in app.locked_by
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
            assert any(f"pid {holder.pid}" in text for text in notes(app))
            assert isinstance(await app.request(NextTurn()), Refused)
            assert app.campaign == demo_campaign("Villon")
        assert finish(app) is None
    finally:
        present(holder.stdin).close()
        holder.wait()
    assert villon.read_bytes() == before


def test_read_only_takes_no_lock(villon) -> None:
    app = start(str(villon), "--read-only")
    assert app.session.read_only and app.locked_by is None
    with CampaignLock(villon):
        pass
    finish(app)


@run
async def test_a_bad_file_opens_on_the_bad_save_screen_and_is_left_alone(villon) -> None:
    data = orjson.loads(villon.read_bytes())
    data["campaign"]["roster"][3]["hp"] = 3.7
    atomic_write(villon, orjson.dumps(data))
    before = villon.read_bytes()
    app = start(str(villon))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BadSaveScreen))
        text = str(app.screen.query_one("#bad-save-error").render())
        assert str(villon) in text and "$.campaign.roster[3].hp" in text and "3.7" in text
        assert [p.name for p, _ in app.screen.backups] == ["villon.json.1"]
        assert isinstance(await app.request(NextTurn()), Refused)
        await pilot.press("q")
    assert finish(app) is None
    assert villon.read_bytes() == before


@pytest.mark.slow
@run
async def test_enter_on_a_backup_restores_it_and_opens_the_campaign(villon) -> None:
    good = villon.read_bytes()
    atomic_write(villon, good[:100])
    app = start(str(villon))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BadSaveScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        assert villon.read_bytes() == good
        assert backup_path(villon, 1).read_bytes() == good[:100]
        assert app.campaign == demo_campaign("Villon") and not app.session.read_only
        assert isinstance(await app.request(NextTurn()), Outcome)
    assert finish(app) is None
    assert len(saved(villon).done) == 1


@run
async def test_a_file_without_backups_says_so(tmp_path) -> None:
    path = tmp_path / "villon.json"
    path.write_bytes(b"not json")
    app = start(str(path))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BadSaveScreen))
        assert app.screen.query("#bad-save-none")
    assert path.read_bytes() == b"not json"


@pytest.mark.slow
@run
async def test_a_campaign_edited_by_hand_opens_and_undo_stops_there_saying_why(villon) -> None:
    opened = start(str(villon))
    opened.session.do(NextTurn())
    finish(opened)
    data = orjson.loads(villon.read_bytes())
    data["campaign"]["roster"][0]["notes"] = "edited by hand"
    atomic_write(villon, orjson.dumps(data))
    app = start(str(villon))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        assert app.campaign.roster[0].notes == "edited by hand"
        assert isinstance(await app.request(Damage(("segiere",), 1)), Outcome)
        await pilot.press("ctrl+z")  # what was done since it was opened is undone
        await pilot.press("ctrl+z")  # the history saved before does not lead to this campaign
        await wait_for(pilot, lambda: any("undo starts from where the campaign was opened" in n for n in notes(app)))
        assert app.campaign.roster[0].notes == "edited by hand"
        assert app.campaign.character("segiere") == demo_campaign("Villon").character("segiere")
    finish(app)


def test_an_unknown_name_exits_2_pointing_to_apotheose_new(tmp_path, capsys) -> None:
    create_campaign(tmp_path / "villon.json", demo_campaign())
    assert main(["nuit", "--saves", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "apotheose new 'nuit'" in err and "villon" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "villon.json",
        "villon.json.lock",
        "villon.players.feed",
        "villon.players.json",
    ]


def test_a_bad_option_exits_2_with_one_line(tmp_path, capsys) -> None:
    assert main(["--saves", str(tmp_path), "--lang", "de"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--lang" in err
    with pytest.raises(Usage):
        build(["--bogus"])


@pytest.mark.slow
@run
async def test_a_campaign_that_cannot_be_locked_opens_read_only_and_says_why(villon) -> None:
    (villon.parent / "villon.json.lock").unlink()
    (villon.parent / "villon.json.lock").mkdir()  # stands for a lock file this user may not open
    app = start(str(villon))
    assert app.session.read_only and app.locked_by is None
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: any("lock file" in n for n in notes(app)))
        assert isinstance(app.screen, MainScreen)
    finish(app)


@pytest.mark.slow
@run
async def test_a_failed_autosave_is_shown_and_so_is_its_recovery(villon) -> None:
    from saves.errors import SaveError

    app = start(str(villon))
    failures = [SaveError(villon, "could not save (No space left on device)")]

    def full_disk_once(path: Path, data: bytes) -> None:
        if failures:
            raise failures.pop()
        atomic_write(path, data)

    app.session.saver.writer = full_disk_once
    app.session.saver.delays = (0.0,)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        assert isinstance(await app.request(NextTurn()), Outcome)
        await wait_for(pilot, lambda: any(n.startswith("Saved again") for n in notes(app)))
        assert any("Save failed, will retry" in n and "No space left" in n for n in notes(app))
    assert finish(app) is None
    assert len(saved(villon).done) == 1


def test_colors_forces_the_colour_system_for_ssh(villon, monkeypatch) -> None:
    monkeypatch.delenv("TEXTUAL_COLOR_SYSTEM", raising=False)
    app = start(str(villon), "--colors", "16", "--read-only")
    assert app is not None and os.environ["TEXTUAL_COLOR_SYSTEM"] == "standard"
    monkeypatch.delenv("TEXTUAL_COLOR_SYSTEM", raising=False)
    with pytest.raises(Usage, match="--colors"):
        start(str(villon), "--colors", "8")


def test_the_demo_opened_again_does_not_import_its_module(tmp_path) -> None:
    """Issue 37: the demo's module (its fighters, 2-3 ms to import) is needed only to create the
    demo, not to open it again before the first frame."""
    from tui.run import campaign_path

    demo = campaign_path(None, str(tmp_path))  # the first run creates it
    code = "import sys; from tui.run import campaign_path; print(campaign_path(None, sys.argv[1]), 'core.demo' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=Path(__file__).parents[2],
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(demo), "False"]
