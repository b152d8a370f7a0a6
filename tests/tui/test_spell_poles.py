"""The Quatre Pôles tab of the spell-cost pane, driven from the keyboard; its snapshots."""

from __future__ import annotations

import contextlib
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from textual.widgets import Checkbox, Input, Static, Tabs

from core.campaign import Campaign
from core.demo import demo_campaign
from core.house_rules import HouseRules
from core.poles import Applied, Backlash, Technique, blood_mana
from tests.conftest import make_test_app, run, wait_for
from tests.tui.pilot import open_demo, quiet
from tests.tui.spell_harness import anew, open_tab, shown_first, state_of, walk_from_the_list
from tui.widgets.spell_poles import PolesSpell, TechniqueList

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)

TECHNIQUES = list(Technique)


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


async def settle(pilot, times: int = 4) -> None:
    for _ in range(times):
        await pilot.pause()


@contextlib.asynccontextmanager
async def open_poles_alone(campaign: Campaign | None = None, **kwargs: Any) -> AsyncIterator:
    """The spell pane alone (:mod:`tests.tui.spell_harness`; ``size``, ``lang``, ``seed``) on the
    Quatre Pôles tab, the level field focused: for what the tab does by itself."""
    async with open_tab("poles", campaign, **kwargs) as (app, pilot):
        await wait_for(pilot, lambda: app.focused is app.screen.query_one("#poles-level", Input))
        await quiet(pilot)  # the tab just shown settles: the focus stays on the level
        assert app.focused is app.screen.query_one("#poles-level", Input)
        yield app, pilot


async def focus(pilot, selector: str) -> None:
    pilot.app.screen.query_one(selector).focus()
    await pilot.pause()


async def add_technique(pilot, technique: Technique) -> None:
    """Open the "add a technique" list and pick one with the arrows (the prompt comes first)."""
    await focus(pilot, "#poles-add")
    await pilot.press("enter")
    await pilot.press(*["down"] * (TECHNIQUES.index(technique) + 1), "enter")
    await pilot.pause()


async def the_palette_command_opens_the_tab(app, pilot):
    await settle(pilot)
    await pilot.press("ctrl+p")
    await pilot.press(*"Quatre")
    await settle(pilot, 5)
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.focused, Input) and app.focused.id == "poles-level")
    assert app.screen.query_one("#spell-systems").active == "spell-tab-poles"
    assert app.screen.pane == "spell"
    shown_first(app, "#spell-poles")
    await pilot.press("3")
    assert text(app, "#poles-cost") == "Cost 7 mana · 3 segments (incantation 2 + recovery 1)"


async def shift_tab_to_the_tab_strip_then_the_arrows(app, pilot):
    await settle(pilot)
    await pilot.press("4")
    await pilot.pause()
    for _ in range(4):
        await pilot.press("shift+tab")
        if isinstance(app.focused, Tabs):
            break
    assert isinstance(app.focused, Tabs)
    await pilot.press("right", "right")  # Apothéose, Mage, Quatre Pôles
    await pilot.pause()
    assert app.screen.query_one("#spell-systems").active == "spell-tab-poles"
    await pilot.press("tab", "tab", "tab")  # the tab's body, the tradition, the level
    assert app.focused is app.screen.query_one("#poles-level", Input)
    await pilot.press("4")
    assert text(app, "#poles-cost").startswith("Cost 9 mana")


@run
async def test_the_tab_from_the_list() -> None:
    """The palette's command, then the tab strip, in one app, each from where a new app starts
    (:func:`~tests.tui.spell_harness.walk_from_the_list` puts it back and checks it is)."""
    async with open_demo(size=(80, 24)) as (app, pilot):
        await walk_from_the_list(pilot, [the_palette_command_opens_the_tab, shift_tab_to_the_tab_strip_then_the_arrows])


async def case_P1_the_cost_follows_the_tradition_as_the_gm_types(app, pilot, tab: PolesSpell) -> None:
    await pilot.press("3")
    assert text(app, "#poles-cost").startswith("Cost 7 mana")
    await pilot.press("shift+tab")  # the tradition
    await pilot.press("enter", "down", "enter")  # profane → divine
    await pilot.pause()
    assert text(app, "#poles-cost").startswith("Cost 3 faith")
    await pilot.press("enter", "down", "enter")  # body magic
    await pilot.pause()
    assert text(app, "#poles-cost") == "Cost 6 lethal HP · 2 segments (incantation 1 + recovery 1)"
    assert "heals 3" in text(app, "#poles-dcs")
    await pilot.press("enter", "down", "enter")  # illusion
    await pilot.pause()
    # seed 002 l.7: « l'illusion les transpos[e] dans [sa] propre monnaie », hold (l.170)
    assert text(app, "#poles-cost") == "Cost 4 hold · 2 segments (incantation 1 + recovery 1)"
    assert tab.result is not None and tab.result.cost == 4 and tab.result.hold_rate == 2


async def case_P7_a_quickened_level_2_slot_spell_built_from_the_keyboard(app, pilot, tab: PolesSpell) -> None:
    await pilot.press("2", "tab", "space")  # level 2, from a slot
    assert app.screen.query_one("#poles-slot", Checkbox).value
    assert text(app, "#poles-cost") == "Cost 0 mana · 2 segments (incantation 1 + recovery 1)"
    await add_technique(pilot, Technique.quicken)
    assert tab.techniques == [Applied(Technique.quicken)]
    assert text(app, "#poles-cost") == "Cost 2 mana · 0 segments: a swift action"
    assert "1. quicken (feat) 133 %" in str(app.screen.query_one(TechniqueList).get_option_at_index(0).prompt)


async def case_the_exact_fractions_are_behind_ctrl_f_and_the_cost_stays_the_same(app, pilot, tab: PolesSpell) -> None:
    """Issue 26 item 4: the cost reads rounded and its steps in decimals; ctrl+f (from any field)
    shows the exact fractions as ``calc`` writes them, and hides them again."""
    from core.poles import PolesRequest, Tradition, poles_spell

    await pilot.press("3")
    await add_technique(pilot, Technique.quicken)
    await add_technique(pilot, Technique.heighten_save)
    steps = text(app, "#poles-breakdown")
    assert text(app, "#poles-cost") == "Cost 12 mana · 1 segment (incantation 1 + recovery 0)"
    assert "quicken (feat) 133 %: 7 → ≈9.33" in steps and "cost: ceil(≈11.67) = 12 mana" in steps
    assert "/" not in steps.replace("1/2", "")
    await pilot.press("ctrl+f")
    await wait_for(pilot, lambda: "(35/3)" in text(app, "#poles-cost"))
    assert text(app, "#poles-cost") == "Cost 12 mana (35/3) · 1 segment (incantation 1 + recovery 0)"
    calc = poles_spell(PolesRequest(3, Tradition.profane, techniques=tab.techniques))
    assert text(app, "#poles-breakdown") == "\n".join(line.en for line in calc.breakdown)
    assert tab.result is not None and tab.result.cost == calc.cost == 12
    await pilot.press("ctrl+f")
    await wait_for(pilot, lambda: "(35/3)" not in text(app, "#poles-cost"))
    assert text(app, "#poles-breakdown") == steps


@run
async def test_P2_P4_P6_segments_dcs_and_ranges():
    async with open_poles_alone(size=(120, 40)) as (app, pilot):
        await pilot.press("5", "tab", "space", "tab", "space")  # level 5, slot, damage
        assert text(app, "#poles-cost") == "Cost 0 mana · 5 segments (incantation 2 + recovery 3)"
        await add_technique(pilot, Technique.quicken)
        assert "3 segments (incantation 2 + recovery 1)" in text(app, "#poles-cost")
        await focus(pilot, "#poles-caster-level")
        await pilot.press("5", "tab", "4")
        assert text(app, "#poles-dcs") == "save DC 19 · identify DC 20 · ranges 15.5/45/180 m"


async def case_techniques_are_reordered_toggled_and_removed_from_the_keyboard(app, pilot, tab: PolesSpell) -> None:
    await pilot.press("3")
    await add_technique(pilot, Technique.silent)
    await focus(pilot, "#poles-feat")
    await pilot.press("space")  # the next one without its feat
    await add_technique(pilot, Technique.extend_effect)
    assert tab.techniques == [Applied(Technique.silent), Applied(Technique.extend_effect, feat=False)]
    cost = text(app, "#poles-cost")
    await focus(pilot, "#poles-techniques")
    options = app.screen.query_one(TechniqueList)
    assert options.highlighted == 1  # the last one added
    await pilot.press("shift+up")
    assert tab.techniques == [Applied(Technique.extend_effect, feat=False), Applied(Technique.silent)]
    assert options.highlighted == 0  # the cursor follows it
    assert text(app, "#poles-cost") == cost  # the same product, in the other order
    breakdown = text(app, "#poles-breakdown")
    assert breakdown.index("extend effect (no feat) 166 %") < breakdown.index("silent (feat) 125 %")
    await pilot.press("f")  # extend effect with its feat now
    assert tab.techniques[0] == Applied(Technique.extend_effect)
    assert text(app, "#poles-cost").startswith("Cost 14 mana")  # 7 × 3/2 × 5/4 = 105/8
    await pilot.press("delete")
    assert tab.techniques == [Applied(Technique.silent)]
    await pilot.press("shift+down")  # nothing below: nothing moves
    await pilot.press("backspace")
    assert tab.techniques == [] and text(app, "#poles-cost").startswith("Cost 7 mana")


async def case_an_impossible_technique_says_why(app, pilot, tab: PolesSpell) -> None:
    await pilot.press("3")
    await focus(pilot, "#poles-feat")
    await pilot.press("space")
    await add_technique(pilot, Technique.absorption)
    assert text(app, "#poles-verdict") == "Impossible: deadly absorption is impossible without its feat"
    assert app.screen.query_one("#poles-verdict").has_class("-refused")
    await focus(pilot, "#poles-techniques")
    await pilot.press("f")
    assert not app.screen.query_one("#poles-verdict").display
    assert text(app, "#poles-cost").startswith("Cost 14 mana")


async def case_a_bad_level_is_named(app, pilot, tab: PolesSpell) -> None:
    assert text(app, "#poles-verdict") == "Type a spell level (0–9)."
    await focus(pilot, "#poles-caster-level")
    await pilot.press("0")
    await focus(pilot, "#poles-level")
    await pilot.press("1")
    assert text(app, "#poles-verdict").startswith("caster_level: must be at least 1")


async def case_P8_blood_mana_typed_d100_and_the_tolerant_table(app, pilot, tab: PolesSpell) -> None:
    await focus(pilot, "#poles-blood-mana")
    await pilot.press("2", "4", "tab", "1", "0", "tab", "3", "0")
    assert text(app, "#poles-blood-result") == "14d6 HP · roll d100 (Enter) + 14"
    await pilot.press("tab", "6", "2")
    assert text(app, "#poles-blood-result") == "14d6 HP · 76 on table 1: staggered"
    await pilot.press("tab", "space")  # tolerant_backlash: table 2
    assert text(app, "#poles-blood-result") == "14d6 HP · 76 on table 2: exhausted"


@run
async def test_enter_in_the_empty_d100_rolls_it_with_the_app_dice():
    async with open_poles_alone(seed=7, size=(80, 24)) as (app, pilot):
        tab = app.screen.query_one(PolesSpell)
        for name, value in (("blood-mana", "12"), ("blood-limit", "8"), ("blood-pool", "10")):
            tab.query_one(f"#poles-{name}", Input).value = value
        await focus(pilot, "#poles-d100")
        await pilot.press("enter")
        face = int(tab.query_one("#poles-d100", Input).value)
        assert face == random.Random(7).randint(1, 100)
        expected = blood_mana(12, 8, 10, face)
        assert tab.blood == expected and expected.backlash in tuple(Backlash)
        assert text(app, "#poles-blood-result").startswith("6d6 HP")
        await pilot.press("enter")  # a typed (or rolled) die stays
        assert int(tab.query_one("#poles-d100", Input).value) == face


@run
async def test_the_tolerant_house_rule_is_the_campaign_default() -> None:
    campaign: Campaign = demo_campaign()
    import attrs

    async with open_poles_alone(attrs.evolve(campaign, rules=HouseRules(tolerant_backlash=True)), size=(80, 24)) as (
        app,
        pilot,
    ):
        tab = app.screen.query_one(PolesSpell)
        assert tab.query_one("#poles-tolerant", Checkbox).value


@run
async def test_in_french():
    async with open_poles_alone(lang="fr", size=(80, 24)) as (app, pilot):
        await pilot.press("2", "tab", "space")
        await add_technique(pilot, Technique.quicken)
        assert text(app, "#poles-cost") == "Coût 2 mana · 0 segment : action rapide"
        assert "incantation rapide (don) 133 % : 5 → ≈6,67" in text(app, "#poles-breakdown")
        await pilot.press("ctrl+f")
        await wait_for(pilot, lambda: "(5/3)" in text(app, "#poles-cost"))
        assert text(app, "#poles-cost") == "Coût 2 mana (5/3) · 0 segment : action rapide"
        assert "incantation rapide (don) 133 % : 5 × 4/3 = 20/3" in text(app, "#poles-breakdown")


# --- snapshots ----------------------------------------------------------------------------------


def _build(keys_after_level: list[str]):
    async def run_before(pilot) -> None:
        await settle(pilot)
        pilot.app.screen.action_spell_system("poles")
        await settle(pilot, 2)
        await pilot.press("3", "tab", "tab", "space")  # level 3, a damage spell
        await focus(pilot, "#poles-caster-level")
        await pilot.press("5", "tab", "4")
        await add_technique(pilot, Technique.heighten_save)
        await add_technique(pilot, Technique.quicken)
        await focus(pilot, "#poles-blood-mana")
        await pilot.press("2", "4", "tab", "1", "0", "tab", "3", "0", "tab", "6", "2")
        await pilot.press(*keys_after_level)
        for _ in range(4):
            await pilot.wait_for_scheduled_animations()
            await pilot.pause()
        pilot.app.clear_notifications()
        await pilot.pause()

    return run_before


def test_snapshot_poles_80x24(snap_compare) -> None:
    assert snap_compare(make_test_app(), terminal_size=(80, 24), run_before=_build([]))


def test_snapshot_poles_120x40(snap_compare) -> None:
    assert snap_compare(make_test_app(lang="fr"), terminal_size=(120, 40), run_before=_build([]))


@run
async def test_the_list_keys_speak_french():
    async with open_poles_alone(lang="fr", size=(80, 24)) as (app, pilot):
        await pilot.press("1")
        await add_technique(pilot, Technique.still)
        await focus(pilot, "#poles-techniques")
        shown = {
            b.binding.description
            for b in app.screen.active_bindings.values()
            if (b.binding.id or "").startswith("poles-")
        }
        assert {"Monter", "Descendre", "Don", "Retirer"} <= shown


async def case_deadly_absorption_escape_uses_the_int_field_not_the_modifier(app, pilot, tab: PolesSpell) -> None:
    """Seed 002 l.62: « Vigueur 10 + niveau du sort + Intelligence »: a divine caster's mod (Wisdom)
    sets the save DC, the int field the escape."""
    await pilot.press("3", "shift+tab", "enter", "down", "enter")  # level 3, divine
    await focus(pilot, "#poles-mod")
    await pilot.press("3", "tab", "1")
    assert app.focused is app.screen.query_one("#poles-intelligence")
    await add_technique(pilot, Technique.absorption)
    assert text(app, "#poles-dcs").startswith("save DC 16 · escape absorption 14 · identify DC 18")
    assert "deadly absorption: Vigour DC 10 + 3 + Intelligence 1 = 14 to escape" in text(app, "#poles-breakdown")


async def case_the_evoker_box_takes_two_segments_off(app, pilot, tab: PolesSpell) -> None:
    """Seed 002 l.163: « 2 segments de moins, retirés d'abord de la récupération »."""
    await pilot.press("4")
    assert text(app, "#poles-cost").endswith("4 segments (incantation 2 + recovery 2)")  # with the preparation
    await focus(pilot, "#poles-evoker")
    await pilot.press("space")
    await wait_for(pilot, lambda: text(app, "#poles-cost").endswith("2 segments (incantation 2 + recovery 0)"))


#: The tab's cases at 80×24 on the demo (English, dice of seed 0), one app session for all.
CASES = (
    case_P1_the_cost_follows_the_tradition_as_the_gm_types,
    case_P7_a_quickened_level_2_slot_spell_built_from_the_keyboard,
    case_the_exact_fractions_are_behind_ctrl_f_and_the_cost_stays_the_same,
    case_techniques_are_reordered_toggled_and_removed_from_the_keyboard,
    case_an_impossible_technique_says_why,
    case_a_bad_level_is_named,
    case_P8_blood_mana_typed_d100_and_the_tolerant_table,
    case_deadly_absorption_escape_uses_the_int_field_not_the_modifier,
    case_the_evoker_box_takes_two_segments_off,
)


@run
async def test_the_tabs_cases_each_from_the_tab_as_it_opens():
    """Each case of :data:`CASES` in one session of the pane alone, each from the tab as it
    opened (:func:`~tests.tui.spell_harness.anew` puts it back and checks it is)."""
    async with open_poles_alone(size=(80, 24)) as (app, pilot):
        tab = app.screen.query_one(PolesSpell)
        start = state_of(tab)
        for case in CASES:
            await anew(pilot, tab, start)
            await case(app, pilot, tab)
