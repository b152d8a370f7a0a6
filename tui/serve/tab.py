"""One browser tab of ``apotheose serve --web``: its websocket and the players' view run for it.

The view (``apotheose view --browser``, Textual's web driver) talks over its stdin and stdout in
textual-serve's packets; :class:`Tab` is textual-serve's
:class:`~textual_serve.app_service.AppService` with the view started without a shell, in a
process group of its own, dying with the server, and an end that always ends (what it needs of
textual-serve's internals is in :mod:`tui.textual_fixes.serve`).

Every seat is bounded:

- in size: every size a tab asks for, the first and each resize, is clamped to
  :data:`MAX_COLUMNS` × :data:`MAX_ROWS` cells (and at least :data:`MIN_COLUMNS` ×
  :data:`MIN_ROWS`); a message that is not what the page sends is ignored;
- in rate: at most :data:`MAX_MESSAGES` messages a second are read from a tab (a tab that
  floods the server is slowed down, not the others);
- in time: when the tab goes (closed, its client killed, its link silent or renewed, the server
  stopping), nothing more is sent to it and its view's process group is killed at once (a view
  in a browser has no terminal to restore and nothing to save; asked to quit, a view blocked
  writing to a tab nobody reads could not even hear it), what it wrote is read to the end and
  thrown away; :meth:`Tab.end` returns within about ``1.25 × END_GRACE`` s whatever the view
  or the client were doing.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import signal
from collections.abc import Callable

from aiohttp import WSMsgType, web
from textual_serve.download_manager import DownloadManager

from tui.textual_fixes.serve import OwnProcessService

#: The most a tab's end may wait for its view to be gone, and for the closing handshake with its
#: browser, in seconds.
END_GRACE = 1.0
#: The widest and tallest a tab may ask for, and the smallest (in cells).
MAX_COLUMNS, MAX_ROWS = 500, 300
MIN_COLUMNS, MIN_ROWS = 10, 5
#: The most messages a tab may send in a second (keys, sizes, pings: a player sends a few); past
#: them the server reads nothing more from it until the second is over.
MAX_MESSAGES = 100


def clamp_size(width: object, height: object) -> tuple[int, int] | None:
    """The size a tab asked for, within the bounds; None when it is not two whole numbers."""
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (width, height)):
        return None
    assert isinstance(width, int) and isinstance(height, int)
    return max(MIN_COLUMNS, min(MAX_COLUMNS, width)), max(MIN_ROWS, min(MAX_ROWS, height))


class Tab(OwnProcessService):
    """One browser tab: its websocket and the players' view running for it."""

    def __init__(
        self,
        command: list[str],
        environment: Callable[[int, int], dict[str, str]],
        websocket: web.WebSocketResponse,
        downloads: DownloadManager,
        *,
        token: str,
        address: str,
        pass_fds: tuple[int, ...] = (),
    ) -> None:
        super().__init__(
            " ".join(command),
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=self._close_socket,  # the view said it ended
            download_manager=downloads,
        )
        self.argv = command
        self.environment = environment
        self.websocket = websocket
        self.token = token
        self.address = address
        #: Descriptors the view inherits (its end of the channel to the GM's inbox).
        self.pass_fds = pass_fds
        self._ending: asyncio.Task[None] | None = None

    async def open_process(self, width: int, height: int) -> asyncio.subprocess.Process:
        """The view, without a shell, in a process group of its own, dying with the server."""
        return await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self.environment(width, height),
            start_new_session=True,
            preexec_fn=_dies_with(os.getpid()),
            close_fds=True,
            pass_fds=self.pass_fds,
        )

    async def serve(self) -> None:
        """Until the tab goes or its view ends: the tab's messages to the view, the view's
        output to the tab (textual-serve's pump, started by :meth:`start`)."""
        messages = asyncio.ensure_future(self._messages())
        waited: set[asyncio.Future[None]] = {messages}
        if self.pump is not None:
            waited.add(self.pump)
        try:
            await asyncio.wait(waited, return_when=asyncio.FIRST_COMPLETED)
        finally:
            messages.cancel()

    async def _messages(self) -> None:
        """What the page sends: keys, sizes (clamped), focus, pings; anything else is ignored."""
        loop = asyncio.get_running_loop()
        second, count = loop.time(), 0
        async for message in self.websocket:
            count += 1
            if count > MAX_MESSAGES:  # too many in this second: wait for the next one
                await asyncio.sleep(max(0.0, second + 1 - loop.time()))
                second, count = loop.time(), 1
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = message.json()
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await self.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                size = clamp_size(data.get("width"), data.get("height"))
                if size is not None:
                    await self.set_terminal_size(*size)
            elif kind == "ping":
                await self.websocket.send_json(["pong", data])
            elif kind == "blur":
                await self.blur()
            elif kind == "focus":
                await self.focus()

    async def end(self) -> None:
        """The view ends (its process group killed): returns within about 1.25 × END_GRACE s
        whatever it was doing. Once: later calls wait for the same end, and a caller cancelled
        meanwhile does not stop it."""
        if self._ending is None:
            self._ending = asyncio.ensure_future(self._end())
        await asyncio.shield(self._ending)

    async def close(self) -> None:
        """The tab goes: its view ends and its websocket closes (bounded: a browser that reads
        nothing any more cannot hold the closing handshake)."""
        await asyncio.gather(self.end(), self._close_socket(), return_exceptions=True)

    async def _close_socket(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.websocket.close(), END_GRACE)

    async def _end(self) -> None:
        pump, self.pump = self.pump, None
        if pump is not None:  # nothing more goes to the tab: its reader is gone or going
            pump.cancel()
            await asyncio.wait({pump}, timeout=END_GRACE / 4)
        process = self.process
        if process is None:
            return
        _kill_group(process.pid)  # the view, and anything it left (nothing, normally)
        drain = asyncio.ensure_future(_drain(process))  # what it wrote, to the end of its pipes
        try:
            if process.stdin is not None:
                process.stdin.close()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(process.wait(), END_GRACE)
        finally:
            drain.cancel()


async def _drain(process: asyncio.subprocess.Process) -> None:
    """Read the view's output to its end, throwing it away."""

    async def away(stream: asyncio.StreamReader | None) -> None:
        if stream is not None:
            with contextlib.suppress(Exception):
                while await stream.read(1 << 16):
                    pass

    await asyncio.gather(away(process.stdout), away(process.stderr))


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def _dies_with(server: int) -> Callable[[], None]:
    """For the child, before it runs the view: SIGKILL when the server dies (Linux)."""

    def preexec() -> None:
        with contextlib.suppress(Exception):
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        if os.getppid() != server:  # the server died before prctl: go now
            os._exit(1)

    return preexec


__all__ = ["MAX_COLUMNS", "MAX_ROWS", "END_GRACE", "Tab", "clamp_size"]
