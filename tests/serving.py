"""Helpers for the tests of ``apotheose serve``: a real server process on 127.0.0.1 (a port from
the OS), throw-away keys, the real OpenSSH client (installed with apt-get when missing, see
tests/terminals.py), and a way to read what the server said.
"""

from __future__ import annotations

import atexit
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from tests.terminals import need

APOTHEOSE = str(Path(sys.executable).with_name("apotheose"))
SSH_OPTIONS = (
    "-o",
    "IdentitiesOnly=yes",
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "BatchMode=yes",
    "-o",
    "LogLevel=ERROR",
    "-o",
    "ConnectTimeout=20",
)


#: What :func:`made` made once in this test process, by (campaign, with alice and the keys).
_MADE: dict[tuple[str, bool], Path] = {}


def made(base: Path, campaign: str, *, alice: bool) -> Path:
    """Into ``base``: ``saves/`` with the demo campaign (``apotheose new --demo``); with ``alice``,
    the keys ``alice`` and ``stranger`` too, alice in the access list (``players add``). Made once
    per test process and copied for each server: the same files as new ones (mode and all, never
    their times), for a copy's cost instead of two commands' (about 0.45 s of CPU)."""
    if (campaign, alice) not in _MADE:
        first = Path(tempfile.mkdtemp(prefix="apotheose-made-"))
        atexit.register(shutil.rmtree, first, True)
        done = subprocess.run(
            [APOTHEOSE, "new", campaign, "--demo", "--saves", str(first / "saves")], capture_output=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
        if alice:
            keygen(first / "alice")
            keygen(first / "stranger")
            done = subprocess.run(
                [
                    APOTHEOSE,
                    "players",
                    "add",
                    campaign,
                    "alice",
                    str(first / "alice.pub"),
                    "--saves",
                    str(first / "saves"),
                ],
                capture_output=True,
                timeout=60,
            )
            assert done.returncode == 0, done.stderr
        _MADE[campaign, alice] = first
    shutil.copytree(_MADE[campaign, alice], base, copy_function=shutil.copy, dirs_exist_ok=True)
    return base / "saves"


def keygen(path: Path) -> Path:
    need("ssh-keygen")
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", path.name, "-f", str(path)], check=True, timeout=60
    )
    return path


class Served:
    """An ``apotheose serve`` process started by a test: its output read by a thread, its views
    (children) listed, and stopped by its pid (SIGTERM, then SIGKILL after 20 s).

    A wait on what it says (:meth:`wait_for`, :meth:`said`) is woken by each line it prints, not
    by polling: the reading thread signals each line, and the end of its output."""

    def launch(self, command: list[str]) -> None:
        self.lines: list[str] = []
        self._heard = threading.Condition()
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "LANG": "C.UTF-8"}
        )
        # this process's own: a relaunch (a restarted server) gets new ones
        threading.Thread(target=self._read, args=(self.process, self.lines, self._heard), daemon=True).start()

    @staticmethod
    def _read(process: subprocess.Popen, lines: list[str], heard: threading.Condition) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            with heard:
                lines.append(line.rstrip("\n"))
                heard.notify_all()
        with heard:
            heard.notify_all()  # the end of its output: it stopped (the waits look at that too)

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def wait_for(
        self, predicate: Callable[[], object], timeout: float = 30, explain: Callable[[], str] | None = None
    ) -> None:
        """Until ``predicate()`` holds, looked at again each time the server prints a line (and each
        second, for what does not show in its output: a process that ended); TimeoutError after
        ``timeout`` s, with ``explain()`` (its output when not given)."""
        end = time.monotonic() + timeout
        with self._heard:
            while not predicate():
                left = end - time.monotonic()
                if left < 0:
                    raise TimeoutError(f"still not true after {timeout} s: {(explain or (lambda: self.output))()}")
                self._heard.wait(min(left, 1.0))

    def said(self, text: str, timeout: float = 10) -> bool:
        """Whether the server printed ``text`` within ``timeout`` seconds (its output is read by a thread)."""
        try:
            self.wait_for(lambda: text in self.output, timeout)
        except TimeoutError:
            return False
        return True

    def children(self) -> list[int]:
        """Processes whose parent is the server (its views; zombies included)."""
        return children_of(self.process.pid)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGTERM)  # by its pid
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait(10)


class Server(Served):
    """``apotheose serve`` on a campaign made for the test, with ``alice`` authorised."""

    def __init__(self, base: Path, *args: str, campaign: str = "villon") -> None:
        need("ssh", "ssh-keygen")
        self.base = base
        self.campaign = campaign
        self.saves = made(base, campaign, alice=True)
        self.alice = base / "alice"
        self.stranger = base / "stranger"
        self.launch(
            [
                APOTHEOSE,
                "serve",
                campaign,
                "--saves",
                str(self.saves),
                "--port",
                "0",
                "--host-key",
                str(base / "host_key"),
                *args,
            ],
        )
        self.wait_for(lambda: self.port is not None or self.process.poll() is not None, 60)
        assert self.port is not None, self.output

    @property
    def port(self) -> int | None:
        match = re.search(r" on 127\.0\.0\.1:(\d+)", self.output)
        return int(match.group(1)) if match else None

    def players(self, *args: str) -> subprocess.CompletedProcess:
        done = subprocess.run(
            [APOTHEOSE, "players", args[0], self.campaign, *args[1:], "--saves", str(self.saves)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        return done

    def ssh(self, user: str = "alice", key: Path | None = None, *extra: str, tty: bool = True) -> list[str]:
        return [
            "ssh",
            *(["-tt"] if tty else ["-T"]),
            "-p",
            str(self.port),
            "-i",
            str(key or self.alice),
            *SSH_OPTIONS,
            *extra,
            f"{user}@127.0.0.1",
        ]

    def view_pids(self) -> list[int]:
        """The pids of the views the server said it started."""
        return [int(pid) for pid in re.findall(r"view pid (\d+)", self.output)]


def as_new(server: Server) -> Server:
    """``server``, shared by tests that change nothing on it, checked to be what a new one is:
    running, no view started, no child, no address banned (10 failed logins ban 127.0.0.1: the
    tests sharing one make fewer in all). A server start costs about 1.4 s of CPU."""
    assert server.process.poll() is None, server.output
    assert server.view_pids() == [] and server.children() == [], server.output
    assert "failed logins" not in server.output, server.output
    return server


def children_of(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (zombies included)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, dead but not reaped, counts as left behind too)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def environ_of(pid: int) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes()
    return dict(item.split("=", 1) for item in raw.decode(errors="replace").split("\0") if "=" in item)


def wait_for_view(server: Server, count: int = 1, timeout: float = 60) -> list[int]:
    server.wait_for(lambda: len(server.view_pids()) >= count, timeout)
    return server.view_pids()


def run_ssh(command: list[str], timeout: float = 60, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL, **kw)


__all__ = [
    "APOTHEOSE",
    "Server",
    "alive",
    "as_new",
    "children_of",
    "environ_of",
    "keygen",
    "made",
    "run_ssh",
    "wait_for_view",
]
