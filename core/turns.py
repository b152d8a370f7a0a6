"""Turns and rounds (RULES 1.4, 1.6): order, next/previous turn, delay, new round effects.

Pure functions over a :class:`Campaign` and its active encounter. A new round bleeds the dying
(−1 HP, RULES 1.6 decision) and expires conditions; the dead, dying and knocked out are skipped
but stay listed; a delaying participant is skipped until it acts.
"""

from __future__ import annotations

import attrs

from core.breakdown import Line, line
from core.campaign import Campaign
from core.damage import Vital, bleed
from core.encounter import Encounter, Participant
from core.errors import RulesError
from core.french import de
from core.initiative import OrderEntry, turn_order
from core.mooks import MookGroup
from core.roster import Character


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


def _first_actor(campaign: Campaign, encounter: Encounter, start: int) -> str | None:
    for p in encounter.participants[start:]:
        if can_act(campaign, p):
            return p.key
    return None


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


def end_of_turn(campaign: Campaign, encounter: Encounter) -> tuple[Encounter, tuple[Line, ...]]:
    """The current one's turn ends: its conditions count one of its turns down and those at
    their last end (a condition of N rounds lasts to the end of its bearer's N-th turn)."""
    p = encounter.participant(encounter.current) if encounter.current is not None else None
    if p is None or p.delaying or not any(c.rounds is not None for c in p.conditions):
        return encounter, ()
    kept, lines = [], []
    for cond in p.conditions:
        if cond.rounds is None:
            kept.append(cond)
        elif cond.rounds > 1:
            kept.append(attrs.evolve(cond, rounds=cond.rounds - 1))
        else:
            name = campaign.name_of(p.key)
            lines.append(line(f"{name}: {cond.name} ends", f"{name} : fin de {cond.name}"))
    return encounter.replace(attrs.evolve(p, conditions=tuple(kept))), tuple(lines)


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
        raise RulesError("encounter", "nobody takes part in this encounter", fr="personne ne prend part à cette rencontre")
    start = 0 if enc.current is None else enc.index(enc.current) + 1
    enc, lines = end_of_turn(campaign, enc)
    key = _first_actor(campaign, enc, start)
    if key is None and enc.current is not None:
        campaign, enc, round_lines = new_round(campaign, enc)
        lines += round_lines
        key = _first_actor(campaign, enc, 0)
    if key is None:
        raise RulesError("encounter", "nobody in the encounter can act", fr="personne dans la rencontre ne peut agir")
    enc = attrs.evolve(enc, current=key)
    name = campaign.name_of(key)
    lines += (line(f"{name}'s turn (round {enc.round})", f"Au tour {de(name)} (round {enc.round})"),)
    return campaign.with_encounter(enc), lines


def previous_turn(campaign: Campaign) -> tuple[Campaign, tuple[Line, ...]]:
    """Back to the previous one who can act (into the previous round's end if need be).

    Going back does not undo a new round's bleeding or expiries: that is what undo is for.
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
            raise RulesError("turn", "this is the first turn of the first round", fr="c'est le premier tour du premier round")
        actors = [p for p in enc.participants if can_act(campaign, p)]
        key, rnd = actors[-1].key, enc.round - 1
    enc = attrs.evolve(enc, current=key, round=rnd)
    name = campaign.name_of(key)
    return campaign.with_encounter(enc), (line(f"Back to {name}'s turn", f"Retour au tour {de(name)}"),)


def delay(campaign: Campaign, key: str) -> tuple[Campaign, tuple[Line, ...]]:
    """The one whose turn it is holds its action; the turn passes on."""
    enc = active_encounter(campaign)
    if enc.current != key:
        current = campaign.name_of(enc.current or "")
        raise RulesError(
            "delay", f"only the one whose turn it is can delay ({current})", fr=f"seul celui dont c'est le tour peut retarder son action ({current})"
        )
    participant = enc.participant(key)
    assert participant is not None
    campaign = campaign.with_encounter(enc.replace(attrs.evolve(participant, delaying=True)))
    name = campaign.name_of(key)
    campaign, lines = next_turn(campaign)
    return campaign, (line(f"{name} delays", f"{name} retarde son action"), *lines)


def act_now(campaign: Campaign, key: str) -> tuple[Campaign, tuple[Line, ...]]:
    """A delaying participant steps in: the current one's turn ends, the delayer takes its place
    right after it and acts; the next turn goes on from there (nobody acts twice in a round)."""
    enc = active_encounter(campaign)
    participant = enc.participant(key)
    if participant is None or not participant.delaying:
        raise RulesError("act_now", f"{campaign.name_of(key)} is not delaying", fr=f"{campaign.name_of(key)} ne retarde pas son action")
    enc, lines = end_of_turn(campaign, enc)
    rest = [p for p in enc.participants if p.key != key]
    keys = [p.key for p in rest]
    at = keys.index(enc.current) + 1 if enc.current in keys else len(rest)
    rest.insert(at, attrs.evolve(participant, delaying=False))
    enc = attrs.evolve(enc, participants=tuple(rest), current=key)
    name = campaign.name_of(key)
    return campaign.with_encounter(enc), (*lines, line(f"{name} acts now", f"{name} agit maintenant"))


def move(campaign: Campaign, key: str, steps: int) -> tuple[Campaign, tuple[Line, ...]]:
    """Move a participant up (steps < 0) or down the order by hand."""
    enc = active_encounter(campaign)
    if enc.participant(key) is None:
        raise RulesError("participant", f"{campaign.name_of(key)} is not in the encounter", fr=f"{campaign.name_of(key)} n'est pas dans la rencontre")
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
