"""Reading and writing save files without ever losing one.

Writes: a temp file in the same folder (random name, ``O_CREAT|O_EXCL|O_NOFOLLOW``), write,
flush, fsync, rotate backups, ``os.replace``, fsync the folder. A crash at any moment leaves the
old file or the new one, never a mix.

Backups sit beside the file: ``name.json.1`` is the version just replaced, ``name.json.5`` the
oldest. Rotation renames them (and hard-links the current file to ``.1``), so a save costs the
same however many came before; nothing is copied unless the file system refuses hard links.

Temp files are named ``.name.json.<host>-<pid>-<random>.tmp``; one left by a killed process of
this host is removed by the next save of the same file.

File mode: a new file is ``rw-------``, or ``rw-r-----`` when the folder is shared by a group
of GMs (group-writable); the umask applies on top. A replaced file keeps its mode. Never
world-writable. Reads never modify anything; only :func:`atomic_write` writes.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
import secrets
import socket
import stat
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TypeVar

from saves.errors import MissingFileError, SaveError

T = TypeVar("T")

DEFAULT_BACKUPS = 5
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_UNSUPPORTED = {errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP}
_NO_HARD_LINKS = {errno.EPERM, errno.EACCES, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK, errno.ENOSYS}


def _token() -> str:
    """The random part of a temp file's name (replaced in tests to make it predictable)."""
    return secrets.token_hex(8)


def host_tag() -> str:
    """A short stable tag for this host, so a temp file from another machine is left alone."""
    return hashlib.sha1(socket.gethostname().encode()).hexdigest()[:8]


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` exists on this host (a process of another user counts)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except PermissionError:
        return True
    return True


def backup_path(path: Path, n: int) -> Path:
    """The ``n``-th newest backup of ``path`` (1 = the version just replaced)."""
    return path.with_name(f"{path.name}.{n}")


def backups_of(path: Path) -> list[Path]:
    """The existing backups of ``path``, newest first."""
    numbered = re.compile(re.escape(path.name) + r"\.([1-9][0-9]*)")
    found: list[tuple[int, Path]] = []
    with suppress(FileNotFoundError, NotADirectoryError):
        for entry in os.scandir(path.parent):
            match = numbered.fullmatch(entry.name)
            if match:
                found.append((int(match.group(1)), Path(entry.path)))
    return [p for _, p in sorted(found)]


def shared_folder(folder: Path) -> bool:
    """Whether ``folder`` is meant to be shared with its group (group-writable or setgid)."""
    mode = os.stat(folder).st_mode
    return bool(mode & (stat.S_IWGRP | stat.S_ISGID))


def new_file_mode(folder: Path) -> int:
    """The mode asked for a new file in ``folder``, before the umask: 0o640 in a folder the GMs
    of a group share (group-writable), else 0o600. A folder shared with the players (setgid but
    not group-writable: ``apotheose share``) keeps new files the GM's: only the players' file
    is theirs to read (:mod:`saves.players_file`)."""
    return 0o640 if os.stat(folder).st_mode & stat.S_IWGRP else 0o600


def _kept_mode(existing: os.stat_result) -> int:
    return stat.S_IMODE(existing.st_mode) & 0o777 & ~stat.S_IWOTH


def _temp_pattern(name: str) -> re.Pattern[str]:
    return re.compile(r"\." + re.escape(name) + r"\.([0-9a-f]{8})-([0-9]+)-[0-9a-f]+\.tmp")


def _remove_stale_temps(path: Path) -> None:
    """Remove temp files of ``path`` left by dead processes of this host."""
    pattern = _temp_pattern(path.name)
    here, me = host_tag(), os.getpid()
    with suppress(OSError):
        for entry in os.scandir(path.parent):
            match = pattern.fullmatch(entry.name)
            if match and match.group(1) == here:
                pid = int(match.group(2))
                if pid != me and not pid_alive(pid):
                    with suppress(OSError):
                        os.unlink(entry.path)


def _create_temp(path: Path, mode: int) -> tuple[Path, int]:
    """Create a fresh temp file beside ``path``; never opens an existing file or a symlink."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
    prefix = f".{path.name}.{host_tag()}-{os.getpid()}-"
    for _ in range(100):
        temp = path.with_name(f"{prefix}{_token()}.tmp")
        try:
            return temp, os.open(temp, flags, mode)
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "could not find a free temp file name", str(path.parent))


def _write_temp(path: Path, data: bytes, existing: os.stat_result | None, new_mode: int | None = None) -> Path:
    """Write ``data`` to a new temp file beside ``path``, synced to disk; return its path."""
    temp, fd = _create_temp(path, new_file_mode(path.parent) if new_mode is None else new_mode)
    try:
        with open(fd, "wb", closefd=True) as out:
            if existing is not None:
                os.fchmod(fd, _kept_mode(existing))
                if existing.st_gid != os.fstat(fd).st_gid:
                    with suppress(PermissionError):
                        os.fchown(fd, -1, existing.st_gid)
            out.write(data)
            out.flush()
            os.fsync(fd)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise
    return temp


def _rotate(path: Path, backups: int, existing: os.stat_result) -> None:
    """Shift ``.1``…``.n-1`` up by one (dropping ``.n``) and make ``.1`` the current version."""
    newest = backup_path(path, 1)
    with suppress(OSError):
        if os.path.samestat(os.lstat(newest), existing):
            return  # a save killed after linking: ``.1`` already is the current version
    with suppress(FileNotFoundError, IsADirectoryError):  # a folder planted there is skipped
        os.unlink(backup_path(path, backups))
    for n in range(backups - 1, 0, -1):
        with suppress(FileNotFoundError, IsADirectoryError, NotADirectoryError):
            if not os.path.isdir(backup_path(path, n + 1)):  # never move a backup into a folder
                os.rename(backup_path(path, n), backup_path(path, n + 1))
    try:
        os.unlink(newest)  # planted after the shift: never link onto it
    except FileNotFoundError:
        pass
    except IsADirectoryError:
        raise SaveError(path, f"cannot keep its backup: {newest} is a folder; move it away") from None
    try:
        os.link(path, newest, follow_symlinks=False)
    except OSError as exc:
        if exc.errno not in _NO_HARD_LINKS:
            raise
        # No hard links here (FAT, some network shares): copy the one current version instead.
        copy = _write_temp(path, load_bytes(path), existing)
        try:
            os.replace(copy, newest)
        except BaseException:
            with suppress(OSError):
                os.unlink(copy)
            raise


def _sync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in _UNSUPPORTED:
            raise SaveError(folder, f"saved, but the folder could not be synced to disk ({exc.strerror})") from exc
    finally:
        os.close(fd)


def atomic_write(path: Path, data: bytes, *, backups: int = DEFAULT_BACKUPS, new_mode: int | None = None) -> list[Path]:
    """Replace ``path`` with ``data`` so that a crash leaves either the old or the new file.

    Keeps the last ``backups`` versions as ``path.1`` (newest) … ``path.<backups>``; returns
    what blocks a backup's name (:func:`backup_blockers`: skipped, for the caller to report).
    ``new_mode``: the mode of a new file (before the umask; default :func:`new_file_mode`). A symlink at
    ``path`` is replaced, never written through. Raises :class:`SaveError` naming the file when
    the write fails; the previous version is then untouched.
    """
    path = Path(path)
    if backups < 0:
        raise ValueError(f"backups must be at least 0, got {backups}")
    _remove_stale_temps(path)
    temp: Path | None = None
    try:
        try:
            existing: os.stat_result | None = os.lstat(path)
        except FileNotFoundError:
            existing = None
        if existing is not None and not stat.S_ISREG(existing.st_mode):
            existing = None  # a symlink or oddity: replaced, not followed, and not kept as a backup
        temp = _write_temp(path, data, existing, new_mode)
        if backups and existing is not None:
            _rotate(path, backups, existing)
        os.replace(temp, path)
        temp = None
        blockers = backup_blockers(path, backups)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SaveError(path, f"could not save ({reason}); the previous version is unchanged") from exc
    finally:
        if temp is not None:
            with suppress(OSError):
                os.unlink(temp)
    _sync_folder(path.parent)
    return blockers


def backup_blockers(path: Path, backups: int = DEFAULT_BACKUPS) -> list[Path]:
    """What sits at a backup's name of ``path`` and is not a file (a folder, a link, a pipe):
    rotation skips it, so that backup is not kept until it is moved away."""
    found = []
    for n in range(1, backups + 1):
        with suppress(OSError):
            if not stat.S_ISREG(os.lstat(backup_path(path, n)).st_mode):
                found.append(backup_path(path, n))
    return found


def atomic_create(path: Path, data: bytes) -> None:
    """Write a new file ``path`` holding ``data``, complete or not at all; never replaces
    anything (:class:`FileExistsError` if the name is taken, by a file, folder or link)."""
    path = Path(path)
    temp = _write_temp(path, data, None)
    try:
        try:
            os.link(temp, path, follow_symlinks=False)
        except OSError as exc:
            if exc.errno not in _NO_HARD_LINKS:
                raise
            if os.path.lexists(path):  # no hard links here: a check, then a rename
                raise FileExistsError(errno.EEXIST, "already exists", str(path)) from exc
            os.rename(temp, path)
    finally:
        with suppress(OSError):
            os.unlink(temp)
    _sync_folder(path.parent)


def load_bytes(path: Path, *, limit: int | None = None) -> bytes:
    """Read a save file without modifying anything; a symlink or a non-regular file is refused."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
    except FileNotFoundError as exc:
        raise MissingFileError(path, "no such file") from exc
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise MissingFileError(path, "is a symbolic link; open the file it points to") from exc
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from exc
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise MissingFileError(path, "is not a regular file")
    with open(fd, "rb", closefd=True) as handle:
        return handle.read() if limit is None else handle.read(limit)


def newest_loading_backup(path: Path, loader: Callable[[bytes, Path], object]) -> Path | None:
    """The newest backup of ``path`` that ``loader(raw, backup_path)`` accepts, or None."""
    for backup in backups_of(Path(path)):
        try:
            loader(load_bytes(backup), backup)
        except Exception:  # noqa: BLE001 - any failure means "does not load"
            continue
        return backup
    return None


def load(path: Path, loader: Callable[[bytes, Path], T]) -> T:
    """Read ``path`` and hand its bytes to ``loader``; never writes.

    When reading or loading fails with a :class:`SaveError`, the error's ``backup`` is set to the
    newest backup that loads, so its message can point the GM to it.
    """
    path = Path(path)
    try:
        return loader(load_bytes(path), path)
    except SaveError as error:
        if error.backup is None:
            error.backup = newest_loading_backup(path, loader)
        raise
