"""What a player may send from the players' view, and the shape of what reaches the GM (issue 38).

A player whose seat names a PC may send, for that PC only, the kult die of a roll the GM asks
of it (an :class:`Ask`, published in the players' file) or its turn calls for (an attack), typed
or rolled by the server for them ("roll for me"), and "I'm done" on the PC's turn. Nothing a
player sends changes the campaign: it waits (a :class:`Sent`, in the GM's inbox) until the GM
takes it with a key, or refuses it.

``initiative`` is a kind for completeness of the format, but Apothéose's initiative has no die
(RULES 1.4: it is the combat score), so the GM's app never asks one and no view offers it.

This module is pure: the values, their bounds, and :func:`may_send`, the one rule deciding
whether a kind may be sent now, which the view (to offer only what may be sent) and ``serve``
(to refuse the rest, whatever a client claims) both apply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, get_args

import attrs

from core.dice import KULT_DICE, kult_die
from core.errors import RulesError

if TYPE_CHECKING:
    from core.player_view import PlayerView

RollKind = Literal["attack", "defence", "initiative", "resistance"]
SentKind = Literal["attack", "defence", "initiative", "resistance", "done"]
ROLL_KINDS: tuple[RollKind, ...] = get_args(RollKind)
SENT_KINDS: tuple[SentKind, ...] = get_args(SentKind)
#: The longest player or PC name a message carries (the access list's names are shorter).
MAX_NAME = 80


def _kind(kinds: tuple[str, ...]) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value not in kinds:
            raise RulesError(
                attribute.name,
                f"{attribute.name} must be one of {', '.join(kinds)}, not {value!r}",
                kinds,
                f"{attribute.name} doit être l'un de {', '.join(kinds)}, pas {value!r}",
            )

    return check


def _name(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME or not value.isprintable():
        raise RulesError(
            attribute.name,
            f"{attribute.name} must be a printable name of 1 to {MAX_NAME} characters",
            None,
            f"{attribute.name} doit être un nom imprimable de 1 à {MAX_NAME} caractères",
        )


@attrs.frozen
class Ask:
    """A roll the GM's app asks of a PC (the GM opened the form it belongs to), published in
    the players' file: what the PC's player may send a die for."""

    #: The PC's name as the players' rows show it.
    pc: str = attrs.field(validator=_name)
    kind: RollKind = attrs.field(validator=_kind(ROLL_KINDS))


@attrs.frozen
class Sent:
    """One message of a player, as ``serve`` stamped it: who sent it comes from their seat (the
    access list), never from what the client wrote. ``die`` is the face, typed by the player or
    rolled by the server (``by_table``); it is None for "done", and always a face of ``kult``."""

    #: ``serve``'s number for this player's messages, from 1: tells a message from the next.
    number: int = attrs.field()
    #: The seat's player name.
    player: str = attrs.field(validator=_name)
    #: The PC's id (the seat's) and its name as the players see it.
    pc: str = attrs.field(validator=_name)
    pc_name: str = attrs.field(validator=_name)
    kind: SentKind = attrs.field(validator=_kind(SENT_KINDS))
    die: int | None = None
    by_table: bool = False
    #: The campaign's kult die (house rule ``kult_die``), whose faces bound ``die``.
    kult: str = attrs.field(default="d20-10", validator=_kind(tuple(KULT_DICE)))

    @number.validator
    def _number(self, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RulesError(
                "number",
                f"number must be a whole number ≥ 1, not {value!r}",
                None,
                f"number doit être un entier ≥ 1, pas {value!r}",
            )

    def __attrs_post_init__(self) -> None:
        if self.kind == "done":
            if self.die is not None or self.by_table:
                raise RulesError("die", "“done” carries no die", None, "« fini » ne porte pas de dé")
        elif self.die is None:
            raise RulesError("die", f"the {self.kind} roll needs its die", None, f"un jet ({self.kind}) demande son dé")
        else:
            kult_die(self.kult).check_face(self.die, "die")


@attrs.frozen
class Waiting:
    """A message the GM has not taken or refused yet, as the whole table sees it in the players'
    file (a die the server rolled for a player is shown as such)."""

    pc: str = attrs.field(validator=_name)
    kind: SentKind = attrs.field(validator=_kind(SENT_KINDS))
    die: int | None = None
    by_table: bool = False


#: Why a kind may not be sent now (the reason's key, its English and French words).
REASONS: dict[str, tuple[str, str]] = {
    "off": ("the GM turned sending off", "le MJ a coupé l'envoi"),
    "no_pc": ("your seat names no PC", "votre place ne nomme pas de PJ"),
    "not_asked": ("the GM has not asked that roll", "le MJ n'a pas demandé ce jet"),
    "not_your_turn": ("it is not your PC's turn", "ce n'est pas le tour de votre PJ"),
}


def may_send(view: PlayerView, pc_name: str | None, kind: str) -> str | None:
    """None when the player of ``pc_name`` may send ``kind`` now, else the key of
    :data:`REASONS` saying why not: sending is off (for the table or this PC); an attack is sent
    when asked or on the PC's turn; "done" on the PC's turn; the other rolls when asked."""
    if not pc_name:
        return "no_pc"
    if not view.sending or pc_name in view.muted:
        return "off"
    current = view.current
    own_turn = current is not None and current.kind == "pc" and current.name == pc_name
    if kind == "done":
        return None if own_turn else "not_your_turn"
    if kind not in ROLL_KINDS:
        return "not_asked"
    if Ask(pc_name, kind) in view.asks or (kind == "attack" and own_turn):
        return None
    return "not_asked"
