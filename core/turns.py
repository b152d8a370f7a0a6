"""Turns and rounds (RULES 1.4, 1.6): order, next/previous turn, delay, new round effects.

Pure functions over a :class:`Campaign` and its active encounter. A new round bleeds the dying
(−1 HP, RULES 1.6 decision) and lapses the delays left; conditions count the starts and ends of
turns (RULES 1.4); the dead, dying and knocked out are skipped but stay listed (their turns still
count for conditions); a delaying participant is skipped until it acts.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from core.breakdown import Line, line
from core.campaign import Campaign
from core.damage import Vital, bleed
from core.encounter import Condition, Encounter, Lasts, Participant
from core.errors import RulesError
from core.french import de, de_group
from core.initiative import OrderEntry, turn_order
from core.mooks import MookGroup
from core.roster import Character
from core.visibility import Option


def active_encounter(campaign: Campaign) -> Encounter:
    enc = campaign.encounter
    if enc is None:
        raise RulesError("encounter", "no encounter is being fought", fr="aucune rencontre en cours")
    return enc


def is_pc(campaign: Campaign, key: str) -> bool:
    found = campaign.find(key)
    return isinstance(found, Character) and found.pc


def can_act(campaign: Campaign, participant: Participant) -> bool:
    """Conscious characters and groups with someone standing, not delaying."""
    if participant.delaying:
        return False
    found = campaign.find(participant.key)
    if isinstance(found, Character):
        return found.state is Vital.STANDING
    if isinstance(found, MookGroup):
        return found.standing > 0
    return False


def sort_order(campaign: Campaign, encounter: Encounter) -> Encounter:
    """Re-sort by initiative: highest first, PCs before NPCs on a tie, then order of entry."""
    entries = [OrderEntry(p.key, p.initiative, is_pc(campaign, p.key), p.entry) for p in encounter.participants]
    by_key = {p.key: p for p in encounter.participants}
    return attrs.evolve(encounter, participants=tuple(by_key[k] for k in turn_order(entries)))


def de_turn(campaign: Campaign, key: str) -> str:
    """« de Brunvir », « d'Alduin », « des Vétérans de Villon » (a group is many)."""
    name = campaign.name_of(key)
    return de_group(name) if isinstance(campaign.find(key), MookGroup) else de(name)


def new_round(campaign: Campaign, encounter: Encounter) -> tuple[Campaign, Encounter, tuple[Line, ...]]:
    """Round + 1: the dying bleed, delays lapse (conditions count their bearer's turns)."""
    lines: list[Line] = [line(f"Round {encounter.round + 1}", f"Round {encounter.round + 1}")]
    keys = set(encounter.keys)
    for c in campaign.roster:
        if c.id in keys and c.state is Vital.DYING and not c.stabilised:
            result = bleed(c.hp)
            campaign = campaign.with_character(attrs.evolve(c, hp=result.hp))
            lines.append(
                line(
                    f"{c.name} is dying: HP {c.hp}→{result.hp}" + (" — dead" if result.state is Vital.DEAD else ""),
                    f"{c.name} agonise : PV {c.hp}→{result.hp}" + (" — mort" if result.state is Vital.DEAD else ""),
                )
            )
    participants = tuple(attrs.evolve(p, delaying=False) for p in encounter.participants)
    encounter = attrs.evolve(encounter, participants=participants, round=encounter.round + 1)
    return campaign, encounter, tuple(lines)


def _count_down(
    campaign: Campaign, encounter: Encounter, ticks: Callable[[Participant, Condition], bool]
) -> tuple[Encounter, tuple[Line, ...]]:
    """Count one down on every condition ``ticks`` says an event counts for; those at their
    last end, each with a line. Unchanged participants stay the same objects (the panes
    repaint by identity)."""
    lines: list[Line] = []
    changed: dict[str, Participant] = {}
    for p in encounter.participants:
        if not p.conditions or not any(c.rounds is not None and ticks(p, c) for c in p.conditions):
            continue
        kept = []
        for cond in p.conditions:
            if cond.rounds is None or not ticks(p, cond):
                kept.append(cond)
            elif cond.rounds > 1:
                kept.append(attrs.evolve(cond, rounds=cond.rounds - 1))
            else:
                name = campaign.name_of(p.key)
                lines.append(line(f"{name}: {cond.name} ends", f"{name} : fin de {cond.name}"))
        changed[p.key] = attrs.evolve(p, conditions=tuple(kept))
    if not changed:
        return encounter, ()
    participants = tuple(changed.get(p.key, p) for p in encounter.participants)
    return attrs.evolve(encounter, participants=participants), tuple(lines)


def turn_ends(campaign: Campaign, encounter: Encounter, key: str) -> tuple[Encounter, tuple[Line, ...]]:
    """``key``'s turn ends: its own conditions of N rounds count one of its turns down, and every
    condition "until the end of ``key``'s next turn" counts that end."""

    def ticks(p: Participant, c: Condition) -> bool:
        return (c.lasts is Lasts.ROUNDS and p.key == key) or (c.lasts is Lasts.TURN_END and c.of == key)

    return _count_down(campaign, encounter, ticks)


def turn_starts(campaign: Campaign, encounter: Encounter, key: str) -> tuple[Encounter, tuple[Line, ...]]:
    """``key``'s turn starts: every condition "until the start of ``key``'s next turn" ends."""
    return _count_down(campaign, encounter, lambda _p, c: c.lasts is Lasts.TURN_START and c.of == key)


def end_of_turn(campaign: Campaign, encounter: Encounter) -> tuple[Encounter, tuple[Line, ...]]:
    """The current one's turn ends (a condition of N rounds lasts to the end of its bearer's
    N-th turn). A delaying one's turn has not ended: it ends when it acts."""
    p = encounter.participant(encounter.current) if encounter.current is not None else None
    if p is None or p.delaying:
        return encounter, ()
    return turn_ends(campaign, encounter, p.key)


def _passed_over(campaign: Campaign, encounter: Encounter, key: str) -> tuple[Encounter, tuple[Line, ...]]:
    """``key`` cannot act (knocked out, dying, dead, all down): its turn comes and goes where it
    would have come, so conditions count it as a turn that started and ended (RULES 1.4 decision, docs/guide.md)."""
    encounter, started = turn_starts(campaign, encounter, key)
    encounter, ended = turn_ends(campaign, encounter, key)
    return encounter, started + ended


def _next_actor(campaign: Campaign, encounter: Encounter, start: int) -> tuple[str | None, Encounter, tuple[Line, ...]]:
    """The first one from ``start`` who can act, counting the turns of those passed over
    (a delaying one is not passed over: it holds its turn)."""
    lines: tuple[Line, ...] = ()
    for p in encounter.participants[start:]:
        if can_act(campaign, p):
            return p.key, encounter, lines
        if not p.delaying:
            encounter, more = _passed_over(campaign, encounter, p.key)
            lines += more
    return None, encounter, lines


def order_mid_round(campaign: Campaign, encounter: Encounter) -> Encounter:
    """Re-sort by initiative without giving anyone a second turn or taking one away: mid-round,
    those who have acted (up to the current one) stay before it and those still to act after
    it, each part in initiative order. Before the first turn, a plain sort."""
    ordered = sort_order(campaign, encounter)
    if encounter.current is None:
        return ordered
    acted = set(encounter.keys[: encounter.index(encounter.current)])
    by_key = {p.key: p for p in ordered.participants}
    before = [k for k in ordered.keys if k in acted]
    after = [k for k in ordered.keys if k not in acted and k != encounter.current]
    keys = [*before, encounter.current, *after]
    return attrs.evolve(ordered, participants=tuple(by_key[k] for k in keys))


def next_turn(campaign: Campaign) -> tuple[Campaign, tuple[Line, ...]]:
    """Pass to the next one who can act, starting a new round past the last."""
    enc = active_encounter(campaign)
    if not enc.participants:
        raise RulesError(
            "encounter", "nobody takes part in this encounter", fr="personne ne prend part à cette rencontre"
        )
    start = 0 if enc.current is None else enc.index(enc.current) + 1
    enc, lines = end_of_turn(campaign, enc)
    key, enc, passed = _next_actor(campaign, enc, start)
    lines += passed
    if key is None and enc.current is not None:
        campaign, enc, round_lines = new_round(campaign, enc)
        lines += round_lines
        key, enc, passed = _next_actor(campaign, enc, 0)
        lines += passed
    if key is None:
        raise RulesError("encounter", "nobody in the encounter can act", fr="personne dans la rencontre ne peut agir")
    enc = attrs.evolve(enc, current=key)
    name = campaign.name_of(key)
    lines += (line(f"{name}'s turn (round {enc.round})", f"Au tour {de_turn(campaign, key)} (round {enc.round})"),)
    enc, started = turn_starts(campaign, enc, key)
    campaign, revealed = reveal_on_turn(campaign.with_encounter(enc), key)
    return campaign, lines + started + revealed


def reveal_on_turn(campaign: Campaign, key: str) -> tuple[Campaign, tuple[Line, ...]]:
    """A hidden combatant whose turn comes is shown to the players when the GM chose so
    (:attr:`core.visibility.Option.REVEAL`, its own or the default). Once: its own choice is
    then set off, so that hiding it again later keeps it hidden."""
    found = campaign.find(key)
    vis = campaign.visibility
    if found is None or not found.hidden or not vis.option(Option.REVEAL, key):
        return campaign, ()
    if isinstance(found, Character):
        campaign = campaign.with_character(attrs.evolve(found, hidden=False))
    else:
        campaign = campaign.with_group(attrs.evolve(found, hidden=False))
    campaign = campaign._caches_to(attrs.evolve(campaign, visibility=vis.with_option(Option.REVEAL, False, key)))
    name = found.name
    return campaign, (
        line(f"{name} is shown to the players (its first turn)", f"{name} est montré aux joueurs (son premier tour)"),
    )


def previous_turn(campaign: Campaign) -> tuple[Campaign, tuple[Line, ...]]:
    """Back to the previous one who can act (into the previous round's end if need be).

    Going back does not undo what the turns passed did (a new round's bleeding, conditions counted
    down or ended): that is what undo is for.
    """
    enc = active_encounter(campaign)
    if enc.current is None:
        raise RulesError("encounter", "the encounter has not started", fr="la rencontre n'a pas commencé")
    idx = enc.index(enc.current)
    before = [p for p in enc.participants[:idx] if can_act(campaign, p)]
    if before:
        key, rnd = before[-1].key, enc.round
    else:
        if enc.round == 1:
            raise RulesError(
                "turn", "this is the first turn of the first round", fr="c'est le premier tour du premier round"
            )
        actors = [p for p in enc.participants if can_act(campaign, p)]
        key, rnd = actors[-1].key, enc.round - 1
    enc = attrs.evolve(enc, current=key, round=rnd)
    name = campaign.name_of(key)
    return campaign.with_encounter(enc), (line(f"Back to {name}'s turn", f"Retour au tour {de_turn(campaign, key)}"),)


def delay(campaign: Campaign, key: str) -> tuple[Campaign, tuple[Line, ...]]:
    """The one whose turn it is holds its action; the turn passes on."""
    enc = active_encounter(campaign)
    if enc.current != key:
        current = campaign.name_of(enc.current or "")
        raise RulesError(
            "delay",
            f"only the one whose turn it is can delay ({current})",
            fr=f"seul celui dont c'est le tour peut retarder son action ({current})",
        )
    participant = enc.participant(key)
    assert participant is not None
    campaign = campaign.with_encounter(enc.replace(attrs.evolve(participant, delaying=True)))
    name = campaign.name_of(key)
    campaign, lines = next_turn(campaign)
    return campaign, (line(f"{name} delays", f"{name} retarde son action"), *lines)


def act_now(campaign: Campaign, key: str) -> tuple[Campaign, tuple[Line, ...]]:
    """A delaying participant steps in, as the current one's turn is called ("I act now!"): the
    delayer takes its place just before the current one and acts; the current one's turn is
    interrupted, not ended, and comes right after (nobody acts twice in a round, nobody loses a
    turn: the interrupted one used to lose it, the next turn going on past it)."""
    enc = active_encounter(campaign)
    participant = enc.participant(key)
    if participant is None or not participant.delaying:
        raise RulesError(
            "act_now",
            f"{campaign.name_of(key)} is not delaying",
            fr=f"{campaign.name_of(key)} ne retarde pas son action",
        )
    interrupted = enc.current if enc.current != key else None
    rest = [p for p in enc.participants if p.key != key]
    keys = [p.key for p in rest]
    at = keys.index(interrupted) if interrupted in keys else len(rest)
    rest.insert(at, attrs.evolve(participant, delaying=False))
    enc = attrs.evolve(enc, participants=tuple(rest), current=key)
    name = campaign.name_of(key)
    if interrupted is None:
        said = line(f"{name} acts now", f"{name} agit maintenant")
    else:
        other = campaign.name_of(interrupted)
        said = line(
            f"{name} acts now, before {other}, whose turn comes next",
            f"{name} agit maintenant, avant {other}, dont le tour vient ensuite",
        )
    enc, started = turn_starts(campaign, enc, key)
    return campaign.with_encounter(enc), (said, *started)


def move(campaign: Campaign, key: str, steps: int) -> tuple[Campaign, tuple[Line, ...]]:
    """Move a participant up (steps < 0) or down the order by hand."""
    enc = active_encounter(campaign)
    if enc.participant(key) is None:
        raise RulesError(
            "participant",
            f"{campaign.name_of(key)} is not in the encounter",
            fr=f"{campaign.name_of(key)} n'est pas dans la rencontre",
        )
    order = list(enc.participants)
    i = enc.index(key)
    j = max(0, min(len(order) - 1, i + steps))
    order.insert(j, order.pop(i))
    enc = attrs.evolve(enc, participants=tuple(order))
    name = campaign.name_of(key)
    where = "up" if j < i else "down"
    return campaign.with_encounter(enc), (
        line(f"{name} moved {where} to place {j + 1}", f"{name} déplacé à la place {j + 1}"),
    )
