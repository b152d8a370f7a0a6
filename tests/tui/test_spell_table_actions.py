"""The table's moments in the spell tabs, typed as a GM types them at 80×24: the Quatre Pôles
counterspell, interruption DC, an illusion's hold and blood mana from the spell's own cost; the
Mage counter-magic. Each with the numbers ``apotheose calc`` gives."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import attrs
import pytest
from textual.widgets import Input, Static

from core.poles import Counter, PolesRequest
from core.spellbook.poles import PolesInputs
from tests.cli.test_calc import calc_json
from tests.tui.pilot import make_test_app, run, settle
from tests.tui.spell_harness import anew, open_tab, state_of
from tui.spells import poles
from tui.widgets.spell_tab import SpellTab

pytestmark = pytest.mark.slow  # the app, at over a second a test


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


@contextlib.asynccontextmanager
async def on_the_gms_screen(system: str) -> AsyncIterator:
    """The four-pane app at 80×24 on ``system``'s tab: for a test that checks a line fits above
    the GM's screen's bottom rows (the pane alone would have the whole screen)."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.action_spell_system(system)
        await settle(pilot, 2)
        yield app, pilot


async def tab_to(pilot, ident: str, most: int = 30) -> None:
    """Press tab until the field ``ident`` has the focus (as a GM does)."""
    for _ in range(most):
        if pilot.app.focused is not None and pilot.app.focused.id == ident:
            return
        await pilot.press("tab")
    raise AssertionError(f"tab never reached #{ident} (at {pilot.app.focused})")


@run
async def test_poles_counterspell_and_interruption_as_calc():
    async with on_the_gms_screen("poles") as (app, pilot):
        await pilot.press("3")
        await tab_to(pilot, "poles-counter")
        # whose spell and what was spent are not tab stops until the counterspell is ticked
        await pilot.press("tab")
        assert app.focused.id == "poles-hit"
        await pilot.press("shift+tab", "space", "tab", "space", "tab", "2", "tab", "7")
        await settle(pilot)
        cli = calc_json(
            "spell", "poles", "--level", "3", "--tradition", "profane", "--counter", "--not-known", "--spent", "2"
        )
        assert f"counter {cli['counter_cost']}" in text(app, "#poles-dcs")
        assert cli["counter_cost"] == 10
        assert cli["breakdown"][-1] in text(app, "#poles-breakdown")
        dc = calc_json("poles-save", "--damage", "7")["dc"]
        assert text(app, "#poles-table") == f"hit 7: Vigour DC {dc} or the spell is lost"
        assert app.screen.query_one("#poles-table").region.bottom <= 23


@run
async def test_poles_illusion_hold_shown_only_for_an_illusion():
    async with on_the_gms_screen("poles") as (app, pilot):
        row = app.screen.query_one("#poles-illusion-row")
        assert not row.display
        await pilot.press("1", "shift+tab", "enter", *["down"] * 3, "enter")  # the tradition list: illusion
        await settle(pilot)
        assert row.display
        await tab_to(pilot, "poles-lies")
        await pilot.press("3", "tab", "2", "tab", "1")
        await settle(pilot)
        hold = calc_json(
            "spell",
            "poles",
            "--level",
            "1",
            "--tradition",
            "illusion",
            "--lies",
            "3",
            "--hold",
            "2",
            "--uncovered",
            "1",
        )
        shown = text(app, "#poles-table")
        assert "hold: 3 lies held at once of 2: too many" in shown
        assert f"+{hold['hold']['resave_bonus']}" in shown
        assert app.screen.query_one("#poles-table").region.bottom <= 23


@run
async def test_poles_blood_mana_starts_from_the_spells_cost():
    async with open_tab("poles") as (app, pilot):
        await pilot.press("3")  # 7 mana
        await tab_to(pilot, "poles-blood-limit")
        await pilot.press("5", "tab", "9")
        await settle(pilot)
        assert app.screen.query_one("#poles-blood-mana", Input).placeholder == "7"
        blood = calc_json("spell", "poles-blood", "--mana", "7", "--limit", "5", "--pool", "9")
        assert f"{blood['hp_dice']}d6 HP" in text(app, "#poles-blood-result")
        assert "+ 2" in text(app, "#poles-blood-result")  # 2 forced past the limit, as calc's


async def mage_caster(pilot) -> None:
    """On the Mage tab (its sphere focused): sphere 2 and arete 3 typed (the effect's first fields)."""
    await pilot.press("2", "tab", "tab", "3")
    await settle(pilot)


@run
async def test_mage_counter_magic_as_calc():
    async with on_the_gms_screen("mage") as (app, pilot):
        await mage_caster(pilot)
        assert app.screen.query_one("#mage-counter_pool", Input).placeholder == "5"  # arete + sphere
        assert not app.screen.query_one("#mage-counter").display  # nothing typed: no line
        await tab_to(pilot, "mage-counter_against")
        await pilot.press("3")
        await settle(pilot)
        before = calc_json("spell", "mage-counter", "--pool", "5", "--effect-successes", "3")
        assert text(app, "#mage-counter") == " · ".join(before["breakdown"])
        await pilot.press("tab", "2", "tab", "1", "tab", "6")
        await settle(pilot)
        counter = ("spell", "mage-counter", "--pool", "5", "--effect-successes", "3", "--successes", "2")
        cli = calc_json(*counter, "--quintessence", "1", "--difficulty", "6")
        assert cli["result"] is None  # the score's 3 dice are still to roll (seed 001 l.78)
        assert text(app, "#mage-counter") == " · ".join(cli["breakdown"])
        await pilot.press("tab", "2")  # the opposed roll, as rolled at the table
        await settle(pilot)
        cli = calc_json(*counter, "--quintessence", "1", "--difficulty", "6", "--opposed", "2")
        assert (cli["result"], cli["effect_successes_left"]) == ("reduced", 1)
        assert text(app, "#mage-counter") == " · ".join(cli["breakdown"])
        assert app.screen.query_one("#mage-counter").region.bottom <= 23
        # the effect's own answer is untouched by the counter row
        assert text(app, "#mage-summary").startswith("1 success to make on 5 dice")


@run
async def test_mage_counter_flat_house_rule_in_the_tab():
    from core.demo import demo_campaign
    from core.house_rules import HouseRules

    async with open_tab("mage", attrs.evolve(demo_campaign(), rules=HouseRules(mage_counter_flat=True))) as (
        app,
        pilot,
    ):
        await mage_caster(pilot)
        await tab_to(pilot, "mage-counter_against")
        await pilot.press("3", "tab", "2", "tab", "1", "tab", "6")
        await settle(pilot)
        cli = calc_json("spell", "mage-counter", "--flat", "--pool", "5", "--effect-successes", "3", "--successes", "2",
                        "--quintessence", "1", "--difficulty", "6")  # fmt: skip
        assert cli["result"] == "cancelled"
        assert text(app, "#mage-counter") == " · ".join(cli["breakdown"])


async def case_mage_scope_takes_a_typed_number(app, pilot) -> None:
    await mage_caster(pilot)
    await tab_to(pilot, "mage-targets")
    await pilot.press("5", "0")
    assert app.focused.value == 50
    await pilot.press("tab", "3")  # radius 3 m: the 5 m row covers it
    assert app.focused.value == 5
    await pilot.press("shift+tab", "7", "0", "0")  # past the last row: kept, refused
    assert app.focused.value == 700
    await pilot.press("shift+tab", "tab", "4", "0")  # back in the field: a new number
    await settle(pilot)
    assert app.focused.value == 50
    cli = calc_json("spell", "mage", "--sphere", "2", "--arete", "3", "--targets", "50", "--radius", "5")
    assert text(app, "#mage-breakdown").splitlines() == cli["breakdown"]
    typed = calc_json("spell", "mage", "--sphere", "2", "--arete", "3", "--targets", "40", "--radius", "3")
    assert typed["successes_needed"] == cli["successes_needed"]  # the row covers what was typed


def case_issue34_7_a_scope_past_the_last_row_is_refused_at_the_field_as_calc_refuses_it(field, keys, option, shown):
    """Typing 1000 targets showed "1 target" (the fourth digit restarted the count) and 501 m was
    priced as the 500 m row; ``calc`` answers "impossible" for both."""

    async def play(app, pilot) -> None:
        await mage_caster(pilot)
        await tab_to(pilot, f"mage-{field}")
        await pilot.press(*keys)
        await settle(pilot)
        cycle = app.focused
        cli = calc_json("spell", "mage", "--sphere", "2", "--arete", "3", option, keys)
        assert cli["possible"] is False
        assert (cycle.value, str(cycle.render())) == (int(keys), shown)
        assert cycle.has_class("-refused")
        assert text(app, "#mage-summary") == f"Impossible: {cli['reason']}"
        assert app.screen.query_one("#mage-summary").has_class("-refused")
        assert text(app, "#mage-breakdown").splitlines() == cli["breakdown"]
        await pilot.press("left")  # an arrow: back to the last row, priced
        await settle(pilot)
        assert cycle.value == 500 and not cycle.has_class("-refused")
        assert text(app, "#mage-summary").startswith("9 successes to make")

    return play


async def case_mage_rote_fields_are_no_tab_stops_on_an_improvised_effect(app, pilot) -> None:
    await mage_caster(pilot)
    await tab_to(pilot, "mage-rote")
    await pilot.press("tab")
    assert app.focused.id == "mage-power"  # attribute and ability skipped
    await pilot.press("shift+tab", "space", "tab")  # a rote: they are stops again
    assert app.focused.id == "mage-attribute"
    await pilot.press("3", "tab", "2")
    await settle(pilot)
    cli = calc_json("spell", "mage", "--sphere", "2", "--arete", "3", "--rote", "--attribute", "3", "--ability", "2")
    assert text(app, "#mage-breakdown").splitlines() == cli["breakdown"]


#: The Mage tab's cases at 80×24 on the demo, one session of the pane alone for all.
MAGE_CASES = (
    case_mage_scope_takes_a_typed_number,
    case_issue34_7_a_scope_past_the_last_row_is_refused_at_the_field_as_calc_refuses_it(
        "targets", "1000", "--targets", "‹1000 targets ✗›"
    ),
    case_issue34_7_a_scope_past_the_last_row_is_refused_at_the_field_as_calc_refuses_it(
        "radius", "501", "--radius", "‹radius 501 m ✗›"
    ),
    case_mage_rote_fields_are_no_tab_stops_on_an_improvised_effect,
)


@run
async def test_the_mage_tabs_cases_each_from_the_tab_as_it_opens():
    """Each case of :data:`MAGE_CASES` from the tab as it opened
    (:func:`~tests.tui.spell_harness.anew` puts it back and checks it is)."""
    async with open_tab("mage") as (app, pilot):
        tab = app.screen.query_one("#spell-mage", SpellTab)
        start = state_of(tab)
        for case in MAGE_CASES:
            await anew(pilot, tab, start)
            await case(app, pilot)


@pytest.mark.parametrize(
    "spell",
    [
        PolesInputs(PolesRequest(3, "profane", counter=Counter(other_class=True, spent=2))),
        PolesInputs(PolesRequest(2, "divine", counter=Counter(not_known=True))),
        PolesInputs(PolesRequest(1, "illusion"), lies=3, hold=2, uncovered=1),
    ],
    ids=["counter-other-class", "counter-not-known", "illusion-hold"],
)
def test_the_book_keeps_the_counterspell_and_the_hold(spell):
    """What the tab shows of a stored spell reads back as that spell (the book's round trip)."""
    shown = {"blood-mana": None, "d100": None, "tolerant": False, "hit": None, **poles.filled(spell)}
    assert poles.request(shown) == spell
