"""Issue 14, item 11: the words a GM reads (what tests/tui/test_first_fight.py does not already play)."""

from __future__ import annotations

import pytest

from core.actions import AttackGroup, AttackOpponent, Roll, apply
from core.demo import demo_campaign
from tests.tui.pilot import WIDE, done_actions, make_app_trades_apply, run, turn_of, wait_for


def shadow_lines(text: str) -> list[str]:
    return [row for row in text.splitlines() if "ombre" in row or "shadow" in row]


@pytest.mark.slow
@run
async def test_item_11_no_doubled_shadow_lines_in_french_after_a_reroll():
    """Morvan attacks the veterans with a reroll (-5 then 7): the result says once what the
    reroll cost his shadow ("Morvan : ombre 4→5 (relance…)"), not again as "1 relance : +1 ombre"."""
    app = make_app_trades_apply(turn_of("morvan"), lang="fr")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "minus", "5", "tab", "7", "enter")
        await wait_for(pilot, lambda: len(done_actions(app)) == 1)
        assert done_actions(app) == [AttackGroup("veterans", 10, (-5, 7), "short", "morvan", 0)]
        shown = str(app.screen.query_one("#mass-result").render())
        lines = shadow_lines(shown)
        assert lines == ["Morvan : ombre 4→5 (relance après un échec)"], shown


def test_item_11_a_critical_failure_states_its_shadow_once_and_an_npc_has_none():
    campaign = demo_campaign()
    die = campaign.rules.die
    fumble = apply(campaign, AttackOpponent("brunvir", "capitaine", 10, 14, (die.critical_failure,)))
    said = [x.text("fr") for x in (*fumble.lines, *fumble.breakdown)]
    assert len(shadow_lines("\n".join(said))) == 1, said  # "Brunvir : ombre 5→4 (échec critique)"
    assert f"{die.critical_failure} naturel : échec critique" in said
    npc = apply(campaign, Roll("capitaine", 10, 15, (-5, 6)))
    assert shadow_lines("\n".join(x.text("fr") for x in (*npc.lines, *npc.breakdown))) == []  # no shadow
    gm = apply(campaign, Roll(None, 10, 15, (-5, 6)))  # nobody's shadow recorded: the breakdown tells
    assert "1 relance : +1 ombre" in [x.text("fr") for x in gm.breakdown]


@pytest.mark.slow
@run
async def test_item_11_an_npc_attacking_its_own_side_is_asked_about():
    """On the Captain's turn, `g` fills the group attack with the Captain against the veterans
    (his own soldiers): Enter asks; `n` changes nothing, `y` attacks."""
    from tui.screens.prompts import ConfirmDialog

    app = make_app_trades_apply(turn_of("capitaine"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "3", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        question = app.screen.question
        assert "Capitaine" in question and "own side" in question, question
        await pilot.press("n")
        await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmDialog))
        assert done_actions(app) == []
        app.screen.query_one("#atk-die").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_for(pilot, lambda: len(done_actions(app)) == 1)
        (attack,) = done_actions(app)
        assert isinstance(attack, AttackGroup) and (attack.attacker, attack.group) == ("capitaine", "veterans")


@pytest.mark.slow
@run
async def test_item_11_a_pc_attacking_the_npcs_is_not_asked_about():
    from tui.screens.prompts import ConfirmDialog

    app = make_app_trades_apply(turn_of("morvan"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "3", "enter")
        await wait_for(pilot, lambda: len(done_actions(app)) == 1)
        assert not isinstance(app.screen, ConfirmDialog)


def test_item_11_the_own_side_question_in_french_and_for_a_duel():
    """The question is core's (:meth:`Action.ask`), asked when the action is recorded."""
    campaign = demo_campaign()
    duel = AttackOpponent("capitaine", "veterans", 12, 10, (0,))
    assert duel.ask(campaign).question.text("fr") == (
        "Capitaine de la garde attaque les Vétérans de Villon, de son propre camp (des PNJ). Attaquer quand même ?"
    )
    assert AttackOpponent("capitaine", "brunvir", 12, 10, (0,)).ask(campaign) is None
    assert AttackOpponent("alduin", "brunvir", 12, 10, (0,)).ask(campaign) is None  # PvP: on purpose
    assert AttackOpponent(None, "veterans", 12, 10, (0,)).ask(campaign) is None  # the GM's
