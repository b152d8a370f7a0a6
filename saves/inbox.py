"""The GM's inbox: what players sent from their view, waiting for the GM (issue 38).

A folder beside the campaign, ``villon.inbox/`` beside ``villon.json``, that only the GM's
account can enter (mode ``rwx------``): ``apotheose serve``, which runs as the GM, posts there
what a player sent (:class:`core.player_send.Sent`, stamped with the player's seat), and the
GM's app reads it and settles each message, taken or refused. A player never writes here: a
player's view talks to ``serve`` only, and the shell-account recipe (``apotheose view`` on the
players' file) has no way in.

- One message waits per player at most: ``<player>.json`` (the player's name as a digest), and
  :func:`post` refuses a second while the first waits. A die the server rolled for a player
  cannot be rolled again until the GM has answered.
- The GM's answer is ``<player>.answer.json`` (the message's number and ``taken`` or
  ``refused``), which ``serve`` reads (:func:`answer_for`) to tell the player.
- Every file is written atomically (:func:`saves.atomic.atomic_write`, no backups), mode
  ``rw-------``, and read with a size limit: a file that cannot be read as a message is moved
  aside (``.bad``) and never read again; nothing here ever crashes the GM's app or ``serve``.
- A folder that is a symbolic link, not a folder, not the GM's, or open to others is refused
  with a :class:`saves.errors.SaveError` naming it.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
from pathlib import Path
from typing import Literal

from core.player_send import Sent
from saves.atomic import atomic_write
from saves.envelope import EnvelopeFormat
from saves.errors import SaveError

SUFFIX = ".inbox"
MESSAGE = EnvelopeFormat("apotheose.sent", 1)
ANSWER = EnvelopeFormat("apotheose.answer", 1)
#: The largest message or answer read (one is about 300 bytes).
LIMIT = 4096
Outcome = Literal["taken", "refused"]


def inbox_path(campaign: str | os.PathLike[str]) -> Path:
    """``villon.inbox`` beside ``villon.json``."""
    campaign = Path(campaign)
    stem = campaign.name[: -len(".json")] if campaign.name.endswith(".json") else campaign.name
    return campaign.with_name(f"{stem}{SUFFIX}")


def open_inbox(campaign: str | os.PathLike[str]) -> Path:
    """The campaign's inbox, made (``rwx------``) when it is not there yet; a
    :class:`SaveError` when what is there is not a folder only the GM can enter."""
    path = inbox_path(campaign)
    with contextlib.suppress(FileExistsError):
        os.mkdir(path, 0o700)
    check_inbox(path)
    return path


def check_inbox(path: Path) -> None:
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        raise SaveError(path, "is missing: the inbox has not been made") from None
    if stat.S_ISLNK(st.st_mode):
        raise SaveError(path, "is a symbolic link: an inbox must be a real folder")
    if not stat.S_ISDIR(st.st_mode):
        raise SaveError(path, "is not a folder")
    if st.st_uid != os.geteuid():
        raise SaveError(path, "belongs to another account: only the GM's account may own the inbox")
    if st.st_mode & 0o077:
        raise SaveError(path, f"is open to others (mode {stat.filemode(st.st_mode)}): it must be rwx------")


def _stem(player: str) -> str:
    return hashlib.sha256(player.encode()).hexdigest()[:20]


def message_path(inbox: Path, player: str) -> Path:
    return inbox / f"{_stem(player)}.json"


def answer_path(inbox: Path, player: str) -> Path:
    return inbox / f"{_stem(player)}.answer.json"


def _write(path: Path, data: bytes) -> None:
    atomic_write(path, data, backups=0, new_mode=0o600)


def _read(path: Path) -> bytes | None:
    """The file's bytes, None when it is not there; a file that is not a plain one, or too large,
    is put aside."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except OSError:
        _put_aside(path)
        return None
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            _put_aside(path)
            return None
        raw = file.read(LIMIT + 1)
    if len(raw) > LIMIT:
        _put_aside(path)
        return None
    return raw


def _put_aside(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.replace(path, path.with_name(path.name + ".bad"))


def encode_sent(sent: Sent) -> bytes:
    from saves.format import unstructure

    return MESSAGE.seal(unstructure(sent, Sent))


def decode_sent(raw: bytes, path: Path) -> Sent:
    from saves.format import CONVERTER

    return CONVERTER.structure(MESSAGE.open(raw, path), Sent)


def post(inbox: Path, sent: Sent) -> bool:
    """Leave ``sent`` for the GM; False (nothing written) while that player's last message
    waits. The player's previous answer is cleared: it is of a message already told."""
    check_inbox(inbox)
    path = message_path(inbox, sent.player)
    if _read(path) is not None:
        return False
    with contextlib.suppress(FileNotFoundError):
        os.unlink(answer_path(inbox, sent.player))
    _write(path, encode_sent(sent))
    return True


def waiting(inbox: Path) -> tuple[Sent, ...]:
    """Every message that waits, oldest first; nothing when there is no inbox. A file that is
    not a message is put aside (``.bad``), never read again."""
    try:
        check_inbox(inbox)
        names = sorted(os.listdir(inbox))
    except (SaveError, OSError):
        return ()
    found: list[tuple[int, Sent]] = []
    for name in names:
        if not name.endswith(".json") or name.endswith(".answer.json") or name.startswith("."):
            continue
        path = inbox / name
        raw = _read(path)
        if raw is None:
            continue
        try:
            sent = decode_sent(raw, path)
        except Exception:  # noqa: BLE001 - a bad file is put aside, whatever is wrong with it
            _put_aside(path)
            continue
        if path.name != message_path(inbox, sent.player).name:
            _put_aside(path)
            continue
        with contextlib.suppress(OSError):
            found.append((os.stat(path).st_mtime_ns, sent))
    return tuple(sent for _, sent in sorted(found, key=lambda pair: pair[0]))


def settle(inbox: Path, sent: Sent, outcome: Outcome) -> bool:
    """The GM's answer to ``sent``: its file removed and the answer left for ``serve``. False
    when that message no longer waits (settled already, or replaced by a newer one)."""
    path = message_path(inbox, sent.player)
    raw = _read(path)
    if raw is None:
        return False
    try:
        if decode_sent(raw, path) != sent:
            return False
    except Exception:  # noqa: BLE001
        _put_aside(path)
        return False
    _write(answer_path(inbox, sent.player), ANSWER.seal({"number": sent.number, "outcome": outcome}))
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    return True


def answer_for(inbox: Path, player: str) -> tuple[int, Outcome] | None:
    """The GM's last answer to ``player`` (the message's number and its outcome), or None."""
    path = answer_path(inbox, player)
    raw = _read(path)
    if raw is None:
        return None
    try:
        payload = ANSWER.open(raw, path)
        number, outcome = payload["number"], payload["outcome"]
    except Exception:  # noqa: BLE001
        _put_aside(path)
        return None
    if isinstance(number, bool) or not isinstance(number, int) or outcome not in ("taken", "refused"):
        _put_aside(path)
        return None
    return number, outcome


def is_waiting(inbox: Path, player: str) -> bool:
    return message_path(inbox, player).exists()
