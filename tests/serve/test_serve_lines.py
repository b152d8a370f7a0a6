"""A seat of plain lines (issue 38 item 4): ``players add … --lines`` gives that player, over
real OpenSSH, ``apotheose view --lines``: the state in plain lines, no escape sequence before
its end; ctrl+d ends it and leaves no view behind."""

from __future__ import annotations

import subprocess

import pytest

from tests.serving import Server, alive, wait_for_view
from tests.terminals import wait_until

pytestmark = pytest.mark.slow


def test_a_seat_of_plain_lines_over_ssh(tmp_path) -> None:
    server = Server(tmp_path)
    client = None
    try:
        server.players("add", "alice", str(server.alice) + ".pub", "--lines")
        assert "alice (plain lines): 1 key" in server.players("list").stdout
        client = subprocess.Popen(server.ssh(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert client.stdin is not None and client.stdout is not None
        (pid,) = wait_for_view(server)
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            assert b"\0--lines\0" in cmdline.read()
        seen = b""
        while b"Standing:" not in seen:
            chunk = client.stdout.read1(4096)  # type: ignore[attr-defined]
            assert chunk, seen
            seen += chunk
        assert b"Turn: Brunvir" in seen
        client.stdin.write(b"\x04")  # ctrl+d: the end of its input
        client.stdin.flush()
        seen += client.stdout.read()  # until the session ends
        client.wait(timeout=60)
        wait_until(lambda: not alive(pid), 30)
        assert b"\x1b" not in seen, seen  # no cursor movement, no colour, not even at the end
    finally:
        if client is not None and client.poll() is None:
            client.kill()
            client.wait()
        server.stop()
