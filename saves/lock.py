"""One writer per campaign: an exclusive ``flock`` on ``name.json.lock``, taken without waiting.

The holder writes who it is (user, host, pid, since) to ``name.json.lock.info`` so that a second
process can say who has the campaign open. ``flock`` is released by the kernel when a process
dies, so the lock of a crashed process is recovered by the next one; its leftover info file is
reported in :attr:`CampaignLock.recovered`. Info naming another host while the lock is free is
not trusted to be stale (the folder may be shared with a machine whose locks we cannot see):
that still raises :class:`LockedError` unless ``acquire(force=True)``.

Why ``fcntl.flock`` on a descriptor we open rather than ``filelock.FileLock``: the project
allows filelock 3.13, whose lock files follow symlinks (fixed only in 3.20.1, CVE-2025-68146);
opening it ourselves with ``O_NOFOLLOW|O_NONBLOCK`` guarantees a planted symlink or FIFO is
refused, and keeping the descriptor lets us check the locked inode is still the lock file.
POSIX only, like the terminal it serves.
"""

from __future__ import annotations

import errno
import fcntl
import getpass
import os
import socket
import stat
from datetime import datetime, timezone
from pathlib import Path
from types import TracebackType

import attrs
import orjson

from saves.atomic import atomic_write, load_bytes, pid_alive, shared_folder
from saves.errors import LockedError, SaveError

_INFO_LIMIT = 64 * 1024


@attrs.frozen
class Holder:
    """Who holds a campaign's lock."""

    user: str
    host: str
    pid: int
    since: str = ""

    @classmethod
    def me(cls) -> Holder:
        """This process, now."""
        try:
            user = getpass.getuser()
        except Exception:  # noqa: BLE001 - no login name: fall back on the uid
            user = str(os.getuid())
        since = datetime.now(timezone.utc).isoformat(timespec="seconds")
        return cls(user=user, host=socket.gethostname(), pid=os.getpid(), since=since)

    def on_this_host(self) -> bool:
        return self.host == socket.gethostname()

    def is_dead(self) -> bool:
        """True only when the holder is known dead: same host and no such process."""
        return self.on_this_host() and not pid_alive(self.pid)

    def describe(self) -> str:
        text = f"{self.user} on {self.host} (pid {self.pid})"
        if self.since:
            text += f" since {self.since}"
        return text

    def to_json(self) -> bytes:
        return orjson.dumps(attrs.asdict(self))

    @classmethod
    def from_json(cls, raw: bytes) -> Holder | None:
        """Parse an info file; None when it is unreadable or malformed."""
        try:
            data = orjson.loads(raw)
        except orjson.JSONDecodeError:
            return None
        if not isinstance(data, dict):
            return None
        user, host, pid, since = (data.get(k) for k in ("user", "host", "pid", "since"))
        if not (isinstance(user, str) and isinstance(host, str) and type(pid) is int):
            return None
        since = since if isinstance(since, str) else ""
        return cls(user=_shown(user), host=_shown(host), pid=pid, since=_shown(since))


def _shown(text: str, limit: int = 256) -> str:
    """A forged info file's text made harmless: control characters escaped, cut to ``limit``."""
    from core.text import visible

    text = visible(text, lines=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def lock_path(path: Path) -> Path:
    """The lock file of campaign ``path``."""
    return path.with_name(path.name + ".lock")


def info_path(path: Path) -> Path:
    """The file naming the holder of campaign ``path``'s lock."""
    return path.with_name(path.name + ".lock.info")


def read_holder(path: Path) -> Holder | None:
    """Who the info file of campaign ``path`` names (it may be stale), or None."""
    try:
        return Holder.from_json(load_bytes(info_path(path), limit=_INFO_LIMIT))
    except SaveError:
        return None


def open_lock_file(lock: Path, campaign: Path, *, private: bool = False) -> int:
    """A descriptor of the lock file ``lock`` (made if missing), never through a symlink and
    never waiting on a FIFO: a symlink, a FIFO or anything but a regular file there is a
    :class:`SaveError` naming ``campaign`` and the lock file. ``private``: the GM's alone (0600)
    even in a shared folder."""
    base = os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    # Group members must open it too in a folder they all write (2770); in a folder shared for
    # reading only (``apotheose share``: 2750) nobody else may take the lock, so it stays 0600.
    shared = not private and shared_folder(lock.parent) and os.stat(lock.parent).st_mode & stat.S_IWGRP
    mode = 0o660 if shared else 0o600
    try:
        try:
            fd = os.open(lock, base | os.O_RDWR, mode)
        except PermissionError:
            fd = os.open(lock, base | os.O_RDONLY, mode)  # another member's lock file: flock needs no write
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise SaveError(campaign, f"its lock file {lock} is a symbolic link; refusing to use it") from exc
        raise SaveError(campaign, f"cannot open its lock file {lock} ({exc.strerror or exc})") from exc
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise SaveError(campaign, f"its lock file {lock} is not a regular file; refusing to use it")
    return fd


def _still_the_lock_file(fd: int, lock: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(fd), os.lstat(lock))
    except FileNotFoundError:
        return False


class CampaignLock:
    """Exclusive, non-blocking lock on one campaign file.

    ``with CampaignLock(path) as lock: ...`` or ``lock.acquire()`` … ``lock.release()``.
    Raises :class:`LockedError` (with ``.holder``) when another process holds it.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.lock_file = lock_path(self.path)
        self.info_file = info_path(self.path)
        self.holder: Holder | None = None
        self.recovered: Holder | None = None
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self, *, force: bool = False) -> CampaignLock:
        """Take the lock now or raise :class:`LockedError`; ``force`` ignores another host's info."""
        if self._fd is not None:
            return self
        for _ in range(10):
            fd = open_lock_file(self.lock_file, self.path)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                os.close(fd)
                if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    self._raise_locked()
                raise SaveError(self.path, f"cannot lock {self.lock_file} ({exc.strerror or exc})") from exc
            if _still_the_lock_file(fd, self.lock_file):
                break
            os.close(fd)  # the file was replaced while we waited for it: lock the new one
        else:
            raise SaveError(self.path, f"its lock file {self.lock_file} keeps being replaced")
        try:
            self._claim(fd, force)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        return self

    def _raise_locked(self) -> None:
        holder = read_holder(self.path)
        note = ""
        if holder is not None and holder.is_dead():
            note = "its recorded process has ended, but a process it started may still hold the lock"
        raise LockedError(self.path, holder, note)

    def _claim(self, fd: int, force: bool) -> None:
        previous = read_holder(self.path)
        if previous is not None and not previous.on_this_host() and not force:
            raise LockedError(
                self.path,
                previous,
                f"that machine's lock cannot be checked from here; if apotheose is no longer running "
                f"there, delete {self.info_file}",
            )
        me = Holder.me()
        atomic_write(self.info_file, me.to_json(), backups=0)
        self.holder = me
        self.recovered = previous  # info left behind: its holder ended without releasing

    def intact(self) -> bool:
        """Whether this process still holds the lock it took: the lock file at its name is still
        the one locked (not deleted or replaced, its folder not recreated) and the info file
        still names this process. False once released."""
        fd = self._fd
        if fd is None or not _still_the_lock_file(fd, self.lock_file):
            return False
        return read_holder(self.path) == self.holder

    def release(self) -> None:
        """Give the lock back (does nothing if it is not held)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            if read_holder(self.path) == self.holder:
                try:
                    os.unlink(self.info_file)
                except FileNotFoundError:
                    pass
        finally:
            self.holder = None
            os.close(fd)  # closing releases the flock; the empty lock file stays for the next one

    def __enter__(self) -> CampaignLock:
        return self.acquire()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()

    def __repr__(self) -> str:
        state = f"held by {self.holder.describe()}" if self.holder else "not held"
        return f"CampaignLock({str(self.path)!r}, {state})"
