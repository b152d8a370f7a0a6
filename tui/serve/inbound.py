"""What a player's view may say to ``serve``, and what ``serve`` decides of it (issue 38).

The view and ``serve`` share one channel per seat (:mod:`tui.serve.channel`): the view writes
one small JSON line per message, ``serve`` answers with one JSON line per answer. This module
is the protocol and the decision, without any I/O:

- :func:`parse_request`: a line → a :class:`Request` (a kind, a typed die or "roll for me"),
  or ``"bad"`` for anything else (not JSON, not an object, other keys, a die that is not a
  whole number, a line longer than :data:`MAX_LINE`). The message carries no name: who sends
  is the seat's, never the message's, and no free text ever goes further.
- :func:`decide`: a request → a :class:`core.player_send.Sent` stamped with the seat, or the
  key of a reason (:data:`core.player_send.REASONS` and :data:`SERVE_REASONS`): the one rule
  (:func:`core.player_send.may_send`) applied to the players' file as ``serve`` reads it now,
  the die bound to the campaign's kult die, "roll for me" rolled here with the server's
  :class:`core.dice.RandomSource`.
- Answers (:func:`answer`): ``{"state": "sent", "number": 3, "kind": "attack", "die": 7,
  "by_table": false}``, ``{"state": "refused", "reason": "not_asked"}``, ``{"state": "taken",
  "number": 3}``, ``{"state": "gm_refused", "number": 3}``.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from core.dice import RandomSource, kult_die
from core.errors import RulesError
from core.player_send import ROLL_KINDS, SENT_KINDS, Sent, may_send
from core.player_view import PlayerView

#: The longest line the view may write (one is about 40 bytes); longer is refused whole.
MAX_LINE = 256
#: Why ``serve`` refused a message, beyond :data:`core.player_send.REASONS` (keys of the view's
#: texts, ``view.text.reason.<key>``).
SERVE_REASONS = (
    "bad",  # not a message: malformed, too long, an unknown kind
    "die",  # a die the campaign's kult die cannot show
    "busy",  # this player's last message still waits for the GM
    "slow",  # too soon after the last one (rate limit)
    "unreadable",  # the players' file cannot be read now
    "no_inbox",  # the GM's inbox cannot be used
)


@attrs.frozen
class Seat:
    """Who sends, from the access list (SSH) or the browser link: never from a message."""

    #: The player's name (the access list's), or the browser seat's.
    player: str
    #: The PC's id (the access list's, or the name when the seat knows no id) and its public name.
    pc: str
    pc_name: str


@attrs.frozen
class Request:
    """One message as the view wrote it: a kind, and a typed die or ``roll`` (roll for me)."""

    kind: str
    die: int | None = None
    roll: bool = False


def parse_request(line: bytes) -> Request | str:
    """``{"kind": "attack", "die": 7}``, ``{"kind": "attack", "die": "roll"}`` or
    ``{"kind": "done"}`` → its :class:`Request`; anything else → ``"bad"``."""
    if len(line) > MAX_LINE:
        return "bad"
    try:
        message: Any = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return "bad"
    if not isinstance(message, dict) or not set(message) <= {"kind", "die"}:
        return "bad"
    kind, die = message.get("kind"), message.get("die")
    if kind not in SENT_KINDS:
        return "bad"
    if kind == "done":
        return Request("done") if die is None else "bad"
    if die == "roll":
        return Request(kind, roll=True)
    if isinstance(die, bool) or not isinstance(die, int) or abs(die) > 1000:
        return "bad"
    return Request(kind, die)


def public_name(view: PlayerView, seat: Seat) -> str:
    """The seat's PC as the players' file writes it (its name in another case is the same PC)."""
    from core.player_pc import player_character, view_candidates

    for given in (seat.pc_name, seat.pc):
        try:
            found = player_character(given, view_candidates(view), unknown_ok=True)
        except RulesError:  # an NPC's or a group's name: not a PC the seat may send for
            return seat.pc_name
        if found is not None:
            return found.name
    return seat.pc_name


def decide(view: PlayerView, seat: Seat, request: Request, *, number: int, rng: RandomSource) -> Sent | str:
    """The message ``serve`` posts for ``seat`` (numbered ``number``), or why not."""
    name = public_name(view, seat)
    why = may_send(view, name, request.kind)
    if why is not None:
        return why
    if request.kind not in ROLL_KINDS:
        return Sent(number, seat.player, seat.pc, name, "done", kult=view.kult)
    die = kult_die(view.kult)
    if request.roll:
        return Sent(number, seat.player, seat.pc, name, request.kind, die.roll(rng), by_table=True, kult=view.kult)
    if request.die not in die.faces:
        return "die"
    return Sent(number, seat.player, seat.pc, name, request.kind, request.die, kult=view.kult)


def answer(state: str, **fields: object) -> bytes:
    """One answer line to the view."""
    return json.dumps({"state": state, **fields}, separators=(",", ":")).encode() + b"\n"


def answer_of_sent(sent: Sent) -> bytes:
    return answer("sent", number=sent.number, kind=sent.kind, die=sent.die, by_table=sent.by_table)


def parse_answer(line: bytes) -> dict[str, Any] | None:
    """An answer as the view reads it (None: not one: the view ignores it)."""
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or message.get("state") not in ("sent", "refused", "taken", "gm_refused", "off"):
        return None
    return message
