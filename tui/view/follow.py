"""Following the players' file for the players' view: read-only, across atomic replacements.

:func:`read_view` reads the campaign's players' picture: the players' file and the changes its
feed holds (:mod:`saves.players_feed`: what the GM's app writes after each save; never the
campaign itself), and never writes, locks or creates anything: read permission on the files and
their folder is enough. A :class:`Follower` thread watches the folder and, at each change of the
players' file or of its feed, reads what changed (a change appended to the feed costs its own
bytes, not the fight's size) and hands the new picture, the rows that changed, or the reason it
could not read, to ``on_change``.

The watch sleeps until the folder changes: on Linux it blocks on an inotify descriptor (nothing
runs while nothing changes, but a look every :data:`IDLE_LOOK` s); elsewhere it uses
``watchfiles`` (which looks at its events every :data:`STEP_MS` ms); where neither can be had,
it polls every :data:`POLL` s. Imports no Textual.
"""

from __future__ import annotations

import ctypes
import os
import select
import struct
import threading
from collections.abc import Callable
from pathlib import Path

from core.player_view import PlayerView
from saves.errors import MissingFileError, SaveError
from saves.players_feed import Changes, FeedReader, feed_path
from saves.players_file import read_players

#: Seconds between looks at the file when polling.
POLL = 0.2
WATCH_TIMEOUT_MS = 2000
#: How often ``watchfiles`` looks at its events (ms): each look wakes the view up, idle or not.
STEP_MS = 40
#: Seconds an inotify watch sleeps before a look of its own when nothing changes.
IDLE_LOOK = 30.0

Signature = tuple[int, int, int, int]
OnChange = Callable[[PlayerView | None, str | None, Changes], object]

# inotify(7)
IN_MODIFY, IN_ATTRIB = 0x2, 0x4
IN_MOVED_FROM, IN_MOVED_TO, IN_CREATE, IN_DELETE = 0x40, 0x80, 0x100, 0x200
IN_DELETE_SELF, IN_MOVE_SELF, IN_Q_OVERFLOW, IN_IGNORED = 0x400, 0x800, 0x4000, 0x8000
#: A change appended (modify), a file replaced (moved to), made, removed or its mode changed;
#: not its closing after a write (the write was seen).
WATCHED = IN_MODIFY | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO | IN_CREATE | IN_DELETE
GONE = IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED
EVENT = struct.Struct("iIII")


def signature(path: Path) -> Signature | None:
    """What changes when the file is replaced or written (None when it is missing)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def read_view(path: Path) -> PlayerView:
    """The players' picture of the players' file ``path`` and its feed (raises
    :class:`SaveError`); a text holding a control character is refused, naming its field."""
    return read_players(path)


def problem_of(error: Exception) -> str:
    """A calm one-line reason the file could not be read just now."""
    if isinstance(error, MissingFileError):
        return "waiting for the GM: the players' file is not there (the GM's app writes it)"
    if isinstance(error, SaveError):
        return f"the players' file cannot be read just now ({error.reason})"
    return f"the players' file cannot be read just now ({error!r})"


class Follower:
    """Calls ``on_change(view, None, changed)`` after each change of ``path`` or its feed
    (``changed``: the places of the rows that changed, None: any), or ``on_change(None,
    problem, None)`` when it cannot be read (the caller keeps its last good picture)."""

    def __init__(self, path: Path, on_change: OnChange, *, poll: bool = False) -> None:
        self.path = Path(path)
        self.on_change = on_change
        self.polling = poll
        self.reader = FeedReader(self.path)
        self._names = {self.path.name, feed_path(self.path).name}
        self._failed: Signature | None | bool = False
        self._stop = threading.Event()
        self._wake_r, self._wake_w = os.pipe()
        self._closed = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name=f"follow {self.path.name}", daemon=True)

    def start(self) -> Follower:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        with self._lock:  # never a write to a descriptor closed (and maybe reused) since
            if not self._closed:
                os.write(self._wake_w, b"x")

    def check(self) -> None:
        """Read what changed since the last look (everything after a failed one)."""
        try:
            result = self.reader.read()
        except (SaveError, OSError) as error:
            now = signature(self.path)
            if self._failed is False or now != self._failed:
                self.on_change(None, problem_of(error), None)
            self._failed = now
            return
        failed, self._failed = self._failed is not False, False
        if result is not None:
            self.on_change(result[0], None, result[1])
        elif failed and self.reader.view is not None:  # readable again, unchanged
            self.on_change(self.reader.view, None, frozenset())

    def _run(self) -> None:
        try:
            self.check()
            if not self.polling:
                try:
                    if not self._inotify():
                        self._watch()
                except Exception:  # noqa: BLE001 - no watcher here (limits, odd file system): poll
                    pass
            self.polling = True
            while not self._stop.wait(POLL):
                self.check()
        finally:
            with self._lock:
                self._closed = True
                os.close(self._wake_r)
                os.close(self._wake_w)

    def _inotify(self) -> bool:
        """Block on an inotify watch of the folder until the players' file or its feed changes
        (or the follower stops); False when inotify cannot be had here."""
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            init, add = libc.inotify_init1, libc.inotify_add_watch
        except (OSError, AttributeError):
            return False
        fd = init(os.O_NONBLOCK | os.O_CLOEXEC)
        if fd < 0:
            return False
        try:
            if add(fd, os.fsencode(self.path.parent), WATCHED | GONE) < 0:
                return False
            while not self._stop.is_set():
                ready, _, _ = select.select([fd, self._wake_r], [], [], IDLE_LOOK)
                if self._wake_r in ready:
                    break
                if fd not in ready:
                    self.check()  # a look now and then
                    continue
                mask, names = self._events(fd)
                if mask & (IN_Q_OVERFLOW | GONE) or names & self._names:
                    self.check()
                if mask & GONE:
                    raise RuntimeError("the folder went away")
            return True
        finally:
            os.close(fd)

    @staticmethod
    def _events(fd: int) -> tuple[int, set[str]]:
        """The events waiting: their masks together, and the names they are about."""
        mask, names = 0, set[str]()
        while True:
            try:
                data = os.read(fd, 65536)
            except BlockingIOError:
                return mask, names
            at = 0
            while at + EVENT.size <= len(data):
                _, event, _, size = EVENT.unpack_from(data, at)
                name = data[at + EVENT.size : at + EVENT.size + size].rstrip(b"\0")
                mask |= event
                names.add(os.fsdecode(name))
                at += EVENT.size + size

    def _watch(self) -> None:
        import watchfiles

        for _changes in watchfiles.watch(
            self.path.parent,
            stop_event=self._stop,
            debounce=20,
            step=STEP_MS,
            rust_timeout=WATCH_TIMEOUT_MS,
            yield_on_timeout=True,
            recursive=False,
            raise_interrupt=False,
            watch_filter=None,
        ):
            self.check()
        if not self._stop.is_set():
            raise RuntimeError("the watcher stopped")
