"""No orphans: when a player's client dies (kill -9) or its link goes silent without a FIN (a
relay that stops passing anything, as a cable pulled out), the server ends that session's view
within 2 s (a silent link with ``--keepalive 0.3``): 20 times each, no view process (nor zombie) is left. Before, a view whose link
dropped could stay forever at 18–42 % CPU."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import threading
import time

import pytest

from tests.present import present
from tests.serving import Server, alive, wait_for_view
from tests.terminals import wait_until

pytestmark = pytest.mark.slow

ROUNDS, AT_ONCE = 4, 5  # 20 sessions in all, five at a time
DEADLINE = 2.0
#: Seconds of silence before the server checks a link (``serve --keepalive``), for the silent links.
KEEPALIVE = 0.3


class BlackHole:
    """A TCP relay to the server that can stop passing bytes, both ways, without closing
    anything: to the server, a link gone half-open (no FIN, no RST, nothing)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cut = threading.Event()
        self.sockets: list[socket.socket] = []
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(16)
        self.listener.settimeout(0.2)
        self.local = self.listener.getsockname()[1]
        self.done = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.done.is_set():
            try:
                client, _ = self.listener.accept()
            except socket.timeout:
                continue
            except OSError:  # closed at the end of the test
                return
            upstream = socket.create_connection(("127.0.0.1", self.port))
            self.sockets += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        source.settimeout(0.1)
        while not self.cut.is_set():
            try:
                data = source.recv(65536)
            except socket.timeout:
                continue
            except OSError:
                return
            if not data or self.cut.is_set():
                return
            try:
                sink.sendall(data)
            except OSError:
                return
        # cut: read nothing more, send nothing more, close nothing (until the test ends)

    def close(self) -> None:
        self.done.set()
        self.listener.close()
        for s in self.sockets:
            s.close()


def sessions(server: Server, port: int, count: int) -> list[subprocess.Popen]:
    command = server.ssh()
    command[command.index("-p") + 1] = str(port)
    return [
        subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(count)
    ]


def left_after(server: Server, views: list[int], since: float) -> list[int]:
    """The views (and server children) still there ``DEADLINE`` s after ``since``."""
    try:
        wait_until(
            lambda: not any(alive(pid) for pid in views) and not server.children(),
            max(0.0, since + DEADLINE - time.monotonic()),
        )
    except TimeoutError:
        pass
    return [pid for pid in views if alive(pid)] + server.children()


def test_killing_the_client_ends_its_view_within_2_s_20_times(tmp_path) -> None:
    server = Server(tmp_path, "--max-sessions", str(AT_ONCE), "--max-per-player", str(AT_ONCE))
    try:
        for round_ in range(ROUNDS):
            clients = sessions(server, present(server.port), AT_ONCE)
            views = wait_for_view(server, AT_ONCE * (round_ + 1))[-AT_ONCE:]
            for client in clients:
                os.kill(client.pid, signal.SIGKILL)
            since = time.monotonic()
            for client in clients:
                client.wait()
            assert left_after(server, views, since) == [], server.output
    finally:
        server.stop()
    assert server.children() == []


def test_a_link_gone_silent_ends_its_view_within_2_s_20_times(tmp_path) -> None:
    """With ``--keepalive 0.3``: found within about (3 + 1) × 0.3 s (by default, 5 s: 20 s)."""
    server = Server(
        tmp_path, "--max-sessions", str(AT_ONCE), "--max-per-player", str(AT_ONCE), "--keepalive", str(KEEPALIVE)
    )
    holes: list[BlackHole] = []
    clients: list[subprocess.Popen] = []
    try:
        for round_ in range(ROUNDS):
            hole = BlackHole(present(server.port))
            holes.append(hole)
            new = sessions(server, hole.local, AT_ONCE)
            clients += new
            views = wait_for_view(server, AT_ONCE * (round_ + 1))[-AT_ONCE:]
            hole.cut.set()  # the clients stay alive; nothing reaches either side any more
            since = time.monotonic()
            assert left_after(server, views, since) == [], server.output
            assert all(client.poll() is None for client in new)  # the clients never said goodbye
    finally:
        for client in clients:
            client.kill()
            client.wait()
        for hole in holes:
            hole.close()
        server.stop()
