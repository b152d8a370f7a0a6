"""How a condition reads: in a log line, on an initiative row, on a sheet and on the status line
at a turn's start (RULES 1.4: conditions are the GM's; their timing is :class:`Lasts`)."""

from __future__ import annotations

from collections.abc import Callable

from core.campaign import Campaign
from core.encounter import Condition, Encounter, Lasts
from core.turns import de_turn as _de

Pair = tuple[str, str]


def lasting(campaign: Campaign, condition: Condition) -> Pair:
    """How long ``condition`` lasts as the GM gave it, said after its name in a log line."""
    if condition.lasts is Lasts.ROUNDS:
        n = condition.rounds
        plural = "s" if n is not None and n > 1 else ""
        return f" for {n} round{plural}", f" pour {n} round{plural}"
    if condition.lasts is Lasts.REMOVED:
        return " until removed", " jusqu'à retrait"
    assert condition.of is not None
    who, de_who = campaign.name_of(condition.of), _de(campaign, condition.of)
    if condition.lasts is Lasts.TURN_START:
        return f" until the start of {who}'s next turn", f" jusqu'au début du prochain tour {de_who}"
    return f" until the end of {who}'s next turn", f" jusqu'à la fin du prochain tour {de_who}"


def rounds_left(condition: Condition, *, own_turn: bool = False) -> int | None:
    """The rounds a condition of N rounds has left as the GM reads them: its bearer's turns to
    come, the one under way not counted. ``own_turn``: it is its bearer's turn now, whose end
    counts it down (the count kept, :attr:`Condition.rounds`, includes that end: ``stunned 2``
    set during the bearer's own turn keeps 3 and reads 2, what the GM typed and the log says)."""
    if condition.rounds is None:
        return None
    return condition.rounds - 1 if own_turn else condition.rounds


def own_turn(encounter: Encounter, key: str) -> bool:
    """Whether it is ``key``'s turn now, one whose end counts its conditions down (not delaying)."""
    if encounter.current != key:
        return False
    part = encounter.participant(key)
    return part is not None and not part.delaying


def tag(condition: Condition, name_of: Callable[[str], str], *, short: bool = False, own_turn: bool = False) -> Pair:
    """A row's tag: ``stunned 2`` (2 of its bearer's turns left), ``blessed`` (until removed),
    ``shielded →Alduin`` (until Alduin's turn starts), ``taunted →end Alduin`` (until it ends).
    ``short`` (a narrow row): ``stun2``, ``bles``, ``shie→Ald``, ``taun⇥Ald``. ``own_turn``: its
    bearer's turn is under way (:func:`rounds_left`); one ending with it reads ``stunned ⇥``."""
    name = condition.name[:4] if short else condition.name
    if condition.lasts is Lasts.ROUNDS:
        n = rounds_left(condition, own_turn=own_turn)
        shown = "⇥" if n == 0 else n
        text = f"{name}{shown}" if short else f"{name} {shown}"
        return text, text
    if condition.lasts is Lasts.REMOVED or condition.of is None:
        return name, name
    who = name_of(condition.of)
    if short:
        arrow = "→" if condition.lasts is Lasts.TURN_START else "⇥"
        return f"{name}{arrow}{who[:3]}", f"{name}{arrow}{who[:3]}"
    if condition.lasts is Lasts.TURN_START:
        return f"{name} →{who}", f"{name} →{who}"
    return f"{name} →end {who}", f"{name} →fin {who}"


def left(campaign: Campaign, condition: Condition, *, own_turn: bool = False) -> Pair:
    """What is left of ``condition``, for a sheet: ``stunned (2 rounds left)`` (``own_turn``:
    its bearer's turn is under way, see :func:`rounds_left`)."""
    name = condition.name
    if condition.lasts is Lasts.ROUNDS:
        n = rounds_left(condition, own_turn=own_turn)
        if n == 0:
            return f"{name} (ends with this turn)", f"{name} (finit avec ce tour)"
        return (
            f"{name} ({n} round{'s' if n != 1 else ''} left)",
            f"{name} ({n} round{'s' if n != 1 else ''} restant{'s' if n != 1 else ''})",
        )
    if condition.lasts is Lasts.REMOVED or condition.of is None:
        return f"{name} (until removed)", f"{name} (jusqu'à retrait)"
    who, de_who = campaign.name_of(condition.of), _de(campaign, condition.of)
    nxt = condition.rounds is not None and condition.rounds > 1
    if condition.lasts is Lasts.TURN_START:
        return f"{name} (until {who}'s turn starts)", f"{name} (jusqu'au début du tour {de_who})"
    if nxt:
        return f"{name} (until {who}'s next turn ends)", f"{name} (jusqu'à la fin du prochain tour {de_who})"
    return f"{name} (until {who}'s turn ends)", f"{name} (jusqu'à la fin du tour {de_who})"


def ending_this_turn(encounter: Encounter) -> tuple[tuple[str, Condition], ...]:
    """(bearer, condition) of every condition that ends when the current turn ends."""
    key = encounter.current
    current = encounter.participant(key) if key is not None else None
    if current is None or current.delaying:
        return ()
    out: list[tuple[str, Condition]] = []
    for p in encounter.participants:
        for c in p.conditions:
            last = c.rounds == 1
            if last and ((c.lasts is Lasts.ROUNDS and p.key == key) or (c.lasts is Lasts.TURN_END and c.of == key)):
                out.append((p.key, c))
    return tuple(out)


def ended(before: Encounter | None, after: Encounter) -> tuple[tuple[str, str], ...]:
    """(bearer, condition name) of the conditions ``after`` no longer has that ``before`` had:
    those a turn change ended."""
    if before is None or before.id != after.id:
        return ()
    out: list[tuple[str, str]] = []
    for p in before.participants:
        if not p.conditions:
            continue
        now = after.participant(p.key)
        names = {c.name for c in now.conditions} if now is not None else set()
        out.extend((p.key, c.name) for c in p.conditions if c.name not in names)
    return tuple(out)
