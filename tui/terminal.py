"""No terminal, no app: what the GM's app and the players' view check before they start.

Textual's input thread reads standard input in a loop: at end of file (``ssh -T``, ``ssh host
apotheose …`` without ``-t``, ``</dev/null``, a link that dropped) each read returns at once and
the loop spins at full CPU forever, holding the campaign's lock. So both apps refuse to start
when standard input is not a terminal (:func:`no_terminal`: one line, exit status 1, before any
lock is taken), and while they run a thread waits, at no cost, for the terminal to hang up
(:func:`on_hangup`: ``poll`` with no event asked reports only a hang-up or an error) and makes
the app leave then: the GM's app saves and releases its lock as on ``ctrl+q``.
"""

from __future__ import annotations

import os
import select
import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TextIO

#: What the apps say (after ``apotheose: `` or ``apotheose view: ``) without a terminal.
NO_TERMINAL = "standard input is not a terminal (over ssh, run it with -t, or without -T); nothing was opened"
HUNG_UP = "the terminal hung up (the link dropped?)"


def no_terminal(stream: TextIO | None = None) -> str | None:
    """Why the app cannot run on ``stream`` (standard input by default), or None when it can."""
    stream = sys.stdin if stream is None else stream
    try:
        if stream is not None and os.isatty(stream.fileno()):
            return None
    except (AttributeError, OSError, ValueError):  # closed, or not a file at all
        pass
    return NO_TERMINAL


def on_hangup(callback: Callable[[], object], stream: TextIO | None = None) -> threading.Thread | None:
    """Call ``callback()`` (from another thread) once the terminal on ``stream`` hangs up or
    fails; the thread sleeps in ``poll`` until then (a daemon: it never keeps the process)."""
    stream = sys.stdin if stream is None else stream
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    poller = select.poll()
    poller.register(fd, 0)  # no event asked: only POLLHUP, POLLERR or POLLNVAL wake it

    def wait() -> None:
        while True:
            try:
                events = poller.poll()
            except InterruptedError:  # pragma: no cover - retried by Python itself
                continue
            if any(mask & (select.POLLHUP | select.POLLERR | select.POLLNVAL) for _fd, mask in events):
                callback()
                return

    thread = threading.Thread(target=wait, name="hang-up watch", daemon=True)
    thread.start()
    return thread


def leave_on_hangup(app: Any, stream: TextIO | None = None) -> threading.Event:
    """Make the Textual ``app`` exit when the terminal hangs up; the event says it did."""
    hung_up = threading.Event()

    def leave() -> None:
        hung_up.set()
        for _ in range(200):  # the app may still be starting (10 s at most)
            try:
                app.call_from_thread(app.exit)
                return
            except RuntimeError:  # not running: not yet, or not any more
                time.sleep(0.05)

    on_hangup(leave, stream)
    return hung_up
