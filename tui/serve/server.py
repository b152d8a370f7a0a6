"""The SSH server of ``apotheose serve``: each player's session runs the players' view.

Built on asyncssh. Who may enter is the campaign's access list (:mod:`saves.access`), read
again at each login: a player's key, or, for a player with a pending invitation, any key and
then the one-time code typed in the terminal (the key that logged in is then registered). No
passwords, no keyboard-interactive, no host-based login; exec requests, subsystems (SFTP), port,
agent and X11 forwarding are refused (asyncssh refuses forwarding by default: nothing here
accepts it), and the client's environment variables never reach the view (its environment is
made here). A login must finish within the grace time, and so must an invitation code; an
address whose real attempts fail too often (a key refused, a wrong code: a bare connect is none)
is refused everything for a while, without the refusals making it longer. Every refusal is one
log line (address and reason), at most a few a minute per address.

Seats: a session takes one of ``--max-sessions`` when its view is asked for (an invited player
only once the code is accepted), and one player at most ``--max-per-player``. The access list is
watched: a player removed (or their key, or their invitation) loses their sessions at once.
Whatever ends a session (the view's exit or crash, a removal, the server stopping), the player's
terminal is put back (:data:`RESTORE`) before the channel closes.

Each accepted session gets one child process, ``apotheose view`` on the campaign's players'
file, in a pseudo-terminal of its own (its controlling terminal, in a new session): a crash in
one view never touches another or the server. The client's window changes are passed on with
``TIOCSWINSZ``; the view's output goes to the channel with flow control (a slow link pauses the
view's writes instead of filling memory). When the channel or the connection closes (``q``, the
client killed, a link gone half-open and found by keepalives: within about 20 s, or (COUNT + 1) ×
``--keepalive``), the child's
whole process group is killed and reaped: no view outlives its session. The server reads the
players' file only through its children, never the campaign (a PC's name is in the access
list), and writes nothing but the access list (an invitation used, where it listens).
"""

from __future__ import annotations

import asyncio
import logging
import os
import stat
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncssh

from saves import access as access_list
from tui.serve.channel import Inbound
from tui.serve.session import ViewSession
from tui.serve.views import view_command, view_environment

#: Seconds of silence from the client before a keepalive (``serve --keepalive``), and how many
#: unanswered keepalives end the connection: a half-open link is found within about
#: (COUNT + 1) × INTERVAL, 20 s by default. Every keepalive wakes the server and the client up:
#: at 0.5 s, 8 idle players cost the server 16 round trips a second.
KEEPALIVE_INTERVAL = 5.0
KEEPALIVE_COUNT = 3
#: Failed logins (a key offered and refused, a wrong invitation code) from one address within
#: WINDOW s before it is refused for WINDOW s (attempts while refused neither count nor extend it).
MAX_FAILURES = 10
WINDOW = 600.0
#: Sessions one player may have open at once (``--max-per-player``).
MAX_PER_PLAYER = 2
#: Refusals logged per address (and for all addresses together) per LOG_WINDOW s; the rest are
#: counted, and said in one line when logging resumes.
LOG_BURST = 5
LOG_BURST_ALL = 60
LOG_WINDOW = 60.0
#: Seconds between two looks at the access list (a removed player's sessions end).
ACCESS_CHECK = 0.5

Log = Callable[[str], None]


class Table:
    """What every connection shares: the campaign, the sessions, the failures by address."""

    def __init__(
        self,
        campaign: Path,
        players_file: Path,
        *,
        max_sessions: int = 16,
        max_per_player: int = MAX_PER_PLAYER,
        max_failures: int = MAX_FAILURES,
        login_grace: float = 30.0,
        lang: str = "en",
        log: Log = print,
        clock: Callable[[], float] = time.monotonic,
        keepalive: float = KEEPALIVE_INTERVAL,
        inbound: Inbound | None = None,
    ) -> None:
        self.campaign = campaign
        self.players_file = players_file
        self.max_sessions = max_sessions
        self.max_per_player = max_per_player
        self.max_failures = max_failures
        self.login_grace = login_grace
        #: Seconds of a client's silence before the server checks the link is alive.
        self.keepalive = keepalive
        self.lang = lang
        self.log = log
        self.clock = clock
        #: Every session, seated or not (an invitation code being typed holds no seat).
        self.sessions: set[ViewSession] = set()
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self._failures: dict[str, list[float]] = {}
        self._banned: dict[str, float] = {}
        self._said: dict[str, list[float]] = {}
        self._unsaid: dict[str, int] = {}
        #: What players send, to the GM's inbox (issue 38; tests give one with seeded dice).
        self.inbound = inbound if inbound is not None else Inbound(campaign, players_file, log=log)

    # -- failures by address ---------------------------------------------------------------------
    def failed(self, address: str) -> None:
        """A real login attempt from ``address`` failed (a key refused, a wrong code)."""
        now = self.clock()
        if self.banned(address):
            return  # already refused: the ban is not extended
        if len(self._failures) > 10000:  # a scan from many addresses: forget the old ones
            self._failures = {a: ts for a, ts in self._failures.items() if ts and now - ts[-1] < WINDOW}
        recent = [t for t in self._failures.get(address, ()) if now - t < WINDOW]
        recent.append(now)
        if len(recent) >= self.max_failures:
            self._failures.pop(address, None)
            self._banned[address] = now + WINDOW
            self.log(f"{address}: {len(recent)} failed logins; refused for {WINDOW / 60:g} minutes")
        else:
            self._failures[address] = recent

    def banned(self, address: str) -> bool:
        until = self._banned.get(address)
        if until is None:
            return False
        if self.clock() < until:
            return True
        del self._banned[address]
        return False

    def refused(self, address: str, text: str) -> None:
        """Log one refusal (``text`` says who and why), at most LOG_BURST a minute per address
        and LOG_BURST_ALL for all: what is not logged is counted and said with the next line."""
        now = self.clock()
        if len(self._said) > 10000:
            self._said = {a: ts for a, ts in self._said.items() if ts and now - ts[-1] < LOG_WINDOW}
        for key, burst in ((address, LOG_BURST), ("", LOG_BURST_ALL)):
            recent = [t for t in self._said.get(key, ()) if now - t < LOG_WINDOW]
            self._said[key] = recent
            if len(recent) >= burst:
                self._unsaid[address] = self._unsaid.get(address, 0) + 1
                return
        self._said[address].append(now)
        self._said[""].append(now)
        unsaid = self._unsaid.pop(address, 0)
        more = f" ({unsaid} more refusal{'s' if unsaid != 1 else ''} from {address} not logged)" if unsaid else ""
        self.log(f"refused {text}{more}")

    # -- seats ---------------------------------------------------------------------------------------
    def seated(self, player: str | None = None) -> int:
        return sum(1 for s in self.sessions if s.seated and (player is None or s.server.player == player))

    def no_seat(self, player: str) -> str | None:
        """Why ``player`` cannot have one more session now (None: they can)."""
        if self.seated() >= self.max_sessions:
            return f"the table is full ({self.max_sessions} sessions)"
        if self.seated(player) >= self.max_per_player:
            return f"{player} already has {self.max_per_player} session{'s' if self.max_per_player != 1 else ''} open"
        return None

    # -- the views ---------------------------------------------------------------------------------
    def view_command(self, pc: str | None, *, lines: bool = False, send_fd: int | None = None) -> list[str]:
        """The view a seat runs: the full view, or (``lines``: ``players add --lines``) plain
        lines; ``send_fd``: its end of the channel to the GM's inbox (a seat with a PC)."""
        return view_command(self.players_file, self.lang, pc, "--lines" if lines else "--no-mouse", send_fd=send_fd)

    def view_environment(self, term: str) -> dict[str, str]:
        """The view's whole environment: nothing the client sent (``SendEnv``, ``SetEnv``)."""
        return view_environment(TERM=term, SSH_CONNECTION="1")  # the view knows it is remote

    async def close(self) -> None:
        """The server stops: each player's screen is put back and told, every view ends, every
        connection closes (each given a few seconds to take its last bytes)."""
        channels = [session.chan for session in self.sessions if session.chan is not None]
        for session in list(self.sessions):
            session.finish("apotheose serve: the server stopped")
        # their last bytes (the screen put back) reach the players before the connections close;
        # a client gone silent is waited for 3 s at most, all together
        await _at_most(3, [chan.wait_closed() for chan in channels])
        for session in list(self.sessions):
            await session.reaped()
        connections = list(self.connections)
        for conn in connections:
            conn.close()
        await _at_most(3, [conn.wait_closed() for conn in connections])

    def still_allowed(self, known: access_list.Access, session: ViewSession) -> bool:
        server = session.server
        if session.awaiting_code:
            return known.invited(server.player)
        return server.key is not None and known.allows(server.player, server.key)

    async def watch_access(self) -> None:
        """End the sessions of players the access list no longer lets in (``players remove``, a
        key taken away, an invitation withdrawn), within about ACCESS_CHECK s."""
        path = access_list.access_path(self.campaign)
        last = _signature(path)
        while True:
            await asyncio.sleep(ACCESS_CHECK)
            now = _signature(path)
            if now == last:
                continue
            last = now
            try:
                known = access_list.read_access(self.campaign)
            except Exception as error:  # noqa: BLE001 - a damaged list ends nothing; logins say it
                self.log(f"the access list cannot be read ({error})")
                continue
            for session in list(self.sessions):
                if not session.ended and not self.still_allowed(known, session):
                    self.log(
                        f"{session.server.player} ({session.server.address}): no longer in the access list; session ended"
                    )
                    session.finish("apotheose serve: the GM removed you from this table")


class PlayerServer(asyncssh.SSHServer):
    """One per connection: public keys only, checked against the access list."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.player = ""
        self.key: str | None = None
        self.invited = False
        self.authed = False
        self.opened = False
        #: A key was offered and refused: a real login attempt (a bare connect is none).
        self.refused_key = False

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.table.connections.add(conn)
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"

    def connection_lost(self, exc: Exception | None) -> None:
        if self.conn is not None:
            self.table.connections.discard(self.conn)
        if not self.authed and self.refused_key:
            self.table.failed(self.address)
        elif not self.authed and self.player and not self.table.banned(self.address):
            # it asked to log in (a name was sent) and left without offering a key: a password
            # tried, or nothing; no failure (no key was refused), but a refusal all the same
            self.table.refused(self.address, f"{self.who()}: no public key offered (there is no password login)")

    def who(self) -> str:
        """The player (as the client named it) and address, for the log."""
        name = self.player if access_list.NAME.fullmatch(self.player) else repr(self.player[:40])
        return f"{name} ({self.address})"

    def begin_auth(self, username: str) -> bool:
        self.player = username
        return True  # always authenticate: there is no anonymous way in

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        if self.table.banned(self.address):
            self.table.refused(self.address, f"{self.who()}: too many failed logins from this address")
            return False
        try:
            known = access_list.read_access(self.table.campaign)
        except Exception as error:  # noqa: BLE001 - an unreadable list lets nobody in, and says why
            self.table.log(f"refused {username!r}: the access list cannot be read ({error})")
            return False
        line = key.export_public_key("openssh").decode("ascii", "replace")
        if known.allows(username, line):
            self.key, self.invited = line, False
            return True
        if known.invited(username):
            self.key, self.invited = line, True
            return True
        self.refused_key = True
        why = "an unknown key" if known.player(username) is not None else "not a player of this table"
        self.table.refused(self.address, f"{self.who()}: {why} ({key.get_fingerprint()})")
        return False

    def auth_completed(self) -> None:
        self.authed = True
        loop = asyncio.get_running_loop()
        loop.call_later(self.table.login_grace, self._no_session_yet)

    def _no_session_yet(self) -> None:
        """An authenticated connection that asked for no view (``ssh -N``, forwarding only) ends."""
        if not self.opened and self.conn is not None:
            self.table.log(f"{self.player} ({self.address}): no session asked for; connection closed")
            self.conn.close()

    def session_requested(self) -> ViewSession:
        """A session; a player with a key takes a seat now, an invited one once the code is right."""
        why = None if self.invited else self.table.no_seat(self.player)
        if why is None and not self._still_allowed():  # a connection kept open after a removal
            why = f"{self.player} is no longer in the access list"
        if why is not None:
            self.table.refused(self.address, f"{self.who()}: {why}")
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, why)
        self.opened = True
        return ViewSession(self, seated=not self.invited)

    def _still_allowed(self) -> bool:
        try:
            known = access_list.read_access(self.table.campaign)
        except Exception:  # noqa: BLE001 - an unreadable list lets nobody in (a login says why)
            return False
        if self.invited:
            return known.invited(self.player)
        return self.key is not None and known.allows(self.player, self.key)

    def connection_requested(self, dest_host: str, dest_port: int, orig_host: str, orig_port: int) -> bool:
        self.table.refused(self.address, f"{self.who()}: port forwarding (-L to {dest_host[:60]!r}:{dest_port})")
        return False

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        self.table.refused(self.address, f"{self.who()}: port forwarding (-R on {listen_host[:60]!r}:{listen_port})")
        return False

    def unix_connection_requested(self, dest_path: str) -> bool:
        self.table.refused(self.address, f"{self.who()}: socket forwarding")
        return False

    def unix_server_requested(self, listen_path: str) -> bool:
        self.table.refused(self.address, f"{self.who()}: socket forwarding")
        return False


async def _at_most(seconds: float, waits: list[Awaitable[object]]) -> None:
    tasks = [asyncio.ensure_future(wait) for wait in waits]
    if tasks:
        _done, pending = await asyncio.wait(tasks, timeout=seconds)
        for task in pending:
            task.cancel()


def _signature(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


#: The largest host key file read (an ed25519 key is about 400 bytes, an RSA one a few KiB).
HOST_KEY_LIMIT = 64 * 1024


def host_key(path: Path) -> asyncssh.SSHKey:
    """The server's host key at ``path``, created (ed25519, ``rw-------``) on first use. Opened
    without waiting (a FIFO or a device there is refused at once, never read: the server would
    hang before listening), and only a regular file the GM alone can read is used; a symlink is
    followed (a key kept with the GM's dotfiles), its target checked the same way."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        if os.path.lexists(path):  # a symlink to nothing: not replaced by a new key behind the GM's back
            raise OSError(f"{path}: the host key is a symbolic link to a missing file") from None
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        key = asyncssh.generate_private_key("ssh-ed25519")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(key.export_private_key())
        return key
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(f"{path}: the host key is not a regular file (a FIFO, a device or a folder): not read")
        mode = st.st_mode & 0o077
        if mode:
            raise OSError(f"{path}: the host key is readable by others ({oct(mode)}); chmod 600 it")
        data = b""
        while len(data) <= HOST_KEY_LIMIT and (chunk := os.read(fd, HOST_KEY_LIMIT + 1 - len(data))):
            data += chunk
    finally:
        os.close(fd)
    if len(data) > HOST_KEY_LIMIT:
        raise OSError(f"{path}: the host key is larger than {HOST_KEY_LIMIT // 1024} KiB: not a key")
    return asyncssh.import_private_key(data)


async def serve(table: Table, key: asyncssh.SSHKey, host: str, port: int) -> asyncssh.SSHAcceptor:
    logging.getLogger("asyncssh").setLevel(logging.CRITICAL)
    return await asyncssh.create_server(
        lambda: PlayerServer(table),
        host,
        port,
        server_host_keys=[key],
        login_timeout=table.login_grace,
        keepalive_interval=table.keepalive,
        keepalive_count_max=KEEPALIVE_COUNT,
        agent_forwarding=False,
        x11_forwarding=False,
        allow_pty=True,
        line_editor=False,
        encoding=None,
        reuse_address=True,
    )
