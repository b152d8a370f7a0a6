"""The players' view: one pure projection from a campaign to what the players may know.

:func:`player_view` keeps the order of the fight, whose turn and the round; the visible PCs, NPCs
and mook groups as the GM chose to show them (:mod:`core.visibility`: HP exactly, as a wound
level, a bar, the damage taken or not at all; NPC conditions or not; an alias instead of a name;
who is next; the round counter); and the last lines of the combat log the players may read.
Which lines those are, and in which words (an NPC's alias in place of its name), is decided
once, when each line is written (:func:`players_lines`, called by the journal), from the
campaign as it was then: a later removal, reveal, privacy or alias change never publishes an
earlier line. Hidden combatants, GM notes, NPC characteristics, the state of hidden groups, the
real name behind an alias and the log lines naming a hidden combatant are simply not in the
value, so no screen built from it can show them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

import attrs

from core.breakdown import Line
from core.campaign import Campaign, changed_characters
from core.choices import Choice
from core.damage import Vital
from core.encounter import Lasts
from core.french import de, de_group
from core.mooks import MookGroup
from core.roster import Character
from core.visibility import Option, Shown

#: How many log lines the players' view keeps (the newest).
LOG_LINES = 40
#: The cells of a health bar (what "a bar only" tells: HP left in tenths; see :func:`bar_of`).
BAR_STEPS = 10


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


def shown_name(campaign: Campaign, item: Character | MookGroup) -> str:
    """The name players see: the GM's alias for it, else its own."""
    return campaign.visibility.alias(item.id) or item.name


def _shown(campaign: Campaign, conditions) -> tuple[ShownCondition, ...]:
    out = []
    for k in conditions:
        if k.lasts is Lasts.ROUNDS:
            out.append(ShownCondition(k.name, k.rounds))
        elif k.of is not None and k.lasts in (Lasts.TURN_START, Lasts.TURN_END):
            whose = campaign.find(k.of)
            name = None if whose is None or whose.hidden else shown_name(campaign, whose)  # a hidden one stays unnamed
            out.append(ShownCondition(k.name, until=name or "?", at_end=k.lasts is Lasts.TURN_END))
        else:
            out.append(ShownCondition(k.name))
    return tuple(out)


@attrs.frozen
class Row:
    """One visible combatant. ``None`` fields are what players are not shown. ``name`` is its
    alias when the GM gave it one."""

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
    #: HP (or mooks standing) left in :data:`BAR_STEPS` cells: "a bar only".
    bar: int | None = None
    #: HP lost (or mooks fallen): "damage taken".
    damage: int | None = None


@attrs.frozen
class PlayerView:
    """Everything the players' screen shows, and nothing else."""

    campaign: str
    #: The fight's name, or None when no fight is on (the rows are then the visible roster).
    encounter: str | None = None
    #: The round, or None when no fight is on or the GM does not show the round counter.
    round: int | None = None
    rows: tuple[Row, ...] = ()
    log: tuple[Line, ...] = ()
    #: Who acts after the current one (the next visible one able to act), when the GM shows
    #: the *next up* cue.
    next_up: str | None = None
    #: Whether the view tells a player that their PC is up (the *your turn* cue).
    your_turn: bool = True

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


def bar_of(left: int, whole: int) -> int:
    """``left`` of ``whole`` in :data:`BAR_STEPS` cells: full only when nothing is lost, empty
    only when nothing is left, else the nearest tenth between."""
    if left <= 0 or whole <= 0:
        return 0
    if left >= whole:
        return BAR_STEPS
    return min(BAR_STEPS - 1, max(1, round(left * BAR_STEPS / whole)))


def _character_row(campaign: Campaign, c: Character, conditions, *, current: bool, delaying: bool) -> Row:
    vis = campaign.visibility
    kind = "pc" if c.pc else "npc"
    shown = vis.shown(c.id, "pcs" if c.pc else "npcs")
    row = Row(name=c.name if c.pc else shown_name(campaign, c), kind=kind, current=current, delaying=delaying)
    if shown is Shown.EXACT:
        row = attrs.evolve(row, hp=c.hp, max_hp=c.max_hp, wounds=wounds_of(c))
    elif shown is Shown.WOUNDS:
        row = attrs.evolve(row, wounds=wounds_of(c))
    elif shown is Shown.BAR:
        row = attrs.evolve(row, bar=bar_of(c.hp, c.max_hp))
    elif shown is Shown.DAMAGE:
        row = attrs.evolve(row, damage=max(0, c.max_hp - c.hp))
    if c.pc and not vis.is_private(c.id):
        max_pm = c.max_pm
        row = attrs.evolve(
            row,
            shadow=c.shadow_value,
            pm=c.pm if max_pm else None,
            max_pm=max_pm or None,
            conditions=_shown(campaign, conditions),
        )
    elif not c.pc and vis.option(Option.CONDITIONS, c.id):
        row = attrs.evolve(row, conditions=_shown(campaign, conditions))
    return row


def _group_row(campaign: Campaign, g: MookGroup, conditions, *, current: bool, delaying: bool) -> Row:
    vis = campaign.visibility
    shown = vis.shown(g.id, "groups")
    row = Row(name=shown_name(campaign, g), kind="group", current=current, delaying=delaying,
              conditions=_shown(campaign, conditions) if vis.option(Option.CONDITIONS, g.id) else ())
    if shown is Shown.EXACT:
        return attrs.evolve(row, standing=g.standing, total=g.total, wounds=group_wounds(g))
    if shown is Shown.WOUNDS:
        return attrs.evolve(row, wounds=group_wounds(g))
    if shown is Shown.BAR:
        return attrs.evolve(row, bar=bar_of(g.standing, g.total))
    if shown is Shown.DAMAGE:
        return attrs.evolve(row, damage=g.total - g.standing)
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
    elif isinstance(value, dict):
        for item in value.values():
            yield from _ids_in(item)
    elif isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            yield from _ids_in(item)


#: Hidden ids, the names (folded) of hidden combatants, and of combatants whose numbers the
#: players do not see exactly (a log line naming one must carry no number): of the roster, then
#: of the groups.
Part = tuple[frozenset[str], tuple[str, ...], tuple[str, ...]]
Secrets = tuple[Part, Part]
#: The secrets of the last campaigns asked about: an action's "after" is the next one's "before".
_seen: list[tuple[Campaign, Secrets]] = []


def _part(campaign: Campaign, items: Iterable[Character | MookGroup]) -> Part:
    hidden_ids, hidden_names, vague_names = set(), [], []
    vis = campaign.visibility
    overrides = dict(vis.overrides)
    for item in items:
        if item.hidden:
            hidden_ids.add(item.id)
            hidden_names.append(item.name.casefold())
        elif isinstance(item, MookGroup):
            if overrides.get(item.id, vis.groups) is not Shown.EXACT:
                vague_names.append(item.name.casefold())
        elif not item.pc or overrides.get(item.id, vis.pcs) is not Shown.EXACT:
            vague_names.append(item.name.casefold())
    return frozenset(hidden_ids), tuple(hidden_names), tuple(vague_names)


def _same_secret(a: object, b: object) -> bool:
    """Whether replacing character ``a`` by ``b`` leaves the secrets as they were."""
    return isinstance(a, Character) and isinstance(b, Character) and (a.hidden, a.pc, a.name) == (b.hidden, b.pc, b.name)


def secrets_of(campaign: Campaign, parent: Campaign | None = None) -> Secrets:
    """The secrets of ``campaign`` (cached); from those of ``parent`` when it was made from it
    without touching what they depend on, so that an action's cost does not grow with the
    roster (an HP change reads no other character). The GM's session computes the first ones
    when it opens the campaign."""
    for known, secrets in _seen:
        if known is campaign:
            return secrets
    roster: Part | None = None
    groups: Part | None = None
    if parent is not None and parent.visibility is campaign.visibility:
        parent_roster, parent_groups = secrets_of(parent)
        if parent.roster is campaign.roster:
            roster = parent_roster
        else:
            changed = changed_characters(parent, campaign)
            if changed is not None and all(_same_secret(parent.find(i), campaign.find(i)) for i in changed):
                roster = parent_roster
        groups = parent_groups if parent.groups is campaign.groups else None
    secrets = (
        roster if roster is not None else _part(campaign, campaign.roster),
        groups if groups is not None else _part(campaign, campaign.groups),
    )
    _seen[:] = [*_seen[-3:], (campaign, secrets)]
    return secrets


def _private_details(campaign: Campaign, key: str) -> object:
    """What a private PC keeps from the table (shadow, pm, conditions), to see if it changed."""
    found = campaign.find(key)
    if not isinstance(found, Character):
        return None
    enc = campaign.encounter
    participant = enc.participant(key) if enc is not None else None
    return (found.shadow, found.pm, found.max_pm, None if participant is None else participant.conditions)


def _kept_conditions_changed(before: Campaign, after: Campaign) -> bool:
    """Whether the conditions of an NPC or a group whose conditions the players are not shown
    (:attr:`Option.CONDITIONS`, before or after) changed: only when the fight itself changed."""
    old, new = before.encounter, after.encounter
    if old is new:
        return False
    was = {p.key: p.conditions for p in old.participants} if old is not None else {}
    now = {p.key: p.conditions for p in new.participants} if new is not None else {}
    for key in was.keys() | now.keys():
        if was.get(key, ()) == now.get(key, ()):
            continue
        for campaign in (before, after):
            item = campaign.find(key)
            if item is not None and not (isinstance(item, Character) and item.pc) and not campaign.visibility.option(Option.CONDITIONS, key):
                return True
    return False


def for_players(before: Campaign, after: Campaign, action: object, lines: Iterable[Line]) -> tuple[bool, ...]:
    """Which of ``lines``, written by ``action`` taking ``before`` to ``after``, the players may
    read: decided now, once, from both states, so that a later removal, reveal or privacy change
    never publishes a line (it is kept with the line: :attr:`core.journal.LogLine.players`).

    None of an action's lines when it is the GM's own (what the players see:
    :attr:`~core.actions.base.Action.GM_ONLY`), when any of them names a combatant hidden before
    or after it, when the action refers to a hidden id, when it changed what the GM keeps
    private of a PC (shadow, pm, conditions: ``W``; a line need not name the PC to tell it), or
    the conditions of an NPC or group whose conditions the players are not shown.
    Of the others, a line is left out when it has a digit and names a combatant whose numbers
    the players do not see exactly (any NPC, a PC or group not shown exactly), or when it tells
    the round while the GM does not show the round counter."""
    lines = tuple(lines)
    if getattr(action, "GM_ONLY", False):
        return (False,) * len(lines)
    texts = [f"{ln.en}\n{ln.fr}".casefold() for ln in lines]
    parts = [*secrets_of(before), *secrets_of(after, before)]
    if any(name in text for _, hidden_names, _ in parts for name in hidden_names for text in texts):
        return (False,) * len(lines)
    if any(hidden_ids for hidden_ids, _, _ in parts) and any(s in ids for s in _ids_in(action) for ids, _, _ in parts):
        return (False,) * len(lines)
    private = {*before.visibility.private, *after.visibility.private}
    if any(_private_details(before, key) != _private_details(after, key) for key in private):
        return (False,) * len(lines)  # its lines may tell it, named or not ("shadow 2 → 4")
    if _kept_conditions_changed(before, after):
        return (False,) * len(lines)  # "Capitaine: blinded", "blinded ends"
    no_round = not (before.visibility.round_counter and after.visibility.round_counter)
    return tuple(
        not (any(ch.isdigit() for ch in text) and any(name in text for _, _, vague in parts for name in vague))
        and not (no_round and ROUND_SAID.search(text))
        for text in texts
    )


#: A line that tells the round ("Round 2", "Alduin's turn (round 2)"; not "for 2 rounds").
ROUND_SAID = re.compile(r"\bround \d")


def _alias_forms(before: Campaign, after: Campaign) -> list[tuple[str, str]]:
    """(a name as a log line may write it, the same words with the alias) for every combatant
    with an alias before or after an action, the longest first: its name (before and after, a
    rename included) and the French forms « de X », « d'X », « des X » (a group named « les X »)."""
    pairs: dict[str, str] = {}
    for campaign in (before, after):
        for key, _ in campaign.visibility.aliases:
            alias = after.visibility.alias(key) or before.visibility.alias(key)
            for state in (before, after):
                item = state.find(key)
                if item is None or alias is None:
                    continue
                name = item.name
                if isinstance(item, MookGroup):
                    pairs.setdefault(de_group(name), de_group(alias))
                pairs.setdefault(de(name), de(alias))
                pairs.setdefault(name, alias)
    return sorted(pairs.items(), key=lambda pair: -len(pair[0]))


def _real_names(before: Campaign, after: Campaign) -> set[str]:
    """The names (folded) an alias stands for, before and after an action; for a group named
    « les X » also « x », which « des X » leaves."""
    names = set()
    for campaign in (before, after):
        for key, _ in campaign.visibility.aliases:
            for state in (before, after):
                item = state.find(key)
                if item is not None:
                    folded = item.name.casefold()
                    names.add(folded)
                    if isinstance(item, MookGroup) and folded.startswith("les "):
                        names.add(folded[4:])
    return names


def _with_aliases(text: str, forms: list[tuple[str, str]]) -> str:
    for name, alias in forms:  # whole words only; a function, so that the alias is taken as written
        text = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE).sub(_literally(alias), text)
    return text


def _literally(alias: str):
    return lambda _match: alias


def players_lines(before: Campaign, after: Campaign, action: object, lines: Iterable[Line]) -> tuple[tuple[bool, Line | None], ...]:
    """For each of ``lines`` (written by ``action`` taking ``before`` to ``after``): whether the
    players may read it (:func:`for_players`), and the words they read when an alias stands for
    a name in it (else None: the line as written). Decided now, with the aliases in force now: a
    later alias change neither rewrites nor publishes it. A line where a real name is still
    found after the aliases took their places (inside another word) is kept from the players."""
    lines = tuple(lines)
    readable = for_players(before, after, action, lines)
    if not before.visibility.aliases and not after.visibility.aliases:
        return tuple((ok, None) for ok in readable)
    forms, names = _alias_forms(before, after), _real_names(before, after)
    out: list[tuple[bool, Line | None]] = []
    for ln, ok in zip(lines, readable, strict=True):
        if not ok:
            out.append((False, None))
            continue
        shown = Line(_with_aliases(ln.en, forms), _with_aliases(ln.fr, forms))
        text = f"{shown.en}\n{shown.fr}".casefold()
        if any(name in text for name in names):
            out.append((False, None))
        else:
            out.append((True, None if shown == ln else shown))
    return tuple(out)


class Logged(Protocol):
    """A line of the combat log as the journal keeps it (:class:`core.journal.LogLine`)."""

    @property
    def line(self) -> Line: ...

    @property
    def players(self) -> bool: ...

    @property
    def shown(self) -> Line | None: ...


def visible_log(log: Sequence[Logged], keep: int | None = LOG_LINES) -> tuple[Line, ...]:
    """The newest ``keep`` lines of ``log`` (oldest first) the players may read, in the words
    they may read (an alias for a name), as decided when each was written; ``keep=None`` keeps
    them all."""
    if keep is None:
        return tuple(ln.shown or ln.line for ln in log if ln.players)
    kept: list[Line] = []
    for ln in reversed(log):
        if len(kept) >= keep:
            break
        if ln.players:
            kept.append(ln.shown or ln.line)
    return tuple(reversed(kept))


def _next_up(campaign: Campaign, enc) -> str | None:
    """The next visible one able to act after the current one (into the next round, where the
    delays lapse), by the name players see."""
    from core.turns import can_act

    if enc.current is None or enc.participant(enc.current) is None:
        return None
    at = enc.index(enc.current)
    later = [(p, False) for p in enc.participants[at + 1 :]]
    next_round = [(p, True) for p in enc.participants[: at + 1]]
    for p, lapsed in (*later, *next_round):
        found = campaign.find(p.key)
        if found is None or found.hidden:
            continue
        if can_act(campaign, attrs.evolve(p, delaying=False) if lapsed else p):
            return shown_name(campaign, found)
    return None


def player_view(campaign: Campaign, log: Sequence[Logged] = ()) -> PlayerView:
    """What the players may know of ``campaign`` and of its combat ``log``."""
    enc = campaign.encounter
    vis = campaign.visibility
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
        round=enc.round if enc is not None and vis.round_counter else None,
        rows=tuple(rows),
        log=visible_log(log),
        next_up=_next_up(campaign, enc) if enc is not None and vis.next_up else None,
        your_turn=vis.your_turn,
    )


def player_view_of(journal) -> PlayerView:
    """:func:`player_view` of a :class:`core.journal.Journal`: its campaign and its log."""
    return player_view(journal.campaign, journal.log)
