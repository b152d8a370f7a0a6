"""Every question the GM must answer yes to is core's NeedsConfirmation — a PC becoming an NPC,
a raise past half of the raises, an NPC attacking its own side — and the app's one door answers
each with one dialog: ``await app.request(action)`` is the Outcome, Refused or Declined."""

from __future__ import annotations

import attrs
import pytest

from core.actions import (
    AttackGroup,
    AttackNamedGroup,
    AttackOpponent,
    ChangeShadow,
    DefendOpponent,
    NeedsConfirmation,
    NextTurn,
    Outcome,
    RaiseCharacteristic,
    Remove,
    apply,
)
from core.combat import Grade, Range, group_difficulty
from core.demo import demo_campaign
from core.journal import Journal
from core.shadow import Mark, Shadow
from tests.tui.pilot import make_test_app, run, wait_for
from tui.door import Declined, Refused


def five_marks(campaign, key: str = "morvan", kind: str = "stigma"):
    marks = tuple(Mark(kind, lvl) for lvl in ("minor", "major", "supreme", "supreme", "supreme"))
    shadow = Shadow(value=10, stigmata=marks) if kind == "stigma" else Shadow(value=0, graces=marks)
    return campaign.with_character(attrs.evolve(campaign.character(key), shadow=shadow))


# -- core asks -------------------------------------------------------------------------------------
def test_a_sixth_stigma_asks_its_question_and_says_how_to_confirm() -> None:
    action = ChangeShadow("morvan", "story_element", 2)
    with pytest.raises(NeedsConfirmation) as caught:
        apply(five_marks(demo_campaign()), action)
    assert caught.value.question.text("en") == "6th stigma: Morvan becomes an NPC — confirm?"
    assert caught.value.question.text("fr") == "6e stigmate : Morvan devient un PNJ — confirmer ?"
    assert caught.value.confirmed(action) == attrs.evolve(action, confirm=True)


def test_a_sixth_grace_is_called_a_grace() -> None:
    with pytest.raises(NeedsConfirmation) as caught:
        apply(five_marks(demo_campaign(), kind="grace"), ChangeShadow("morvan", "gm", -2))
    assert caught.value.question.text("en") == "6th grace: Morvan becomes an NPC — confirm?"


def test_a_raise_past_the_limit_is_a_question_not_a_refusal() -> None:
    campaign = demo_campaign()
    segiere = attrs.evolve(campaign.character("segiere"), xp=50, raises=(("corps", 1),))
    with pytest.raises(NeedsConfirmation) as caught:
        apply(campaign.with_character(segiere), RaiseCharacteristic("segiere", "corps"))
    assert caught.value.answer == {"override": True}


@pytest.mark.parametrize(
    "action",
    [
        AttackGroup("veterans", 12, (0,), attacker="capitaine"),
        AttackOpponent("capitaine", "veterans", 12, 10, (0,)),
        AttackNamedGroup(("capitaine",), Grade.STANDARD, 12, (0,), attacker="capitaine2"),
        DefendOpponent("capitaine", 12, 10, (0,), attacker="veterans"),
    ],
    ids=["group", "duel", "named", "defence"],
)
def test_an_npc_attacking_its_own_side_is_asked_when_recorded_never_on_replay(action) -> None:
    campaign = demo_campaign()
    if isinstance(action, AttackNamedGroup):  # a second NPC of the guard attacks the first
        second = attrs.evolve(campaign.character("capitaine"), id="capitaine2", name="Second")
        campaign = attrs.evolve(campaign, roster=(*campaign.roster, second))
    question = action.ask(campaign)
    assert question is not None and "own side" in question.question.text("en") and question.answer == {"own_side": True}
    with pytest.raises(NeedsConfirmation):
        Journal.start(campaign).record(action)
    journal, _outcome = Journal.start(campaign).record(question.confirmed(action))
    # A journal saved before the question was core's holds the action without the yes: it
    # replays (the recording was the yes).
    replayed = Journal.restore(campaign, (attrs.evolve(journal.done[0], action=action),))
    assert replayed.campaign == journal.campaign


def test_a_pc_or_the_gm_attacking_is_not_asked() -> None:
    campaign = demo_campaign()
    assert AttackOpponent("alduin", "brunvir", 12, 10, (0,)).ask(campaign) is None
    assert AttackGroup("veterans", 12, (0,), attacker=None).ask(campaign) is None
    assert AttackOpponent("capitaine", "brunvir", 12, 10, (0,)).ask(campaign) is None


# -- core answers what the forms used to compute -----------------------------------------------------
def test_the_group_difficulty_is_a_number_and_its_line() -> None:
    asked = group_difficulty(Grade.VETERAN, Range.MEDIUM)
    assert asked.value == 13 and asked.line.text("en") == "difficulty: veterans 10 + medium range 3 = 13"


def test_whether_a_reroll_is_allowed_is_the_rules_answer() -> None:
    campaign = demo_campaign()
    missed = AttackGroup("veterans", 9, (-3,), attacker="brunvir")
    assert missed.can_reroll(campaign)
    assert not AttackGroup("veterans", 9, (5,), attacker="brunvir").can_reroll(campaign)  # a hit
    assert not attrs.evolve(missed, dice=(-3, -2)).can_reroll(campaign)  # the one reroll is used
    strict = attrs.evolve(campaign, rules=attrs.evolve(campaign.rules, max_rerolls=0))
    assert not missed.can_reroll(strict)


# -- the door ----------------------------------------------------------------------------------------
@pytest.mark.slow
@run
async def test_the_door_answers_an_outcome_a_refusal_or_a_no() -> None:
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        answer = await app.request(NextTurn())
        assert isinstance(answer, Outcome) and app.campaign is answer.campaign
        refused = await app.request(Remove("nobody"), quiet=True)
        assert isinstance(refused, Refused) and "nobody" in refused.text("en")
        asked = app.request(AttackOpponent("capitaine", "veterans", 12, 10, (0,)))
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        assert not asked.done()  # waiting for the GM
        await pilot.press("n")
        declined = await asked
        assert isinstance(declined, Declined) and "own side" in declined.question.text("en")
        assert len(app.session.journal.done) == 1


@pytest.mark.slow
@run
async def test_yes_sends_the_confirmed_action_and_the_answer_is_its_outcome() -> None:
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        asked = app.request(AttackOpponent("capitaine", "veterans", 12, 10, (0,)))
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        await pilot.press("y")
        answer = await asked
        assert isinstance(answer, Outcome)
        assert app.session.journal.done[-1].action.own_side
