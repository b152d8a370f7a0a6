"""The players' feed: each change of the players' picture as what changed, beside the players' file.

The players' file (:mod:`saves.players_file`) is the whole picture. Rewriting it after every
action costs the GM, and every view reading it, the size of the fight (3.5 MB at 10,000
combatants). So the GM's app writes it now and then (a *snapshot*), and after the other saves
appends the change to ``NAME.players.feed`` beside it: one line of JSON per change, a
:class:`core.player_feed.Delta` computed from the previous players' picture and the new one (the
projection only, never the campaign: the feed holds nothing the players' file would not).

    {"format": "apotheose.players.feed", "version": 1, "base": "<sha256 of the players' file>"}
    {"campaign": "Villon", "encounter": "…", "round": 2, …, "size": 9, "rows": [{"at": 3, "row": {…}}], "drop": 1, "log": [{…}]}

The first line names the players' file it follows (the SHA-256 of its bytes). A snapshot
replaces the players' file, then the feed (both atomically, the players' file first); a change
is one ``write`` at the end of the feed. A reader (:class:`FeedReader`, the players' view) reads
the players' file, then the feed's lines that follow that file, then only the bytes added since:
a change costs it its own size. A feed that follows another file (a snapshot under way, a GM's
app of an older version) is left alone until the next change: the players' file alone is then
the picture, as before the feed. A shell-account player's ``apotheose view`` reads both; the
players' file keeps its format.

A snapshot is taken when the GM's app opens the campaign, when the feed would grow past half the
players' file (at least :data:`FEED_MIN` bytes), and whenever the feed is not the one this app
wrote (removed, replaced).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs
import orjson

from core.player_feed import Delta, DeltaError, apply, changes_nothing, delta
from core.player_view import PlayerView, Projector
from saves.atomic import atomic_write, load_bytes
from saves.errors import BadFieldError, MissingFileError, SaveError
from saves.integrity import check_text
from saves.players_file import LIMIT, decode_view, encode_view, players_path, shared_mode

FORMAT = "apotheose.players.feed"
VERSION = 1
FEED_SUFFIX = ".feed"
#: The feed may grow to half the players' file, and to this many bytes at least.
FEED_MIN = 64 * 1024


def feed_path(players_file: str | os.PathLike[str]) -> Path:
    """``villon.players.feed`` beside ``villon.players.json``."""
    players_file = Path(players_file)
    return players_file.with_name(players_file.name.removesuffix(".json") + FEED_SUFFIX)


def digest(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def feed_header(base: str) -> bytes:
    return orjson.dumps({"format": FORMAT, "version": VERSION, "base": base}) + b"\n"


def encode_delta(change: Delta) -> bytes:
    from saves.format import unstructure

    return orjson.dumps(unstructure(change, Delta)) + b"\n"


def decode_delta(line: bytes, path: str | os.PathLike[str]) -> Delta:
    """One line of a feed (raises :class:`SaveError` naming the file)."""
    from saves.format import CONVERTER

    try:
        payload = orjson.loads(line)
    except orjson.JSONDecodeError:
        raise SaveError(path, "holds a line that is not JSON") from None
    check_text(line, payload, path)  # no terminal code reaches a player
    try:
        return CONVERTER.structure(payload, Delta)
    except Exception:  # noqa: BLE001 - a feed is rewritten whole at the next snapshot
        raise BadFieldError(path, "$", "is not a change of the players' picture") from None


def base_of(header: bytes, path: str | os.PathLike[str]) -> str:
    """The players' file a feed follows (the SHA-256 in its first line)."""
    try:
        payload: Any = orjson.loads(header)
    except orjson.JSONDecodeError:
        raise SaveError(path, "does not start with a players' feed header") from None
    if not (
        isinstance(payload, dict)
        and payload.get("format") == FORMAT
        and payload.get("version") == VERSION
        and isinstance(payload.get("base"), str)
    ):
        raise SaveError(path, f"is not a players' feed of version {VERSION}")
    return str(payload["base"])


# -- the GM's side ---------------------------------------------------------------------------
@attrs.frozen
class Published:
    """What the GM's app last gave the players: the picture, the players' file's size, and the
    feed as it left it (its inode and size)."""

    path: Path
    view: PlayerView
    snapshot: int
    feed_inode: int
    feed_size: int
    #: What made ``view``, to make the next picture at the cost of what changed.
    projector: Projector = attrs.field(factory=Projector, eq=False, repr=False)


def publish(
    campaign: str | os.PathLike[str],
    view: PlayerView,
    previous: Published | None = None,
    projector: Projector | None = None,
) -> Published:
    """Give the players ``view`` (made by ``projector``, if given: kept for the next one):
    nothing when it is ``previous``'s, else a line at the end of the feed, else a snapshot (see
    the module)."""
    path = players_path(campaign)
    if previous is not None and previous.path == path:
        change = delta(previous.view, view)
        if changes_nothing(previous.view, change):
            return previous
        line = encode_delta(change)
        if previous.feed_size + len(line) <= max(FEED_MIN, previous.snapshot // 2):
            size = _append(feed_path(path), line, previous.feed_inode, previous.feed_size)
            if size is not None:
                return attrs.evolve(previous, view=view, feed_size=size, projector=projector or Projector())
    return snapshot(path, view, projector)


def snapshot(path: Path, view: PlayerView, projector: Projector | None = None) -> Published:
    """Write the players' file ``path`` whole, then a feed that follows it."""
    data = encode_view(view)
    mode = shared_mode(path.parent)
    atomic_write(path, data, backups=0, new_mode=mode)
    header = feed_header(digest(data))
    feed = feed_path(path)
    atomic_write(feed, header, backups=0, new_mode=mode)
    return Published(path, view, len(data), os.lstat(feed).st_ino, len(header), projector or Projector())


def _append(feed: Path, line: bytes, inode: int, size: int) -> int | None:
    """Append ``line`` to ``feed`` if it is still the file this app left (its inode and size);
    its new size, or None (then a snapshot is taken)."""
    try:
        fd = os.open(feed, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if st.st_ino != inode or st.st_size != size:
            return None
        view = memoryview(line)
        while view:
            view = view[os.write(fd, view) :]
        return size + len(line)
    except OSError:
        return None
    finally:
        os.close(fd)


# -- the players' side -----------------------------------------------------------------------
#: The rows a reading changed (their places), or None: anything may have changed.
Changes = frozenset[int] | None


class FeedReader:
    """Follows a players' file and its feed: :meth:`read` gives the picture and what changed,
    reading only what was added to the feed since the last call (see the module)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.feed = feed_path(self.path)
        self.view: PlayerView | None = None
        self._file: tuple[int, int, int, int] | None = None
        self._base: PlayerView | None = None
        self._digest = ""
        self._feed_inode: int | None = None
        self._offset = 0
        #: the feed found not to follow the players' file (left until it changes)
        self._other: tuple[int, int] | None = None

    def read(self) -> tuple[PlayerView, Changes] | None:
        """The picture now and the rows changed since the last call, or None when nothing
        changed. Raises :class:`SaveError` when the players' file cannot be read."""
        file = _signature(self.path)
        feed = _signature(self.feed)
        if self.view is None or file is None or file != self._file:
            self._read_file(file)
            return self._with_feed(feed)
        if feed is not None and feed[0] == self._feed_inode:
            if feed[1] == self._offset:
                return None
            try:
                return self._more()
            except (SaveError, OSError, DeltaError):  # read the feed again whole
                return self._with_feed(feed)
        if feed is None or (feed[0], feed[1]) == self._other:
            return None
        return self._with_feed(feed)

    def _read_file(self, file: tuple[int, int, int, int] | None) -> None:
        raw = load_bytes(self.path, limit=LIMIT)
        self._base = self.view = decode_view(raw, self.path)
        self._digest = digest(raw)
        self._file = file if _signature(self.path) == file else None  # replaced meanwhile: again next time
        self._feed_inode, self._offset, self._other = None, 0, None

    def _with_feed(self, feed: tuple[int, int, int, int] | None) -> tuple[PlayerView, Changes]:
        """The players' file's picture and the feed's changes after it, read from its start."""
        assert self._base is not None
        self.view = self._base
        self._feed_inode, self._offset = None, 0
        if feed is not None:
            try:
                raw = load_bytes(self.feed, limit=LIMIT)
                end = raw.find(b"\n") + 1
                if end and base_of(raw[:end], self.feed) == self._digest:
                    self._feed_inode, self._offset = feed[0], end
                    self.view, _ = self._apply(raw[end:])
                else:
                    self._other = (feed[0], feed[1])
            except (SaveError, OSError, DeltaError):
                self.view, self._feed_inode, self._offset = self._base, None, 0
                self._other = (feed[0], feed[1])
        return self.view, None

    def _more(self) -> tuple[PlayerView, Changes]:
        """The changes appended to the feed since the last reading."""
        with open(self.feed, "rb") as f:
            if os.fstat(f.fileno()).st_ino != self._feed_inode:
                raise SaveError(self.feed, "was replaced")
            f.seek(self._offset)
            added = f.read(LIMIT)
        return self._apply(added)

    def _apply(self, added: bytes) -> tuple[PlayerView, Changes]:
        """Apply the whole lines of ``added`` (a line still being written waits)."""
        assert self.view is not None
        end = added.rfind(b"\n") + 1
        deltas = [decode_delta(line, self.feed) for line in added[:end].splitlines() if line.strip()]
        view, changed = self.view, _changes(self.view, deltas)
        for change in deltas:
            view = apply(view, change)
        self.view = view
        self._offset += end
        return view, changed


def _changes(view: PlayerView, deltas: Iterable[Delta]) -> Changes:
    """The rows ``deltas`` change (None when the table's length changes)."""
    changed: set[int] = set()
    for change in deltas:
        if change.size != len(view.rows):
            return None
        changed |= change.changed
    return frozenset(changed)


def _signature(path: Path) -> tuple[int, int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def read_picture(path: str | os.PathLike[str]) -> PlayerView:
    """The players' picture now: the players' file and the changes its feed holds."""
    result = FeedReader(path).read()
    if result is None:  # cannot happen on a first reading
        raise MissingFileError(Path(path), "no such file")
    return result[0]
