"""RULES 1.3 (issue 7, item 5): a stigma gained by any path — here a reroll's shadow overflow in
the mass-combat pane — opens the stigma dialog at once, and the effect picked is applied."""

from __future__ import annotations

import attrs
import pytest

from core.actions import AttackGroup, SetStigmaEffect, apply
from core.shadow import EffectKind, Shadow, StigmaEffect
from tests.tui.pilot import WIDE, done_actions, make_test_app, run, turn_of, wait_for
from tui.screens.stigma import StigmaDialog, new_stigmata


def morvan_at_ten():
    campaign = turn_of("morvan")
    c = campaign.character("morvan")
    return campaign.with_character(attrs.evolve(c, shadow=Shadow(10)))


def test_new_stigmata_names_only_stigmata_an_action_gave_without_effect():
    before = morvan_at_ten()
    assert new_stigmata(before, before) == []
    gained = apply(before, AttackGroup("veterans", 10, (-5, 7), "short", "morvan", 0)).campaign
    assert new_stigmata(before, gained) == [("morvan", 0)]
    assert new_stigmata(gained, gained) == []


@pytest.mark.slow
@run
async def test_item5_a_reroll_overflow_prompts_the_stigma_effect_and_applies_it():
    app = make_test_app(morvan_at_ten())
    max_hp = app.campaign.character("morvan").max_hp
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "minus", "5", "tab", "7", "enter")  # the reroll costs 1 shadow: past 10
        await wait_for(pilot, lambda: isinstance(app.screen, StigmaDialog))
        c = app.campaign.character("morvan")
        assert len(c.shadow.stigmata) == 1 and c.shadow.stigmata[0].permanent is None
        # The GM picks "permanent wound" (max HP −2 for a minor stigma) and confirms in the text field.
        kind = app.screen.query_one("#stigma-kind")
        kind.value = EffectKind.wound.value
        app.screen.query_one("#stigma-text").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, StigmaDialog))
        c = app.campaign.character("morvan")
        assert c.shadow.stigmata[0].permanent.kind is EffectKind.wound
        assert c.max_hp == max_hp - 2
        actions = done_actions(app)
        assert actions[-1] == SetStigmaEffect("morvan", 0, StigmaEffect(EffectKind.wound, "", ""))
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.campaign.character("morvan").max_hp == max_hp


@pytest.mark.slow
@run
async def test_item5_escape_leaves_the_effect_for_later():
    app = make_test_app(morvan_at_ten())
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "minus", "5", "tab", "7", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, StigmaDialog))
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, StigmaDialog))
        assert app.campaign.character("morvan").shadow.stigmata[0].permanent is None
        assert len(done_actions(app)) == 1
