"""The turn order never skips anyone silently (issue 34): whatever the GM does during a round —
the next turn, a delay, act now, a removal, a late arrival, undo — everyone still to act when it
began acts before the next round starts, unless removed, unable to act, or still delaying (a
delay not used lapses: the GM's choice)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.actions import ActNow, Delay, Join, NextTurn
from core.actions.roster import AddCharacter, Remove
from core.characteristics import Characteristics
from core.demo import demo_campaign
from core.errors import RulesError
from core.journal import Journal
from core.roster import new_character
from core.turns import can_act
from tests.present import present

LATE = "latecomer"


def start() -> Journal:
    campaign = demo_campaign()
    journal = Journal.start(campaign)
    journal, _ = journal.record(AddCharacter(new_character(LATE, "Late", Characteristics(corps=2, combat=6))))
    return journal


def still_to_act(journal: Journal) -> set[str]:
    """Those after the current one in the order, the current one and the delayers: still to act."""
    enc = present(journal.campaign.encounter)
    keys = enc.keys
    at = keys.index(enc.current) if enc.current in keys else 0
    return {p.key for p in enc.participants[at:] if can_act(journal.campaign, p)} | {
        p.key for p in enc.participants if p.delaying
    }


def owed_left(journal: Journal, owed: set[str]) -> set[str]:
    """Of ``owed``, those the round just over left without a turn though they could act."""
    enc = present(journal.campaign.encounter)
    return {
        k for k in owed if (p := enc.participant(k)) is not None and can_act(journal.campaign, p) and not p.delaying
    }


STEPS = st.lists(
    st.tuples(
        st.sampled_from(["next", "next", "next", "delay", "act now", "remove", "join", "undo"]), st.integers(0, 20)
    ),
    min_size=5,
    max_size=40,
)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(STEPS)
def test_everyone_still_to_act_this_round_acts(steps) -> None:
    journal = start()
    owed = still_to_act(journal)
    history: list[tuple[Journal, set[str]]] = []
    for kind, pick in steps:
        enc = present(journal.campaign.encounter)
        before, before_owed = journal, set(owed)
        try:
            if kind == "undo":
                if not history:
                    continue
                journal, owed = history.pop()
                continue
            if kind == "next":
                journal, _ = journal.record(NextTurn())
                current = enc.participant(present(enc.current))
                if current is not None and not current.delaying:
                    owed.discard(enc.current)  # its turn is over
            elif kind == "delay":
                journal, _ = journal.record(Delay(present(enc.current)))
                if present(journal.campaign.encounter).round != enc.round:  # the last one delayed: it lapses
                    owed.discard(enc.current)
            elif kind == "act now":
                delayers = [p.key for p in enc.participants if p.delaying]
                if not delayers:
                    continue
                journal, _ = journal.record(ActNow(delayers[pick % len(delayers)]))
            elif kind == "remove":
                others = [k for k in enc.keys if k != enc.current]
                if len(others) < 3:
                    continue
                key = others[pick % len(others)]
                journal, _ = journal.record(Remove(key))
                owed.discard(key)
            elif kind == "join":
                if enc.participant(LATE) is not None:
                    continue
                journal, _ = journal.record(Join(LATE, pick))
        except RulesError:
            continue
        history.append((before, before_owed))
        after = present(journal.campaign.encounter)
        if after.round != enc.round:  # a new round: the last one owed nobody a turn
            assert owed_left(before, owed) == set(), (steps, kind)
            owed = still_to_act(journal)
