"""No terminal, no spin (issue 23 item 4): without a terminal on standard input (``ssh -T``,
``ssh host apotheose …`` without ``-t``, ``</dev/null``) the GM's app and the players' view
exit at once with one line and a non-zero status, taking no lock; when their terminal hangs up
under them (a pseudo-terminal whose other end closes, with no SIGHUP sent), they leave and the
GM's app releases its lock. Before, both spun at full CPU forever, the GM's app holding its lock.
"""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from saves.lock import read_holder
from tests.terminals import wait_until

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)

APOTHEOSE = str(Path(sys.executable).with_name("apotheose"))
#: Far above the one second allowed: a process still running then spins (it never ends).
PATIENCE = 20


@pytest.fixture
def saves(tmp_path) -> Path:
    done = subprocess.run(
        [APOTHEOSE, "new", "villon", "--demo", "--saves", str(tmp_path)], capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return tmp_path


@pytest.mark.parametrize("command", [[], ["view"]], ids=["gm-app", "view"])
def test_stdin_at_end_of_file_exits_with_one_line_and_takes_no_lock(saves, command) -> None:
    done = subprocess.run(
        [APOTHEOSE, *command, "villon", "--saves", str(saves)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
    )
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "not a terminal" in done.stderr, done.stderr
    assert done.stdout == ""
    assert read_holder(saves / "villon.json") is None


@pytest.mark.slow
@pytest.mark.parametrize("command", [[], ["view"]], ids=["gm-app", "view"])
def test_a_terminal_that_hangs_up_without_a_signal_ends_the_app_and_frees_the_lock(saves, command) -> None:
    """The pseudo-terminal is not the process's controlling terminal, so closing its other end
    sends no SIGHUP: only reading it tells (end of file), which Textual's input loop ignores."""
    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    process = subprocess.Popen(
        [APOTHEOSE, *command, "villon", "--saves", str(saves), "--no-mouse"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
        env=env,
    )
    os.close(slave)
    seen = bytearray()
    try:

        def drawn() -> bool:
            import select

            while select.select([master], [], [], 0)[0]:
                seen.extend(os.read(master, 65536))
            return b"Segiere" in seen and (command or read_holder(saves / "villon.json") is not None)

        wait_until(drawn, 60)
        os.close(master)
        process.wait(PATIENCE)
        assert process.returncode != 0
        assert read_holder(saves / "villon.json") is None  # the GM's next open is not read-only
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
