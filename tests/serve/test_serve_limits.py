"""``apotheose serve``'s limits, with the real OpenSSH client against the real server on
127.0.0.1 (issue 33): an invitation's code prompt times out and holds no seat; a bare connect is
no failed login; bans are logged; each refusal has its log line; one player has at most
``--max-per-player`` sessions; every exit (ctrl+c, SIGTERM, a crashed view) puts the players'
screens back; removing a player ends their session; the PC's name comes from the access list,
never the campaign; the join lines name the real port and host."""

from __future__ import annotations

import io
import os
import re
import signal
import socket
import subprocess
import threading
from functools import partial
from pathlib import Path

import pytest

from tests.serving import Server, alive, as_new, run_ssh, wait_for_view
from tests.terminals import wait_until

pytestmark = pytest.mark.slow

CODE = re.compile(r"[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}")


class Client:
    """An ``ssh`` client whose output (bytes, both streams) is read by a thread."""

    def __init__(self, command: list[str]) -> None:
        self.out = bytearray()
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        stream = self.process.stdout
        assert isinstance(stream, io.BufferedReader)  # a binary pipe
        while chunk := stream.read1(65536):
            self.out += chunk

    def saw(self, text: bytes | str) -> bool:
        return (text.encode() if isinstance(text, str) else text) in self.out

    def ended(self, timeout: float = 30) -> bool:
        """The client ended and all it printed has been read (the reading thread saw the end of
        its output: a busy machine may run it after the process is gone)."""
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            return False
        self._reader.join(timeout)
        return not self._reader.is_alive()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()  # by its pid
        self.process.wait(30)


@pytest.fixture
def server(tmp_path):
    made = Server(tmp_path)
    yield made
    made.stop()


@pytest.fixture(scope="module")
def _shared(tmp_path_factory):
    made = Server(tmp_path_factory.mktemp("shared"))
    yield made
    made.stop()


@pytest.fixture
def shared(_shared: Server) -> Server:
    """One server for the tests that start no view and ban nothing (the refusals' log lines, an
    invitation and its withdrawal, the join lines: bob's invitation is the only change, and no
    other of them looks at bob), each checking first that it is what a new server is, and
    looking for its line among those printed after its attempt."""
    return as_new(_shared)


def started(*args: str, base: Path) -> Server:
    return Server(base, *args)


# -- item 2: the invitation's code prompt ----------------------------------------------------------


def test_a_code_prompt_holds_no_seat_and_times_out(tmp_path) -> None:
    server = started("--max-sessions", "1", "--login-grace", "5", base=tmp_path)
    squatter = alice = None
    try:
        server.players("invite", "bob")
        squatter = Client(server.ssh("bob", server.stranger))
        wait_until(lambda: squatter.saw("Invitation code for bob"), 30, explain=lambda: squatter.out.decode())
        alice = Client(server.ssh())
        wait_for_view(server)  # the prompt held no seat: alice has the only one
        assert squatter.ended(60), "the code prompt never timed out"
        assert squatter.saw("no code typed within 5 s")
        assert server.said("bob (127.0.0.1): no invitation code within 5 s"), server.output
        assert len(server.view_pids()) == 1 and alive(server.view_pids()[0])
    finally:
        for client in (squatter, alice):
            if client is not None:
                client.close()
        server.stop()


# -- item 3: failures, bans ----------------------------------------------------------------------


def test_bare_connects_are_no_failed_logins(tmp_path) -> None:
    server = started("--max-failures", "2", base=tmp_path)
    try:
        for _ in range(5):  # a port scan, a health check: the banner read, nothing offered
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as probe:
                probe.settimeout(10)
                assert probe.recv(64).startswith(b"SSH-2.0-")
        refused = run_ssh(server.ssh("alice", server.stranger))  # one real failure: 1 of 2
        assert refused.returncode != 0
        alice = Client(server.ssh())
        try:
            wait_for_view(server, timeout=30)  # not banned
        finally:
            alice.close()
        assert server.said("refused alice (127.0.0.1): an unknown key"), server.output
        assert "failed logins" not in server.output
    finally:
        server.stop()


def test_real_failures_ban_the_address_and_say_so(tmp_path) -> None:
    server = started("--max-failures", "2", base=tmp_path)
    try:
        for _ in range(2):
            assert run_ssh(server.ssh("alice", server.stranger)).returncode != 0
        assert server.said("127.0.0.1: 2 failed logins; refused for 10 minutes"), server.output
        assert run_ssh(server.ssh()).returncode != 0  # even the right key, for now
        assert server.said("refused alice (127.0.0.1): too many failed logins from this address"), server.output
        assert server.view_pids() == []
    finally:
        server.stop()


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def table(clock: Clock, lines: list[str], **kw):
    from tui.serve.server import Table

    return Table(Path("villon.json"), Path("villon.players.json"), log=lines.append, clock=clock, **kw)


def test_attempts_while_banned_neither_count_nor_extend_the_ban() -> None:
    from tui.serve.server import WINDOW

    clock = Clock()

    lines: list[str] = []
    served = table(clock, lines, max_failures=2)
    served.failed("10.0.0.1")
    assert not served.banned("10.0.0.1")
    served.failed("10.0.0.1")
    assert served.banned("10.0.0.1") and not served.banned("10.0.0.2")
    for _ in range(20):  # the real player keeps trying during the ban
        clock.now += WINDOW / 40
        served.failed("10.0.0.1")
    clock.now = 1000.0 + WINDOW + 1
    assert not served.banned("10.0.0.1")
    served.failed("10.0.0.1")  # the count starts again: one failure is no ban
    assert not served.banned("10.0.0.1")
    assert lines == ["10.0.0.1: 2 failed logins; refused for 10 minutes"]


# -- item 10: a line per refusal, rate-limited ----------------------------------------------------


def test_refusals_are_rate_limited_per_address_and_the_rest_counted() -> None:
    from tui.serve.server import LOG_BURST, LOG_WINDOW

    clock = Clock()

    lines: list[str] = []
    served = table(clock, lines)
    for i in range(20):
        served.refused("10.0.0.1", f"alice (10.0.0.1): try {i}")
    served.refused("10.0.0.2", "bob (10.0.0.2): another address")
    assert lines == [f"refused alice (10.0.0.1): try {i}" for i in range(LOG_BURST)] + [
        "refused bob (10.0.0.2): another address"
    ]
    clock.now += LOG_WINDOW
    served.refused("10.0.0.1", "alice (10.0.0.1): later")
    assert lines[-1] == f"refused alice (10.0.0.1): later ({20 - LOG_BURST} more refusals from 10.0.0.1 not logged)"


def forwarding(server: Server) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        local = s.getsockname()[1]
    client = subprocess.Popen(
        server.ssh("alice", None, "-N", "-L", f"{local}:127.0.0.1:9", tty=False),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:

        def tried() -> bool:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", local)) == 0:
                    probe.settimeout(5)
                    try:
                        probe.recv(1)
                    except OSError:
                        pass
            return "port forwarding" in server.output

        wait_until(tried, 30, 0.2, explain=lambda: server.output)
    finally:
        client.kill()
        client.wait(30)


@pytest.mark.parametrize(
    ("attempt", "line"),
    [
        (lambda s: run_ssh(s.ssh("alice", s.stranger)), "refused alice (127.0.0.1): an unknown key (SHA256:"),
        (lambda s: run_ssh(s.ssh("mallory", s.stranger)), "refused mallory (127.0.0.1): not a player of this table"),
        (lambda s: run_ssh(s.ssh(tty=False)), "refused alice (127.0.0.1): no terminal (ssh -T)"),
        (
            lambda s: run_ssh(s.ssh("alice", None, "-o", "PreferredAuthentications=password,keyboard-interactive")),
            "refused alice (127.0.0.1): no public key offered (there is no password login)",
        ),
        (forwarding, "refused alice (127.0.0.1): port forwarding (-L to '127.0.0.1':9)"),
    ],
    ids=["unknown key", "unknown user", "ssh -T", "a password", "port forwarding"],
)
def test_each_refusal_has_its_log_line(shared, attempt, line) -> None:
    said = len(shared.lines)  # the line looked for is one printed after the attempt began
    attempt(shared)
    shared.wait_for(lambda: line in "\n".join(shared.lines[said:]), 10)
    assert shared.view_pids() == []


# -- item 12: seats per player ----------------------------------------------------------------


def test_one_player_has_at_most_two_sessions_by_default(server) -> None:
    clients = [Client(server.ssh()) for _ in range(2)]
    try:
        wait_for_view(server, 2)
        told = [o.replace("LogLevel=ERROR", "LogLevel=INFO") for o in server.ssh()]  # as players have it
        third = run_ssh(told)
        assert third.returncode != 0 and "Segiere" not in third.stdout
        assert "alice already has 2 sessions open" in third.stderr, third.stderr
        assert server.said("refused alice (127.0.0.1): alice already has 2 sessions open"), server.output
        assert len(server.view_pids()) == 2
    finally:
        for client in clients:
            client.close()


def test_max_per_player_changes_the_cap(tmp_path) -> None:
    server = started("--max-per-player", "1", base=tmp_path)
    first = Client(server.ssh())
    try:
        wait_for_view(server)
        assert run_ssh(server.ssh()).returncode != 0
        assert server.said("alice already has 1 session open"), server.output
    finally:
        first.close()
        server.stop()


# -- item 7: every exit puts the players' screens back ------------------------------------------


def restored(out: bytes) -> bool:
    """The terminal left the alternate screen and shows its cursor again, after the view's last
    word (as ``reset`` would have it)."""
    return out.rfind(b"\x1b[?1049l") > out.rfind(b"\x1b[?1049h") and out.rfind(b"\x1b[?25h") > out.rfind(b"\x1b[?25l")


@pytest.mark.parametrize("how", ["ctrl+c", "SIGTERM", "a crashed view"])
def test_every_exit_restores_the_players_screens(tmp_path, how) -> None:
    server = started(base=tmp_path)
    clients = [Client(server.ssh())]
    try:
        server.players("add", "bob", str(server.stranger) + ".pub")
        clients.append(Client(server.ssh("bob", server.stranger)))
        views = wait_for_view(server, 2)
        for client in clients:
            wait_until(
                partial(Client.saw, client, "Players' view of"), 60, explain=partial(client.out.decode, "replace")
            )
            assert not restored(bytes(client.out))  # in the view: the alternate screen, no cursor
        if how == "a crashed view":
            for pid in views:
                os.kill(pid, signal.SIGKILL)
        else:
            os.kill(server.process.pid, signal.SIGINT if how == "ctrl+c" else signal.SIGTERM)
        for client in clients:
            assert client.ended(60), client.out.decode("replace")[-300:]
            assert restored(bytes(client.out)), client.out[-300:]
        if how != "a crashed view":
            assert server.process.wait(30) == 0
            assert all(c.saw("apotheose serve: the server stopped") for c in clients)
    finally:
        for client in clients:
            client.close()
        server.stop()
    assert server.children() == []


# -- item 8: removing a player ends their session ------------------------------------------------


def test_removing_a_player_ends_their_open_session(server) -> None:
    server.players("add", "bob", str(server.stranger) + ".pub")
    alice, bob = Client(server.ssh()), Client(server.ssh("bob", server.stranger))
    try:
        wait_for_view(server, 2)
        server.players("remove", "alice")
        assert alice.ended(30), "the removed player's session went on"
        assert alice.saw("the GM removed you from this table") and restored(bytes(alice.out))
        assert server.said("alice (127.0.0.1): no longer in the access list; session ended"), server.output
        assert bob.process.poll() is None  # the others stay
        assert run_ssh(server.ssh()).returncode != 0
    finally:
        alice.close()
        bob.close()


def test_withdrawing_an_invitation_ends_its_code_prompt(shared) -> None:
    shared.players("invite", "bob")
    bob = Client(shared.ssh("bob", shared.stranger))
    try:
        wait_until(lambda: bob.saw("Invitation code for bob"), 30, explain=lambda: bob.out.decode())
        shared.players("remove", "bob")
        assert bob.ended(30), "the withdrawn invitation's prompt went on"
    finally:
        bob.close()
    assert shared.view_pids() == []


# -- item 9: the PC's name from the access list ------------------------------------------------


def test_a_login_never_loads_the_campaign_to_name_the_pc(server) -> None:
    server.players("add", "alice", str(server.alice) + ".pub", "--pc", "segiere")
    campaign = server.saves / "villon.json"
    campaign.write_bytes(b"not a campaign: the server must not need it")
    alice = Client(server.ssh())
    try:
        (pid,) = wait_for_view(server)
        command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        assert command[command.index(b"--pc") + 1] == b"Segiere", command
    finally:
        alice.close()


# -- item 13: the join lines --------------------------------------------------------------------


def test_the_join_lines_name_the_port_and_host(shared) -> None:
    assert shared.said(f"players join with: ssh -p {shared.port} PLAYER@127.0.0.1;"), shared.output
    invited = shared.players("invite", "bob").stdout
    assert f"they run: ssh -p {shared.port} bob@127.0.0.1 " in invited, invited


def test_an_invitation_before_any_server_says_what_to_fill_in(tmp_path) -> None:
    from tests.serving import APOTHEOSE

    saves = tmp_path / "saves"
    subprocess.run([APOTHEOSE, "new", "villon", "--demo", "--saves", str(saves)], check=True, capture_output=True)
    done = subprocess.run(
        [APOTHEOSE, "players", "invite", "villon", "bob", "--saves", str(saves)], capture_output=True, text=True
    )
    assert "ssh -p PORT bob@HOST (PORT and HOST: what apotheose serve prints when it starts)" in done.stdout


def test_a_removed_player_gets_no_new_session_on_a_connection_kept_open(tmp_path) -> None:
    """OpenSSH's connection sharing (ControlMaster): the connection outlives the session that the
    removal ended; a new session asked on it is refused."""
    server = started(base=tmp_path)
    control = str(tmp_path / "mux")
    shared = ("-o", f"ControlPath={control}")
    master = subprocess.Popen(
        server.ssh("alice", None, "-N", "-o", "ControlMaster=yes", *shared, tty=False),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    first = None
    try:
        wait_until(lambda: os.path.exists(control), 30)
        first = Client(server.ssh("alice", None, "-o", "ControlMaster=no", *shared))
        wait_for_view(server)
        server.players("remove", "alice")
        assert first.ended(30), "the removed player's session went on"
        assert master.poll() is None  # the shared connection is still open
        again = run_ssh(server.ssh("alice", None, "-o", "ControlMaster=no", *shared))
        assert again.returncode != 0 and "Segiere" not in again.stdout
        assert server.said("refused alice (127.0.0.1): alice is no longer in the access list"), server.output
        assert len(server.view_pids()) == 1
    finally:
        if first is not None:
            first.close()
        master.kill()
        master.wait(30)
        server.stop()
