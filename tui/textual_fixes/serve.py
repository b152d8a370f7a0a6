"""textual-serve's app service, running a process the app opens itself.

What textual-serve does: its ``AppService`` opens the Textual app with
``asyncio.create_subprocess_shell(command)``, in an environment copied from the server's own
(``AppService._open_app_process`` and ``_build_environment``); it keeps the process in the
private ``_process`` (its packet pump, ``run``, reads it there) and the pump's task in the private
``_task``, with no public way to reach either.

Why it is patched: the players' view of a browser tab must run without a shell (its command holds
a campaign's path and a character's name), in a process group of its own that dies with the
server, in an environment made for it (nothing of the server's); the tab waits for the pump and
cancels it when it goes. :class:`OwnProcessService` has a subclass open the process
(:meth:`~OwnProcessService.open_process`), then starts textual-serve's own pump, and keeps both
in public attributes. The one private name it touches is ``_process``, set for ``run`` to read
(``stdin``, the public property ``send_bytes`` writes to, is overridden).

Checked on textual-serve 1.1.3.
"""

from __future__ import annotations

import asyncio

from textual_serve.app_service import AppService


class OwnProcessService(AppService):
    """An ``AppService`` whose process a subclass opens (:meth:`open_process`), reached as
    :attr:`process`, its pump as :attr:`pump`."""

    #: The app's process, once started.
    process: asyncio.subprocess.Process | None = None
    #: textual-serve's pump (the app's output to the browser), once started.
    pump: asyncio.Task[None] | None = None

    async def open_process(self, width: int, height: int) -> asyncio.subprocess.Process:
        """Open the app's process, its stdin and stdout piped, for a terminal of that size. Override."""
        raise NotImplementedError

    @property
    def stdin(self) -> asyncio.StreamWriter:
        """The process's standard input (what ``send_bytes`` and ``send_meta`` write to)."""
        assert self.process is not None and self.process.stdin is not None
        return self.process.stdin

    async def start(self, width: int, height: int) -> None:
        """Open the process and start textual-serve's pump."""
        self.process = await self.open_process(width, height)
        self._process = self.process  # what textual-serve's ``run`` reads
        self.pump = asyncio.create_task(self.run())
