"""``apotheose serve`` refuses, each in its own test, with the real OpenSSH client: an unknown
user, a wrong key, a password, an expired or used invitation code, a command (exec), SFTP, port
forwarding (-L), more sessions than ``--max-sessions``; agent forwarding (-A) and the client's
environment never reach the view. Nothing of the view is shown and no view is started. The
refusals that change nothing on the server share one (``untouched``), each checking it starts as
a new server would."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import time

import pytest

from saves.access import Access, Invitation, digest, read_access, write_access
from tests.present import present
from tests.serving import Server, as_new, environ_of, run_ssh, wait_for_view
from tests.terminals import need, wait_until

pytestmark = pytest.mark.slow


@pytest.fixture
def server(tmp_path):
    made = Server(tmp_path)
    yield made
    made.stop()


@pytest.fixture(scope="module")
def _shared(tmp_path_factory):
    made = Server(tmp_path_factory.mktemp("refusals"))
    yield made
    made.stop()


@pytest.fixture
def untouched(_shared: Server) -> Server:
    """One server for the refusals that change nothing on it (no access written, no view
    started), each test checking first that it is what a new server is."""
    return as_new(_shared)


def refused(server: Server, done: subprocess.CompletedProcess) -> None:
    assert done.returncode != 0
    assert "Segiere" not in done.stdout + done.stderr and "Players' view" not in done.stdout
    assert server.view_pids() == [] and server.children() == []


def test_an_unknown_user_is_refused(untouched) -> None:
    refused(untouched, run_ssh(untouched.ssh("mallory")))


def test_a_wrong_key_is_refused(untouched) -> None:
    refused(untouched, run_ssh(untouched.ssh("alice", untouched.stranger)))


def test_a_password_is_never_asked(untouched) -> None:
    done = run_ssh(untouched.ssh("alice", None, "-o", "PreferredAuthentications=password,keyboard-interactive"))
    refused(untouched, done)
    assert "Permission denied" in done.stderr


def test_an_expired_invitation_code_is_refused(server) -> None:
    campaign = server.saves / "villon.json"
    write_access(
        campaign, Access(read_access(campaign).players, (Invitation("bob", digest("AAAA-BBBB-CCCC"), time.time() - 1),))
    )
    refused(server, run_ssh(server.ssh("bob", server.stranger)))


def test_a_used_invitation_code_is_refused_and_a_wrong_one_shows_nothing(server) -> None:
    out = server.players("invite", "bob").stdout
    code = present(re.search(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}", out)).group()
    first = subprocess.Popen(
        server.ssh("bob", server.stranger), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        assert first.stdin is not None
        first.stdin.write(f"{code}\r".encode())
        first.stdin.flush()
        wait_for_view(server)  # the code registered the stranger's key for bob and started the view
    finally:
        first.kill()
        first.wait()
    assert read_access(server.saves / "villon.json").allows("bob", (server.stranger.with_suffix(".pub")).read_text())
    other = server.base / "other"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(other)], check=True)
    again = subprocess.run(server.ssh("bob", other), input=f"{code}\r", capture_output=True, text=True, timeout=60)
    assert again.returncode != 0 and "Invitation code" not in again.stdout  # the code is gone
    assert not read_access(server.saves / "villon.json").allows("bob", other.with_suffix(".pub").read_text())


def test_a_command_is_refused(untouched) -> None:
    done = run_ssh([*untouched.ssh("alice", None, tty=False), "echo", "pwned"])
    refused(untouched, done)
    assert "pwned" not in done.stdout


def test_sftp_is_refused(untouched) -> None:
    need("sftp")
    done = subprocess.run(
        [
            "sftp",
            "-P",
            str(untouched.port),
            "-i",
            str(untouched.alice),
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "BatchMode=yes",
            "alice@127.0.0.1",
        ],
        input="ls\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    refused(untouched, done)


def test_port_forwarding_is_refused(untouched) -> None:
    target = socket.socket()
    target.bind(("127.0.0.1", 0))
    target.listen(1)
    target.settimeout(3)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        local = s.getsockname()[1]
    client = subprocess.Popen(
        [*untouched.ssh("alice", None, "-N", "-L", f"{local}:127.0.0.1:{target.getsockname()[1]}", tty=False)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:

        def forwarded() -> bool:
            with socket.socket() as probe:
                return probe.connect_ex(("127.0.0.1", local)) == 0

        wait_until(forwarded, 30)
        with socket.create_connection(("127.0.0.1", local), timeout=5) as through:
            through.sendall(b"hello")
            through.settimeout(5)
            try:
                assert through.recv(10) == b""  # closed: the server refused the channel
            except ConnectionResetError:
                pass  # or reset: refused all the same
        with pytest.raises(socket.timeout):
            target.accept()  # nothing ever reached the target
    finally:
        client.kill()
        client.wait()
        target.close()
    assert untouched.view_pids() == []


def test_more_sessions_than_the_limit_are_refused(tmp_path) -> None:
    server = Server(tmp_path, "--max-sessions", "1")
    first = subprocess.Popen(server.ssh(), stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_view(server)
        done = run_ssh(server.ssh())
        assert done.returncode != 0 and "Segiere" not in done.stdout
        assert server.said("the table is full (1 sessions)"), server.output
        assert len(server.view_pids()) == 1
    finally:
        first.kill()
        first.wait()
        server.stop()


def test_agent_forwarding_and_the_clients_environment_never_reach_the_view(server, tmp_path) -> None:
    need("ssh-agent")
    agent = subprocess.Popen(["ssh-agent", "-D", "-a", str(tmp_path / "agent")], stdout=subprocess.DEVNULL)
    wait_until(lambda: (tmp_path / "agent").exists(), 30)
    env = {**os.environ, "SSH_AUTH_SOCK": str(tmp_path / "agent"), "TEXTUAL_DRIVER": "x", "LANG": "fr_FR.UTF-8"}
    command = server.ssh(
        "alice",
        None,
        "-A",
        "-o",
        "SendEnv=LANG TEXTUAL_DRIVER",
        "-o",
        "SetEnv=LD_PRELOAD=/tmp/x.so PYTHONSTARTUP=/tmp/x",
    )
    client = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    try:
        (pid,) = wait_for_view(server)
        seen = environ_of(pid)
        for name in ("SSH_AUTH_SOCK", "TEXTUAL_DRIVER", "LD_PRELOAD", "PYTHONSTARTUP"):
            assert name not in seen, name
        assert seen["LANG"] == "C.UTF-8"
    finally:
        client.kill()
        client.wait()
        agent.kill()
        agent.wait()
