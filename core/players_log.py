"""Which log lines the players may read, and in which words: decided once, when each line is
written (:func:`players_lines`, called by the journal), from the campaign as it was then, so that a
later removal, reveal, privacy or alias change never publishes an earlier line. A line naming a
hidden combatant, an action on a hidden id, a change to what the GM keeps private, a number of a
combatant the players do not see exactly: kept from them. An NPC's alias takes its name's place.
(:mod:`core.player_view` shows the lines so decided.)"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

import attrs

from core.breakdown import Line
from core.campaign import Campaign, changed_characters
from core.french import de, de_group
from core.mooks import MookGroup
from core.roster import Character
from core.validators import fields_reader
from core.visibility import Option, Shown

#: What :func:`_ids_in` reads of each attrs class at once: the values of its fields that may
#: hold text, as one tuple (None for a class with none, or not an attrs class).
_FIELDS: dict[type, Callable[[object], tuple[object, ...]] | None] = {}


def _ids_in(value: object) -> Iterator[str]:
    """Every string inside an action (its target ids among them), without recursion: an
    addition of 100,000 characters is walked in one loop, not through a generator per value."""
    stack = [value]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            yield value
            continue
        cls = type(value)
        if cls in _FIELDS:
            read = _FIELDS[cls]
        else:
            names = _fields_with_text(cls)
            read = _FIELDS[cls] = fields_reader(names)
        if read is not None:
            stack.extend(reversed(read(value)))
        elif isinstance(value, dict):
            stack.extend(reversed(value.values()))
        elif isinstance(value, (tuple, list)):
            stack.extend(reversed(value))
        elif isinstance(value, (frozenset, set)):
            stack.extend(value)


#: Field types that never hold a string: :func:`_ids_in` does not walk them.
_NO_TEXT = frozenset({int, bool, float, "int", "bool", "float"})


def _fields_with_text(cls: type) -> tuple[str, ...]:
    """The fields of an attrs class :func:`_ids_in` walks: all but those declared a number or
    true/false (an imported character's eighteen numbers were walked one by one); ``()`` for a
    class that is not an attrs class."""
    if not attrs.has(cls):
        return ()
    return tuple(a.name for a in attrs.fields(cls) if a.type not in _NO_TEXT)


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
    return (
        isinstance(a, Character) and isinstance(b, Character) and (a.hidden, a.pc, a.name) == (b.hidden, b.pc, b.name)
    )


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


def _private_details(campaign: Campaign, key: str, *, conditions: bool = True) -> object:
    """What a private PC keeps from the table (shadow, pm, conditions), to see if it changed.
    Without ``conditions``, the shadow and pm only: a fight that starts or ends gives everyone
    conditions or takes them all away, which tells nothing of one PC's."""
    found = campaign.find(key)
    if not isinstance(found, Character):
        return None
    if not conditions:
        return (found.shadow, found.pm, found.max_pm)
    enc = campaign.encounter
    participant = enc.participant(key) if enc is not None else None
    return (found.shadow, found.pm, found.max_pm, () if participant is None else participant.conditions)


def _conditions_hidden(campaign: Campaign, key: str) -> bool:
    """Whether ``key`` is an NPC or a group whose conditions the players are not shown."""
    item = campaign.find(key)
    return (
        item is not None
        and not (isinstance(item, Character) and item.pc)
        and not campaign.visibility.option(Option.CONDITIONS, key)
    )


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
        if any(_conditions_hidden(campaign, key) for campaign in (before, after)):
            return True
    return False


#: The words of a PC's private details in a log line (shadow, pm, stigmata, graces).
DETAIL_WORDS = re.compile(r"(?<!\w)(pm|shadow|ombre|stigma\w*|stigmate\w*|grace\w*|grâce\w*)(?!\w)")


def _told(action: object) -> Iterator[tuple[str, str]]:
    """(combatant id, detail) for each private detail ``action``'s lines speak of
    (:attr:`core.actions.base.Action.TELLS`)."""
    for field, detail in getattr(action, "TELLS", ()):
        value = getattr(action, field)
        for key in (value,) if isinstance(value, str) else value:
            yield key, detail


def _kept(campaign: Campaign, key: str, detail: str) -> bool:
    """Whether ``campaign``'s GM keeps ``key``'s ``detail`` from the players: all of a private
    PC's; an NPC's or a group's conditions when the players are not shown them."""
    return key in campaign.visibility.private or (detail == "conditions" and _conditions_hidden(campaign, key))


def _condition_names(campaign: Campaign, key: str) -> list[str]:
    enc = campaign.encounter
    participant = enc.participant(key) if enc is not None else None
    return [] if participant is None else [c.name.casefold() for c in participant.conditions]


def _guarded(before: Campaign, after: Campaign) -> list[tuple[str, bool, list[str]]]:
    """(folded name, is a private PC, the folded names of its conditions before and after) for
    each combatant with a detail kept from the players, before or after the action: a private PC
    (shadow, pm, conditions), an NPC or a group in the fight whose conditions are not shown."""
    out: dict[str, tuple[str, bool, list[str]]] = {}
    for campaign in (before, after):
        for key in campaign.visibility.private:
            found = campaign.find(key)
            if found is not None and key not in out:
                names = [*_condition_names(before, key), *_condition_names(after, key)]
                out[key] = (found.name.casefold(), True, names)
        enc = campaign.encounter
        for p in enc.with_conditions if enc is not None else ():
            if p.key not in out and _conditions_hidden(campaign, p.key):
                names = [*_condition_names(before, p.key), *_condition_names(after, p.key)]
                out[p.key] = (campaign.name_of(p.key).casefold(), False, names)
    return list(out.values())


def kept_from_players(before: Campaign, after: Campaign, action: object, lines: Iterable[Line]) -> tuple[bool, ...]:
    """Which of ``lines`` (written by ``action`` taking ``before`` to ``after``) tell what the GM
    keeps from the players, by what they name — never by whether the action changed anything
    (putting a condition again, ``pm +0`` and a rest at full pm tell it as much as a change):

    - every line of an action that speaks of a private PC's shadow, pm or conditions, or of the
      conditions of an NPC or group whose conditions are not shown (:attr:`Action.TELLS
      <core.actions.base.Action.TELLS>`), before or after it: all of "Brunvir, Alduin: poisoned"
      when Alduin's conditions are private (the line is not rewritten without him);
    - a line that names a private PC and its shadow, pm, a stigma, a grace or one of its
      conditions ("Alduin rests 1 day(s): … pm 9→9", "Alduin: poisoned ends");
    - a line that names an NPC or a group whose conditions are not shown and one of its
      conditions ("Capitaine de la garde: SECRETSTUN ends");
    - as a backstop, every line of an action that changed one of those details (a line need not
      name the PC to tell it: "shadow 2 → 4" of a breakdown)."""
    lines = tuple(lines)
    if any(_kept(campaign, key, detail) for key, detail in _told(action) for campaign in (before, after)):
        return (True,) * len(lines)
    private = {*before.visibility.private, *after.visibility.private}
    same_fight = (before.encounter is None) == (after.encounter is None)
    if any(
        _private_details(before, key, conditions=same_fight) != _private_details(after, key, conditions=same_fight)
        for key in private
    ):
        return (True,) * len(lines)
    if same_fight and _kept_conditions_changed(before, after):
        return (True,) * len(lines)
    guarded = _guarded(before, after)
    if not guarded:
        return (False,) * len(lines)
    out = []
    for ln in lines:
        text = f"{ln.en}\n{ln.fr}".casefold()
        out.append(
            any(
                name in text and (any(c in text for c in conditions) or (pc and DETAIL_WORDS.search(text) is not None))
                for name, pc, conditions in guarded
            )
        )
    return tuple(out)


def for_players(before: Campaign, after: Campaign, action: object, lines: Iterable[Line]) -> tuple[bool, ...]:
    """Which of ``lines``, written by ``action`` taking ``before`` to ``after``, the players may
    read: decided now, once, from both states, so that a later removal, reveal or privacy change
    never publishes a line (it is kept with the line: :attr:`core.journal.LogLine.players`).

    None of an action's lines when it is the GM's own (what the players see:
    :attr:`~core.actions.base.Action.GM_ONLY`), when any of them names a combatant hidden before
    or after it, or when the action refers to a hidden id. Of the others, a line is left out
    when it tells what the GM keeps private of a PC (shadow, pm, conditions: ``W``) or the
    conditions of an NPC or group whose conditions the players are not shown, decided by what it
    names (:func:`kept_from_players`), when it has a digit and names a combatant whose numbers
    the players do not see exactly (any NPC, a PC or group not shown exactly), or when it tells
    the round while the GM does not show the round counter."""
    lines = tuple(lines)
    if getattr(action, "GM_ONLY", False):
        return (False,) * len(lines)
    texts = [f"{ln.en}\n{ln.fr}".casefold() for ln in lines]
    parts = [*secrets_of(before), *secrets_of(after, before)]
    if any(name in text for _, hidden_names, _ in parts for name in hidden_names for text in texts):
        return (False,) * len(lines)
    hidden = frozenset().union(*(hidden_ids for hidden_ids, _, _ in parts))
    if hidden and not hidden.isdisjoint(_ids_in(action)):
        return (False,) * len(lines)
    kept = kept_from_players(before, after, action, lines)
    no_round = not (before.visibility.round_counter and after.visibility.round_counter)
    return tuple(
        not secret
        and not (any(ch.isdigit() for ch in text) and any(name in text for _, _, vague in parts for name in vague))
        and not (no_round and ROUND_SAID.search(text))
        for text, secret in zip(texts, kept, strict=True)
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


def _literally(alias: str) -> Callable[[re.Match[str]], str]:
    return lambda _match: alias


def players_lines(
    before: Campaign, after: Campaign, action: object, lines: Iterable[Line]
) -> tuple[tuple[bool, Line | None], ...]:
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
