"""Issue 15, item 5: a save never overwrites another writer's work.

The scenario of the issue: the lock file is deleted under a running writer, a second writer
opens the campaign (it gets the lock) and saves three actions; the first writer's next save
used to drop those three. Now it stops writing the campaign, keeps its own actions in a side
file beside it, and says so (once).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from core.actions import Damage, Heal, NextTurn, Outcome
from core.demo import demo_campaign
from saves.atomic import atomic_create, atomic_write
from saves.lock import lock_path
from saves.store import AutoSaver, SaveConflict, create_campaign, open_campaign
from tests.present import as_a
from tests.saves.test_store import after
from tests.saves.test_store import saved_journal as saved
from tests.tui.pilot import make_test_app, run, wait_for


def save_turns(saver: AutoSaver, journal, count: int):
    """``count`` next turns, each saved and flushed; the last journal."""
    for _ in range(count):
        journal = after(journal, NextTurn())
        saver.save(journal)
        assert saver.flush(5)
    return journal


def side_files(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.conflict-*.json"))


def writer(path: Path, conflicts: list) -> tuple:
    opened = open_campaign(path)
    assert not opened.read_only
    return opened, AutoSaver(path, opened.lock, on_conflict=conflicts.append, seen=opened.seen)


def test_a_deleted_lock_and_a_second_writer_lose_none_of_the_second_writers_actions(tmp_path) -> None:
    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    first_conflicts: list[SaveConflict] = []
    second_conflicts: list[SaveConflict] = []
    first, first_saver = writer(path, first_conflicts)
    mine = after(first.journal, NextTurn())
    first_saver.save(mine)
    assert first_saver.flush(5) and saved(path) == mine

    lock_path(path).unlink()  # deleted under the running first writer
    second, second_saver = writer(path, second_conflicts)  # it gets a lock of its own
    theirs = after(second.journal, Damage(("segiere",), 2), Heal(("segiere",), 1), Damage(("morvan",), 3))
    second_saver.save(theirs)
    assert second_saver.flush(5) and saved(path) == theirs

    mine = after(mine, Damage(("romuald",), 4))
    first_saver.save(mine)
    assert first_saver.flush(5)
    assert saved(path) == theirs  # the three actions of the second writer are all there
    assert len(saved(path).done) == 4  # the first writer's first save, then the three
    [side] = side_files(path)
    assert saved(side) == mine  # and the first writer's actions are kept beside it
    assert first_saver.conflict is not None and first_saver.conflict.side == side
    assert len(first_conflicts) == 1 and isinstance(first_conflicts[0], SaveConflict)
    assert str(side) in str(first_conflicts[0]) and "lock file" in str(first_conflicts[0])

    mine = after(mine, NextTurn())  # later saves go on in the side file, said only once
    first_saver.save(mine)
    assert first_saver.close()
    assert saved(side) == mine and saved(path) == theirs and side_files(path) == [side]
    assert len(first_conflicts) == 1 and second_conflicts == []
    assert second_saver.close() and saved(path) == theirs
    first.close()
    second.close()


def test_a_file_replaced_by_another_program_is_not_saved_over(tmp_path) -> None:
    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    conflicts: list = []
    opened, saver = writer(path, conflicts)
    other = after(opened.journal, Heal(("segiere",), 1))
    from saves.format import encode

    atomic_write(path, encode(other))  # the lock is intact, but the file is not the one read
    mine = after(opened.journal, NextTurn())
    saver.save(mine)
    assert saver.close()
    assert saved(path) == other
    [side] = side_files(path)
    assert saved(side) == mine and "changed by another program" in str(conflicts[0])
    opened.close()


def test_saves_of_a_lone_writer_meet_no_conflict(tmp_path) -> None:
    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    conflicts: list = []
    opened, saver = writer(path, conflicts)
    journal = save_turns(saver, opened.journal, 4)
    assert saver.close() and saved(path) == journal
    assert conflicts == [] and side_files(path) == []
    opened.close()


def test_a_side_file_never_replaces_a_file_at_its_name(tmp_path) -> None:
    side = tmp_path / "villon.json.conflict-x.json"
    atomic_create(side, b"first")
    try:
        atomic_create(side, b"second")
    except FileExistsError:
        pass
    else:
        raise AssertionError("atomic_create replaced a file")
    assert side.read_bytes() == b"first"
    assert [p.name for p in tmp_path.iterdir()] == [side.name]  # no temp file left


@run
async def test_the_gm_is_told_on_screen_where_the_changes_went(tmp_path) -> None:
    app = make_test_app()
    conflict = SaveConflict(
        tmp_path / "villon.json", "its lock file was deleted", tmp_path / "villon.json.conflict-1.json"
    )
    async with app.run_test() as pilot:
        await pilot.pause()
        import asyncio

        await asyncio.get_running_loop().run_in_executor(None, app.save_conflict, conflict)
        await wait_for(pilot, lambda: any("conflict-1.json" in str(n.message) for n in app._notifications))
        [note] = [n for n in app._notifications if "conflict-1.json" in str(n.message)]
        assert note.severity == "error" and "another writer took this campaign over" in str(note.message)


@pytest.mark.slow
@run
async def test_the_issues_scenario_through_the_app(tmp_path) -> None:
    """Two apps on one campaign after its lock file was deleted: the second app's three actions
    survive the first app's next action, which goes to a side file, said on screen and on quit."""
    from tui.run import build, finish
    from tui.screens.main import MainScreen

    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    first = build([str(path)], rng=random.Random(0))
    async with first.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(first.screen, MainScreen))
        lock_path(path).unlink()
        second = build([str(path)], rng=random.Random(1))
        assert not second.session.read_only
        for action in (NextTurn(), Damage(("segiere",), 2), Heal(("segiere",), 1)):
            assert isinstance(await second.request(action), Outcome)
        assert as_a(AutoSaver, second.session.saver).flush(5)
        assert finish(second) is None
        theirs = saved(path)
        assert len(theirs.done) == 3

        assert isinstance(await first.request(Damage(("morvan",), 3)), Outcome)
        assert as_a(AutoSaver, first.session.saver).flush(5)
        await wait_for(pilot, lambda: any("conflict-" in str(n.message) for n in first._notifications))
    message = finish(first)
    [side] = side_files(path)
    assert saved(path) == theirs
    assert [e.action for e in saved(side).done] == [Damage(("morvan",), 3)]
    assert message is not None and str(side) in message
