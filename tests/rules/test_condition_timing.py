"""Condition timing the GM chooses (rounds, until the start or the end of someone's next turn,
until removed), conditions on several combatants as one action, and conditions that count down
while their bearer's turns are skipped (docs/guide.md, rules decisions: Conditions)."""

from __future__ import annotations

import attrs
import pytest

from core.actions import AddCondition, NextTurn, RemoveCondition, StartEncounter, apply
from core.campaign import Campaign
from core.characteristics import Characteristics
from core.encounter import Condition, Lasts
from core.errors import RulesError
from core.journal import Journal
from core.roster import new_character
from tests.present import present
from tests.rules.test_turns import run


def trio() -> Campaign:
    """Order a, c, b (initiative 7, 5 PC, 5 NPC)."""
    a = new_character("a", "Aude", Characteristics(corps=2, combat=7))
    b = new_character("b", "Bert", Characteristics(corps=2, combat=5), pc=False)
    c = new_character("c", "Cyr", Characteristics(corps=2, combat=5))
    return run(Campaign("t", roster=(a, b, c)), StartEncounter("fight", ("b", "a", "c")), NextTurn())


def names(campaign: Campaign, key: str) -> list[str]:
    return [c.name for c in present(present(campaign.encounter).participant(key)).conditions]


def test_until_the_start_of_someones_next_turn_ends_when_that_turn_starts() -> None:
    campaign = run(trio(), AddCondition("c", Condition("shielded", lasts=Lasts.TURN_START, of="a")))  # a's turn
    campaign = run(campaign, NextTurn(), NextTurn())  # c, b: still shielded
    assert names(campaign, "c") == ["shielded"]
    outcome = apply(campaign, NextTurn())  # round 2, a's turn starts: it ends
    assert names(outcome.campaign, "c") == []
    assert "Cyr: shielded ends" in [ln.en for ln in outcome.lines]


def test_until_the_end_of_a_turn_set_in_that_turn_lasts_through_the_next_one() -> None:
    campaign = run(trio(), AddCondition("b", Condition("taunted", lasts=Lasts.TURN_END, of="a")))  # a's own turn
    campaign = run(campaign, NextTurn(), NextTurn(), NextTurn())  # round 2, a's turn again
    assert campaign.encounter.current == "a" and names(campaign, "b") == ["taunted"]
    assert names(run(campaign, NextTurn()), "b") == []


def test_until_the_end_of_a_later_turn_this_round() -> None:
    campaign = run(trio(), AddCondition("a", Condition("guarded", lasts=Lasts.TURN_END, of="c")))
    campaign = run(campaign, NextTurn())  # c's turn: still there
    assert names(campaign, "a") == ["guarded"]
    assert names(run(campaign, NextTurn()), "a") == []  # c's turn ended


def test_until_removed_stays_until_removed() -> None:
    campaign = run(trio(), AddCondition("b", Condition("blessed")), *[NextTurn()] * 9)
    assert names(campaign, "b") == ["blessed"]
    assert names(run(campaign, RemoveCondition("b", "blessed")), "b") == []


def test_bless_on_several_is_one_action_and_one_undo() -> None:
    journal = Journal.start(trio())
    journal, outcome = journal.record(AddCondition("a", Condition("blessed", 3), also=("b", "c")))
    for key in "abc":
        assert names(journal.campaign, key) == ["blessed"]
    # a is up: its 3 rounds are its 3 turns after this one; the others' next 3 turns.
    assert present(present(journal.campaign.encounter).participant("a")).conditions[0].rounds == 4
    assert present(present(journal.campaign.encounter).participant("b")).conditions[0].rounds == 3
    assert [ln.en for ln in outcome.lines] == ["Aude, Bert, Cyr: blessed for 3 rounds"]
    assert all(names(journal.undo().campaign, k) == [] for k in "abc")


def test_a_condition_on_several_is_all_or_nothing() -> None:
    outsider = new_character("z", "Zoé", Characteristics(combat=1))
    campaign = attrs.evolve(trio(), roster=(*trio().roster, outsider))
    with pytest.raises(RulesError, match="not in the fight"):
        apply(campaign, AddCondition("a", Condition("blessed", 2), also=("z",)))


def test_whose_turn_must_be_in_the_fight_and_named() -> None:
    with pytest.raises(RulesError, match="of"):
        Condition("shielded", lasts=Lasts.TURN_START)
    with pytest.raises(RulesError, match="not in the fight"):
        apply(trio(), AddCondition("a", Condition("shielded", lasts=Lasts.TURN_START, of="nobody")))


def test_a_knocked_out_bearers_conditions_count_down_where_its_turn_would_come() -> None:
    campaign = run(trio(), AddCondition("c", Condition("stunned", 1)))  # a's turn; c is next
    knocked = attrs.evolve(campaign.character("c"), bruise=campaign.character("c").hp)
    campaign = campaign.with_character(knocked)
    assert campaign.character("c").state.value == "knocked_out"
    outcome = apply(campaign, NextTurn())  # c's turn is skipped: it counts, b is up
    assert present(outcome.campaign.encounter).current == "b"
    assert names(outcome.campaign, "c") == []
    assert "Cyr: stunned ends" in [ln.en for ln in outcome.lines]


def test_until_a_skipped_ones_turn_ends_where_its_turn_would_come() -> None:
    campaign = run(trio(), AddCondition("a", Condition("guarded", lasts=Lasts.TURN_START, of="c")))
    knocked = attrs.evolve(campaign.character("c"), bruise=campaign.character("c").hp)
    campaign = run(campaign.with_character(knocked), NextTurn())
    assert campaign.encounter.current == "b" and names(campaign, "a") == []
