"""Issue 15, item 7: planted objects stop nothing quietly.

A folder planted at a backup's name (``villon.json.5``) is skipped by the rotation and named
once to the GM; opening a campaign in a folder the GM cannot write says exactly that.
Tests run as root in CI, where permission bits do not stop writes: the real chmod test is
skipped there, and the same message is checked with ``os.access`` answering as for a user.
"""

from __future__ import annotations

import os

import pytest

from core.demo import demo_campaign
from saves.atomic import atomic_write, backup_path
from saves.store import AutoSaver, create_campaign, open_campaign
from tests.present import present
from tests.saves.test_save_conflict import save_turns
from tests.saves.test_store import saved_journal
from tests.tui.pilot import make_test_app, run, wait_for
from tui.run import open_session

ROOT = os.geteuid() == 0


def test_atomic_write_names_a_folder_at_a_backups_name(tmp_path) -> None:
    path = tmp_path / "villon.json"
    backup_path(path, 5).mkdir()
    atomic_write(path, b"{}")
    assert atomic_write(path, b'{"n": 1}') == [backup_path(path, 5)]
    assert path.read_bytes() == b'{"n": 1}'


def test_the_autosaver_names_the_blocker_once_and_keeps_saving(tmp_path) -> None:
    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    backup_path(path, 5).mkdir()
    warnings: list[str] = []
    opened = open_campaign(path)
    saver = AutoSaver(path, opened.lock, on_warning=warnings.append)
    journal = save_turns(saver, opened.journal, 7)
    assert saver.close() and saved_journal(path) == journal
    assert len(warnings) == 1 and str(backup_path(path, 5)) in warnings[0]
    assert "villon.json.5 is not a file" in warnings[0]
    opened.close()


@run
async def test_the_app_shows_the_blocker_as_a_warning() -> None:
    app = make_test_app()
    async with app.run_test() as pilot:
        import asyncio

        await asyncio.get_running_loop().run_in_executor(None, app.save_warning, "/x/villon.json.5 is not a file")
        await wait_for(pilot, lambda: any("villon.json.5" in str(n.message) for n in app._notifications))
        [note] = [n for n in app._notifications if "villon.json.5" in str(n.message)]
        assert note.severity == "warning" and str(note.message).startswith("Saved, but:")


def test_a_folder_the_gm_cannot_write_is_said_as_such(tmp_path, monkeypatch) -> None:
    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    monkeypatch.setattr("saves.store.os.access", lambda folder, mode: False)  # as for a user
    session, locked_by, notes = open_session(path)
    assert session.read_only and session.saver is None and locked_by is None
    assert notes == [
        f"Read-only: you cannot write in the folder {tmp_path}, so nothing could be saved: "
        "the campaign is open read-only (give yourself write permission on that folder, "
        "or copy the campaign elsewhere)"
    ]


@pytest.mark.skipif(ROOT, reason="root writes into a 0555 folder: permission bits stop no write")
def test_a_0555_folder_opens_read_only_saying_so(tmp_path) -> None:
    folder = tmp_path / "campagnes"
    folder.mkdir()
    path = create_campaign(folder / "villon.json", demo_campaign())
    os.chmod(folder, 0o555)
    try:
        opened = open_campaign(path)
        assert opened.read_only and "you cannot write in the folder" in present(opened.unlockable)
    finally:
        os.chmod(folder, 0o755)
