"""Who may join a campaign's table over SSH (``apotheose players``, ``apotheose serve``).

Beside the campaign, ``NAME.access.json`` (the GM's alone, ``rw-------``) lists the players:
an SSH user name each, their public keys, and optionally the id of their character and its name
(the view then tells them when it is their turn: the server reads the name here, never the
campaign); the pending invitations: a player name, the SHA-256 of a one-time code and when it
expires; and where ``apotheose serve`` last listened (``players invite`` prints the join line). A code is printed once by ``players invite``;
the server checks it, then registers the key the player logged in with and forgets the code.
Changes are read-modify-write under a lock of their own (``.NAME.access.lock``), written
atomically; the server reads the file again at every login, so ``players add`` or ``remove``
takes effect at once. Keys are checked by their form here (type, base64, the type inside the
blob): this module imports no SSH library, so ``players`` answers as fast as ``check``.
"""

from __future__ import annotations

import base64
import binascii
import fcntl
import hashlib
import os
import re
import secrets
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import attrs

from core.errors import RulesError
from saves.atomic import atomic_write, load_bytes
from saves.envelope import EnvelopeFormat, Payload
from saves.errors import MissingFileError, SaveError
from saves.lock import open_lock_file

ACCESS = EnvelopeFormat("apotheose.access", 3)
SUFFIX = ".access.json"
KEY_TYPES = (
    "ssh-ed25519",
    "ssh-rsa",
    "ecdsa-sha2-nistp256",
    "ecdsa-sha2-nistp384",
    "ecdsa-sha2-nistp521",
    "sk-ssh-ed25519@openssh.com",
    "sk-ecdsa-sha2-nistp256@openssh.com",
)
#: A player's name is their SSH user name.
NAME = re.compile(r"[a-z_][a-z0-9_.-]{0,31}")
#: Invitation codes: 12 letters and digits that cannot be misread (about 60 bits), in groups of 4.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
DEFAULT_EXPIRY = 24 * 3600


@attrs.frozen
class Player:
    name: str
    #: ``type base64`` each (comments dropped): what a login's key is compared with.
    keys: tuple[str, ...] = ()
    #: The id of the player's character in the campaign, if given.
    pc: str | None = None
    #: Its name when the player was added or invited (what the players' view shows): the server
    #: passes it to the view without loading the campaign.
    pc_name: str | None = None
    #: Their seat gets the view as plain lines (``apotheose view --lines``): a screen reader,
    #: a braille display.
    lines: bool = False


@attrs.frozen
class Invitation:
    player: str
    #: SHA-256 (hex) of the code: the code itself is never stored.
    digest: str
    #: Seconds since the epoch.
    expires: float


@attrs.frozen
class Server:
    """Where ``apotheose serve`` last listened: the host players type and the port."""

    host: str
    port: int


@attrs.frozen
class Access:
    players: tuple[Player, ...] = ()
    invitations: tuple[Invitation, ...] = ()
    server: Server | None = None

    def player(self, name: str) -> Player | None:
        return next((p for p in self.players if p.name == name), None)

    def allows(self, name: str, key: str) -> bool:
        player = self.player(name)
        return player is not None and normal_key(key) in player.keys

    def invited(self, name: str, now: float | None = None) -> bool:
        now = time.time() if now is None else now
        return any(i.player == name and i.expires > now for i in self.invitations)

    def listed(self, now: float | None = None) -> list[str]:
        """Each player once, in order: ``alice``; ``bob (invited)`` when only a pending
        invitation lets them in; ``carol (invited again)`` when they have a key and a pending
        invitation too (a new device). A name with neither a key nor a pending invitation is
        left out: nobody can log in with it."""
        now = time.time() if now is None else now
        out, seen = [], set()
        for name in [*(p.name for p in self.players), *(i.player for i in self.invitations)]:
            if name in seen:
                continue
            seen.add(name)
            player, invited = self.player(name), self.invited(name, now)
            if player is not None and player.keys:
                out.append(f"{name} (invited again)" if invited else name)
            elif invited:
                out.append(f"{name} (invited)")
        return out


@ACCESS.migration(1)
def migrate_1_to_2(payload: Payload) -> Payload:
    """Version 2 adds each player's ``pc_name`` (unknown in version 1: the server then passes the
    id) and ``server``, where ``apotheose serve`` last listened (none yet)."""
    for player in payload.get("players", ()) if isinstance(payload.get("players"), list) else ():
        if isinstance(player, dict):
            player.setdefault("pc_name", None)
    payload.setdefault("server", None)
    return payload


@ACCESS.migration(2)
def migrate_2_to_3(payload: Payload) -> Payload:
    """Version 3 adds each player's ``lines`` (their seat gets plain lines): no one's yet."""
    for player in payload.get("players", ()) if isinstance(payload.get("players"), list) else ():
        if isinstance(player, dict):
            player.setdefault("lines", False)
    return payload


def access_path(campaign: str | os.PathLike[str]) -> Path:
    campaign = Path(campaign)
    stem = campaign.name[: -len(".json")] if campaign.name.endswith(".json") else campaign.name
    return campaign.with_name(f"{stem}{SUFFIX}")


def check_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise RulesError(
            "player",
            f"{name!r} cannot be an SSH user name: lower-case letters, digits, '_', '.', '-', up to 32, starting with a letter",
        )
    return name


def normal_key(text: str) -> str:
    """``type base64`` of an OpenSSH public key line (``type base64 [comment]``); raises
    :class:`RulesError` for anything else (a private key, a fingerprint, garbage)."""
    parts = text.strip().split()
    if len(parts) < 2 or parts[0] not in KEY_TYPES:
        raise RulesError(
            "key", "is not an OpenSSH public key (a line like 'ssh-ed25519 AAAA… alice@laptop', from a .pub file)"
        )
    kind, data = parts[0], parts[1]
    try:
        blob = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise RulesError("key", "is not an OpenSSH public key: its second word is not base64") from None
    size = int.from_bytes(blob[:4], "big") if len(blob) >= 4 else -1
    if blob[4 : 4 + size] != kind.encode() or len(blob) < 4 + size + 4:
        raise RulesError("key", f"is not an OpenSSH public key: its data is not a {kind} key")
    return f"{kind} {data}"


#: The most keys one key file may hold (an ``authorized_keys`` of a whole club is not a player's).
MAX_KEYS_IN_FILE = 16


def normal_keys(text: str) -> tuple[str, ...]:
    """Every key of a key file's text, as :func:`normal_key` gives it: one per line, as
    ``authorized_keys`` holds them (``ssh-copy-id`` adds them all), blank lines and ``#``
    comments skipped; a byte-order mark and Windows line ends (CRLF) are read as nothing. Raises
    :class:`RulesError` naming the line for a line that is not a public key, and for a file with
    no key or more than :data:`MAX_KEYS_IN_FILE`."""
    lines = [
        (n, line)
        for n, line in enumerate(text.removeprefix("\ufeff").splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        raise RulesError("key", "holds no public key (a line like 'ssh-ed25519 AAAA… alice@laptop', from a .pub file)")
    if len(lines) > MAX_KEYS_IN_FILE:
        raise RulesError("key", f"holds {len(lines)} keys: at most {MAX_KEYS_IN_FILE} for one player")
    if any(line.startswith("---") for _, line in lines):  # a private key, or a PEM / RFC 4716 block
        normal_key(lines[0][1])
    keys: list[str] = []
    for n, line in lines:
        try:
            key = normal_key(line)
        except RulesError as error:
            if len(lines) == 1:
                raise
            raise RulesError("key", f"line {n} {error.reason}") from None
        if key not in keys:
            keys.append(key)
    return tuple(keys)


def fingerprint(key: str) -> str:
    """OpenSSH's ``SHA256:…`` fingerprint of a key line."""
    blob = base64.b64decode(normal_key(key).split()[1])
    return "SHA256:" + base64.b64encode(hashlib.sha256(blob).digest()).decode().rstrip("=")


def digest(code: str) -> str:
    return hashlib.sha256(normalise_code(code).encode()).hexdigest()


def normalise_code(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch.isalnum())


def new_code() -> str:
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(12))
    return "-".join(raw[i : i + 4] for i in range(0, 12, 4))


def read_access(campaign: str | os.PathLike[str]) -> Access:
    """The campaign's access list (empty when there is no file yet)."""
    from saves.format import CONVERTER, detailed_converter, field_errors

    path = access_path(campaign)
    try:
        raw = load_bytes(path, limit=4 * 1024 * 1024)
    except MissingFileError:
        return Access()
    payload = ACCESS.open(raw, path)
    try:
        return CONVERTER.structure(payload, Access)
    except Exception:  # noqa: BLE001 - the detailed pass names the field
        try:
            detailed_converter().structure(payload, Access)
        except Exception as exc:  # noqa: BLE001
            field, reason = next(iter(field_errors(exc)), ("$", "cannot be read"))
            raise SaveError(path, reason, field) from None
        raise SaveError(path, "cannot be read") from None


def write_access(campaign: str | os.PathLike[str], access: Access) -> None:
    from saves.format import unstructure

    path = access_path(campaign)
    atomic_write(path, ACCESS.seal(unstructure(access, Access)), backups=0, new_mode=0o600)
    os.chmod(path, 0o600)  # the GM's alone, whatever it was made with


@contextmanager
def changing(campaign: str | os.PathLike[str]) -> Iterator[list[Access]]:
    """Read the access list under its lock; what the caller puts in ``box[0]`` is written."""
    path = access_path(campaign)
    lock = path.with_name(f".{path.name[: -len('.json')]}.lock")
    fd = open_lock_file(lock, path, private=True)  # a planted symlink or FIFO: a SaveError, nothing read
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        before = read_access(campaign)
        box = [before]
        yield box
        if box[0] != before:
            write_access(campaign, box[0])
    finally:
        os.close(fd)


def add_player(
    campaign: Path,
    name: str,
    key: str | tuple[str, ...],
    pc: str | None = None,
    pc_name: str | None = None,
    lines: bool | None = None,
) -> Access:
    """Authorise ``key`` (a key line, or the keys of a key file: :func:`normal_keys`) for player
    ``name``; with ``pc``, the id and name of their character; ``lines`` (unless None): whether
    their seat gets plain lines."""
    check_name(name)
    new = (normal_key(key),) if isinstance(key, str) else tuple(normal_key(k) for k in key)
    with changing(campaign) as box:
        access = box[0]
        player = access.player(name) or Player(name)
        keys = (*player.keys, *(k for k in new if k not in player.keys))
        if pc is not None:
            player = attrs.evolve(player, pc=pc, pc_name=pc_name)
        player = attrs.evolve(player, keys=keys, lines=player.lines if lines is None else lines)
        box[0] = attrs.evolve(access, players=(*(p for p in access.players if p.name != name), player))
        return box[0]


def remove_player(campaign: Path, name: str) -> bool:
    with changing(campaign) as box:
        access = box[0]
        known = access.player(name) is not None or any(i.player == name for i in access.invitations)
        box[0] = attrs.evolve(
            access,
            players=tuple(p for p in access.players if p.name != name),
            invitations=tuple(i for i in access.invitations if i.player != name),
        )
        return known


def invite(
    campaign: Path,
    name: str,
    seconds: float = DEFAULT_EXPIRY,
    pc: str | None = None,
    pc_name: str | None = None,
    lines: bool | None = None,
) -> tuple[str, float]:
    """A one-time code for ``name``: (the code, when it expires). Expired invitations go.
    ``pc`` and ``lines`` as :func:`add_player`'s."""
    check_name(name)
    code, now = new_code(), time.time()
    with changing(campaign) as box:
        access = box[0]
        kept = tuple(i for i in access.invitations if i.expires > now)
        players = access.players
        if pc is not None or lines is not None:
            player = access.player(name) or Player(name)
            if pc is not None:
                player = attrs.evolve(player, pc=pc, pc_name=pc_name)
            if lines is not None:
                player = attrs.evolve(player, lines=lines)
            players = (*(p for p in players if p.name != name), player)
        box[0] = attrs.evolve(
            access, players=players, invitations=(*kept, Invitation(name, digest(code), now + seconds))
        )
    return code, now + seconds


def remember_server(campaign: Path, host: str, port: int) -> None:
    """Keep where ``apotheose serve`` listens (written only when it changed)."""
    with changing(campaign) as box:
        box[0] = attrs.evolve(box[0], server=Server(host, port))


def redeem(campaign: Path, name: str, code: str, key: str) -> bool:
    """Use ``name``'s invitation ``code`` (once, before it expires) to register ``key``."""
    wanted, now = digest(code), time.time()
    with changing(campaign) as box:
        access = box[0]
        match = next(
            (
                i
                for i in access.invitations
                if i.player == name and i.expires > now and secrets.compare_digest(i.digest, wanted)
            ),
            None,
        )
        if match is None:
            return False
        key = normal_key(key)
        player = access.player(name) or Player(name)
        player = attrs.evolve(player, keys=player.keys if key in player.keys else (*player.keys, key))
        box[0] = attrs.evolve(
            access,
            players=(*(p for p in access.players if p.name != name), player),
            invitations=tuple(i for i in access.invitations if i is not match and i.expires > now),
        )
        return True
