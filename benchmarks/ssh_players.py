"""``apotheose serve`` and real OpenSSH clients in pseudo-terminals, as players run them: the
part ``serve_fanout.py`` and ``gm_key_fanout.py`` share."""

from __future__ import annotations

import fcntl
import os
import re
import signal
import struct
import subprocess
import termios
import time
from pathlib import Path

from tests.serving import SSH_OPTIONS


def ssh_command(port: int, key: Path) -> list[str]:
    """OpenSSH as a player runs it, with ``key``, to alice on 127.0.0.1:``port``."""
    return [
        "ssh",
        "-tt",
        "-p",
        str(port),
        "-i",
        str(key),
        *SSH_OPTIONS,
        "alice@127.0.0.1",
    ]


def start_server(
    apotheose: list[str], campaign: Path, folder: Path, viewers: int, cwd: Path | None = None
) -> tuple[subprocess.Popen[str], int]:
    """``apotheose serve`` on ``campaign`` (127.0.0.1, a free port, a host key in ``folder``,
    ``viewers`` sessions, all of them alice's), and the port it listens on."""
    server = subprocess.Popen(
        [
            *apotheose,
            "serve",
            str(campaign),
            "--port",
            "0",
            "--host-key",
            str(folder / "host_key"),
            "--max-sessions",
            str(viewers),
            "--max-per-player",  # every viewer logs in with alice's key
            str(viewers),
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=cwd,
    )
    assert server.stdout is not None
    port = None
    while port is None:
        line = server.stdout.readline()
        if not line:
            raise RuntimeError("the server stopped")
        match = re.search(r" on 127\.0\.0\.1:(\d+)", line)
        port = int(match.group(1)) if match else None
    return server, port


def start_clients(port: int, key: Path, viewers: int) -> tuple[list[subprocess.Popen[bytes]], list[int], list[float]]:
    """``viewers`` OpenSSH clients, each in a pseudo-terminal of 80×24: the clients, the
    terminals' master ends (to read what each screen receives) and when each was started."""
    clients, masters, starts = [], [], []
    env = {**os.environ, "TERM": "xterm-256color"}
    for _ in range(viewers):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        starts.append(time.perf_counter())
        clients.append(
            subprocess.Popen(
                ssh_command(port, key), stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
            )
        )
        os.close(slave)
        masters.append(master)
    return clients, masters, starts


def stop(server: subprocess.Popen[str], clients: list[subprocess.Popen[bytes]], masters: list[int]) -> None:
    """End the clients, close their terminals, stop the server."""
    for client in clients:
        client.kill()
        client.wait()
    for master in masters:
        os.close(master)
    os.kill(server.pid, signal.SIGTERM)
    server.wait(30)
