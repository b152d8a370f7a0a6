"""The mass combat pane: attacks on a group and defences against one, through the keyboard."""

from __future__ import annotations

import random

import attrs
import pytest

from core.actions import AttackGroup, DefendGroup, Outcome, Remove, SetStanding, apply
from core.demo import demo_campaign
from core.dice import kult_die
from tests.tui.pilot import NARROW, WIDE, done_actions, on_initiative, run, text_of, turn_of, wait_for
from tests.tui.pilot import make_app_trades_apply as make_test_app  # the trades ticked (issue 14 item 7)
from tui.widgets.group_forms import AttackForm
from tui.widgets.inputs import ErrorLine
from tui.widgets.mass_combat import GroupList, MassCombatPane

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


def pane(app) -> MassCombatPane:
    return app.screen.query_one(MassCombatPane)


async def press_counted(pilot, *keys: str) -> int:
    """Press ``keys``; returns how many were not digits (the keystroke budget counts those)."""
    for key in keys:
        await pilot.press(key)
    await pilot.pause()
    return sum(1 for key in keys if not (key.isdigit() or key == "minus"))


@run
async def test_e10_morvan_fells_three_veterans():
    app = make_test_app(turn_of("morvan"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g")
        score = app.screen.query_one("#atk-score")
        assert score.value == "10"  # combat 5 + soldat 3 + arbalète 2
        score.value = "15"
        await pilot.press("7")
        await pilot.pause()
        assert "chance 80%" in text_of(app, "#atk-chance")  # before Enter: 15 + kult ≥ 10 on 16 faces of 20
        assert "3 felled" in text_of(app, "#atk-preview")
        await pilot.press("enter")
        await pilot.pause()
        assert app.campaign.group("veterans").standing == 9
        assert done_actions(app) == [AttackGroup("veterans", 15, (7,), "short", "morvan", 0)]
        result = text_of(app, "#mass-result")
        assert "3 felled" in result and "margin 12" in result


@run
async def test_attack_with_an_empty_die_rolls_the_session_dice():
    expected = kult_die().roll(random.Random(0))
    app = make_test_app(seed=0)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "enter")
        await pilot.pause()
        (action,) = done_actions(app)
        assert isinstance(action, AttackGroup)
        assert action.dice == (expected,) and action.attacker == "brunvir" and action.score == 16
        felled = 12 - app.campaign.group("veterans").standing
        assert felled == apply(demo_campaign(), action).campaign.group("veterans").felled


@run
async def test_reroll_typed_with_the_first_die_after_a_failure():
    app = make_test_app(turn_of("morvan"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "minus", "5", "tab", "7", "enter")
        await pilot.pause()
        assert done_actions(app) == [AttackGroup("veterans", 10, (-5, 7), "short", "morvan", 0)]
        assert app.campaign.group("veterans").standing == 11  # 12 vs 10: margin 2, one felled
        assert app.campaign.character("morvan").shadow_value == 5  # +1 for the reroll


@run
async def test_reroll_replaces_the_failed_attack_just_made():
    app = make_test_app(turn_of("morvan"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "minus", "5", "enter")
        await pilot.pause()
        assert app.campaign.group("veterans").standing == 12
        assert "reroll" in text_of(app, "#mass-result")
        reroll = app.screen.query_one("#atk-reroll")
        reroll.focus()
        await pilot.press("7", "enter")
        await pilot.pause()
        assert done_actions(app) == [AttackGroup("veterans", 10, (-5, 7), "short", "morvan", 0)]
        assert app.campaign.group("veterans").standing == 11
        assert app.campaign.character("morvan").shadow_value == 5


@run
async def test_a_reroll_after_a_success_is_refused_and_changes_nothing():
    app = make_test_app(turn_of("morvan"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "5", "tab", "3", "enter")
        await pilot.pause()
        assert done_actions(app) == []
        error = app.screen.query_one("#atk-error", ErrorLine)
        assert error.display and "reroll" in error.message


@run
async def test_a_die_of_11_shows_an_error_and_changes_nothing():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        before = app.campaign
        await pilot.press("g", "1", "1")
        await pilot.pause()
        error = app.screen.query_one("#atk-error", ErrorLine)
        assert error.display and "-9…+10" in error.message
        await pilot.press("enter")
        await pilot.pause()
        assert app.campaign == before and done_actions(app) == []


@run
async def test_e11_morvan_defends_7_against_three_veterans():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        app.selected = "morvan"
        await pilot.pause()
        assert on_initiative(app)
        await pilot.press("v")
        assert app.screen.query_one("#def-score").value == "10"
        app.screen.query_one("#def-score").value = "7"
        await pilot.press("3")
        await pilot.pause()
        assert "difficulty: veterans 10 + 2 more attackers 10 = 20" in text_of(app, "#def-preview")
        assert "chance 5% with a die (r) · static 7 vs 20: hit" in text_of(app, "#def-chance")
        assert "a hit costs 3: armour 1→0 · HP 11→9 · medium wound" in text_of(app, "#def-preview")
        await pilot.press("enter")
        await pilot.pause()
        assert done_actions(app) == [DefendGroup("morvan", "veteran", 3, 7, ())]
        morvan = app.campaign.character("morvan")
        assert (morvan.armour, morvan.hp) == (0, 9)


@run
async def test_defence_with_r_rolls_the_die():
    expected = kult_die().roll(random.Random(3))
    app = make_test_app(seed=3)
    async with app.run_test(size=WIDE) as pilot:
        app.selected = "segiere"
        await pilot.pause()
        await pilot.press("v", "2", "tab", "tab", "tab", "r", "enter")
        await pilot.pause()
        (action,) = done_actions(app)
        assert action == DefendGroup("segiere", "veteran", 2, 11, (expected,))


@run
async def test_standing_set_by_hand_from_the_group_list():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("2")
        assert isinstance(app.focused, GroupList)
        await pilot.press("minus")
        await wait_for(pilot, lambda: app.campaign.group("veterans").standing == 11)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("ctrl+u", "4", "enter")
        await wait_for(pilot, lambda: app.campaign.group("veterans").standing == 4)
        assert done_actions(app) == [SetStanding("veterans", 11), SetStanding("veterans", 4)]
        assert "4/12" in str(app.screen.query_one(GroupList).get_option_at_index(0).prompt)


@run
async def test_the_group_list_marks_hidden_groups():
    app = make_test_app()
    async with app.run_test(size=WIDE):
        prompts = [str(o.prompt) for o in app.screen.query_one(GroupList).options]
        assert "hidden" not in prompts[0] and "hidden" in prompts[1]


@run
async def test_a_felled_group_is_skipped_as_default_target():
    campaign = demo_campaign()
    campaign = campaign.with_group(attrs.evolve(campaign.group("veterans"), standing=0))
    app = make_test_app(campaign)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "3", "enter")
        await pilot.pause()
        assert done_actions(app)[0].group == "arbaletriers"


@run
async def test_attack_keystroke_budget_from_the_initiative_list():
    for size in (WIDE, NARROW):
        app = make_test_app()
        async with app.run_test(size=size) as pilot:
            assert on_initiative(app)
            keys = await press_counted(pilot, "g", "4", "enter")
            assert keys <= 6
            assert done_actions(app) == [AttackGroup("veterans", 16, (4,), "short", "brunvir", 0)]
            assert app.campaign.group("veterans").standing == 12 - 3  # 20 vs 10: 2 ranks


@run
async def test_key_fields_visible_at_both_sizes():
    for size in (WIDE, NARROW):
        app = make_test_app()
        async with app.run_test(size=size) as pilot:
            await pilot.press("g")
            await pilot.pause()
            box = pane(app).content_region
            for selector in ("#atk-die", "#atk-chance", "#atk-preview"):
                region = app.screen.query_one(selector).region
                assert region.height and box.contains_region(region), (size, selector)
            await pilot.press("ctrl+t")
            await pilot.pause()
            for selector in ("#def-attackers", "#def-die", "#def-chance", "#def-preview"):
                region = app.screen.query_one(selector).region
                assert region.height and box.contains_region(region), (size, selector)


@run
async def test_french_labels():
    app = make_test_app(lang="fr")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g")
        await pilot.pause()
        assert "Attaquer un groupe" in text_of(app, "#mass-mode")
        assert "chance" in text_of(app, "#atk-chance") and "vétérans" in text_of(app, "#atk-chance")
        labels = [str(label.render()) for label in app.screen.query("#mass-attack Label")]
        assert "Attaquant" in labels and "Relance" in labels
        assert app.screen.query_one("#atk-die").placeholder == "(jet)"


@run
async def test_removing_the_chosen_fighters_and_groups_keeps_the_panes_alive():
    app = make_test_app(turn_of("morvan"))
    async with app.run_test(size=WIDE) as pilot:
        app.selected = "morvan"
        await pilot.press("v", "escape", "o", "escape")
        await pilot.pause()
        assert on_initiative(app)
        for key in ("morvan", "veterans", "arbaletriers"):
            assert isinstance(await app.request(Remove(key)), Outcome)
            await pilot.pause()
        await pilot.press("g", "5", "enter")
        await pilot.pause()
        assert [type(a) for a in done_actions(app)] == [Remove, Remove, Remove]
        assert "no mook group" in text_of(app, "#atk-chance").lower()


@run
async def test_range_and_affect_by_keyboard_then_enter_on_a_choice():
    expected = kult_die().roll(random.Random(0))
    app = make_test_app(turn_of("morvan"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "shift+tab", "space")  # affect: favourable, +5
        await pilot.pause()
        assert app.screen.query_one("#atk-score").value == "15"
        await pilot.press("shift+tab", "right")  # range: medium, +3 to the difficulty
        await pilot.pause()
        assert "difficulty: veterans 10 + medium range 3 = 13" in text_of(app, "#atk-chance")
        await pilot.press("enter")
        await pilot.pause()
        assert done_actions(app) == [AttackGroup("veterans", 15, (expected,), "medium", "morvan", 1)]


@run
async def test_a_newcomer_and_a_new_name_are_offered_to_the_attacker_select():
    from core.actions import AddCharacter, Join, UpdateCharacter
    from core.characteristics import Characteristics
    from core.roster import new_character

    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        rollion = new_character("rollion", "Rollion", Characteristics(5, 4, 4, 2))
        assert isinstance(await app.request(AddCharacter(rollion)), Outcome)
        assert isinstance(await app.request(Join("rollion")), Outcome)
        morvan = app.campaign.character("morvan")
        assert isinstance(await app.request(UpdateCharacter(attrs.evolve(morvan, name="Morvan le Roux"))), Outcome)
        await pilot.press("g")
        await pilot.pause()
        mass = pane(app)
        assert ("Rollion", "rollion") in mass.options_shown and ("Morvan le Roux", "morvan") in mass.options_shown
        mass.query_one(AttackForm).choose("atk-attacker", "rollion")
        await pilot.pause()
        assert app.screen.query_one("#atk-score").value == "4"  # combat 4, no trade


@run
async def test_the_defence_and_named_forms_are_composed_when_first_shown():
    """Issue 12: the defence and named-group forms (56 widgets) are not composed at start-up.
    Shown the first time they hold the character selected and whose turn it is, as when they
    followed them from the start; the keys typed right after reach their fields."""
    from tui.widgets.group_forms import DefenceForm
    from tui.widgets.named_group import NamedGroupForm

    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert not app.screen.query(DefenceForm) and not app.screen.query(NamedGroupForm)
        app.selected = "segiere"
        await pilot.pause()
        await pilot.press("v", "3")  # the attackers typed at once reach the new form's field
        await pilot.pause()
        assert len(app.screen.query(DefenceForm)) == 1 and pane(app).mode == "mass-defence"
        assert app.screen.query_one("#def-defender").selection == "segiere"
        assert app.screen.query_one("#def-attackers").value.endswith("3")
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert len(app.screen.query(NamedGroupForm)) == 1 and pane(app).mode == "mass-named"
        assert app.screen.query_one("#ng-attacker").selection == "brunvir"
        await pilot.press("ctrl+t", "ctrl+t")  # attack, defence again: the same forms
        await pilot.pause()
        assert pane(app).mode == "mass-defence"
        assert len(app.screen.query(DefenceForm)) == 1 and len(app.screen.query(NamedGroupForm)) == 1


@run
async def test_d_on_the_group_list_opens_the_defence_form_the_first_time():
    """``d`` on the group list opens the defence form even before it was ever composed (it is
    composed when first shown), its attackers field focused. (It was composed, never shown.)"""
    from tui.widgets.group_forms import DefenceForm

    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        assert isinstance(app.focused, GroupList)
        pane = app.screen.query_one(MassCombatPane)
        assert pane.form_of(DefenceForm) is None
        await pilot.press("d")
        await pilot.pause()
        form = pane.form_of(DefenceForm)
        assert form is not None and pane.mode == "mass-defence"
        assert app.focused is form.query_one("#def-attackers")
