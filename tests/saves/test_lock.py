"""CampaignLock: one holder at a time, who holds it, stale locks recovered, symlinks refused."""

from __future__ import annotations

import getpass
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from saves.errors import LockedError, SaveError
from saves.lock import CampaignLock, Holder, info_path, lock_path, read_holder
from tests.present import present
from tests.saves.test_atomic import dead_pid

HOLD = """
import sys
from saves.lock import CampaignLock
lock = CampaignLock(sys.argv[1]).acquire()
print("locked", flush=True)
sys.stdin.read()
lock.release()
"""

TRY = """
import sys
from saves.errors import LockedError
from saves.lock import CampaignLock
try:
    CampaignLock(sys.argv[1]).acquire()
except LockedError as error:
    print(error.holder.pid, error, sep="\\n")
    sys.exit(3)
"""


def python(code: str, *args: object, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code, *map(str, args)], text=True, **kwargs)


def hold_in_subprocess(path: Path) -> subprocess.Popen:
    proc = python(HOLD, path, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert present(proc.stdout).readline() == "locked\n"
    return proc


def write_info(path: Path, **fields) -> None:
    info_path(path).write_bytes(
        Holder(**{"user": "mireille", "host": socket.gethostname(), "pid": 1, **fields}).to_json()
    )


def test_lock_held_by_another_process_raises_locked_error_naming_it(tmp_path):
    path = tmp_path / "camp.json"
    holder = hold_in_subprocess(path)
    try:
        with pytest.raises(LockedError) as caught:
            CampaignLock(path).acquire()
        error = caught.value
        assert (error.holder.user, error.holder.host, error.holder.pid) == (
            getpass.getuser(),
            socket.gethostname(),
            holder.pid,
        )
        for part in (str(path), getpass.getuser(), socket.gethostname(), f"pid {holder.pid}"):
            assert part in str(error)
    finally:
        holder.stdin.close()
        assert holder.wait() == 0
    with CampaignLock(path) as lock:
        assert lock.holder.pid == os.getpid()
        assert lock.recovered is None


def test_another_process_cannot_take_a_lock_we_hold(tmp_path):
    path = tmp_path / "camp.json"
    with CampaignLock(path):
        other = python(TRY, path, stdout=subprocess.PIPE)
        out, _ = other.communicate()
    assert other.returncode == 3
    pid, message = out.splitlines()[:2]
    assert int(pid) == os.getpid()
    assert f"pid {os.getpid()}" in message


def test_second_lock_in_the_same_process_is_refused(tmp_path):
    path = tmp_path / "camp.json"
    with CampaignLock(path):
        with pytest.raises(LockedError, match=f"pid {os.getpid()}"):
            CampaignLock(path).acquire()


def test_lock_of_a_killed_process_is_recovered(tmp_path):
    path = tmp_path / "camp.json"
    holder = hold_in_subprocess(path)
    holder.kill()
    holder.wait()
    assert read_holder(path).pid == holder.pid
    with CampaignLock(path) as lock:
        assert lock.recovered.pid == holder.pid
        assert read_holder(path) == lock.holder
        assert lock.holder.pid == os.getpid()


def test_stale_info_of_a_dead_process_on_this_host_is_recovered(tmp_path):
    path = tmp_path / "camp.json"
    gone = dead_pid()
    write_info(path, pid=gone)
    lock = CampaignLock(path).acquire()
    try:
        assert lock.recovered == Holder(user="mireille", host=socket.gethostname(), pid=gone)
        assert read_holder(path).pid == os.getpid()
    finally:
        lock.release()
    assert not info_path(path).exists()


def test_info_of_another_host_is_not_taken_for_stale_unless_forced(tmp_path):
    path = tmp_path / "camp.json"
    write_info(path, host="far-away-laptop", pid=4321)
    with pytest.raises(LockedError) as caught:
        CampaignLock(path).acquire()
    assert caught.value.holder.host == "far-away-laptop"
    assert "far-away-laptop" in str(caught.value) and str(info_path(path)) in str(caught.value)
    lock = CampaignLock(path).acquire(force=True)
    assert lock.recovered.host == "far-away-laptop"
    lock.release()


def test_unreadable_info_while_locked_still_says_the_campaign_is_open(tmp_path):
    path = tmp_path / "camp.json"
    with CampaignLock(path):
        info_path(path).write_bytes(b"\x00garbage")
        with pytest.raises(LockedError, match="is open in another process") as caught:
            CampaignLock(path).acquire()
    assert caught.value.holder is None


def test_explicit_acquire_release_and_context_manager(tmp_path):
    path = tmp_path / "camp.json"
    lock = CampaignLock(path)
    assert not lock.held
    assert lock.acquire() is lock and lock.acquire() is lock
    assert lock.held and read_holder(path) == lock.holder
    lock.release()
    lock.release()
    assert not lock.held and not info_path(path).exists()
    assert lock_path(path).exists()  # kept, empty, for the next holder
    with CampaignLock(path) as again:
        assert again.held
    assert not again.held


def test_symlink_at_the_lock_path_is_not_followed(tmp_path):
    path = tmp_path / "camp.json"
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    lock_path(path).symlink_to(victim)
    with pytest.raises(SaveError, match="symbolic link"):
        CampaignLock(path).acquire()
    assert victim.read_bytes() == b"precious"
    assert not info_path(path).exists()


def test_dangling_symlink_at_the_lock_path_creates_nothing(tmp_path):
    path = tmp_path / "camp.json"
    lock_path(path).symlink_to(tmp_path / "created-through-link")
    with pytest.raises(SaveError):
        CampaignLock(path).acquire()
    assert not (tmp_path / "created-through-link").exists()


def test_fifo_at_the_lock_path_is_refused_without_hanging(tmp_path):
    path = tmp_path / "camp.json"
    os.mkfifo(lock_path(path))
    with pytest.raises(SaveError, match="not a regular file"):
        CampaignLock(path).acquire()


def test_symlink_at_the_info_path_is_replaced_not_followed(tmp_path):
    path = tmp_path / "camp.json"
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    info_path(path).symlink_to(victim)
    with CampaignLock(path) as lock:
        assert not info_path(path).is_symlink()
        assert read_holder(path) == lock.holder
    assert victim.read_bytes() == b"precious"


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"[]",
        b'{"user": "a", "host": "b"}',
        b'{"user": "a", "host": "b", "pid": "12"}',
        b'{"user": 1, "host": "b", "pid": 2}',
    ],
)
def test_malformed_info_reads_as_no_holder(raw):
    assert Holder.from_json(raw) is None


def test_holder_round_trips_through_json():
    me = Holder.me()
    assert Holder.from_json(me.to_json()) == me
    assert me.pid == os.getpid() and not me.is_dead()
    assert Holder(user="x", host=socket.gethostname(), pid=dead_pid()).is_dead()
    assert not Holder(user="x", host="elsewhere", pid=dead_pid()).is_dead()


def test_holder_exiting_without_release_frees_the_lock(tmp_path):
    path = tmp_path / "camp.json"
    code = "import os, sys; from saves.lock import CampaignLock; CampaignLock(sys.argv[1]).acquire(); os._exit(0)"
    child = python(code, path)
    assert child.wait() == 0
    with CampaignLock(path) as lock:
        assert lock.recovered.pid == child.pid
