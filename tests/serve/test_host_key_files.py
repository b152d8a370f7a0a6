"""``apotheose serve`` and what it finds at its host key's path (issue 33 item 11): a FIFO, a
device or a folder is refused at once with one line, never read (reading a FIFO waits for a
writer: the server hung before listening)."""

from __future__ import annotations

import os
import subprocess

import pytest

from tests.serving import APOTHEOSE

pytestmark = pytest.mark.slow


def _serve(tmp_path, key) -> subprocess.CompletedProcess:
    saves = tmp_path / "saves"
    if not (saves / "villon.json").exists():
        done = subprocess.run([APOTHEOSE, "new", "villon", "--demo", "--saves", str(saves)], capture_output=True)
        assert done.returncode == 0, done.stderr
    # bounded: a server that hangs is killed by the timeout and the test fails
    return subprocess.run(
        [APOTHEOSE, "serve", "villon", "--saves", str(saves), "--port", "0", "--host-key", str(key)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "LANG": "C.UTF-8"},
    )


@pytest.mark.parametrize("planted", ["fifo", "folder", "device", "fifo-behind-a-symlink"])
def test_a_host_key_that_is_not_a_regular_file_is_refused_before_listening(tmp_path, planted) -> None:
    key = tmp_path / "host_key"
    if planted == "fifo":
        os.mkfifo(key)
    elif planted == "folder":
        key.mkdir()
    elif planted == "device":
        key.symlink_to("/dev/zero")
    else:
        os.mkfifo(tmp_path / "fifo")
        key.symlink_to(tmp_path / "fifo")
    done = _serve(tmp_path, key)
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stderr.count("\n") == 1 and "is not a regular file" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and " on 127.0.0.1:" not in done.stdout


def test_a_host_key_symlink_to_nothing_is_not_replaced(tmp_path) -> None:
    key = tmp_path / "host_key"
    key.symlink_to(tmp_path / "missing")
    done = _serve(tmp_path, key)
    assert done.returncode == 1 and "symbolic link to a missing file" in done.stderr, done.stderr
    assert not (tmp_path / "missing").exists()
