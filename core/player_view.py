"""The players' view: one pure projection from a campaign to what the players may know.

:func:`player_view` keeps the order of the fight, whose turn and the round; the visible PCs, NPCs
and mook groups as the GM chose to show them (:mod:`core.visibility`: HP exactly, as a wound
level, a bar, the damage taken or not at all; NPC conditions or not; an alias instead of a name;
who is next; the round counter); and the last lines of the combat log the players may read.
Which lines those are, and in which words (an NPC's alias in place of its name), is decided
once, when each line is written (:func:`core.players_log.players_lines`, called by the journal), from the
campaign as it was then: a later removal, reveal, privacy or alias change never publishes an
earlier line. Hidden combatants, GM notes, NPC characteristics, the state of hidden groups, the
real name behind an alias and the log lines naming a hidden combatant are simply not in the
value, so no screen built from it can show them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Protocol

import attrs

from core.breakdown import Line
from core.campaign import Campaign, changed_characters
from core.choices import Choice
from core.conditions import rounds_left
from core.damage import Vital
from core.dice import DEFAULT_KULT_DIE
from core.encounter import Condition, Encounter, Lasts
from core.mooks import MookGroup
from core.player_send import Ask, Waiting
from core.roster import Character
from core.visibility import Option, Shown

if TYPE_CHECKING:
    from core.journal import Journal

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


def _shown(
    campaign: Campaign, conditions: Iterable[Condition], *, own_turn: bool = False
) -> tuple[ShownCondition, ...]:
    """The conditions as the players read them; rounds as the GM's screen counts them
    (:func:`core.conditions.rounds_left`: ``own_turn``, the bearer's turn is under way)."""
    out = []
    for k in conditions:
        if k.lasts is Lasts.ROUNDS:
            out.append(ShownCondition(k.name, rounds_left(k, own_turn=own_turn)))
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
    #: What players may send (issue 38, :mod:`core.player_send`): the rolls the GM's app asks
    #: of PCs now, whether sending is on for the table, the PCs whose players the GM turned it
    #: off for, what players sent that waits for the GM, and the campaign's kult die.
    asks: tuple[Ask, ...] = ()
    sending: bool = True
    muted: tuple[str, ...] = ()
    waiting: tuple[Waiting, ...] = ()
    kult: str = DEFAULT_KULT_DIE

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


def _health(
    shown: Shown, left: int, whole: int, wounds: Callable[[], Wounds], exact: tuple[str, str]
) -> dict[str, object]:
    """A row's health fields as the GM shows them: ``left`` of ``whole`` (HP, or mooks
    standing) under the names ``exact`` when shown exactly, else the wound level, a bar, the
    damage taken, or nothing."""
    if shown is Shown.EXACT:
        return {exact[0]: left, exact[1]: whole, "wounds": wounds()}
    if shown is Shown.WOUNDS:
        return {"wounds": wounds()}
    if shown is Shown.BAR:
        return {"bar": bar_of(left, whole)}
    if shown is Shown.DAMAGE:
        return {"damage": max(0, whole - left)}
    return {}


def _character_row(
    campaign: Campaign, c: Character, conditions: Iterable[Condition], *, current: bool, delaying: bool
) -> Row:
    vis = campaign.visibility
    kind = "pc" if c.pc else "npc"
    shown = vis.shown(c.id, "pcs" if c.pc else "npcs")
    # the fields gathered, then one Row
    fields = _health(shown, c.hp, c.max_hp, lambda: wounds_of(c), ("hp", "max_hp"))
    if c.pc and not vis.is_private(c.id):
        max_pm = c.max_pm
        fields.update(
            shadow=c.shadow_value,
            pm=c.pm if max_pm else None,
            max_pm=max_pm or None,
            conditions=_shown(campaign, conditions, own_turn=current and not delaying),
        )
    elif not c.pc and vis.option(Option.CONDITIONS, c.id):
        fields["conditions"] = _shown(campaign, conditions, own_turn=current and not delaying)
    name = c.name if c.pc else shown_name(campaign, c)
    return Row(name=name, kind=kind, current=current, delaying=delaying, **fields)  # type: ignore[arg-type]


def _group_row(
    campaign: Campaign, g: MookGroup, conditions: Iterable[Condition], *, current: bool, delaying: bool
) -> Row:
    vis = campaign.visibility
    shown = vis.shown(g.id, "groups")
    fields = _health(shown, g.standing, g.total, lambda: group_wounds(g), ("standing", "total"))
    return Row(
        name=shown_name(campaign, g),
        kind="group",
        current=current,
        delaying=delaying,
        conditions=_shown(campaign, conditions, own_turn=current and not delaying)
        if vis.option(Option.CONDITIONS, g.id)
        else (),
        **fields,  # type: ignore[arg-type]
    )


def _row(
    campaign: Campaign, key: str, conditions: Iterable[Condition] = (), *, current: bool = False, delaying: bool = False
) -> Row | None:
    found = campaign.find(key)
    if found is None or found.hidden:
        return None
    if isinstance(found, Character):
        return _character_row(campaign, found, conditions, current=current, delaying=delaying)
    return _group_row(campaign, found, conditions, current=current, delaying=delaying)


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


def _next_up(campaign: Campaign, enc: Encounter) -> str | None:
    """The next visible one able to act after the current one (into the next round, where the
    delays lapse), by the name players see."""
    from core.turns import can_act

    if enc.current is None or enc.participant(enc.current) is None:
        return None
    at = enc.index(enc.current)
    order = enc.participants
    for i in range(at + 1, at + 1 + len(order)):  # one by one: usually the first one is found
        p, lapsed = order[i % len(order)], i >= len(order)
        found = campaign.find(p.key)
        if found is None or found.hidden:
            continue
        if can_act(campaign, attrs.evolve(p, delaying=False) if lapsed else p):
            return shown_name(campaign, found)
    return None


def player_view(campaign: Campaign, log: Sequence[Logged] = ()) -> PlayerView:
    """What the players may know of ``campaign`` and of its combat ``log`` (:class:`Projector`:
    the same, made again only where it changed)."""
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
    return _picture(campaign, tuple(rows), log)


def _picture(campaign: Campaign, rows: tuple[Row, ...], log: Sequence[Logged]) -> PlayerView:
    """The players' view of ``campaign`` with these rows: its header and its log."""
    enc = campaign.encounter
    vis = campaign.visibility
    return PlayerView(
        campaign=campaign.name,
        encounter=None if enc is None else enc.name,
        round=enc.round if enc is not None and vis.round_counter else None,
        rows=rows,
        log=visible_log(log),
        next_up=_next_up(campaign, enc) if enc is not None and vis.next_up else None,
        your_turn=vis.your_turn,
        sending=vis.sending,
        muted=muted(campaign),
        kult=campaign.rules.kult_die,
    )


def muted(campaign: Campaign) -> tuple[str, ...]:
    """The visible PCs whose players the GM turned sending off for (issue 38), by name."""
    off = (campaign.find(k) for k, option, on in campaign.visibility.toggles if option is Option.SENDING and not on)
    return tuple(sorted(c.name for c in off if isinstance(c, Character) and c.pc and not c.hidden))


def player_view_of(journal: Journal, projector: Projector | None = None) -> PlayerView:
    """:func:`player_view` of a :class:`core.journal.Journal`: its campaign and its log (made
    by ``projector`` when given: the same value, the unchanged rows kept from its last one)."""
    if projector is not None:
        return projector.view(journal.campaign, journal.log)
    return player_view(journal.campaign, journal.log)


@attrs.frozen
class _Made:
    """A row as a :class:`Projector` last made it, and what it was made from."""

    found: Character | MookGroup | None
    conditions: tuple[Condition, ...]
    current: bool
    delaying: bool
    #: The combatants its conditions name (``until``: their names, whether hidden), as found.
    named: tuple[tuple[str, Character | MookGroup | None], ...]
    row: Row | None


class Projector:
    """:func:`player_view` again and again, at the cost of what changed.

    Each row is made again only when what it is made from is not what it was made from last
    time (the combatant, its conditions, whether it is current or delaying, the combatants its
    conditions name: the same objects, or equal); the others are the rows it made then. In a
    fight whose order and conditions did not change (an HP change, a new turn), the combatants
    that changed are told by the campaign itself (:func:`core.campaign.changed_characters`, the
    groups replaced) and only their rows and the turn marker's are looked at: no pass over the
    fight. Any change of the GM's display choices (:class:`core.visibility.Visibility`) makes
    every row again. The value is always :func:`player_view`'s (a property test holds it). One
    projector is used by one thread at a time.
    """

    def __init__(self) -> None:
        self._visibility: object = None
        self._made: dict[str, _Made] = {}
        self._campaign: Campaign | None = None
        self._rows: tuple[Row, ...] = ()
        #: Each visible row's place by its key (None: a key is in the fight twice).
        self._at: dict[str, int] | None = None
        #: The keys the conditions of the rows name (at least).
        self._named: set[str] = set()

    def view(self, campaign: Campaign, log: Sequence[Logged] = ()) -> PlayerView:
        if campaign.visibility is not self._visibility:
            self._visibility, self._made, self._at = campaign.visibility, {}, None
        rows = self._changed_rows(campaign)
        if rows is None:
            rows = self._all_rows(campaign)
        self._campaign, self._rows = campaign, rows
        return _picture(campaign, rows, log)

    def _changed_rows(self, campaign: Campaign) -> tuple[Row, ...] | None:
        """The rows, only those of the combatants changed since the last picture made again;
        None when what changed cannot be told without a pass over the fight."""
        last, enc, at = self._campaign, campaign.encounter, self._at
        if last is None or at is None or enc is None:
            return None
        was = last.encounter
        if was is None or was.participants is not enc.participants:
            return None
        keys = _replaced(last, campaign)
        if keys is None or keys & self._named:
            return None
        if was.current != enc.current:  # the turn marker moved
            keys |= {k for k in (was.current, enc.current) if k is not None}
        rows = list(self._rows)
        for key in keys:
            old = self._made.get(key)
            if old is None:  # not in the fight
                continue
            new = self._make(campaign, key, campaign.find(key), old.conditions, key == enc.current, old.delaying)
            if (new.row is None) is not (old.row is None):  # shown or hidden: the places move
                return None
            self._made[key] = new
            if new.row is not None:
                rows[at[key]] = new.row
        return tuple(rows)

    def _all_rows(self, campaign: Campaign) -> tuple[Row, ...]:
        """The rows, each made again unless what it is made from is what it was."""
        enc = campaign.encounter
        items: Iterable[tuple[str, tuple[Condition, ...], bool, bool]]
        if enc is not None:
            items = ((p.key, p.conditions, p.key == enc.current, p.delaying) for p in enc.participants)
        else:
            items = ((item.id, (), False, False) for item in campaign.combatants)
        before: dict[str, _Made] = self._made
        made: dict[str, _Made] = {}
        at: dict[str, int] = {}
        rows: list[Row] = []
        named: set[str] = set()
        find = campaign.find
        count = 0
        for key, conditions, current, delaying in items:
            count += 1
            found = find(key)
            old = before.get(key)
            if (
                old is None
                or old.found is not found
                or old.current is not current
                or old.delaying is not delaying
                or not (old.conditions is conditions or old.conditions == conditions)
                or any(find(k) is not whose for k, whose in old.named)
            ):
                old = self._make(campaign, key, found, conditions, current, delaying)
            made[key] = old
            if old.named:
                named.update(k for k, _ in old.named)
            if old.row is not None:
                at[key] = len(rows)
                rows.append(old.row)
        self._made, self._named = made, named
        self._at = at if count == len(made) else None
        return tuple(rows)

    @staticmethod
    def _make(
        campaign: Campaign,
        key: str,
        found: Character | MookGroup | None,
        conditions: tuple[Condition, ...],
        current: bool,
        delaying: bool,
    ) -> _Made:
        named = tuple((k.of, campaign.find(k.of)) for k in conditions if k.of is not None)
        row = _row(campaign, key, conditions, current=current, delaying=delaying)
        return _Made(found, conditions, current, delaying, named, row)


def _replaced(before: Campaign, after: Campaign) -> set[str] | None:
    """The ids of the characters and groups ``after`` holds in place of ``before``'s, found
    without a pass over the roster; None when that cannot be told."""
    if after.roster is before.roster:
        ids: set[str] = set()
    else:
        found = changed_characters(before, after)
        if found is None:
            return None
        ids = set(found)
    if after.groups is not before.groups:
        if len(after.groups) != len(before.groups):
            return None
        for g, h in zip(after.groups, before.groups, strict=True):
            if g is not h:
                if g.id != h.id:
                    return None
                ids.add(g.id)
    return ids
