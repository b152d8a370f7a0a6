"""The Système D6 tab of the spell-cost pane, from the keyboard: reached by the palette's action
and by the tab strip, aspects added and removed, psionics and skill costs; snapshots."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import pytest
from textual.widgets import Input, Select, Static, TabbedContent

from core.breakdown import Lang
from tests.conftest import make_test_app, run, wait_for
from tests.tui.pilot import open_demo, quiet
from tests.tui.spell_harness import open_tab, shown_first, walk, walk_from_the_list
from tests.tui.test_snapshots import NARROW, WIDE
from tui.spells import SYSTEMS
from tui.widgets.spell_d6 import AspectList, AspectRow, D6Spell

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


def active_tab(app) -> str:
    return app.screen.query_one("#spell-systems", TabbedContent).active


async def open_d6(pilot) -> D6Spell:
    """The palette's "Spell cost: Système D6": the pane on the tab, the effect field focused."""
    app = pilot.app
    await pilot.pause()
    # As the palette runs it: Textual awaits the tab's first composition (issue 12: a system's
    # fields are composed when its tab is first shown).
    await app.run_action("screen.spell_system('d6')")
    await wait_for(pilot, lambda: app.focused is app.screen.query_one("#d6-effect", Input))
    await quiet(pilot)  # the tab just shown settles (its refocus after a refresh): the focus stays on the effect
    assert app.focused is app.screen.query_one("#d6-effect", Input)
    shown_first(app, "#spell-d6")
    return app.screen.query_one(D6Spell)


@contextlib.asynccontextmanager
async def open_d6_alone(*, size: tuple[int, int], lang: Lang = "en") -> AsyncIterator:
    """The spell pane alone (:mod:`tests.tui.spell_harness`) on the D6 tab, the effect field
    focused once the tab settles: for what the tab does by itself, no other pane involved."""
    async with open_tab("d6", size=size, lang=lang) as (app, pilot):
        await wait_for(pilot, lambda: app.focused is app.screen.query_one("#d6-effect", Input))
        await quiet(pilot)  # the tab just shown settles (its refocus after a refresh): the focus stays on the effect
        assert app.focused is app.screen.query_one("#d6-effect", Input)
        yield app, pilot


async def add_aspect(pilot, kind: str, downs: int = 0) -> AspectRow:
    """ctrl+n, the aspect ``kind`` picked in the list (arrows + Enter), then ``downs`` rows down
    its scale (Enter opens it, Enter picks)."""
    app = pilot.app
    aspects = app.screen.query_one(D6Spell).aspect_list()
    before = len(aspects.rows())
    await pilot.press("ctrl+n")
    adder = aspects.adder
    await wait_for(pilot, lambda: adder.expanded)
    options = [value for _, value in adder._options]  # the blank prompt first
    await pilot.press(*["down"] * options.index(kind), "enter")
    await wait_for(pilot, lambda: len(aspects.rows()) == before + 1)
    row = aspects.rows()[-1]
    await wait_for(pilot, lambda: app.focused is row.first_field())
    if downs:
        choice = row.query_one(".d6-choice", Select)
        await pilot.press("enter")
        await wait_for(pilot, lambda: choice.expanded)
        await pilot.press(*["down"] * downs, "enter")
        await wait_for(pilot, lambda: not choice.expanded)
    return row


async def type_value(pilot, row: AspectRow, value: str) -> None:
    """Tab to the row's value and type it (the field selects its text on focus)."""
    field = row.query_one(".d6-value", Input)
    if pilot.app.focused is field:
        await pilot.press("home", "ctrl+k")
    while pilot.app.focused is not field:
        await pilot.press("tab")
    await pilot.press(*value)
    await wait_for(pilot, lambda: field.value == value)


async def the_palette_action_opens_the_d6_tab_on_the_effect(app, pilot):
    await open_d6(pilot)
    assert active_tab(app) == "spell-tab-d6"
    assert app.screen.pane == "spell"
    assert "Type the effect" in text(app, "#d6-result")


async def the_tab_strip_reaches_the_d6_tab_with_shift_tab_and_arrows(app, pilot):
    """(Last of its walk: it leaves "3D" typed in the tab.)"""
    await pilot.press("4")
    await wait_for(pilot, lambda: app.focused is app.screen.query_one("#spell-intensity", Input))
    strip = app.screen.query_one("#spell-systems ContentTabs")
    for _ in range(4):
        if app.focused is strip:
            break
        await pilot.press("shift+tab")
    assert app.focused is strip
    for _ in range(len(SYSTEMS)):
        if active_tab(app) == "spell-tab-d6":
            break
        await pilot.press("right")
        await pilot.pause()
    assert active_tab(app) == "spell-tab-d6"
    await pilot.press("tab")
    while not isinstance(app.focused, Input):
        await pilot.press("tab")
    assert app.focused is app.screen.query_one("#d6-effect", Input)
    await pilot.press(*"3D")
    await wait_for(pilot, lambda: text(app, "#d6-result") == "total 9 → difficulty 5")


async def D2_soin_built_from_the_keyboard(app, pilot):
    await pilot.press(*"5D+2")
    await wait_for(pilot, lambda: text(app, "#d6-effect-value") == "= 16")
    assert text(app, "#d6-result") == "total 16 → difficulty 8"
    await add_aspect(pilot, "range")  # contact +0, as the scale's first row
    assert text(app, "#d6-result") == "total 16 → difficulty 8"
    duration = await add_aspect(pilot, "duration")
    await type_value(pilot, duration, "1")  # the source's +1 for 1.5 seconds: a free value
    for name, value in (("casting time", "-4"), ("contact", "-3")):
        row = await add_aspect(pilot, "custom")
        await pilot.press(*name)
        await type_value(pilot, row, value)
    await wait_for(pilot, lambda: text(app, "#d6-result") == "total 10 → difficulty 5")
    assert "total: effect 16 + range 0 + duration 1 − casting time 4 − contact 3 = 10" in text(app, "#d6-breakdown")


async def a_duration_in_hours_from_the_tabs_list(app, pilot):
    """Seed 004 l.108: « Pour chaque heure additionnelle au-delà : +1 », after a first hour of +18
    (the seed's « 1 heure (-18) », l.179): the duration list goes on from 12 rounds to the hours."""
    await pilot.press(*"3D")
    row = await add_aspect(pilot, "duration", downs=11 + 3)  # 2…12 rounds, then 1h, 2h, 3h, 4h
    assert row.query_one(".d6-value", Input).value == "21"
    await wait_for(pilot, lambda: text(app, "#d6-result") == "total 30 → difficulty 15")
    assert "effect 9 + duration 21 = 30" in text(app, "#d6-breakdown")


async def a_scale_choice_sets_its_value_and_the_difficulty_follows(app, pilot):
    await pilot.press(*"4D+2")
    row = await add_aspect(pilot, "range", downs=2)  # building +10
    assert row.query_one(".d6-value", Input).value == "10"
    assert text(app, "#d6-result") == "total 23 → difficulty 12"
    busy = await add_aspect(pilot, "concentration", downs=4)  # very busy public place +8…+18
    assert busy.query_one(".d6-value", Input).value == "8"
    await type_value(pilot, busy, "12")  # within the span: still the row
    assert busy.aspect().row == "very_busy_public_place"
    await wait_for(pilot, lambda: text(app, "#d6-result") == "total 35 → difficulty 18")
    await type_value(pilot, busy, "30")  # outside: a free value
    assert busy.aspect().row is None
    await wait_for(pilot, lambda: text(app, "#d6-result") == "total 53 → difficulty 27")


async def ctrl_r_removes_the_aspect_in_focus_and_unskilled_adds_5(app, pilot):
    pane = app.screen.query_one(D6Spell)
    await pilot.press(*"2D")
    first = await add_aspect(pilot, "gestures", downs=1)  # no gesture +3
    await add_aspect(pilot, "incantations", downs=1)  # none +3
    await wait_for(pilot, lambda: text(app, "#d6-result") == "total 12 → difficulty 6")
    first.query_one(".d6-choice", Select).focus()
    await pilot.press("ctrl+r")
    aspects = pane.query_one("#d6-spell-aspects", AspectList)
    await wait_for(pilot, lambda: len(aspects.rows()) == 1)
    await wait_for(pilot, lambda: text(app, "#d6-result") == "total 9 → difficulty 5")
    assert app.focused is aspects.rows()[0].first_field()
    app.screen.query_one("#d6-unskilled").focus()
    await pilot.press("space")
    await wait_for(pilot, lambda: text(app, "#d6-result") == "total 9 → difficulty 10")
    app.screen.query_one("#d6-halve").focus()
    await pilot.press("space")
    await wait_for(pilot, lambda: text(app, "#d6-result") == "total 9 → difficulty 14")


@run
async def test_a_bad_die_code_is_refused_in_the_result_line_in_french():
    async with open_d6_alone(size=NARROW, lang="fr") as (app, pilot):
        await pilot.press(*"4D+3")
        await wait_for(pilot, lambda: text(app, "#d6-result").startswith("effect : au plus 2 pips"))
        await pilot.press("backspace", "2")
        await wait_for(pilot, lambda: text(app, "#d6-result") == "total 13 → difficulté 7")


async def psionics_and_skill_costs_from_the_same_tab(app, pilot):
    pane = app.screen.query_one(D6Spell)
    await pilot.press("ctrl+t")
    await wait_for(pilot, lambda: app.focused is app.screen.query_one("#d6-power", Select))
    assert text(app, "#d6-result") == "difficulty 10"  # astral projection
    power = app.screen.query_one("#d6-power", Select)
    await pilot.press("enter")
    await wait_for(pilot, lambda: power.expanded)
    await pilot.press("down", "down", "down", "down", "enter")  # medium
    await wait_for(pilot, lambda: text(app, "#d6-result") == "difficulty 20")
    assert app.screen.query_one("#d6-medium-years").display
    years = app.screen.query_one("#d6-years-dead", Input)
    years.focus()
    await pilot.press("6")
    await wait_for(pilot, lambda: text(app, "#d6-result") == "difficulty 24")
    row = await add_aspect(pilot, "range", downs=3)  # town +15
    # the psionic range's last row, then the free value every scale offers
    assert [value for _, value in row.query_one(".d6-choice", Select)._options][-2:] == ["region", "free"]
    await wait_for(pilot, lambda: text(app, "#d6-result") == "difficulty 39")
    power.focus()
    await pilot.press("enter")
    await wait_for(pilot, lambda: power.expanded)
    await pilot.press("up", "up", "up", "enter")  # empathy
    await wait_for(pilot, lambda: text(app, "#d6-result") == "opposed by Volonté · +15 on its roll")
    assert not app.screen.query_one("#d6-medium-years").display
    await pilot.press("ctrl+t")
    await wait_for(pilot, lambda: app.focused is app.screen.query_one("#d6-usual-cost", Input))
    await pilot.press("6")
    await wait_for(pilot, lambda: text(app, "#d6-result") == "12 character points")
    app.screen.query_one("#d6-master").focus()
    await pilot.press("space")
    await wait_for(pilot, lambda: text(app, "#d6-result") == "24 character points")
    assert pane.mode == "skill"


@run
async def test_the_d6_tab_from_the_list() -> None:
    """The palette's action, then the tab strip, in one app, each from where a new app starts
    (:func:`~tests.tui.spell_harness.walk_from_the_list` puts it back and checks it is)."""
    async with open_demo(size=NARROW) as (app, pilot):
        await walk_from_the_list(
            pilot,
            [
                the_palette_action_opens_the_d6_tab_on_the_effect,
                the_tab_strip_reaches_the_d6_tab_with_shift_tab_and_arrows,
            ],
        )


# --- snapshots ---------------------------------------------------------------------------------


def _built(keys: list[str]):
    async def run_before(pilot) -> None:
        await open_d6(pilot)
        await pilot.press(*keys)
        await add_aspect(pilot, "range", downs=1)
        await add_aspect(pilot, "gestures", downs=2)
        row = await add_aspect(pilot, "custom")
        await pilot.press(*"contact")
        await type_value(pilot, row, "-3")
        for _ in range(3):
            await pilot.pause()

    return run_before


def test_snapshot_d6_tab_80x24(snap_compare) -> None:
    assert snap_compare(make_test_app(), terminal_size=NARROW, run_before=_built(list("5D+2")))


def test_snapshot_d6_tab_120x40_in_french(snap_compare) -> None:
    assert snap_compare(make_test_app(lang="fr"), terminal_size=WIDE, run_before=_built(list("4D+2")))


def test_snapshot_d6_psionics_80x24(snap_compare) -> None:
    async def run_before(pilot) -> None:
        await open_d6(pilot)
        await pilot.press("ctrl+t")
        power = pilot.app.screen.query_one("#d6-power", Select)
        await wait_for(pilot, lambda: pilot.app.focused is power)
        await pilot.press("enter")
        await wait_for(pilot, lambda: power.expanded)
        await pilot.press("down", "down", "down", "enter")  # healing
        await wait_for(pilot, lambda: not power.expanded)
        for _ in range(3):
            await pilot.pause()

    assert snap_compare(make_test_app(), terminal_size=NARROW, run_before=run_before)


async def a_free_value_reads_free_value_never_a_row_it_is_not(app, pilot):
    """Duration 2 rounds (+0), then 1 typed: the choice reads "3 rounds +1", the row whose value it
    is; 15 (past the list): "free value"; picking a row again gives its value."""
    await pilot.press(*"4D+2")
    row = await add_aspect(pilot, "duration")
    choice = row.query_one(".d6-choice", Select)
    shown = lambda: str(choice.query_one("SelectCurrent #label").render())  # noqa: E731  # what the GM reads

    assert shown() == "2 rounds +0"
    await type_value(pilot, row, "1")
    await wait_for(pilot, lambda: shown() == "3 rounds +1")
    assert row.aspect().row == "3"
    await type_value(pilot, row, "15")
    await wait_for(pilot, lambda: shown() == "free value")
    await wait_for(pilot, lambda: text(app, "#d6-result") == "total 28 → difficulty 14")
    assert "duration 15" in text(app, "#d6-breakdown")
    choice.focus()
    await pilot.press("enter")
    await wait_for(pilot, lambda: choice.expanded)
    await pilot.press("home", "enter")  # back to 2 rounds: its value
    await wait_for(pilot, lambda: row.query_one(".d6-value", Input).value == "0")
    assert shown() == "2 rounds +0"


@pytest.mark.parametrize(
    ("size", "cases"),
    [
        (WIDE, [D2_soin_built_from_the_keyboard, a_duration_in_hours_from_the_tabs_list]),
        (
            NARROW,
            [
                a_scale_choice_sets_its_value_and_the_difficulty_follows,
                ctrl_r_removes_the_aspect_in_focus_and_unskilled_adds_5,
                a_free_value_reads_free_value_never_a_row_it_is_not,
                psionics_and_skill_costs_from_the_same_tab,  # last: it leaves the tab in another mode
            ],
        ),
    ],
    ids=["120x40", "80x24"],
)
@run
async def test_the_d6_tab_by_itself(size, cases) -> None:
    """The tab's own cases (the functions above), one app a size: each starts from the tab as it
    opens, put back and checked before it (:func:`~tests.tui.spell_harness.walk`)."""
    async with open_d6_alone(size=size) as (app, pilot):
        await walk(pilot, app.screen.query_one(D6Spell), cases)
