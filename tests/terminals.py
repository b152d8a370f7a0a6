"""Helpers for tests that drive real terminals: tmux sessions, tools installed when missing.

On CI (Debian, root) a missing tool is installed with apt-get; elsewhere, or when that fails,
:func:`need` raises with the reason. It never skips: a test that needs tmux or sshd fails when
they cannot be had, saying why.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import time
import uuid
from collections.abc import Callable

#: apt package of each command.
PACKAGES = {
    "tmux": "tmux",
    "sshd": "openssh-server",
    **dict.fromkeys(("ssh", "ssh-keygen", "sftp", "ssh-agent"), "openssh-client"),
    "chromium": "chromium",
}
SBIN = ("/usr/sbin", "/sbin")


def which(command: str) -> str | None:
    return shutil.which(command) or next((f"{d}/{command}" for d in SBIN if os.access(f"{d}/{command}", os.X_OK)), None)


_updated = False


def need(*commands: str) -> None:
    """Make sure these commands exist, installing their packages with apt-get (as root) if not.

    The test workers (``pytest -n 2``) may need a tool at the same moment: one installs at a
    time (a lock file), and the next looks again before it installs anything (apt-get and dpkg
    refuse a second install while one runs)."""
    if not [c for c in commands if which(c) is None]:
        return
    with open(os.path.join("/tmp", "apotheose-tests-apt.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        _install(commands)


def _install(commands: tuple[str, ...]) -> None:
    global _updated
    missing = [c for c in commands if which(c) is None]
    if not missing:
        return
    packages = sorted({PACKAGES.get(c, c) for c in missing})
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise RuntimeError(f"missing {', '.join(missing)}: install {' '.join(packages)} (needs root and apt-get)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if not _updated:
        subprocess.run(["apt-get", "update", "-q"], env=env, capture_output=True, timeout=600)
        _updated = True
    done = subprocess.run(
        ["apt-get", "install", "-y", "-q", "--no-install-recommends", *packages],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    still = [c for c in missing if which(c) is None]
    if still:
        raise RuntimeError(f"could not install {' '.join(packages)}: {done.stderr.strip()[-500:]}")


#: How long :func:`wait_until` sleeps between two looks when no ``step`` is given: 20 ms at
#: first, then half as long again each time, up to 200 ms. What is waited for mostly comes at
#: once or takes seconds (a view starting): looking 20 times a second for seconds cost CPU (a
#: tmux capture, a walk of /proc) that the server and its views needed.
FIRST_STEP, GROWTH, LAST_STEP = 0.02, 1.5, 0.2


def wait_until(
    predicate: Callable[[], object],
    timeout: float = 30.0,
    step: float | None = None,
    explain: Callable[[], str] | None = None,
) -> float:
    """Seconds until ``predicate()`` held; raises TimeoutError after ``timeout`` (with ``explain()``).

    Looked at every ``step`` s when given (a test timing how soon something shows), else backing
    off (:data:`FIRST_STEP` to :data:`LAST_STEP`). It never sleeps past ``timeout``: the last look
    is at the timeout, so "within N s" means what it says whatever the step."""
    start = time.monotonic()
    pause = FIRST_STEP if step is None else step
    last = False
    while True:
        if predicate():
            return time.monotonic() - start
        if last:
            raise TimeoutError(f"still not true after {timeout} s" + (f": {explain()}" if explain else ""))
        left = timeout - (time.monotonic() - start)
        last = pause >= left  # this sleep ends at the timeout: the next look is the last
        time.sleep(max(0.0, min(pause, left)))
        if step is None:
            pause = min(pause * GROWTH, LAST_STEP)


class Tmux:
    """One tmux session (on its own server socket) running ``command``."""

    def __init__(self, command: str, *, width: int = 80, height: int = 24, env: dict[str, str] | None = None) -> None:
        need("tmux")
        self.socket = f"apotheose-test-{uuid.uuid4().hex[:8]}"
        self.name = "t"
        extra = [f"-e{k}={v}" for k, v in (env or {}).items()]
        subprocess.run(
            [
                "tmux",
                "-L",
                self.socket,
                "-f",
                "/dev/null",
                "new-session",
                "-d",
                "-s",
                self.name,
                "-x",
                str(width),
                "-y",
                str(height),
                *extra,
                command,
            ],
            check=True,
        )
        subprocess.run(["tmux", "-L", self.socket, "set-option", "-t", self.name, "remain-on-exit", "on"], check=False)

    def screen(self) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, "capture-pane", "-p", "-t", self.name], capture_output=True, text=True
        )
        return done.stdout

    def keys(self, *keys: str) -> None:
        subprocess.run(["tmux", "-L", self.socket, "send-keys", "-t", self.name, *keys], check=True)

    def resize(self, width: int, height: int) -> None:
        subprocess.run(
            ["tmux", "-L", self.socket, "resize-window", "-t", f"={self.name}", "-x", str(width), "-y", str(height)],
            check=True,
        )

    def pane_pid(self) -> int:
        done = subprocess.run(
            ["tmux", "-L", self.socket, "display", "-p", "-t", self.name, "#{pane_pid}"], capture_output=True, text=True
        )
        return int(done.stdout.strip())

    def dead(self) -> bool:
        done = subprocess.run(
            ["tmux", "-L", self.socket, "display", "-p", "-t", self.name, "#{pane_dead}"],
            capture_output=True,
            text=True,
        )
        return done.stdout.strip() in ("1", "")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)
