"""Turns and rounds: order, skipping, delay, new rounds that bleed and expire (RULES 1.4, 1.6)."""

from __future__ import annotations

import sys

import attrs
import pytest

from core.actions import (
    ActNow,
    AddCondition,
    BoostInitiative,
    Damage,
    Delay,
    MoveInOrder,
    NextTurn,
    PreviousTurn,
    SetInitiative,
    Stabilise,
    StartEncounter,
    apply,
)
from core.campaign import Campaign
from core.characteristics import Characteristics
from core.encounter import Condition
from core.errors import RulesError
from core.roster import new_character
from tests.present import present


def run(campaign: Campaign, *actions):
    for action in actions:
        campaign = apply(campaign, action).campaign
    return campaign


def duo() -> Campaign:
    a = new_character("a", "Aude", Characteristics(corps=2, combat=7))
    b = new_character("b", "Bert", Characteristics(corps=2, combat=5), pc=False)
    c = new_character("c", "Cyr", Characteristics(corps=2, combat=5))
    campaign = Campaign("t", roster=(a, b, c))
    return run(campaign, StartEncounter("fight", ("b", "a", "c")))


def test_order_highest_first_pcs_before_npcs_on_ties() -> None:
    assert present(duo().encounter).keys == ("a", "c", "b")


def test_e8_romuald_boosts_initiative_with_shadow() -> None:
    romuald = new_character("romuald", "Romuald", Characteristics(combat=7), shadow=2)
    rival = new_character("rival", "Rival", Characteristics(combat=10), pc=False)
    campaign = run(Campaign("t", roster=(romuald, rival)), StartEncounter("duel", ("romuald", "rival")))
    assert campaign.encounter.keys == ("rival", "romuald")
    campaign = run(campaign, BoostInitiative("romuald"))
    enc = campaign.encounter
    assert enc.participant("romuald").initiative == 12
    assert enc.keys == ("romuald", "rival")
    assert campaign.character("romuald").shadow.value == 3


def test_npc_cannot_boost_initiative() -> None:
    with pytest.raises(RulesError, match="shadow"):
        run(duo(), BoostInitiative("b"))


def test_next_turn_wraps_into_a_new_round() -> None:
    campaign = run(duo(), NextTurn())
    assert campaign.encounter.current == "a"
    campaign = run(campaign, NextTurn(), NextTurn())
    assert (campaign.encounter.current, campaign.encounter.round) == ("b", 1)
    campaign = run(campaign, NextTurn())
    assert (campaign.encounter.current, campaign.encounter.round) == ("a", 2)


def test_previous_turn_goes_back_across_the_round() -> None:
    campaign = run(duo(), NextTurn(), NextTurn(), NextTurn(), NextTurn())
    assert campaign.encounter.round == 2
    campaign = run(campaign, PreviousTurn())
    assert (campaign.encounter.current, campaign.encounter.round) == ("b", 1)
    with pytest.raises(RulesError):
        run(duo(), NextTurn(), PreviousTurn())


def test_dead_and_knocked_out_are_skipped_but_listed() -> None:
    campaign = run(duo(), Damage(("c",), 20), NextTurn(), NextTurn())
    assert campaign.encounter.current == "b"
    assert "c" in campaign.encounter.keys


def test_delay_then_act_now_before_the_current_one_who_keeps_its_turn() -> None:
    """Issue 34: "I act now!" as b's turn is called: a acts, then b's turn (not lost)."""
    campaign = run(duo(), NextTurn(), Delay("a"))
    assert campaign.encounter.current == "c"
    assert campaign.encounter.participant("a").delaying
    campaign = run(campaign, NextTurn())
    assert campaign.encounter.current == "b"
    campaign = run(campaign, ActNow("a"))
    assert campaign.encounter.current == "a"
    assert campaign.encounter.keys == ("c", "a", "b")
    campaign = run(campaign, NextTurn())  # b, interrupted, keeps its turn
    assert (campaign.encounter.round, campaign.encounter.current) == (1, "b")
    campaign = run(campaign, NextTurn())  # nobody acts twice: the round is over
    assert (campaign.encounter.round, campaign.encounter.current) == (2, "c")


def test_act_now_never_gives_a_second_turn() -> None:
    campaign = run(duo(), NextTurn(), Delay("a"), ActNow("a"))  # a steps in as c's turn starts
    assert campaign.encounter.keys == ("a", "c", "b")
    campaign = run(campaign, NextTurn())
    assert campaign.encounter.current == "c" and campaign.encounter.round == 1
    campaign = run(campaign, NextTurn())
    assert campaign.encounter.current == "b" and campaign.encounter.round == 1


def test_boost_mid_round_neither_skips_nor_repeats_a_turn() -> None:
    campaign = run(duo(), NextTurn())  # a's turn; c and b to come
    campaign = run(campaign, SetInitiative("b", 20))  # b would sort first: it still acts this round
    assert campaign.encounter.keys == ("a", "b", "c")
    seen = []
    for _ in range(2):
        campaign = run(campaign, NextTurn())
        seen.append(campaign.encounter.current)
    assert seen == ["b", "c"]
    campaign = run(campaign, NextTurn())
    assert (campaign.encounter.round, campaign.encounter.current) == (2, "a")


def test_only_the_current_one_can_delay_and_only_a_delayer_acts_now() -> None:
    with pytest.raises(RulesError, match="delay"):
        run(duo(), NextTurn(), Delay("c"))
    with pytest.raises(RulesError, match="act_now"):
        run(duo(), NextTurn(), ActNow("c"))


def test_a_new_round_bleeds_the_dying_and_stabilised_stop() -> None:
    campaign = run(duo(), NextTurn(), Damage(("c",), 4))
    assert campaign.character("c").hp == 3
    campaign = run(campaign, Damage(("c",), 3))
    assert campaign.character("c").hp == 0
    campaign = run(campaign, NextTurn(), NextTurn())  # b, then round 2
    assert campaign.character("c").hp == -1
    campaign = run(campaign, Stabilise("c"), NextTurn(), NextTurn())
    assert campaign.character("c").hp == -1


def test_dying_bleeds_to_death_at_minus_ten() -> None:
    campaign = run(duo(), NextTurn())
    campaign = campaign.with_character(attrs.evolve(campaign.character("c"), hp=-9))
    campaign = run(campaign, NextTurn(), NextTurn())
    assert campaign.character("c").hp == -10
    assert campaign.character("c").state.value == "dead"


def test_conditions_last_their_bearers_turns() -> None:
    # order: a, c, b. "stunned 2" on b during a's turn: b's next two turns, then it ends.
    campaign = run(
        duo(), NextTurn(), AddCondition("b", Condition("stunned", 2)), AddCondition("a", Condition("blessed"))
    )
    campaign = run(campaign, NextTurn(), NextTurn())  # b's turn, round 1
    assert campaign.encounter.participant("b").conditions == (Condition("stunned", 2),)
    campaign = run(campaign, NextTurn())  # round 2: b's first turn is over
    assert campaign.encounter.participant("b").conditions == (Condition("stunned", 1),)
    campaign = run(campaign, NextTurn(), NextTurn())  # b's second turn: still stunned
    assert campaign.encounter.current == "b" and campaign.encounter.participant("b").conditions == (
        Condition("stunned", 1),
    )
    campaign = run(campaign, NextTurn())
    assert campaign.encounter.participant("b").conditions == ()
    assert campaign.encounter.participant("a").conditions == (Condition("blessed"),)


def test_a_condition_set_in_its_bearers_own_turn_covers_its_next_turn() -> None:
    campaign = run(duo(), NextTurn(), AddCondition("a", Condition("stunned", 1)))  # a's own turn
    campaign = run(campaign, NextTurn(), NextTurn(), NextTurn())  # round 2, a's turn
    assert campaign.encounter.current == "a" and campaign.encounter.participant("a").conditions[0].name == "stunned"
    campaign = run(campaign, NextTurn())
    assert campaign.encounter.participant("a").conditions == ()


def test_set_initiative_resorts_and_move_reorders_by_hand() -> None:
    campaign = run(duo(), SetInitiative("b", 9))
    assert campaign.encounter.keys == ("b", "a", "c")
    campaign = run(campaign, MoveInOrder("c", -2))
    assert campaign.encounter.keys == ("c", "b", "a")


def test_condition_rounds_must_be_positive() -> None:
    with pytest.raises(RulesError, match="rounds"):
        Condition("stunned", 0)


@pytest.mark.slow
def test_item9_starting_a_fight_with_5000_combatants_is_not_quadratic():
    """Starting a fight costs about n log n: the Python calls it makes for 5,000 combatants are
    within 15 times those for 500 (quadratic would be 100 times). Counted, not timed."""
    from benchmarks.start_fight import roster_of
    from core.actions import StartEncounter
    from core.journal import Journal

    def calls(n: int) -> int:
        campaign, keys = roster_of(n)
        journal = Journal.start(campaign)
        count = 0

        def profile(frame, event, arg):
            nonlocal count
            if event in ("call", "c_call"):
                count += 1

        sys.setprofile(profile)
        try:
            journal, _ = journal.record(StartEncounter("Le pont de Villon", tuple(keys[-n:])))
        finally:
            sys.setprofile(None)
        assert len(present(journal.campaign.encounter).participants) == n
        return count

    small, large = calls(500), calls(5000)
    assert large < 15 * small, (small, large)
