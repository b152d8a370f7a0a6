"""``apotheose view --lines``: the players' view as plain lines on standard output.

At start, the state in a few lines (:func:`tui.view.plain.opening`); then, at each change of the
players' file or its feed (the same :class:`tui.view.follow.Follower` as the view), one line per
change (:func:`tui.view.plain.changes`), flushed at once. No terminal is needed and none is
driven: no cursor movement, no colour, no escape sequence, so a screen reader, a braille
display or a chat bridge reads it as it comes.

It ends, with nothing left running (one process; the follower is a thread of it), on ctrl+c
(SIGINT), SIGTERM or SIGHUP, at the end of its input (ctrl+d in a terminal; an input that is
``/dev/null`` or a file is not watched, so ``view --lines < /dev/null | bridge`` runs on), when
its output is closed (the bridge stopped), and when the players' file goes away.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import stat
import sys
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from core.breakdown import Lang
from core.player_view import PlayerView
from saves.players_feed import Changes
from tui.i18n import t
from tui.view.follow import Follower
from tui.view.plain import changes, opening, plain

#: Exit statuses: stopped by the reader (a signal, end of input, output closed); the file went away.
STOPPED, FILE_GONE = 0, 1


def _watchable(fd: int) -> bool:
    """Whether the end of input on ``fd`` means the reader left: a terminal, a pipe or a
    socket; not ``/dev/null`` or a regular file (always at their end)."""
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        return False
    return os.isatty(fd) or stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)


def once(first: PlayerView, problem: str | None, *, lang: Lang, pc: str | None = None) -> int:
    """``--lines --once``: the opening lines (or why there are none yet), then stop."""
    said = opening(first, lang, pc) if problem is None else [t("view.lines.waiting", lang)]
    sys.stdout.write("".join(f"{plain(line)}\n" for line in said))
    return 0


class Lines:
    """Writes the lines of one players' file to ``out`` until told to stop."""

    def __init__(
        self,
        path: Path,
        first: PlayerView,
        *,
        lang: Lang,
        pc: str | None = None,
        problem: str | None = None,
        poll: bool = False,
        out: TextIO | None = None,
    ) -> None:
        self.path = path
        self.lang: Lang = lang
        self.pc = pc
        self.out = out if out is not None else sys.stdout
        self.view = first
        self.seen = problem is None  # the file was there: its going away ends the lines
        self.problem = problem
        self.status = STOPPED
        self.done = threading.Event()
        self._wake_r, self._wake_w = os.pipe()
        self.follower = Follower(path, self._changed, poll=poll)

    def _write(self, lines: Iterable[str]) -> None:
        text = "".join(f"{plain(line)}\n" for line in lines)
        if not text:
            return
        try:
            self.out.write(text)
            self.out.flush()
        except (BrokenPipeError, ValueError, OSError):  # the reader is gone
            self.stop()

    def stop(self, status: int = STOPPED) -> None:
        if not self.done.is_set():
            self.status = status
            self.done.set()
            with contextlib.suppress(OSError):
                os.write(self._wake_w, b"x")

    def _changed(self, view: PlayerView | None, problem: str | None, _changed: Changes) -> None:
        if self.done.is_set():
            return
        if view is None:
            if self.seen and not os.path.lexists(self.path):
                self._write([t("view.lines.file_gone", self.lang)])
                self.stop(FILE_GONE)
            elif problem is not None and problem != self.problem and self.seen:
                self._write([t("view.lines.problem", self.lang, problem=problem)])
            self.problem = problem
            return
        self.problem = None
        if not self.seen:  # the GM's app wrote it at last: the whole state, once
            self.seen = True
            self._write(opening(view, self.lang, self.pc))
        else:
            self._write(changes(self.view, view, self.lang, self.pc))
        self.view = view

    def run(self) -> int:
        """Write the opening lines, then the changes, until stopped; the exit status."""
        watched = [self._wake_r]
        try:
            stdin = sys.stdin.fileno() if sys.stdin is not None else -1
        except (OSError, ValueError):  # no real input (a test's stand-in)
            stdin = -1
        if stdin >= 0 and _watchable(stdin):
            watched.append(stdin)
        # The signals' handlers before the first line: whoever reads it may stop us at once.
        previous = {
            sig: signal.signal(sig, lambda _sig, _frame: self.stop())
            for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
        }
        try:
            self._write(opening(self.view, self.lang, self.pc) if self.seen else [t("view.lines.waiting", self.lang)])
            self.follower.start()
            while not self.done.is_set():
                try:
                    ready, _, _ = select.select(watched, [], [])
                except InterruptedError:  # a signal: its handler ran
                    continue
                if stdin in ready:
                    try:
                        data = os.read(stdin, 4096)
                    except OSError:
                        data = b""
                    if not data:  # end of input: the reader left
                        self.stop()
        finally:
            self.follower.stop()
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            os.close(self._wake_r)
            os.close(self._wake_w)
        return self.status
