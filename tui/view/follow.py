"""Following a campaign file for the players' view: read-only, across atomic replacements.

:func:`read_view` reads the file (never writes, locks or creates anything: read permission on
the file and its folder is enough) and projects it with :func:`core.player_view.player_view_of`.
A :class:`Follower` thread watches the folder with ``watchfiles`` (inotify and friends; the GM's
saves replace the file by a rename, so the folder is watched, not the file) and falls back to
polling when no watcher can be had. Each time the file's identity (inode, size, times) changes it
reads it again and hands the new picture, or the reason it could not, to ``on_change``.
Imports no Textual.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

from core.breakdown import Line
from core.player_view import PlayerView, player_view
from saves.atomic import load_bytes
from saves.envelope import open_envelope
from saves.errors import MissingFileError, SaveError
from saves.format import checked

#: Seconds between looks at the file when polling (and the longest wait with a watcher).
POLL = 0.2
WATCH_TIMEOUT_MS = 400

Signature = tuple[int, int, int, int]
OnChange = Callable[[PlayerView | None, str | None], object]


def signature(path: Path) -> Signature | None:
    """What changes when the file is replaced or written (None when it is missing)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def read_view(path: Path) -> PlayerView:
    """The players' view of the campaign in ``path`` (raises :class:`SaveError`).

    The file passes the one validation ``apotheose check`` and the app run
    (:func:`saves.format.checked`: every field, text and reference, the history's too), so the
    view shows no file they refuse. The projection then takes the history's log lines and
    actions as they are in the file (it needs the text of a line and the strings of an action)."""
    raw = load_bytes(path)
    payload = open_envelope(raw, path)
    campaign = checked(raw, payload, path).campaign
    history = payload["history"]
    log = [(e["seq"], Line(e["line"]["en"], e["line"]["fr"])) for e in history["log"]]
    actions = {e["seq"]: e["action"] for e in (*history["done"], *history["undone"])}
    return player_view(campaign, log, actions)


def problem_of(error: Exception) -> str:
    """A calm one-line reason the file could not be read just now."""
    if isinstance(error, MissingFileError):
        return "the campaign file is missing for now (being replaced?)"
    if isinstance(error, SaveError):
        return f"the campaign file cannot be read just now ({error.reason})"
    return f"the campaign file cannot be read just now ({error!r})"


class Follower:
    """Calls ``on_change(view, None)`` after each change of ``path``, or ``on_change(None,
    problem)`` when it cannot be read (the caller keeps its last good picture)."""

    def __init__(self, path: Path, on_change: OnChange, *, poll: bool = False, seen: Signature | None = None) -> None:
        self.path = Path(path)
        self.on_change = on_change
        self.polling = poll
        self._seen = seen
        self._failed = False
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"follow {self.path.name}", daemon=True)

    def start(self) -> Follower:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def check(self) -> None:
        """Read the file again if it changed since last seen (or the last read failed)."""
        now = signature(self.path)
        if now == self._seen and not self._failed:
            return
        try:
            view = read_view(self.path)
        except (SaveError, OSError) as error:
            if not self._failed or now != self._seen:
                self.on_change(None, problem_of(error))
            self._seen, self._failed = now, True
            return
        if signature(self.path) != now:  # replaced while we read: read again next time
            now = None
        self._seen, self._failed = now, False
        self.on_change(view, None)

    def _run(self) -> None:
        if not self.polling:
            try:
                self._watch()
            except Exception:  # noqa: BLE001 - no watcher here (limits, odd file system): poll
                pass
        self.polling = True
        while not self._stop.wait(POLL):
            self.check()

    def _watch(self) -> None:
        import watchfiles

        for _changes in watchfiles.watch(
            self.path.parent,
            stop_event=self._stop,
            debounce=20,
            step=10,
            rust_timeout=WATCH_TIMEOUT_MS,
            yield_on_timeout=True,
            recursive=False,
            raise_interrupt=False,
            watch_filter=None,
        ):
            self.check()
        if not self._stop.is_set():
            raise RuntimeError("the watcher stopped")
