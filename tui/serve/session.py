"""One player's SSH session of ``apotheose serve`` (:mod:`tui.serve.server`): the invitation
code typed in the terminal, the view in a pseudo-terminal of its own, the player's screen put
back (:data:`RESTORE`) whatever ends it, and the view's process group killed and reaped."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import signal
import struct
import termios
from collections.abc import Mapping
from typing import TYPE_CHECKING

import asyncssh

from saves import access as access_list
from tui.serve.channel import Channel, pair
from tui.serve.inbound import Seat

if TYPE_CHECKING:
    from tui.serve.server import PlayerServer

#: What puts a player's terminal back as it was before the view: keyboard protocol, paste, mouse
#: and focus reports off, line wrap on, colours reset, the normal screen, the cursor shown.
#: Sent at the end of every session, whatever ended it (the view's own exit already did it once).
RESTORE = (
    b"\x1b[<u\x1b[?2004l\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l\x1b[?1004l\x1b[?2048l"
    b"\x1b[?7h\x1b[0m\x1b[?1049l\x1b[?25h"
)
#: A terminal type passed to the view (anything else becomes xterm-256color).
TERM_TYPE = re.compile(r"[A-Za-z0-9._+-]{1,64}")
CODE_PROMPT = "Invitation code for {player}: "


class ViewSession(asyncssh.SSHServerSession[bytes]):
    """One player's session: a pseudo-terminal and the view running in it."""

    def __init__(self, server: PlayerServer, *, seated: bool) -> None:
        self.server = server
        self.table = server.table
        #: Whether the session counts against ``--max-sessions`` (not while a code is typed).
        self.seated = seated
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.master: int | None = None
        self.process: asyncio.subprocess.Process | None = None
        self._code: bytearray | None = None
        #: What the client typed before the prompt or the view was there (sent on to it then).
        self._early = bytearray()
        self._paused = False
        self._ended = False
        #: A seat of plain lines (``players add --lines``): its view never drove the terminal,
        #: so nothing is sent to put it back (not one escape sequence reaches a braille display).
        self.plain = False
        self._prompt_timer: asyncio.TimerHandle | None = None
        #: The channel from the view to the GM's inbox (a seat naming a PC), while the view runs.
        self.channel: asyncio.Task[None] | None = None
        self._done = asyncio.get_running_loop().create_future()
        self.table.sessions.add(self)

    # -- what the client asks --------------------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Mapping[int, int]
    ) -> bool:
        self.term = term_type if TERM_TYPE.fullmatch(term_type or "") else "xterm-256color"
        self.size = (term_size[0] or 80, term_size[1] or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    @property
    def ended(self) -> bool:
        return self._ended

    @property
    def awaiting_code(self) -> bool:
        return self.server.invited and not self.seated

    def exec_requested(self, command: str) -> bool:
        self.table.refused(self.server.address, f"{self.server.who()}: a command (only the view is served)")
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        self.table.refused(self.server.address, f"{self.server.who()}: the {subsystem[:40]!r} subsystem")
        return False

    def session_started(self) -> None:
        if self.term is None:
            self.table.refused(self.server.address, f"{self.server.who()}: no terminal (ssh -T)")
            self._say("apotheose serve: the players' view needs a terminal: run ssh without -T and without a command")
            self._exit(1)
            return
        if self.server.invited:
            self._code = bytearray()
            loop = asyncio.get_running_loop()
            self._prompt_timer = loop.call_later(self.table.login_grace, self._too_slow)
            self._write(CODE_PROMPT.format(player=self.server.player).encode())
            early, self._early = bytes(self._early), bytearray()
            self._typed(early)
            return
        self._start()

    def data_received(self, data: bytes, datatype: object) -> None:
        if self._code is not None:
            self._typed(data)
        elif self.master is not None:
            with contextlib.suppress(OSError):  # the view is gone, or its input is full: dropped
                os.write(self.master, data)
        elif len(self._early) < 4096:
            self._early += data

    def eof_received(self) -> bool:
        self.end()
        return False

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width or self.size[0], height or self.size[1])
        if self.master is not None:
            _set_size(self.master, *self.size)

    def pause_writing(self) -> None:
        if self.master is not None and not self._paused:
            self._paused = True
            asyncio.get_running_loop().remove_reader(self.master)

    def resume_writing(self) -> None:
        if self.master is not None and self._paused:
            self._paused = False
            asyncio.get_running_loop().add_reader(self.master, self._readable)

    def connection_lost(self, exc: Exception | None) -> None:
        self.end()

    # -- the invitation code -------------------------------------------------------------------------
    def _too_slow(self) -> None:
        """The code prompt has a deadline, as a login has (``--login-grace``)."""
        if self._code is not None and not self._ended:
            self._code = None
            self.table.refused(
                self.server.address, f"{self.server.who()}: no invitation code within {self.table.login_grace:g} s"
            )
            self._say(f"\r\napotheose serve: no code typed within {self.table.login_grace:g} s")
            self._exit(1)

    def _typed(self, data: bytes) -> None:
        assert self._code is not None
        for byte in data:
            if byte in (3, 4):  # ctrl+c, ctrl+d
                self._say("")
                self._exit(1)
                return
            if byte in (13, 10):
                self._redeem(bytes(self._code).decode("ascii", "ignore"))
                return
            if byte in (8, 127):
                if self._code:
                    self._code.pop()
                    self._write(b"\b \b")
            elif 33 <= byte < 127 and len(self._code) < 64:
                self._code.append(byte)
                self._write(bytes([byte]))

    def _redeem(self, code: str) -> None:
        self._code = None
        if self._prompt_timer is not None:
            self._prompt_timer.cancel()
        self._write(b"\r\n")
        server = self.server
        assert server.key is not None
        try:
            ok = access_list.redeem(self.table.campaign, server.player, code, server.key)
        except Exception as error:  # noqa: BLE001 - told, and nothing registered
            self.table.log(f"{server.player}: the invitation could not be used ({error})")
            ok = False
        if not ok:
            self.table.failed(server.address)
            self.table.refused(server.address, f"{server.who()}: a wrong or expired invitation code")
            self._say("apotheose serve: that code is wrong, used or expired; ask the GM for another")
            self._exit(1)
            return
        self.table.log(
            f"{server.player} ({server.address}): invitation used, key {access_list.fingerprint(server.key)} registered"
        )
        server.invited = False  # from now on a player with a key, like any other
        why = self.table.no_seat(server.player)
        if why is not None:
            self.table.refused(server.address, f"{server.who()}: {why}")
            self._say(f"apotheose serve: {why}; your key is registered: log in again later")
            self._exit(1)
            return
        self.seated = True
        self._start()

    # -- the view -------------------------------------------------------------------------------------
    def _start(self) -> None:
        asyncio.get_running_loop().create_task(self._run())

    def _seat(self) -> tuple[str | None, bool, Seat | None]:
        """The player's PC (by name), whether their seat has plain lines, and the seat that
        sends (a PC and the full view: :mod:`tui.serve.channel`), from the access list only."""
        pc, lines, seat = None, False, None
        with contextlib.suppress(Exception):  # the access list only: never the campaign
            player = access_list.read_access(self.table.campaign).player(self.server.player)
            pc = (player.pc_name or player.pc) if player is not None else None
            lines = self.plain = player is not None and player.lines
            if player is not None and pc and not lines:
                seat = Seat(self.server.player, player.pc or pc, pc)
        return pc, lines, seat

    async def _run(self) -> None:
        pc, lines, seat = self._seat()
        ours, theirs = pair() if seat is not None else (None, None)
        master, slave = os.openpty()
        _set_size(master, *self.size)
        os.set_blocking(master, False)
        try:
            self.process = await asyncio.create_subprocess_exec(
                *self.table.view_command(pc, lines=lines, send_fd=theirs.fileno() if theirs else None),
                stdin=slave,
                stdout=slave,
                stderr=slave,
                start_new_session=True,
                preexec_fn=_controlling_terminal,
                env=self.table.view_environment(self.term or "xterm-256color"),
                close_fds=True,
                pass_fds=(theirs.fileno(),) if theirs else (),
            )
        except OSError as error:
            os.close(master)
            if ours is not None:
                ours.close()
            self._say(f"apotheose serve: the view could not start ({error})")
            self._exit(1)
            return
        finally:
            os.close(slave)
            if theirs is not None:
                theirs.close()  # the view's now: when it ends, the channel reads its end
        if ours is not None and seat is not None:
            self.channel = asyncio.ensure_future(Channel(self.table.inbound, seat, ours).run())
        self.master = master
        self.table.log(f"{self.server.player} joined from {self.server.address} (view pid {self.process.pid})")
        if self._ended:  # the client left while the view was starting
            self._kill()
        else:
            asyncio.get_running_loop().add_reader(master, self._readable)
            if self._early:
                with contextlib.suppress(OSError):
                    os.write(master, bytes(self._early))
                self._early = bytearray()
        status = await self.process.wait()
        self._drain()
        self._close_master()
        self.table.log(f"{self.server.player} left ({self.server.address})")
        if status != 0 and not self._ended:
            self.table.log(f"{self.server.player} ({self.server.address}): the view ended with status {status}")
        self._restore()  # whatever ended the view (a crash, a kill): the player's screen is back
        self._exit(status if status >= 0 else 1)

    def _drain(self) -> None:
        """The view's last output (its own goodbye to the terminal) still in the pseudo-terminal."""
        if self.master is None or self._paused:
            return
        for _ in range(64):
            try:
                data = os.read(self.master, 65536)
            except OSError:  # nothing more (EAGAIN), or the view's side closed (EIO)
                return
            if not data:
                return
            self._write(data)

    def _readable(self) -> None:
        assert self.master is not None
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the view closed its terminal (it is ending)
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        self._write(data)

    def _close_master(self) -> None:
        if self.master is not None:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self.master)
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None

    def _kill(self) -> None:
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)  # the whole group: nothing outlives the session

    def finish(self, why: str) -> None:
        """End the session from the server's side: the view's output stops, the player's screen
        is put back as it was and told ``why``, then the channel closes and the view goes."""
        if self._ended:
            return
        if self.master is not None:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self.master)
        self._code = None
        self._restore()
        self._say(f"\r\n{why}")
        self._exit(1)

    def end(self) -> None:
        """The session is over (channel closed, client gone): the view goes with it."""
        if self._ended:
            return
        self._ended = True
        if self._prompt_timer is not None:
            self._prompt_timer.cancel()
        self._kill()
        if self.channel is not None:
            self.channel.cancel()
        if self.process is None and not self._done.done():
            self._done.set_result(None)
            self.table.sessions.discard(self)
        elif self.process is not None:
            asyncio.get_running_loop().create_task(self._reap())

    async def _reap(self) -> None:
        if self.process is not None:
            await self.process.wait()
        self._close_master()
        self.table.sessions.discard(self)
        if not self._done.done():
            self._done.set_result(None)

    async def reaped(self) -> None:
        await self._done

    def _restore(self) -> None:
        if not self.plain:
            self._write(RESTORE)

    def _write(self, data: bytes) -> None:
        if self.chan is not None and not self._ended:
            with contextlib.suppress(Exception):
                self.chan.write(data)

    def _say(self, text: str) -> None:
        if self.chan is not None and not self._ended:
            with contextlib.suppress(Exception):
                self.chan.write_stderr((text + "\r\n").encode())

    def _exit(self, status: int) -> None:
        if self.chan is not None and not self._ended:
            with contextlib.suppress(Exception):
                self.chan.exit(status)
        self.end()


def _set_size(fd: int, width: int, height: int) -> None:
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", min(height, 1000), min(width, 1000), 0, 0))


def _controlling_terminal() -> None:
    """In the child, after ``setsid``: its pseudo-terminal becomes its controlling terminal, so
    that window changes reach it (SIGWINCH) and it gets SIGHUP if the server goes."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
