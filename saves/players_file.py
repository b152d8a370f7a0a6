"""The players' file: all the players may see of a campaign, ``NAME.players.json`` beside it.

The GM's app writes it after every save of the campaign (:class:`saves.store.AutoSaver`), and
when it opens one; ``apotheose new`` and ``share`` write it too. It holds exactly the projection
the players' view shows (:func:`core.player_view.player_view_of`: the visible rows and the log
lines the players may read), in a versioned envelope of its own, written atomically like a
campaign (without backups). The view and ``apotheose serve`` read only this file: the campaign,
with its hidden combatants, notes and NPC characteristics, stays the GM's alone (``share``
makes this file the only group-readable one), and a view's read costs the same however long the
campaign's history is.

    {"format": "apotheose.players", "version": 2, "campaign": "Villon", "encounter": "…",
     "round": 2, "rows": [{"name": "Segiere", "kind": "pc", "hp": 12, …, "bar": null, "damage": null}],
     "log": [{"en": …, "fr": …}], "next_up": "Morvan", "your_turn": true,
     "asks": [{"pc": "Segiere", "kind": "defence"}], "sending": true, "muted": [],
     "waiting": [{"pc": "Segiere", "kind": "defence", "die": 7, "by_table": false}], "kult": "d20-10"}

Version 2 (the GM's display choices of issue 29): a row's ``bar`` and ``damage``, the view's
``next_up`` and ``your_turn``; ``round`` is null when the GM hides the round counter.

Version 3 (players take part, issue 38: :mod:`core.player_send`): the rolls the GM asks of PCs
(``asks``), whether players may send (``sending``, and ``muted``: the PCs whose players may not),
what players sent that waits for the GM (``waiting``) and the campaign's kult die (``kult``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from core.journal import Journal
from core.player_send import Ask, Waiting
from core.player_view import PlayerView, Projector, player_view_of
from saves.envelope import EnvelopeFormat, Payload
from saves.errors import BadFieldError, SaveError
from saves.integrity import check_text

if TYPE_CHECKING:
    from core.journal import Journal
    from saves.players_feed import Published

#: What the GM's app tells the players beside the campaign (issue 38): the rolls it asks of PCs
#: now, and what players sent that waits for the GM.
Table = tuple[tuple[Ask, ...], tuple[Waiting, ...]]

FORMAT = "apotheose.players"
CURRENT_VERSION = 3
PLAYERS = EnvelopeFormat(FORMAT, CURRENT_VERSION)
SUFFIX = ".players.json"
#: The players' file is group-readable when the folder is shared (setgid or group-writable).
SHARED_MODE = 0o640
#: The largest players' file read (thousands of rows fit in a few hundred kB).
LIMIT = 16 * 1024 * 1024


@PLAYERS.migration(1)
def migrate_1_to_2(payload: Payload) -> Payload:
    """Version 2 adds a row's ``bar`` and ``damage`` (HP as a bar, as the damage taken), who is
    next (``next_up``) and whether the view tells a player their turn (``your_turn``). A
    version-1 file showed neither a bar, nor the damage, nor who is next, and told the turn."""
    for row in payload.get("rows", ()) if isinstance(payload.get("rows"), list) else ():
        if isinstance(row, dict):
            row.setdefault("bar", None)
            row.setdefault("damage", None)
    payload.setdefault("next_up", None)
    payload.setdefault("your_turn", True)
    return payload


@PLAYERS.migration(2)
def migrate_2_to_3(payload: Payload) -> Payload:
    """Version 3 adds what players may send: nothing was asked of a PC or waited then, sending
    was on (there was nothing to send with), and the die was the default one."""
    payload.setdefault("asks", [])
    payload.setdefault("sending", True)
    payload.setdefault("muted", [])
    payload.setdefault("waiting", [])
    payload.setdefault("kult", "d20-10")
    return payload


def players_path(campaign: str | os.PathLike[str]) -> Path:
    """``villon.players.json`` beside ``villon.json`` (a campaign name has no dot of its own)."""
    campaign = Path(campaign)
    stem = campaign.name[: -len(".json")] if campaign.name.endswith(".json") else campaign.name
    return campaign.with_name(f"{stem}{SUFFIX}")


def encode_view(view: PlayerView) -> bytes:
    from saves.format import unstructure

    return PLAYERS.seal(unstructure(view, PlayerView))


def decode_view(raw: bytes, path: str | os.PathLike[str]) -> PlayerView:
    """The players' view in a players' file's bytes; a :class:`SaveError` names the file and field."""
    from saves.format import CONVERTER, detailed_converter, field_errors

    if len(raw) >= LIMIT:
        raise SaveError(path, f"is larger than {LIMIT // (1024 * 1024)} MiB: not a players' file")
    payload = PLAYERS.open(raw, path)
    check_text(raw, payload, path)  # no terminal code reaches a player
    try:
        return CONVERTER.structure(payload, PlayerView)
    except Exception:  # noqa: BLE001 - the detailed pass names the field
        try:
            detailed_converter().structure(payload, PlayerView)
        except Exception as exc:  # noqa: BLE001 - its first error is the one to name
            field, reason = next(iter(field_errors(exc)), ("$", "cannot be read"))
            raise BadFieldError(path, field, reason) from None
        raise SaveError(path, "cannot be read as a players' file") from None


def read_players(path: str | os.PathLike[str]) -> PlayerView:
    """The players' picture: a players' file and the changes its feed holds since
    (:mod:`saves.players_feed`; never writes, locks or creates anything)."""
    from saves.players_feed import read_picture

    return read_picture(path)


def write_players(
    campaign: str | os.PathLike[str],
    journal: Journal,
    *,
    previous: Published | None = None,
    table: Table = ((), ()),
) -> Published:
    """Give the players the picture of ``journal``: nothing when it is ``previous``'s, else
    the change at the end of the players' feed, else this file whole
    (:func:`saves.players_feed.publish`). Group-readable in a shared folder, the GM's alone
    elsewhere; a replaced file keeps its mode (``share``'s). ``table``: what the GM's app asks of
    PCs now and what players sent that waits (issue 38), which the campaign does not hold."""
    from saves.players_feed import publish

    projector = previous.projector if previous is not None else Projector()
    view = player_view_of(journal, projector)
    asks, waiting = table
    if asks or waiting:
        view = attrs.evolve(view, asks=asks, waiting=waiting)
    return publish(campaign, view, previous, projector)


def shared_mode(folder: Path) -> int:
    from saves.atomic import shared_folder

    try:
        return SHARED_MODE if shared_folder(folder) else 0o600
    except OSError:
        return 0o600
