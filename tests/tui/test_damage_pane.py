"""The damage pane: quick damage and healing, pugilat, bypassing armour, several targets, armour
repair, and one attack against one opponent."""

from __future__ import annotations

import random

import attrs
import pytest

from core.actions import AttackOpponent, Damage, Heal, RepairArmour
from core.demo import demo_campaign
from core.dice import kult_die
from tests.tui.pilot import NARROW, WIDE, done_actions, on_initiative, run, select, text_of, wait_for
from tests.tui.pilot import make_app_trades_apply as make_test_app  # the trades ticked (issue 14 item 7)
from tui.widgets.damage import DamagePane, parse_amount
from tui.widgets.inputs import ErrorLine, FieldError


def hurt(campaign, key: str, **values):
    return campaign.with_character(attrs.evolve(campaign.character(key), **values))


def test_amount_quick_entry():
    assert parse_amount("7") == (False, 7)
    assert parse_amount("-7") == (False, 7)
    assert parse_amount("+3") == (True, 3)
    for bad in ("", "-", "+", "7-"):
        try:
            parse_amount(bad)
        except FieldError:
            continue
        raise AssertionError(f"{bad!r} accepted")


@pytest.mark.slow
@run
async def test_e12_segiere_takes_6_through_armour_in_three_keys():
    for size in (WIDE, NARROW):
        app = make_test_app()
        async with app.run_test(size=size) as pilot:
            await select(pilot, "segiere")
            assert on_initiative(app)
            await pilot.press("x", "6")
            await pilot.pause()
            assert "Segiere takes 6: armour 4→0 · HP 14→12 · medium wound" in text_of(app, "#dmg-preview")
            await pilot.press("enter")
            await pilot.pause()
            segiere = app.campaign.character("segiere")
            assert (segiere.armour, segiere.hp) == (0, 12)
            assert done_actions(app) == [Damage(("segiere",), 6)]
            assert "armour 4→0 · HP 14→12" in text_of(app, "#dmg-result")


@pytest.mark.slow
@run
async def test_minus_seven_damages_and_plus_three_heals():
    app = make_test_app(hurt(demo_campaign(), "morvan", armour=0, hp=5))
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "morvan")
        await pilot.press("x", "minus", "2", "enter")
        await pilot.pause()
        assert app.campaign.character("morvan").hp == 3
        await pilot.press("x", "plus", "3")  # the applied form handed the keys back: x again
        await pilot.pause()
        assert "Morvan healed: HP 3→6" in text_of(app, "#dmg-preview")
        await pilot.press("enter")
        await pilot.pause()
        assert app.campaign.character("morvan").hp == 6
        assert done_actions(app) == [Damage(("morvan",), 2), Heal(("morvan",), 3)]


@pytest.mark.slow
@run
async def test_pugilat_half_of_what_gets_through_is_real():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "segiere")
        await pilot.press("x", "ctrl+n", "8", "enter")  # 8 - armour 4 = 4 through: 2 real, 2 bruising
        await pilot.pause()
        segiere = app.campaign.character("segiere")
        assert (segiere.armour, segiere.hp, segiere.bruise) == (0, 12, 2)
        assert done_actions(app) == [Damage(("segiere",), 8, pugilat=True)]


@pytest.mark.slow
@run
async def test_bypass_armour_takes_real_hp_only():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "segiere")
        await pilot.press("x", "ctrl+g", "6")
        await pilot.pause()
        assert "Segiere takes 6: armour bypassed · HP 14→8 · grave wound" in text_of(app, "#dmg-preview")
        await pilot.press("enter")
        await pilot.pause()
        segiere = app.campaign.character("segiere")
        assert (segiere.armour, segiere.hp) == (4, 8)


@pytest.mark.slow
@run
async def test_marked_targets_all_take_the_damage():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        app.marked = frozenset({"morvan", "segiere", "veterans"})
        await pilot.pause()
        await pilot.press("x", "6")
        await pilot.pause()
        assert text_of(app, "#dmg-targets") == "Targets: Vétérans de Villon, Segiere, Morvan"
        preview = text_of(app, "#dmg-preview").splitlines()
        assert preview == [
            "Vétérans de Villon: a mook falls (11/12 standing)",
            "Segiere takes 6: armour 4→0 · HP 14→12 · medium wound",
            "Morvan takes 6: armour 1→0 · HP 11→6 · grave wound",
        ]
        await pilot.press("enter")
        await pilot.pause()
        c = app.campaign
        assert (c.character("segiere").hp, c.character("morvan").hp, c.group("veterans").standing) == (12, 6, 11)


@pytest.mark.slow
@run
async def test_repair_armour_is_one_key():
    app = make_test_app(hurt(demo_campaign(), "segiere", armour=1))
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "segiere")
        await pilot.press("x", "ctrl+r")
        await pilot.pause()
        assert app.campaign.character("segiere").armour == 4
        assert done_actions(app) == [RepairArmour("segiere")]


@pytest.mark.slow
@run
async def test_a_lone_minus_shows_an_error_and_changes_nothing():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "segiere")
        await pilot.press("x", "minus", "enter")
        await pilot.pause()
        error = app.screen.query_one("#dmg-error", ErrorLine)
        assert error.display and "amount" in error.message
        assert done_actions(app) == [] and app.screen.query_one("#dmg-amount").value == "-"
        # The next key is the list's (the error is also a toast): x goes back to the amount.
        assert app.focused is app.screen.query_one("#initiative-list")


@pytest.mark.slow
@run
async def test_duel_hit_shows_ranks_weapon_damage_and_the_damage_done():
    app = make_test_app()  # Brunvir's turn: attack 11 + 3 + 2 = 16
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "segiere")
        await pilot.press("o")
        await pilot.pause()
        assert app.screen.query_one("#duel-defence").value == "11"
        assert "chance 80%" in text_of(app, "#duel-chance")  # 16 + kult ≥ 11
        await pilot.press("5")
        await pilot.pause()
        assert "2 ranks, 3 damage: armour 4→1 · HP 14→14" in text_of(app, "#duel-preview")
        await pilot.press("enter")
        await pilot.pause()
        assert done_actions(app) == [AttackOpponent("brunvir", "segiere", 16, 11, (5,))]
        assert app.campaign.character("segiere").armour == 1
        result = text_of(app, "#dmg-result")
        assert "Brunvir hits Segiere" in result and "weapon 1 + ranks 2 = 3" in result


@pytest.mark.slow
@run
async def test_duel_miss_changes_only_the_attackers_shadow():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "segiere")
        await pilot.press("o", "minus", "9", "enter")  # natural -9: critical failure
        await pilot.pause()
        c = app.campaign
        assert c.character("segiere") == demo_campaign().character("segiere")
        assert c.character("brunvir").shadow_value == 4
        assert "Brunvir misses Segiere" in text_of(app, "#dmg-result")


@pytest.mark.slow
@run
async def test_duel_with_an_empty_die_rolls_the_session_dice():
    expected = kult_die().roll(random.Random(5))
    app = make_test_app(seed=5)
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "romuald")
        await pilot.press("o", "enter")
        await pilot.pause()
        assert done_actions(app) == [AttackOpponent("brunvir", "romuald", 16, 12, (expected,))]


@pytest.mark.slow
@run
async def test_damage_pane_in_french():
    app = make_test_app(lang="fr")
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "segiere")
        await pilot.press("x", "6")
        await pilot.pause()
        assert text_of(app, "#dmg-targets") == "Cibles : Segiere"
        assert "Segiere subit 6 : armure 4→0 · PV 14→12 · blessure moyenne" in text_of(app, "#dmg-preview")
        assert "Dégâts / soins" in text_of(app, "#dmg-mode")
        assert [b.description for b in app.screen.query_one(DamagePane)._bindings.key_to_bindings["ctrl+r"]] == [
            "Réparer l'armure"
        ]


@pytest.mark.slow
@run
async def test_nothing_selected_nothing_applied():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        app.screen.query_one(DamagePane).start_entry()
        app.selected = None
        await pilot.pause()
        await pilot.press("4", "enter")
        await wait_for(pilot, lambda: app.screen.query_one("#dmg-error", ErrorLine).display)
        assert done_actions(app) == []


@pytest.mark.slow
@run
async def test_previews_survive_a_chosen_fighter_gone_before_the_selects_follow():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "morvan")
        await pilot.press("o", "escape", "v", "escape")
        await pilot.pause()
        gone = attrs.evolve(app.campaign, roster=tuple(c for c in app.campaign.roster if c.id != "morvan"))
        app.set_reactive(type(app).campaign, gone)  # no watcher has run yet
        app.screen.query_one(DamagePane).targets_changed()
        app.screen.query_one("MassCombatPane").refresh_forms()
        assert "pick who defends" in app.screen.query_one("#duel-error", ErrorLine).message
        assert app.screen.query_one("#def-error", ErrorLine).display


@pytest.mark.slow
@run
async def test_key_fields_visible_at_both_sizes():
    for size in (WIDE, NARROW):
        app = make_test_app()
        async with app.run_test(size=size) as pilot:
            app.marked = frozenset({"segiere", "morvan", "romuald"})
            await pilot.press("x", "6")
            await pilot.pause()
            box = app.screen.query_one(DamagePane).content_region
            for selector in ("#dmg-amount", "#dmg-preview"):
                region = app.screen.query_one(selector).region
                assert region.height and box.contains_region(region), (size, selector)
            await pilot.press("escape", "o")
            await pilot.pause()
            for selector in ("#duel-die", "#duel-chance", "#duel-preview"):
                region = app.screen.query_one(selector).region
                assert region.height and box.contains_region(region), (size, selector)


@pytest.mark.slow
@run
async def test_the_duel_form_is_composed_when_first_shown_with_the_fighters_it_followed():
    """Issue 12: the one-opponent form (37 widgets) is not composed at start-up. Shown the first
    time, it holds whose turn it is and the last character selected, as when it followed them
    from the start (a group under the cursor is no defender)."""
    from tui.widgets.duel import DuelForm

    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert not app.screen.query(DuelForm)
        await select(pilot, "segiere")
        await select(pilot, "veterans")
        await pilot.press("o", "5")  # the die typed at once reaches the new form's die field
        await pilot.pause()
        assert len(app.screen.query(DuelForm)) == 1
        assert app.screen.query_one("#duel-attacker").selection == "brunvir"
        assert app.screen.query_one("#duel-defender").selection == "segiere"
        assert app.screen.query_one("#duel-die").value == "5"
        await pilot.press("escape", "x", "ctrl+t")  # the entry form, then ctrl+t: the same duel form
        await pilot.pause()
        assert len(app.screen.query(DuelForm)) == 1 and app.screen.query_one(DamagePane).mode == "dmg-duel"
