"""The Mage tab of the spell-cost pane, from the keyboard: opened by the palette or the tab strip,
filled with Tab, digits and ←/→, the result and the odds following each key."""

from __future__ import annotations

import attrs
import pytest
from textual.widgets import Input, Static, TabbedContent

from core.house_rules import HouseRules
from core.mage import MageEffect, chance, mage_spell, percent
from tests.conftest import make_test_app, run, wait_for
from tests.tui.pilot import open_demo
from tests.tui.spell_harness import anew, open_tab, shown_first, state_of, walk_from_the_list
from tests.tui.test_snapshots import NARROW, WIDE

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)

MAGE_ACTION = "screen.spell_system('mage')"


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


async def open_mage(pilot) -> None:
    """The palette's command: the pane on the Mage tab, the sphere field focused."""
    await pilot.pause()
    await pilot.app.run_action(MAGE_ACTION)
    await wait_for(pilot, lambda: pilot.app.focused is not None and pilot.app.focused.id == "mage-sphere")
    shown_first(pilot.app, "#spell-mage")


async def go_to(pilot, name: str) -> None:
    """Tab (forward only, as the GM would) to the field ``mage-<name>``."""
    for _ in range(30):
        if pilot.app.focused is not None and pilot.app.focused.id == f"mage-{name}":
            return
        await pilot.press("tab")
    raise AssertionError(f"never reached mage-{name}")


async def fill(pilot, *steps: tuple[str, str | int]) -> None:
    """``("arete", "3")`` types 3 in a number field; ``("targets", 3)`` presses → three times."""
    for name, value in steps:
        await go_to(pilot, name)
        if isinstance(value, int):
            await pilot.press(*(["right"] * value if value >= 0 else ["left"] * -value))
        else:
            await pilot.press(*value)
    await pilot.pause()


async def the_palette_offers_the_mage_tab_and_opens_it_on_the_sphere(app, pilot):
    from tui.commands.palette import GMCommands

    await pilot.pause()
    assert dict(GMCommands(app.screen).commands())[MAGE_ACTION] == "Spell cost: Mage"
    await open_mage(pilot)
    assert app.screen.pane == "spell"
    assert app.screen.query_one("#spell-systems", TabbedContent).active == "spell-tab-mage"
    assert text(app, "#mage-summary") == "Type the caster's Sphere level (1–10)."
    await pilot.press("2")
    assert text(app, "#mage-summary").startswith("arete: required for an improvised effect")
    await fill(pilot, ("arete", "3"))
    assert text(app, "#mage-summary") == "1 success to make on 5 dice · type a difficulty (2–10) for the odds"
    await fill(pilot, ("difficulty", "6"))
    assert text(app, "#mage-summary") == f"1 success to make on 5 dice at difficulty 6: {percent(chance(5, 6, 1))}"
    assert "improvised: arete 3 + sphere 2 = 5" in text(app, "#mage-breakdown")


async def shift_tab_reaches_the_tab_strip_and_the_arrows_switch_to_mage(app, pilot):
    await pilot.pause()
    await pilot.press("4")
    await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "spell-intensity")
    for _ in range(4):  # back from the first Apothéose field to the tab strip
        await pilot.press("shift+tab")
        if type(app.focused).__name__ == "ContentTabs":
            break
    assert type(app.focused).__name__ == "ContentTabs"
    await pilot.press("right")
    await wait_for(pilot, lambda: app.screen.query_one("#spell-systems", TabbedContent).active == "spell-tab-mage")
    await pilot.press("tab")
    await wait_for(pilot, lambda: app.focused.id == "mage-sphere")
    await pilot.press("4")  # a digit in a field is a digit, not the pane key
    assert app.screen.query_one("#mage-sphere", Input).value == "4"
    await pilot.press("shift+tab", "left")  # and back to Apothéose
    await wait_for(pilot, lambda: app.screen.query_one("#spell-systems", TabbedContent).active == "spell-tab-apotheose")


@run
async def test_the_tabs_sums_M1_M3_and_an_impossible_effect():
    """Three cases in one session of the pane alone, each from the tab as it opens
    (:func:`~tests.tui.spell_harness.anew` checks it):
    M1 (eleven successes), M3 (quintessence and a ritual), an impossible effect says why."""
    from tui.widgets.spell_tab import SpellTab

    async with open_tab("mage") as (app, pilot):
        tab = app.screen.query_one("#spell-mage", SpellTab)
        start = state_of(tab)
        assert text(app, "#mage-summary") == "Type the caster's Sphere level (1–10)."

        # M1: the tab needs eleven successes
        await pilot.press("3")
        # 10 targets (+3) for 1 month (+3) on someone met (+4)
        await fill(pilot, ("arete", "3"), ("targets", 3), ("duration", 3), ("connection", 5))
        assert text(app, "#mage-summary").startswith("11 successes to make on 6 dice")
        assert "successes needed: 1 + scope 6 + connection met 4 = 11" in text(app, "#mage-breakdown")
        assert str(app.screen.query_one("#mage-targets").render()) == "‹10 targets +3›"
        assert str(app.screen.query_one("#mage-connection").render()) == "‹met +4›"

        # M3: quintessence and a ritual in the tab
        await anew(pilot, tab, start)
        await pilot.press("2")
        await fill(
            pilot, ("arete", "3"), ("difficulty", "6"), ("quintessence", "5"), ("avatar", "4"), ("willpower", "5")
        )
        expected = mage_spell(MageEffect(sphere=2, arete=3, difficulty=6, quintessence=5, avatar=4, willpower=5))
        assert expected.dice_rolled == 8 and expected.ritual_max_rolls == 5  # M3, M2
        assert text(app, "#mage-summary") == f"1 success to make on 8 dice at difficulty 6: {percent(expected.chance)}"
        assert text(app, "#mage-breakdown") == "\n".join(line.en for line in expected.breakdown)

        # an impossible effect says why
        await anew(pilot, tab, start)
        await pilot.press("2")
        await fill(pilot, ("arete", "3"), ("connection", -1))  # ← from "none needed" wraps to unknown
        assert text(app, "#mage-summary") == "Impossible: unknown target: no connection, impossible"
        assert app.screen.query_one("#mage-summary").has_class("-refused")
        await pilot.press("right")  # back to none needed
        assert text(app, "#mage-summary").startswith("1 success to make on 5 dice")


@run
async def test_every_field_and_choice_reaches_the_result():
    async with open_tab("mage", size=WIDE) as (app, pilot):
        await pilot.press("4")
        await fill(
            pilot, ("needed", "2"), ("arete", "3"), ("rote", 1), ("attribute", "3"), ("ability", "2"), ("power", "2"),
            ("radius", 2), ("difficulty", "6"), ("as_difficulty", "1"), ("paradox", 3), ("paradox_pool", "3"),
            ("paradox_rolls", "1"), ("foci", "2"), ("assistants", "1,3"), ("acolytes", "2"),
        )  # fmt: skip
        expected = mage_spell(
            MageEffect(
                sphere=4, needed=2, arete=3, rote=True, attribute=3, ability=2, power=2, radius=5, difficulty=6,
                as_difficulty=1, vulgar=True, sleepers=True, paradox_pool=3, paradox_rolls=1, foci=2,
                assistants=(1, 3), acolytes=2,
            )
        )  # fmt: skip
        assert (expected.successes_needed, expected.difficulty, expected.paradox_pool) == (2, 7, 5)
        assert text(app, "#mage-breakdown") == "\n".join(line.en for line in expected.breakdown)
        assert app.screen.query_one("#mage-summary").has_class("-ok")


@run
async def test_the_campaign_house_rules_apply():
    from core.demo import demo_campaign

    rules = HouseRules(mage_ones_cancel=False, mage_scope_separate=False)
    async with open_tab("mage", attrs.evolve(demo_campaign(), rules=rules)) as (app, pilot):
        await pilot.press("3")
        await fill(pilot, ("arete", "3"), ("targets", 3), ("duration", 3), ("difficulty", "6"))
        odds = chance(6, 6, 4, ones_cancel=False)
        assert text(app, "#mage-summary") == f"4 successes to make on 6 dice at difficulty 6: {percent(odds)}"


@run
async def test_the_tab_in_french():
    async with open_tab("mage", lang="fr") as (app, pilot):
        await pilot.press("2")
        await fill(pilot, ("arete", "3"), ("duration", 1), ("difficulty", "6"))
        odds = percent(chance(5, 6, 2), "fr")
        assert text(app, "#mage-summary") == f"2 succès à faire sur 5 dés à difficulté 6 : {odds}"
        assert str(app.screen.query_one("#mage-duration").render()) == "‹1 jour +1›"


def _filled(keys_after_open: list[str]):
    async def run_before(pilot) -> None:
        await open_mage(pilot)
        await pilot.press(*keys_after_open)
        for _ in range(3):
            await pilot.pause()

    return run_before


# sphere 3, arete 4, 5 targets (+2), 1 day (+1), difficulty 6, quintessence 3, avatar 4, willpower 5
# (an improvised effect: its attribute and ability are no tab stops)
KEYS = ["3", "tab", "tab", "4", *["tab"] * 3, "tab", "right", "right", "tab", "tab", "right", "tab",
        "tab", "6", "tab", "3", "tab", "4", *["tab"] * 5, "5"]  # fmt: skip


@pytest.mark.parametrize("size", [NARROW, WIDE], ids=["80x24", "120x40"])
def test_mage_tab_snapshot(snap_compare, size) -> None:
    assert snap_compare(make_test_app(), terminal_size=size, run_before=_filled(KEYS))


async def each_field_says_what_it_takes_in_full_on_the_hint_line(app, pilot):
    """Tab through the whole tab: the line under the fields says, whole, what the field in focus
    takes ("sphere: 1 to 10, …"); no field shows a range cut to look like a value ("1-1")."""
    from rich.cells import cell_len

    from tui.i18n import said as shown

    size, lang = (app.size.width, app.size.height), app.lang
    await open_mage(pilot)
    fields = list(app.screen.query("#mage-fields Input").results(Input))
    await wait_for(pilot, lambda: all(field.content_region.width for field in fields))  # laid out
    for field in fields:
        placeholder = field.placeholder
        assert cell_len(placeholder) <= field.content_region.width, f"{field.id}: {placeholder!r} is cut"
        assert "-" not in placeholder and "–" not in placeholder  # a range is said on the hint line
    from tui.spells.mage import HINTS, RANGES

    hint = app.screen.query_one("#mage-hint", Static)
    seen = set()
    while app.focused.id != "mage-breakdown-box":  # the last stop: only the breakdown is after
        name = app.focused.id.removeprefix("mage-")
        assert name not in seen
        seen.add(name)
        await pilot.pause()
        said = shown(HINTS[name], lang)
        assert text(app, "#mage-hint") == said
        assert cell_len(said) <= hint.content_region.width, f"{said!r} cut at {hint.content_region.width}"
        assert app.screen.region.contains_region(hint.region)
        if name == "rote":  # a rote: its attribute and ability are tab stops (not on an improvised effect)
            await pilot.press("space")
        await pilot.press("tab")
    assert len(seen) == len(HINTS)  # every field and choice was reached
    await pilot.press("escape")  # back on the list: the line names the ranges
    await wait_for(pilot, lambda: text(app, "#mage-hint") == shown(RANGES, lang))
    if size == WIDE:  # the pane stays in view beside the list
        assert cell_len(shown(RANGES, lang)) <= hint.content_region.width


@pytest.mark.parametrize(("size", "lang"), [(WIDE, "en"), (WIDE, "fr")], ids=["120x40", "120x40-fr"])
@run
async def test_each_field_says_what_it_takes_in_full_on_the_hint_line(size, lang):
    """(At 80×24 in English: :func:`test_the_tab_from_the_list_in_one_app`.)"""
    app = make_test_app(lang=lang)
    async with app.run_test(size=size) as pilot:
        await each_field_says_what_it_takes_in_full_on_the_hint_line(app, pilot)


@run
async def test_the_tab_from_the_list_in_one_app() -> None:
    """The cases of the GM's whole app at 80×24 in English, in turn in one app, each from where a
    new app starts (:func:`~tests.tui.spell_harness.back_to_the_list` puts it back and checks it
    is); a failure names its case. The last leaves the app where it likes."""
    cases = [
        the_palette_offers_the_mage_tab_and_opens_it_on_the_sphere,
        each_field_says_what_it_takes_in_full_on_the_hint_line,
        shift_tab_reaches_the_tab_strip_and_the_arrows_switch_to_mage,
    ]
    async with open_demo(size=NARROW) as (app, pilot):
        await walk_from_the_list(pilot, cases)
