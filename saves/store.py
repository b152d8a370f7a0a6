"""Opening, creating and autosaving campaign files.

``open_campaign`` loads a campaign and takes its lock; when another process holds the lock it
opens read-only and says who. A file that failed to load is never written by this process (the
GM may want to repair it by hand, or restore a backup: :func:`restore_backup`). The
:class:`AutoSaver` writes the latest journal from a background thread after each action; a
failed save keeps the state and is retried until it works.
"""

from __future__ import annotations

import contextlib
import os
import stat
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from core.campaign import Campaign
from core.journal import Journal
from saves.atomic import atomic_create, atomic_write, backups_of, load, load_bytes
from saves.errors import LockedError, MissingFileError, SaveError
from saves.format import Encoder, Loaded, encode, read_journal
from saves.lock import CampaignLock
from saves.paths import ensure_saves_dir
from saves.players_told import TellsPlayers

if TYPE_CHECKING:
    from saves.players_feed import Published
    from saves.players_file import Table

#: Seconds between retries of a failed autosave (the last one repeats).
RETRY_DELAYS = (1.0, 2.0, 5.0, 10.0, 30.0)

_refused: set[Path] = set()
_refused_guard = threading.Lock()


def _key(path: Path) -> Path:
    return Path(os.path.abspath(path))


def refuses(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` failed to load in this process, so that nothing may write over it."""
    with _refused_guard:
        return _key(Path(path)) in _refused


def _refuse(path: Path) -> None:
    with _refused_guard:
        _refused.add(_key(path))


def _accept(path: Path) -> None:
    with _refused_guard:
        _refused.discard(_key(path))


def load_campaign(path: str | os.PathLike[str], *, replay: bool = False) -> Loaded:
    """Read and check a campaign file (no lock). A :class:`SaveError` names the file, the field
    and the newest backup that loads; the file is then marked never to be written over.
    ``replay``: replay the history now (``apotheose check``), not on the first undo past it."""
    path = Path(path)
    try:
        return load(path, partial(read_journal, replay=True) if replay else read_journal)
    except SaveError as error:
        if not isinstance(error, MissingFileError):
            _refuse(path)
        raise


@attrs.define
class Opened:
    """An open campaign: its journal, its file, the lock (None when read-only) and who holds it
    when another process does."""

    journal: Journal
    path: Path
    lock: CampaignLock | None
    locked_by: str | None = None
    #: Why the undo history was reset, if it was (see :class:`saves.format.Loaded`).
    note: str | None = None
    #: Why the campaign could not be locked (not another process: a read-only folder, say): open read-only.
    unlockable: str | None = None
    #: The version of the file that was read (:func:`identity`), for the autosaver's check.
    seen: tuple[int, int, int, int] | None = None
    #: The players' file written at opening (None when read-only or not written).
    published: Published | None = None

    @property
    def read_only(self) -> bool:
        return self.lock is None

    def close(self) -> None:
        """Release the lock (flush the autosaver first)."""
        if self.lock is not None:
            self.lock.release()


def open_campaign(path: str | os.PathLike[str], *, read_only: bool = False, publish_now: bool = True) -> Opened:
    """Open a campaign file, locked for writing unless ``read_only``; read-only too when another
    process holds the lock (``locked_by`` says who) or the lock cannot be taken (``unlockable``).

    Raises :class:`SaveError` (``MissingFileError``, ``NotJsonError``, ``BadFieldError``…) when
    the file cannot be loaded; the lock is then not kept. ``publish_now=False``: ``AutoSaver(later=True)``.
    """
    path = Path(path)
    if not os.path.lexists(path):
        load_campaign(path)  # raises MissingFileError, pointing to a backup if one loads
    lock: CampaignLock | None = None
    locked_by = unlockable = None
    owner = _foreign_owner(path) if not read_only else None
    if owner is not None:  # another user's campaign (shared with us): never written by us
        unlockable = f"the campaign file belongs to {owner}"
    elif not read_only and not writable_folder(path.parent):
        unlockable = unwritable(path.parent)
    elif not read_only:
        try:
            lock = CampaignLock(path).acquire()
        except LockedError as error:
            locked_by = error.holder.describe() if error.holder is not None else "another process"
            if error.note:
                locked_by += f" ({error.note})"
        except SaveError as error:
            unlockable = error.reason
    seen = identity(path)  # before reading: a change made meanwhile then shows as a conflict
    try:
        loaded = load_campaign(path)
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    published = None
    if lock is not None and publish_now:  # the players' file follows the campaign from now on
        try:
            published = publish(path, loaded.journal)
        except (SaveError, OSError):
            pass  # the autosaver tries again at the next save, and says so if it fails
    return Opened(loaded.journal, path, lock, locked_by, loaded.note, unlockable, seen, published)


def writable_folder(folder: Path) -> bool:
    """Whether this user may create and replace files in ``folder`` (what every save does).
    By permissions (``os.access``): root may write anywhere but on a read-only file system."""
    return os.access(folder, os.W_OK | os.X_OK)


def unwritable(folder: Path) -> str:
    """What the GM is told when opening a campaign in a folder they cannot write."""
    return (
        f"you cannot write in the folder {folder}, so nothing could be saved: the campaign is open "
        f"read-only (give yourself write permission on that folder, or copy the campaign elsewhere)"
    )


def _foreign_owner(path: Path) -> str | None:
    from saves.share import foreign_owner

    return foreign_owner(path)


def create_campaign(path: str | os.PathLike[str], campaign: Campaign) -> Path:
    """Write a new campaign file; refuses to replace an existing one. Creates the folder."""
    path = Path(path)
    ensure_saves_dir(path.parent)
    with CampaignLock(path):
        if os.path.lexists(path):
            raise SaveError(path, "already exists; open it, or choose another name")
        save_campaign(path, Journal.start(campaign))
    return path


def save_campaign(path: Path, journal: Journal) -> None:
    """Write ``journal`` to the campaign file ``path`` (atomically, with backups), then its
    players' file (:mod:`saves.players_file`). The caller holds the campaign's lock."""
    atomic_write(path, encode(journal))
    publish(path, journal)


def publish(path: Path, journal: Journal, previous: Published | None = None, table: Table = ((), ())) -> Published:
    """Give the players of campaign ``path`` the picture of ``journal`` and ``table`` (nothing
    when it is ``previous``'s; see :mod:`saves.players_feed`); returns what was given. The
    caller holds the campaign's lock."""
    from saves.players_file import write_players

    return write_players(path, journal, previous=previous, table=table)


def restore_backup(path: str | os.PathLike[str], backup: str | os.PathLike[str]) -> None:
    """Put ``backup`` back as ``path``; the damaged file becomes ``path.1`` by the rotation.

    The backup must load (else its error is raised and nothing is written); the campaign's lock
    is taken for the write (:class:`LockedError` if another process holds it).
    """
    path, backup = Path(path), Path(backup)
    raw = load_bytes(backup)
    loaded = read_journal(raw, backup)
    with CampaignLock(path):
        atomic_write(path, raw)
        _accept(path)
        publish(path, loaded.journal)


def backups_that_load(path: str | os.PathLike[str]) -> list[tuple[Path, Loaded]]:
    """The backups of ``path`` that load, newest first, with what they hold."""
    found = []
    for backup in backups_of(Path(path)):
        try:
            found.append((backup, read_journal(load_bytes(backup), backup)))
        except SaveError:
            continue
    return found


#: Writes the bytes; may return what blocks a backup's name (see :func:`atomic_write`).
Writer = Callable[[Path, bytes], object]

#: What identifies the version of a file this process last read or wrote.
Identity = tuple[int, int, int, int]


def identity(path: Path) -> Identity | None:
    """``(device, inode, size, modification ns)`` of the file at ``path`` (not followed), or
    None when no regular file is there. Every save replaces the file (a new inode), so another
    writer's save always changes it."""
    try:
        st = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


class SaveConflict(SaveError):
    """Another writer took the campaign over (its lock was deleted, its file replaced, its
    folder recreated): this process stopped writing it and keeps its actions in ``side``."""

    def __init__(self, path: Path, why: str, side: Path) -> None:
        self.side = side
        super().__init__(
            path,
            f"{why}: not saved over it, so that nothing another writer saved is lost; "
            f"your changes are kept in {side} (open that file to go on with them)",
        )


def blocked_backup(blocker: Path) -> str:
    """What the GM is told (once) about something at a backup's name that is not a file."""
    return f"{blocker} is not a file (a folder?): that backup is skipped until it is moved away; saving goes on"


def conflict_path(path: Path, when: float | None = None) -> Path:
    """The side file for this process's actions when ``path`` was taken over:
    ``NAME.json.conflict-<UTC time>.json`` beside it."""
    import time

    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(when))
    return path.with_name(f"{path.name}.conflict-{stamp}.json")


def write_side_file(path: Path, data: bytes) -> Path:
    """Write ``data`` to a new side file of ``path``; never replaces any file (a taken name gets
    ``-2``, ``-3``… before ``.json``)."""
    first = conflict_path(path)
    for n in range(1, 1000):
        side = first if n == 1 else first.with_name(f"{first.name[: -len('.json')]}-{n}.json")
        try:
            atomic_create(side, data)
        except FileExistsError:
            continue
        except OSError as exc:
            raise SaveError(side, f"could not keep your changes there ({exc.strerror or exc})") from exc
        return side
    raise SaveError(path, "could not find a free name for a side file beside it")


class AutoSaver(TellsPlayers):
    """Saves the latest journal given to :meth:`save`, from a background thread.

    Bursts coalesce: only the newest journal is written. A failed save calls ``on_error(error)``,
    keeps the journal and retries after :data:`RETRY_DELAYS` until it works, then calls
    ``on_recovered()``; both are called from the saver's thread (an exception they raise is
    ignored). :meth:`flush` writes the latest journal now; :meth:`close` flushes and stops.
    Before each save of the campaign (once it is known to be still this process's to write) it
    writes the players' file (:func:`publish`) when what the players may see changed, so that
    they do not wait for the campaign's fsyncs; a failure there is told once through
    ``on_warning`` and the campaign is saved all the same. ``warm`` (the
    journal as opened) is encoded first, so that the first save costs only what changed (``later``: :meth:`shown`).

    Never over another writer's work: before each save it checks that the campaign file is
    still the version it last read or wrote (:func:`identity`) and that it still holds its lock
    (:meth:`CampaignLock.intact`). If not, it stops writing the campaign for good, writes the
    journal to a new side file beside it (:func:`write_side_file`; later saves replace that
    side file, its own), sets :attr:`conflict` and calls ``on_conflict(SaveConflict)`` once.
    Something at a backup's name that is not a file is skipped by the rotation and named once
    through ``on_warning(text)``.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        lock: CampaignLock | None,
        on_error: Callable[[Exception], object] | None = None,
        on_recovered: Callable[[], object] | None = None,
        *,
        on_conflict: Callable[[SaveConflict], object] | None = None,
        on_warning: Callable[[str], object] | None = None,
        seen: Identity | None = None,
        writer: Writer = atomic_write,
        delays: tuple[float, ...] = RETRY_DELAYS,
        published: Published | None = None,
        warm: Journal | None = None,
        later: bool = False,
    ) -> None:
        self.path = Path(path)
        if lock is None or not lock.held:
            raise SaveError(self.path, "cannot be saved: it is not locked for writing (opened read-only?)")
        self.lock = lock
        self.on_error = on_error
        self.on_recovered = on_recovered
        self.on_conflict = on_conflict
        #: Told once per blocker: something at a backup's name that is not a file.
        self.on_warning = on_warning
        self._warned: set[Path] = set()
        self._warned_about: set[str] = set()
        #: The version of the campaign file this process last read or wrote.
        self.seen = seen if seen is not None else identity(self.path)
        #: Set once another writer took the campaign over: saves then go to ``conflict.side``.
        self.conflict: SaveConflict | None = None
        self.writer = writer
        self.delays = delays or (0.0,)
        #: The last failure, while saves fail; None once a save works.
        self.error: Exception | None = None
        #: The journal as opened, encoded by the thread before any save; ``later``: its players' file owed.
        self._warm, self._owed = warm, later
        #: The players' file as last written (:func:`publish`): not written again when unchanged.
        self._published = published
        self._last = warm  # the journal a change of what the app tells is published with
        self._pending: Journal | None = None
        self._busy = False
        self._hurry = False
        self._closing = False
        self._attempts = 0
        self._failures = 0
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name=f"autosave {self.path.name}", daemon=True)
        self._thread.start()

    def save(self, journal: Journal) -> None:
        """Save ``journal`` soon, instead of any journal not written yet."""
        with self._changed:
            if self._closing:
                raise SaveError(self.path, "cannot be saved: its autosaver is closed")
            self._pending = journal
            self._changed.notify_all()

    @property
    def saved(self) -> bool:
        """Whether every journal given is on disk."""
        with self._changed:
            return self._pending is None and not self._busy

    def flush(self, timeout: float | None = None) -> bool:
        """Write the latest journal now (skipping any wait before a retry); True once it is on
        disk, False if that attempt failed or ``timeout`` passed."""
        with self._changed:
            if self._pending is None and not self._busy:
                return True
            needed = self._attempts + (2 if self._busy else 1)
            self._hurry = True
            self._changed.notify_all()
            self._changed.wait_for(
                lambda: (self._pending is None and not self._busy) or (self._attempts >= needed and not self._busy),
                timeout,
            )
            return self._pending is None and not self._busy

    def close(self, timeout: float | None = 10.0) -> bool:
        """Flush, then stop the thread; True when everything given was saved."""
        saved = self.flush(timeout)
        with self._changed:
            self._closing = True
            self._changed.notify_all()
        self._thread.join(timeout)
        return saved

    # -- the thread ------------------------------------------------------------------------------
    def _run(self) -> None:
        warm = self._publish_opening()  # when owed (``later``): once the app has drawn the campaign
        self._encoder = Encoder()  # cattrs' hooks: after it too
        with contextlib.suppress(Exception):  # only a head start: else the first save encodes whole
            if warm is not None:
                self._encoder.encode(warm)
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._pending is not None or self._retell or self._closing)
                if self._closing:
                    return
                journal = self._pending
                self._pending, self._busy, self._hurry, self._retell = None, True, False, False
            if journal is None:  # only what the app tells the players changed
                self._retold(self._last)
                continue
            try:
                conflict = self._write(journal)
            except Exception as error:  # noqa: BLE001 - any failure: keep the state, tell, retry
                self._failed(journal, error)
            else:
                self._succeeded()
                if conflict is not None:
                    _call(self.on_conflict, conflict)

    def _write(self, journal: Journal) -> SaveConflict | None:
        """Save ``journal``; the conflict when this save found the campaign taken over."""
        if self.conflict is not None:  # taken over before: the side file is ours
            atomic_write(self.conflict.side, self._encoder.encode(journal), backups=0)
            return None
        if refuses(self.path):
            raise SaveError(self.path, "did not load correctly; it is never written over")
        if not self.lock.held:
            raise SaveError(self.path, "cannot be saved: its lock was released")
        why = self._taken_over()
        if why is not None:
            side = write_side_file(self.path, self._encoder.encode(journal))
            self.conflict = SaveConflict(self.path, why, side)
            return self.conflict
        # The players' picture first: it is derived from the journal and written again whole at
        # every open, so it need not wait for the campaign's durable write (two fsyncs and the
        # backups' rotation: 10-25 ms), which the players would otherwise wait for on every change.
        self._last = journal
        self._publish(journal)
        data = self._encoder.encode(journal)
        try:
            blockers = self.writer(self.path, data)
        except BaseException:
            self._own_if_written(data)
            raise
        self.seen = identity(self.path)
        for blocker in blockers if isinstance(blockers, list) else ():
            if blocker not in self._warned:
                self._warned.add(blocker)
                _call(self.on_warning, blocked_backup(blocker))
        return None

    def _own_if_written(self, data: bytes) -> None:
        """After a write that failed once the file was replaced (its folder could not be synced):
        the file there is this process's save, not another writer's work, when it holds ``data``."""
        now = identity(self.path)
        if now is None or now == self.seen:
            return
        try:
            if load_bytes(self.path) == data:
                self.seen = now
        except SaveError:
            pass

    def _taken_over(self) -> str | None:
        """Why the campaign file may hold another writer's work now, or None."""
        if not self.lock.intact():
            return f"its lock file {self.lock.lock_file} was deleted or replaced under this app"
        now = identity(self.path)
        if now is not None and now != self.seen:  # nothing there: nobody's work to lose
            return "it was changed by another program since this app last read or saved it"
        return None

    def _succeeded(self) -> None:
        with self._changed:
            recovered = self._failures > 0
            self._busy, self._failures, self.error = False, 0, None
            self._attempts += 1
            self._changed.notify_all()
        if recovered:
            _call(self.on_recovered)

    def _failed(self, journal: Journal, error: Exception) -> None:
        with self._changed:
            if self._pending is None:
                self._pending = journal  # nothing newer came: this one is retried
            self._busy, self.error = False, error
            self._failures += 1
            self._attempts += 1
            delay = self.delays[min(self._failures, len(self.delays)) - 1]
            self._changed.notify_all()
        _call(self.on_error, error)
        with self._changed:  # a flush or close cuts the wait short
            self._changed.wait_for(lambda: self._hurry or self._closing, delay)


def _call(callback: Callable[..., object] | None, *args: object) -> None:
    if callback is None:
        return
    try:
        callback(*args)
    except Exception:  # noqa: BLE001, S110 - a broken callback must not stop the saving
        pass
