"""atomic_write: content, backups, file modes, symlinks never followed, stale temp files."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import saves.atomic as atomic
from saves.atomic import (
    atomic_write,
    backup_path,
    backups_of,
    host_tag,
    load,
    load_bytes,
    newest_loading_backup,
)
from saves.errors import MissingFileError, SaveError

ROOT = os.geteuid() == 0


def dead_pid() -> int:
    """The pid of a process that has exited and been reaped."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


@pytest.fixture
def umask():
    """Set the process umask for one test; restored afterwards."""
    old = os.umask(0o022)
    yield os.umask
    os.umask(old)


def temps(folder: Path) -> list[str]:
    return sorted(n for n in os.listdir(folder) if n.endswith(".tmp"))


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def test_write_creates_the_file_with_its_content(tmp_path):
    path = tmp_path / "camp.json"
    atomic_write(path, b'{"a": 1}')
    assert path.read_bytes() == b'{"a": 1}'
    assert backups_of(path) == []
    assert temps(tmp_path) == []


def test_backups_rotate_keeping_the_last_five(tmp_path):
    path = tmp_path / "camp.json"
    for n in range(1, 9):
        atomic_write(path, b"v%d" % n)
    assert path.read_bytes() == b"v8"
    assert [p.name for p in backups_of(path)] == [f"camp.json.{n}" for n in range(1, 6)]
    assert [p.read_bytes() for p in backups_of(path)] == [b"v7", b"v6", b"v5", b"v4", b"v3"]
    assert not backup_path(path, 6).exists()


def test_rotation_renames_the_backups_instead_of_copying_them(tmp_path):
    path = tmp_path / "camp.json"
    for n in range(6):
        atomic_write(path, b"v%d" % n)
    before = {n: os.stat(backup_path(path, n)).st_ino for n in range(1, 6)}
    current = os.stat(path).st_ino
    atomic_write(path, b"new")
    after = {n: os.stat(backup_path(path, n)).st_ino for n in range(1, 6)}
    assert after[1] == current
    assert all(after[n + 1] == before[n] for n in range(1, 5))


@pytest.mark.slow
def test_many_saves_keep_exactly_five_backups_and_no_temp_files(tmp_path):
    path = tmp_path / "camp.json"
    for n in range(200):
        atomic_write(path, b"%d" % n)
    assert sorted(os.listdir(tmp_path)) == ["camp.json"] + [f"camp.json.{n}" for n in range(1, 6)]
    assert backup_path(path, 5).read_bytes() == b"194"


def test_backups_zero_keeps_none(tmp_path):
    path = tmp_path / "camp.json"
    for n in range(3):
        atomic_write(path, b"%d" % n, backups=0)
    assert os.listdir(tmp_path) == ["camp.json"]


def test_backups_count_is_honoured(tmp_path):
    path = tmp_path / "camp.json"
    for n in range(6):
        atomic_write(path, b"%d" % n, backups=2)
    assert [p.read_bytes() for p in backups_of(path)] == [b"4", b"3"]


def test_backup_is_copied_when_the_file_system_refuses_hard_links(tmp_path, monkeypatch):
    path = tmp_path / "camp.json"
    atomic_write(path, b"old")

    def no_links(*_args, **_kwargs):
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(atomic.os, "link", no_links)
    atomic_write(path, b"new")
    assert path.read_bytes() == b"new"
    assert backup_path(path, 1).read_bytes() == b"old"
    assert temps(tmp_path) == []


@pytest.mark.parametrize(
    ("mask", "folder_mode", "expected"),
    [
        (0o022, 0o700, 0o600),
        (0o077, 0o700, 0o600),
        (0o000, 0o755, 0o600),
        (0o022, 0o2750, 0o600),  # shared with the players (``share``): only their file is theirs
        (0o022, 0o2770, 0o640),  # the GMs' group folder: the group may read
        (0o077, 0o2770, 0o600),  # ...unless the umask says no
        (0o002, 0o770, 0o640),  # group-writable folder
        (0o000, 0o2777, 0o640),  # even a wide-open folder never gets a world-writable file
    ],
)
def test_new_file_mode_follows_folder_and_umask(tmp_path, umask, mask, folder_mode, expected):
    folder = tmp_path / "saves"
    folder.mkdir()
    os.chmod(folder, folder_mode)
    umask(mask)
    atomic_write(folder / "camp.json", b"{}")
    assert mode(folder / "camp.json") == expected


@pytest.mark.skipif(not ROOT, reason="needs root to give the folder another group")
def test_file_in_a_setgid_folder_belongs_to_the_folder_group(tmp_path, umask):
    folder = tmp_path / "shared"
    folder.mkdir()
    os.chown(folder, -1, 4242)
    os.chmod(folder, 0o2770)
    path = folder / "camp.json"
    atomic_write(path, b"1")
    atomic_write(path, b"2")
    assert os.stat(path).st_gid == 4242
    assert os.stat(backup_path(path, 1)).st_gid == 4242
    assert mode(path) == 0o640


@pytest.mark.parametrize(
    ("before", "after"), [(0o600, 0o600), (0o664, 0o664), (0o644, 0o644), (0o666, 0o664), (0o757, 0o755)]
)
def test_replacing_keeps_the_existing_mode_but_never_world_writable(tmp_path, umask, before, after):
    path = tmp_path / "camp.json"
    path.write_bytes(b"old")
    os.chmod(path, before)
    umask(0o077)
    atomic_write(path, b"new")
    assert mode(path) == after
    assert path.read_bytes() == b"new"


@pytest.mark.skipif(not ROOT, reason="needs root to give the file another group")
def test_replacing_keeps_the_existing_group(tmp_path):
    path = tmp_path / "camp.json"
    path.write_bytes(b"old")
    os.chown(path, -1, 4243)
    atomic_write(path, b"new")
    assert os.stat(path).st_gid == 4243


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    mask=st.integers(0, 0o777),
    folder_mode=st.sampled_from([0o700, 0o755, 0o770, 0o2750, 0o2777, 0o777]),
    existing=st.none() | st.integers(0o400, 0o777),
)
def test_saved_file_is_never_world_writable(mask, folder_mode, existing):
    old = os.umask(mask)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            os.chmod(folder, folder_mode)
            path = folder / "camp.json"
            if existing is not None:
                path.write_bytes(b"old")
                os.chmod(path, existing)
            atomic_write(path, b"new")
            got = mode(path)
            assert not got & stat.S_IWOTH
            if existing is None:
                assert got == (0o640 if folder_mode & 0o020 else 0o600) & ~mask
            else:
                assert got == existing & ~stat.S_IWOTH
    finally:
        os.umask(old)


def test_symlink_planted_at_a_predictable_temp_name_is_not_followed(tmp_path, monkeypatch):
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    path = tmp_path / "camp.json"
    tokens = iter(["0" * 16, "1" * 16])
    monkeypatch.setattr(atomic, "_token", lambda: next(tokens))
    planted = tmp_path / f".camp.json.{host_tag()}-{os.getpid()}-{'0' * 16}.tmp"
    planted.symlink_to(victim)
    atomic_write(path, b"save")
    assert victim.read_bytes() == b"precious"
    assert path.read_bytes() == b"save"
    assert planted.is_symlink()


def test_dangling_symlink_at_the_temp_name_creates_nothing_through_it(tmp_path, monkeypatch):
    target = tmp_path / "elsewhere"
    tokens = iter(["a" * 16, "b" * 16])
    monkeypatch.setattr(atomic, "_token", lambda: next(tokens))
    (tmp_path / f".camp.json.{host_tag()}-{os.getpid()}-{'a' * 16}.tmp").symlink_to(target)
    atomic_write(tmp_path / "camp.json", b"save")
    assert not target.exists()


def test_symlink_at_the_save_path_is_replaced_not_written_through(tmp_path):
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    path = tmp_path / "camp.json"
    path.symlink_to(victim)
    atomic_write(path, b"save")
    assert victim.read_bytes() == b"precious"
    assert not path.is_symlink()
    assert path.read_bytes() == b"save"
    assert backups_of(path) == []


def test_symlink_planted_at_a_backup_name_is_not_followed(tmp_path):
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    path = tmp_path / "camp.json"
    atomic_write(path, b"v1")
    backup_path(path, 1).symlink_to(victim)
    backup_path(path, 5).symlink_to(victim)
    atomic_write(path, b"v2")
    atomic_write(path, b"v3")
    assert victim.read_bytes() == b"precious"
    assert backup_path(path, 1).read_bytes() == b"v2"
    assert not backup_path(path, 1).is_symlink()


def test_next_save_removes_temp_files_of_dead_processes_only(tmp_path):
    path = tmp_path / "camp.json"
    here = host_tag()
    stale = tmp_path / f".camp.json.{here}-{dead_pid()}-{'c' * 16}.tmp"
    live = tmp_path / f".camp.json.{here}-{os.getppid()}-{'d' * 16}.tmp"
    remote = tmp_path / f".camp.json.{'f' * 8 if here != 'f' * 8 else '0' * 8}-{dead_pid()}-{'e' * 16}.tmp"
    other_file = tmp_path / f".other.json.{here}-{dead_pid()}-{'c' * 16}.tmp"
    for p in (stale, live, remote, other_file):
        p.write_bytes(b"half a save")
    atomic_write(path, b"save")
    assert not stale.exists()
    assert live.exists() and remote.exists() and other_file.exists()


def test_failed_write_leaves_the_previous_version_and_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "camp.json"
    atomic_write(path, b"old")

    def disk_full(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", disk_full)
    with pytest.raises(SaveError) as caught:
        atomic_write(path, b"new")
    monkeypatch.undo()
    assert str(path) in str(caught.value)
    assert "No space left on device" in str(caught.value)
    assert path.read_bytes() == b"old"
    assert temps(tmp_path) == []
    assert backups_of(path) == []


def test_load_bytes_refuses_missing_files_symlinks_folders_and_fifos(tmp_path):
    real = tmp_path / "real.json"
    real.write_bytes(b"{}")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    for bad in (tmp_path / "missing.json", link, tmp_path, fifo):
        with pytest.raises(MissingFileError, match=str(bad)):
            load_bytes(bad)
    assert load_bytes(real) == b"{}"


def strict_loader(raw: bytes, path: Path) -> bytes:
    if not raw.startswith(b"ok"):
        raise SaveError(path, "not ok")
    return raw


def test_load_points_to_the_newest_backup_that_loads_and_modifies_nothing(tmp_path):
    path = tmp_path / "camp.json"
    for content in (b"ok old", b"ok recent", b"broken", b"broken too"):
        atomic_write(path, content)
    snapshot = {n: (tmp_path / n).read_bytes() for n in os.listdir(tmp_path)}
    with pytest.raises(SaveError) as caught:
        load(path, strict_loader)
    assert caught.value.backup == backup_path(path, 2)
    assert str(backup_path(path, 2)) in str(caught.value)
    assert {n: (tmp_path / n).read_bytes() for n in os.listdir(tmp_path)} == snapshot


def test_load_of_a_missing_file_still_points_to_a_backup(tmp_path):
    path = tmp_path / "camp.json"
    atomic_write(path, b"ok 1")
    atomic_write(path, b"ok 2")
    path.unlink()
    with pytest.raises(MissingFileError) as caught:
        load(path, strict_loader)
    assert caught.value.backup == backup_path(path, 1)


def test_no_loading_backup_gives_none(tmp_path):
    path = tmp_path / "camp.json"
    atomic_write(path, b"broken")
    assert newest_loading_backup(path, strict_loader) is None
    assert load(path, lambda raw, _p: raw) == b"broken"


def test_save_killed_after_linking_the_newest_backup_leaves_no_duplicate(tmp_path):
    path = tmp_path / "camp.json"
    atomic_write(path, b"v1")
    atomic_write(path, b"v2")
    os.rename(backup_path(path, 1), backup_path(path, 2))  # what a save of v3 did before it was killed
    os.link(path, backup_path(path, 1))
    atomic_write(path, b"v3")
    assert [p.read_bytes() for p in backups_of(path)] == [b"v2", b"v1"]
