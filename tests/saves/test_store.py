"""Opening, creating and autosaving campaigns: one writer, bad files untouched, saves retried."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import orjson
import pytest

from core.actions import Damage, NextTurn
from core.demo import demo_campaign
from core.journal import Journal
from saves.atomic import atomic_write, backup_path
from saves.errors import (
    BadFieldError,
    FutureVersionError,
    MissingFileError,
    NotCampaignError,
    NotJsonError,
    SaveError,
)
from saves.format import encode, read_journal
from saves.lock import CampaignLock, lock_path
from saves.store import (
    AutoSaver,
    backups_that_load,
    create_campaign,
    load_campaign,
    open_campaign,
    refuses,
    restore_backup,
)
from tests.present import present
from tests.saves.test_lock import python

ROOT = os.geteuid() == 0

HOLD = """
import sys
from saves.store import open_campaign
opened = open_campaign(sys.argv[1])
print("open" if opened.lock else "read-only", flush=True)
sys.stdin.read()
opened.close()
"""


def demo_file(tmp_path: Path, name: str = "villon.json") -> Path:
    return create_campaign(tmp_path / name, demo_campaign())


def after(journal: Journal, *actions) -> Journal:
    for action in actions:
        journal, _ = journal.record(action)
    return journal


def saved_journal(path: Path) -> Journal:
    return read_journal(path.read_bytes(), path).journal


def hold(path: Path) -> subprocess.Popen:
    proc = python(HOLD, path, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert present(proc.stdout).readline() == "open\n"
    return proc


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if not p.name.endswith(".lock")}


# -- create and open ----------------------------------------------------------------------------


def test_create_writes_a_campaign_that_opens_locked(tmp_path) -> None:
    path = create_campaign(tmp_path / "sub" / "villon.json", demo_campaign())
    opened = open_campaign(path)
    try:
        assert opened.journal.campaign == demo_campaign()
        assert opened.lock is not None and opened.lock.held and not opened.read_only
        assert opened.locked_by is None and opened.note is None
    finally:
        opened.close()
    assert not opened.lock.held


def test_create_refuses_to_replace_a_file(tmp_path) -> None:
    path = tmp_path / "villon.json"
    path.write_bytes(b"my notes")
    with pytest.raises(SaveError, match="already exists"):
        create_campaign(path, demo_campaign())
    assert path.read_bytes() == b"my notes"


def test_open_read_only_takes_no_lock(tmp_path) -> None:
    path = demo_file(tmp_path)
    opened = open_campaign(path, read_only=True)
    assert opened.read_only and opened.locked_by is None
    with CampaignLock(path):  # free for a writer
        pass


def test_a_missing_file_is_a_missing_file_error_and_leaves_no_lock(tmp_path) -> None:
    with pytest.raises(MissingFileError) as caught:
        open_campaign(tmp_path / "nowhere.json")
    assert str(tmp_path / "nowhere.json") in str(caught.value)
    assert list(tmp_path.iterdir()) == []


# -- one writer ---------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_campaign_another_process_holds_opens_read_only_naming_who(tmp_path) -> None:
    path = demo_file(tmp_path)
    holder = hold(path)
    try:
        opened = open_campaign(path)
        assert opened.read_only and opened.lock is None
        assert f"(pid {holder.pid})" in present(opened.locked_by)
        assert os.uname().nodename in present(opened.locked_by)
        with pytest.raises(SaveError, match="not locked"):
            AutoSaver(path, opened.lock)
    finally:
        present(holder.stdin).close()
        assert holder.wait() == 0
    assert not open_campaign(path).read_only


@pytest.mark.slow
def test_two_processes_cannot_both_write(tmp_path) -> None:
    path = demo_file(tmp_path)
    opened = open_campaign(path)
    saver = AutoSaver(path, opened.lock)
    try:
        other = python(HOLD, path, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert present(other.stdout).readline() == "read-only\n"
        present(other.stdin).close()
        assert other.wait() == 0
        saver.save(after(opened.journal, NextTurn()))
        assert saver.flush()
    finally:
        saver.close()
        opened.close()
    assert len(saved_journal(path).done) == 1


def test_the_lock_of_a_killed_process_is_recovered(tmp_path) -> None:
    path = demo_file(tmp_path)
    holder = hold(path)
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    opened = open_campaign(path)
    try:
        assert not opened.read_only
        recovered = present(opened.lock).recovered
        assert recovered is not None and recovered.pid == holder.pid
    finally:
        opened.close()


# -- bad files are never written over -----------------------------------------------------------


def hp_of_the_fourth(value) -> bytes:
    data = orjson.loads(encode(Journal.start(demo_campaign())))
    data["campaign"]["roster"][3]["hp"] = value
    return orjson.dumps(data)


BAD_FILES = {
    "truncated": (encode(Journal.start(demo_campaign()))[:-40], NotJsonError, None),
    "garbage": (b"\x89PNG\r\n\x1a\n\x00\x00 not a campaign", NotJsonError, None),
    "empty": (b"", NotJsonError, None),
    "not a campaign": (b'{"format": "harlequin.query", "version": 1}', NotCampaignError, "$.format"),
    "hp as text": (hp_of_the_fourth("5"), BadFieldError, "$.campaign.roster[3].hp"),
    "hp with decimals": (hp_of_the_fourth(3.7), BadFieldError, "$.campaign.roster[3].hp"),
    "future version": (
        b'{"format": "apotheose.campaign", "version": 99, "campaign": {}}',
        FutureVersionError,
        "$.version",
    ),
}


@pytest.mark.parametrize("kind", BAD_FILES)
def test_a_bad_file_gives_a_clear_error_and_is_never_written(tmp_path, kind) -> None:
    raw, error_type, field = BAD_FILES[kind]
    path = demo_file(tmp_path)
    atomic_write(path, raw)
    before = listing(tmp_path)
    with pytest.raises(error_type) as caught:
        open_campaign(path)
    error = caught.value
    assert isinstance(error, SaveError)
    assert str(error).startswith(f"{path}: ")
    assert error.field == field
    if field:
        assert f"{path}: {field}: " in str(error)
    assert error.backup == backup_path(path, 1)  # the demo as created
    assert str(backup_path(path, 1)) in str(error)
    assert refuses(path)
    lock = CampaignLock(path).acquire()  # free again: the failed open kept no lock
    errors: list[Exception] = []
    saver = AutoSaver(path, lock, errors.append)
    saver.save(Journal.start(demo_campaign()))
    assert not saver.flush()
    saver.close()
    lock.release()
    assert "never written over" in str(errors[0])
    assert listing(tmp_path) == before


def test_restoring_a_backup_keeps_the_bad_file_as_the_newest_backup(tmp_path) -> None:
    path = demo_file(tmp_path)
    good = path.read_bytes()
    atomic_write(path, b"{ broken")
    with pytest.raises(NotJsonError):
        load_campaign(path)
    assert [p for p, _ in backups_that_load(path)] == [backup_path(path, 1)]
    restore_backup(path, backup_path(path, 1))
    assert path.read_bytes() == good
    assert backup_path(path, 1).read_bytes() == b"{ broken"
    assert not refuses(path)
    opened = open_campaign(path)
    opened.close()


def test_a_backup_that_does_not_load_is_not_restored(tmp_path) -> None:
    path = demo_file(tmp_path)
    atomic_write(path, b"{ broken")
    atomic_write(path, b"{ broken too")
    with pytest.raises(NotJsonError):
        restore_backup(path, backup_path(path, 1))
    assert path.read_bytes() == b"{ broken too"


# -- the autosaver ------------------------------------------------------------------------------


@pytest.fixture
def opened(tmp_path):
    handle = open_campaign(demo_file(tmp_path))
    yield handle
    handle.close()


def test_the_autosaver_writes_the_latest_journal(opened) -> None:
    saver = AutoSaver(opened.path, opened.lock)
    journal = after(opened.journal, NextTurn(), Damage(("segiere",), 3))
    saver.save(journal)
    assert saver.close()
    assert saved_journal(opened.path) == journal
    with pytest.raises(SaveError, match="closed"):
        saver.save(journal)


def test_a_burst_of_changes_is_coalesced_into_the_latest(opened) -> None:
    started, release, written = threading.Event(), threading.Event(), []

    def slow_writer(path: Path, data: bytes) -> None:
        started.set()
        release.wait(5)
        written.append(data)
        atomic_write(path, data)

    saver = AutoSaver(opened.path, opened.lock, writer=slow_writer)
    journals = [opened.journal]
    for _ in range(10):
        journals.append(after(journals[-1], NextTurn()))
    saver.save(journals[1])
    assert started.wait(5)
    for journal in journals[2:]:
        saver.save(journal)
    release.set()
    assert saver.close()
    assert len(written) == 2
    assert saved_journal(opened.path) == journals[-1]


def test_a_failed_save_keeps_the_state_tells_and_retries_until_it_works(opened) -> None:
    failures = [SaveError(opened.path, "could not save (No space left on device)")] * 2
    errors: list[Exception] = []
    recovered: list[bool] = []

    def full_disk(path: Path, data: bytes) -> None:
        if failures:
            raise failures.pop()
        atomic_write(path, data)

    saver = AutoSaver(
        opened.path, opened.lock, errors.append, lambda: recovered.append(True), writer=full_disk, delays=(60.0,)
    )
    journal = after(opened.journal, Damage(("segiere",), 4))
    saver.save(journal)
    assert not saver.flush(5)  # the first attempt fails
    assert not saver.flush(5)  # the retry a flush asks for (without the 60 s wait) fails too
    assert saver.error is errors[-1] and not recovered
    assert saver.flush(5)
    assert recovered == [True] and len(errors) == 2 and saver.error is None
    assert "No space left" in str(errors[0])
    saver.close()
    assert saved_journal(opened.path) == journal


def test_the_autosaver_retries_by_itself_after_a_failure(opened) -> None:
    path = opened.path
    path.unlink()
    (path / "in-the-way").mkdir(parents=True)  # a folder where the file goes: every write fails
    done, errors = threading.Event(), []

    def on_error(error: Exception) -> None:
        errors.append(error)
        if len(errors) == 3:
            (path / "in-the-way").rmdir()
            path.rmdir()

    saver = AutoSaver(path, opened.lock, on_error, done.set, delays=(0.0,))
    journal = after(opened.journal, NextTurn())
    saver.save(journal)
    assert done.wait(10)
    assert len(errors) == 3 and all(str(path) in str(e) for e in errors)
    saver.close()
    assert saved_journal(path) == journal


@pytest.mark.skipif(ROOT, reason="root writes into a read-only folder")
def test_a_read_only_folder_is_retried_once_it_is_writable_again(opened) -> None:
    folder = opened.path.parent
    os.chmod(folder, 0o500)
    errors: list[Exception] = []
    saver = AutoSaver(opened.path, opened.lock, errors.append, delays=(60.0,))
    journal = after(opened.journal, NextTurn())
    try:
        saver.save(journal)
        assert not saver.flush(5)
    finally:
        os.chmod(folder, 0o700)
    assert saver.flush(5)
    saver.close()
    assert "could not save" in str(errors[0]) and saved_journal(opened.path) == journal


def test_a_released_lock_stops_the_saving(opened) -> None:
    errors: list[Exception] = []
    saver = AutoSaver(opened.path, opened.lock, errors.append)
    opened.lock.release()
    saver.save(after(opened.journal, NextTurn()))
    assert not saver.flush(5)
    saver.close()
    assert "lock was released" in str(errors[0])
    assert saved_journal(opened.path).done == ()


def test_a_callback_that_raises_does_not_stop_the_saver(opened) -> None:
    failures = [SaveError(opened.path, "boom")]

    def writer(path: Path, data: bytes) -> None:
        if failures:
            raise failures.pop()
        atomic_write(path, data)

    def broken(_error: Exception) -> None:
        raise RuntimeError("the app is gone")

    saver = AutoSaver(opened.path, opened.lock, broken, writer=writer, delays=(60.0,))
    saver.save(after(opened.journal, NextTurn()))
    assert not saver.flush(5)
    assert saver.flush(5)
    assert saver.close()


def test_the_lock_file_is_beside_the_campaign(opened) -> None:
    assert lock_path(opened.path).exists()


def test_a_campaign_that_cannot_be_locked_opens_read_only_saying_why(tmp_path) -> None:
    path = demo_file(tmp_path)
    lock_path(path).unlink()
    lock_path(path).mkdir()  # stands for a lock file this user may not create or open
    opened = open_campaign(path)
    assert opened.read_only and opened.locked_by is None
    assert "lock file" in present(opened.unlockable)


def test_an_autosaver_warmed_with_the_opened_journal_writes_what_a_cold_one_writes(tmp_path: Path) -> None:
    """The journal as opened is encoded ahead (its bytes thrown away): the first save costs what
    changed, and its bytes are a fresh encoder's."""
    from saves.format import Encoder

    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    opened = open_campaign(path)
    saver = AutoSaver(path, opened.lock, seen=opened.seen, published=opened.published, warm=opened.journal)
    try:
        journal, _ = opened.journal.record(Damage(("segiere",), 6))
        saver.save(journal)
        assert saver.flush(10)
        assert path.read_bytes() == Encoder().encode(journal)
    finally:
        saver.close()
        opened.close()


def test_opening_a_campaign_imports_no_access_list(tmp_path: Path) -> None:
    """Issue 37: the check that the campaign is not another user's (:mod:`saves.share`) imported
    the players' access list too, before the app's first frame; it is imported when sharing."""
    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    code = (
        "import sys; from saves.store import open_campaign; opened = open_campaign(sys.argv[1]); "
        "print(opened.lock is not None, 'saves.access' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True False"
