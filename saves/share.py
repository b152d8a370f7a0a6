"""Sharing a campaign with the players' Unix group (``apotheose share``).

The folder becomes setgid and group-readable (``rwxr-s---``) but writable by the GM alone. The
players' file (:mod:`saves.players_file`, written first if missing) is the only file made
group-readable (``rw-r-----``): the campaign, its backups, its side files, the lock and its
holder file become the GM's alone (``rw-------``), so a player with a shell reads nothing the GM
hid, and cannot take the lock. Every later save keeps those modes and the group
(:func:`saves.atomic.atomic_write` keeps a replaced file's mode and group; new files in such a
folder are the GM's alone, :func:`saves.atomic.new_file_mode`). No symlink is followed: each
file is opened with ``O_NOFOLLOW`` and changed through its descriptor.
"""

from __future__ import annotations

import errno
import grp
import os
import pwd
import stat
from pathlib import Path

from saves.atomic import backups_of
from saves.errors import SaveError
from saves.lock import info_path, lock_path

FOLDER_MODE = 0o2750
#: The players' file: the group may read it.
PLAYERS_MODE = 0o640
#: Everything else of the campaign: the GM's alone.
GM_MODE = 0o600


def owner_name(uid: int) -> str:
    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"uid {uid}"


def foreign_owner(path: Path) -> str | None:
    """The user who owns ``path`` when that is not this process's user (None otherwise)."""
    try:
        uid = os.lstat(path).st_uid
    except OSError:
        return None
    return None if uid == os.geteuid() else owner_name(uid)


def _describe(mode: int) -> str:
    return stat.filemode(mode)


def _fix(path: Path, gid: int, mode: int, changes: list[str], *, directory: bool = False) -> None:
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK | (os.O_DIRECTORY if directory else 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise SaveError(path, "is a symbolic link; refusing to share through it") from exc
        raise SaveError(path, f"cannot be shared ({exc.strerror or exc})") from exc
    try:
        st = os.fstat(fd)
        if not (stat.S_ISDIR(st.st_mode) if directory else stat.S_ISREG(st.st_mode)):
            raise SaveError(path, "is not a regular file; refusing to share it")
        if st.st_uid != os.geteuid():
            raise SaveError(path, f"belongs to {owner_name(st.st_uid)}: only its owner can share it")
        before = stat.S_IFMT(st.st_mode) | stat.S_IMODE(st.st_mode)
        if st.st_gid != gid:
            os.fchown(fd, -1, gid)
        os.fchmod(fd, mode)
        after = stat.S_IFMT(st.st_mode) | mode
        old_group = _group_name(st.st_gid)
        if before != after or st.st_gid != gid:
            changes.append(f"{path}: {_describe(before)} {old_group} → {_describe(after)} {_group_name(gid)}")
    finally:
        os.close(fd)


def _group_name(gid: int) -> str:
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


def side_files(path: Path) -> list[Path]:
    """The campaign's other files beside it: conflict side files, Markdown exports of its log."""
    found = []
    for entry in os.scandir(path.parent):
        if entry.name.startswith(f"{path.name}.conflict-") or entry.name == f"{path.stem}-log.md":
            found.append(Path(entry.path))
    return sorted(found)


def unreachable(folder: Path, gid: int) -> list[str]:
    """The folders above ``folder`` that members of group ``gid`` cannot pass through."""
    blocked = []
    for parent in Path(os.path.abspath(folder)).parents:
        try:
            st = os.stat(parent)
        except OSError:
            continue
        if st.st_mode & stat.S_IXOTH or (st.st_gid == gid and st.st_mode & stat.S_IXGRP):
            continue
        blocked.append(f"{parent} ({_describe(st.st_mode)})")
    return blocked


def share_campaign(path: str | os.PathLike[str], group: str) -> list[str]:
    """Make campaign ``path`` readable by ``group`` (see the module); returns what changed, one
    line each, and warnings about folders above it the group cannot pass through."""
    # Here, not at the top: the app's opening imports this module for :func:`foreign_owner`
    # before its first frame (the access list and the players' feed: about 20 ms on a loaded machine).
    from saves.access import access_path
    from saves.players_feed import feed_path
    from saves.players_file import players_path

    path = Path(path)
    try:
        gid = grp.getgrnam(group).gr_gid
    except KeyError:
        raise SaveError(path, f"cannot be shared: there is no group {group!r}") from None
    if not os.path.lexists(path):
        raise SaveError(path, "no such campaign file")
    changes: list[str] = []
    _fix(path.parent, gid, FOLDER_MODE, changes, directory=True)
    players = players_path(path)
    if not os.path.lexists(players):
        from saves.store import load_campaign, publish

        publish(path, load_campaign(path).journal)
        changes.append(f"{players}: written (what the players may see)")
    _fix(players, gid, PLAYERS_MODE, changes)
    _fix(feed_path(players), gid, PLAYERS_MODE, changes)  # the players' feed beside it
    access = access_path(path)
    for file in (path, *backups_of(path), *side_files(path), lock_path(path), info_path(path), access):
        _fix(file, gid, GM_MODE, changes)
    changes.extend(
        f"warning: the group cannot pass through {blocked}; give it o+x (or g+x) or keep the campaigns elsewhere"
        for blocked in unreachable(path.parent, gid)
    )
    return changes
