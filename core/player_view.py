"""The players' view: one pure projection from a campaign to what the players may know.

:func:`player_view` keeps the order of the fight, whose turn and the round; the visible PCs, NPCs
and mook groups as the GM chose to show them (:mod:`core.visibility`); conditions; and the last
lines of the combat log that are about visible combatants only. Hidden combatants, GM notes,
NPC characteristics, the state of hidden groups and the log lines naming a hidden combatant are
simply not in the value, so no screen built from it can show them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

import attrs

from core.breakdown import Line
from core.campaign import Campaign
from core.choices import Choice
from core.damage import Vital
from core.encounter import Lasts
from core.mooks import MookGroup
from core.roster import Character
from core.visibility import Shown

#: How many log lines the players' view keeps (the newest).
LOG_LINES = 40


class Wounds(Choice):
    """A wound level, all players see of a combatant shown that way."""

    UNHURT = "unhurt", "unhurt", "indemne"
    LIGHT = "light", "lightly wounded", "légèrement blessé"
    BAD = "bad", "badly wounded", "gravement blessé"
    DOWN = "down", "down", "à terre"
    DEAD = "dead", "dead", "mort"


def wounds_of(character: Character) -> Wounds:
    """Unhurt at full HP, lightly wounded down to half, badly wounded below; down when knocked
    out or dying; dead."""
    state = character.state
    if state is Vital.DEAD:
        return Wounds.DEAD
    if state is not Vital.STANDING:
        return Wounds.DOWN
    if character.hp >= character.max_hp:
        return Wounds.UNHURT
    return Wounds.LIGHT if 2 * character.hp >= character.max_hp else Wounds.BAD


def group_wounds(group: MookGroup) -> Wounds:
    if group.standing == 0:
        return Wounds.DEAD
    if group.standing == group.total:
        return Wounds.UNHURT
    return Wounds.LIGHT if 2 * group.standing >= group.total else Wounds.BAD


@attrs.frozen
class ShownCondition:
    """A condition as players see it: its rounds left, or the turn that ends it (``until``, a
    name; ``at_end``: the end of that turn, else its start); neither: until removed."""

    name: str
    rounds: int | None = None
    until: str | None = None
    at_end: bool = False


def _shown(campaign: Campaign, conditions) -> tuple[ShownCondition, ...]:
    out = []
    for k in conditions:
        if k.lasts is Lasts.ROUNDS:
            out.append(ShownCondition(k.name, k.rounds))
        elif k.of is not None and k.lasts in (Lasts.TURN_START, Lasts.TURN_END):
            whose = campaign.find(k.of)
            name = None if whose is None or whose.hidden else whose.name  # a hidden one stays unnamed
            out.append(ShownCondition(k.name, until=name or "?", at_end=k.lasts is Lasts.TURN_END))
        else:
            out.append(ShownCondition(k.name))
    return tuple(out)


@attrs.frozen
class Row:
    """One visible combatant. ``None`` fields are what players are not shown."""

    name: str
    #: ``pc``, ``npc`` or ``group``.
    kind: str
    current: bool = False
    hp: int | None = None
    max_hp: int | None = None
    wounds: Wounds | None = None
    standing: int | None = None
    total: int | None = None
    shadow: int | None = None
    pm: int | None = None
    max_pm: int | None = None
    delaying: bool = False
    conditions: tuple[ShownCondition, ...] = ()


@attrs.frozen
class PlayerView:
    """Everything the players' screen shows, and nothing else."""

    campaign: str
    #: The fight's name, or None when no fight is on (the rows are then the visible roster).
    encounter: str | None = None
    round: int | None = None
    rows: tuple[Row, ...] = ()
    log: tuple[Line, ...] = ()

    @property
    def current(self) -> Row | None:
        return next((r for r in self.rows if r.current), None)

    def strings(self) -> Iterator[str]:
        """Every piece of text and every number in the value (for the leak tests)."""
        yield from _strings(self)


def _strings(value: object) -> Iterator[str]:
    cls = type(value)
    if attrs.has(cls):
        for field in attrs.fields(cls):
            yield from _strings(getattr(value, field.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _strings(item)
    elif value is not None and not isinstance(value, bool):
        yield str(value)
        if isinstance(value, Choice):
            yield value.en
            yield value.fr


def _character_row(campaign: Campaign, c: Character, conditions, *, current: bool, delaying: bool) -> Row:
    vis = campaign.visibility
    kind = "pc" if c.pc else "npc"
    shown = vis.shown(c.id, "pcs" if c.pc else "npcs")
    row = Row(name=c.name, kind=kind, current=current, delaying=delaying)
    if shown is Shown.EXACT:
        row = attrs.evolve(row, hp=c.hp, max_hp=c.max_hp, wounds=wounds_of(c))
    elif shown is Shown.WOUNDS:
        row = attrs.evolve(row, wounds=wounds_of(c))
    if c.pc and not vis.is_private(c.id):
        max_pm = c.max_pm
        row = attrs.evolve(
            row,
            shadow=c.shadow_value,
            pm=c.pm if max_pm else None,
            max_pm=max_pm or None,
            conditions=_shown(campaign, conditions),
        )
    elif not c.pc:
        row = attrs.evolve(row, conditions=_shown(campaign, conditions))
    return row


def _group_row(campaign: Campaign, g: MookGroup, conditions, *, current: bool, delaying: bool) -> Row:
    shown = campaign.visibility.shown(g.id, "groups")
    row = Row(name=g.name, kind="group", current=current, delaying=delaying,
              conditions=_shown(campaign, conditions))
    if shown is Shown.EXACT:
        return attrs.evolve(row, standing=g.standing, total=g.total, wounds=group_wounds(g))
    if shown is Shown.WOUNDS:
        return attrs.evolve(row, wounds=group_wounds(g))
    return row


def _row(campaign: Campaign, key: str, conditions=(), *, current: bool = False, delaying: bool = False) -> Row | None:
    found = campaign.find(key)
    if found is None or found.hidden:
        return None
    if isinstance(found, Character):
        return _character_row(campaign, found, conditions, current=current, delaying=delaying)
    return _group_row(campaign, found, conditions, current=current, delaying=delaying)


def _ids_in(value: object) -> Iterator[str]:
    """Every string inside an action (its target ids among them)."""
    cls = type(value)
    if isinstance(value, str):
        yield value
    elif attrs.has(cls):
        for field in attrs.fields(cls):
            yield from _ids_in(getattr(value, field.name))
    elif isinstance(value, dict):  # an action as a save holds it
        for item in value.values():
            yield from _ids_in(item)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from _ids_in(item)


def _secret(campaign: Campaign) -> tuple[set[str], list[str], list[str]]:
    """Hidden ids, the names (folded) of hidden combatants, and of combatants whose numbers the
    players do not see exactly (a log line naming one must carry no number)."""
    hidden_ids, hidden_names, vague_names = set(), [], []
    vis = campaign.visibility
    for item in campaign.combatants:
        if item.hidden:
            hidden_ids.add(item.id)
            hidden_names.append(item.name.casefold())
            continue
        kind = "groups" if isinstance(item, MookGroup) else ("pcs" if item.pc else "npcs")
        if vis.shown(item.id, kind) is not Shown.EXACT or (isinstance(item, Character) and not item.pc):
            vague_names.append(item.name.casefold())
    return hidden_ids, hidden_names, vague_names


def visible_log(
    campaign: Campaign,
    log: Iterable[tuple[int, Line]],
    actions: Mapping[int, object] | None = None,
    keep: int | None = LOG_LINES,
) -> tuple[Line, ...]:
    """The log lines (``(seq, line)``, oldest first) players may read, the newest ``keep``.

    Every line of an action (same ``seq``) is dropped when any of them names a hidden combatant
    (in English or French) or the action (from ``actions``, by seq) refers to a hidden id. A line
    naming a combatant whose numbers are not shown exactly (an NPC, say) is kept only when it
    has no digit in it. ``keep=None`` keeps them all."""
    hidden_ids, hidden_names, vague_names = _secret(campaign)
    by_seq: dict[int, list[Line]] = {}
    for seq, ln in log:
        by_seq.setdefault(seq, []).append(ln)
    actions = actions or {}
    kept: list[Line] = []
    for seq, lines in by_seq.items():
        texts = [f"{ln.en}\n{ln.fr}".casefold() for ln in lines]
        if any(name in text for name in hidden_names for text in texts):
            continue
        action = actions.get(seq)
        if action is not None and any(s in hidden_ids for s in _ids_in(action)):
            continue
        for ln, text in zip(lines, texts, strict=True):
            if any(ch.isdigit() for ch in text) and any(name in text for name in vague_names):
                continue
            kept.append(ln)
    if keep is None:
        return tuple(kept)
    return tuple(kept[-keep:]) if keep else ()


def player_view(
    campaign: Campaign,
    log: Iterable[tuple[int, Line]] = (),
    actions: Mapping[int, object] | None = None,
) -> PlayerView:
    """What the players may know of ``campaign`` (and of its combat ``log``, ``(seq, line)``
    pairs, with the ``actions`` by seq where known)."""
    enc = campaign.encounter
    rows: list[Row] = []
    if enc is not None:
        for p in enc.participants:
            row = _row(campaign, p.key, p.conditions, current=p.key == enc.current, delaying=p.delaying)
            if row is not None:
                rows.append(row)
    else:
        for item in campaign.combatants:
            row = _row(campaign, item.id)
            if row is not None:
                rows.append(row)
    return PlayerView(
        campaign=campaign.name,
        encounter=None if enc is None else enc.name,
        round=None if enc is None else enc.round,
        rows=tuple(rows),
        log=visible_log(campaign, log, actions),
    )


def player_view_of(journal) -> PlayerView:
    """:func:`player_view` of a :class:`core.journal.Journal`: its campaign, log and actions."""
    actions = {e.seq: e.action for e in (*journal.done, *journal.undone)}
    return player_view(journal.campaign, ((ln.seq, ln.line) for ln in journal.log), actions)
