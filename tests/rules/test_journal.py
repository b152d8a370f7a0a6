"""The journal: undo/redo without limit, the log, replay and the window a save keeps."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.actions import (
    AddCondition,
    AttackGroup,
    BoostInitiative,
    ChangeShadow,
    Damage,
    Delay,
    Heal,
    NextTurn,
    SetInitiative,
)
from core.demo import demo_campaign
from core.encounter import Condition
from core.errors import RulesError
from core.journal import Entry, Journal

KEYS = ("arsouille", "alduin", "segiere", "morvan", "romuald", "brunvir", "capitaine")
DEMO = demo_campaign()

actions = st.one_of(
    st.just(NextTurn()),
    st.builds(Damage, st.tuples(st.sampled_from(KEYS)), st.integers(0, 8), st.booleans(), st.booleans()),
    st.builds(Heal, st.tuples(st.sampled_from(KEYS)), st.integers(0, 5)),
    st.builds(
        AttackGroup,
        st.just("veterans"),
        st.integers(0, 25),
        st.tuples(st.integers(-9, 10)),
        attacker=st.sampled_from(KEYS),
    ),
    st.builds(ChangeShadow, st.sampled_from(KEYS), st.just("gm"), st.integers(-6, 6)),
    st.builds(
        AddCondition,
        st.sampled_from(KEYS),
        st.builds(Condition, st.sampled_from(["stunned", "prone"]), st.none() | st.integers(1, 3)),
    ),
    st.builds(SetInitiative, st.sampled_from(KEYS), st.integers(0, 20)),
    st.builds(BoostInitiative, st.sampled_from(KEYS)),
    st.builds(Delay, st.sampled_from(KEYS)),
)


def record_valid(journal: Journal, candidates) -> Journal:
    for action in candidates:
        try:
            journal, _ = journal.record(action)
        except RulesError:
            pass
    return journal


@settings(max_examples=60, deadline=None)
@given(st.lists(actions, max_size=25))
def test_undoing_everything_gives_back_the_first_state_and_redo_the_last(candidates) -> None:
    journal = record_valid(Journal.start(DEMO), candidates)
    last = journal.campaign
    undone = journal
    while undone.can_undo:
        undone = undone.undo()
    assert undone.campaign == DEMO
    redone = undone
    while redone.can_redo:
        redone = redone.redo()
    assert redone.campaign == last


@settings(max_examples=40, deadline=None)
@given(st.lists(actions, max_size=25))
def test_replaying_the_journal_gives_the_same_state(candidates) -> None:
    journal = record_valid(Journal.start(DEMO), candidates)
    restored = Journal.restore(journal.base, journal.done, journal.undone, journal.log)
    assert restored.campaign == journal.campaign
    assert restored == journal


def test_a_refused_action_changes_nothing() -> None:
    journal = Journal.start(DEMO)
    with pytest.raises(RulesError):
        journal.record(Damage(("nobody",), 3))
    assert journal.campaign is DEMO and not journal.done


def test_a_new_action_clears_redo_and_the_log_shows_undo() -> None:
    journal, _ = Journal.start(DEMO).record(NextTurn())
    journal = journal.undo()
    assert journal.can_redo
    journal, _ = journal.record(Damage(("segiere",), 2))
    assert not journal.can_redo
    assert [entry.kind for entry in journal.log] == ["do", "undo", "do"]
    assert journal.log[1].line.en.startswith("Undone: ")
    assert journal.log[1].line.fr.startswith("Annulé : ")


def test_trimmed_keeps_the_last_actions_and_moves_the_base() -> None:
    journal = Journal.start(DEMO)
    for _ in range(12):
        journal, _ = journal.record(NextTurn())
    kept = journal.trimmed(5)
    assert len(kept.done) == 5 and kept.campaign == journal.campaign
    assert Journal.restore(kept.base, kept.done).campaign == journal.campaign
    assert kept.done[0].seq == 8


@settings(max_examples=30, deadline=None)
@given(st.lists(actions, max_size=20), st.lists(actions, max_size=5))
def test_a_loaded_journal_is_the_restored_one_and_undoes_the_same(saved, later) -> None:
    journal = record_valid(Journal.start(DEMO), saved)
    loaded = Journal.loaded(journal.campaign, journal.base, journal.done, journal.undone, journal.log)
    assert loaded == journal and loaded.campaign is journal.campaign
    loaded, journal = record_valid(loaded, later), record_valid(journal, later)
    assert loaded == journal and loaded.states == journal.states
    while journal.can_undo:
        journal, loaded = journal.undo(), loaded.undo()
        assert loaded == journal and loaded.campaign == journal.campaign


def test_a_loaded_history_is_replayed_only_when_undo_goes_past_it() -> None:
    first, _ = Journal.start(DEMO).record(Damage(("segiere",), 2))
    broken = Entry(first.done[0].seq, Damage(("nobody",), 2), first.done[0].lines)  # cannot be replayed
    loaded = Journal.loaded(first.campaign, DEMO, (broken,), (), first.log)
    later, _ = loaded.record(NextTurn())
    assert later.undo().campaign is first.campaign and later.undo().redo().campaign == later.campaign
    with pytest.raises(RulesError, match="cannot be replayed .*nobody.*undo starts from where") as caught:
        later.undo().undo()
    assert "ne peut pas être rejoué" in caught.value.text("fr") and "nobody" in caught.value.text("fr")
    assert later.states == (first.campaign, later.campaign)  # the saved campaign wins
