"""Issue 15, item 7: a folder planted at a backup's name does not stop saving."""

from __future__ import annotations

from saves.atomic import atomic_write, backup_path


def test_a_folder_at_the_oldest_backup_is_skipped(tmp_path):
    path = tmp_path / "villon.json"
    backup_path(path, 5).mkdir()
    for n in range(8):
        atomic_write(path, b'{"n": %d}' % n)
    assert path.read_bytes() == b'{"n": 7}'
    assert backup_path(path, 1).read_bytes() == b'{"n": 6}'
    assert backup_path(path, 5).is_dir()


def test_a_folder_at_the_newest_backup_does_not_stop_saving(tmp_path):
    path = tmp_path / "villon.json"
    atomic_write(path, b'{"n": 0}')
    backup_path(path, 1).mkdir()
    for n in range(1, 8):
        atomic_write(path, b'{"n": %d}' % n)
    assert path.read_bytes() == b'{"n": 7}'
    assert backup_path(path, 1).read_bytes() == b'{"n": 6}'
    assert any(backup_path(path, n).is_dir() for n in range(1, 6))
