"""What one change repaints: one row for an HP change (no layout), the border row for a new turn.

(The speed and byte targets are measured by benchmarks/tui_paint.py, not here.)
"""

from __future__ import annotations

import attrs
import pytest
from textual._compositor import Compositor
from textual.geometry import Region
from textual.screen import Screen

from core.actions import Damage, NextTurn, Outcome, Remove, apply
from core.demo import demo_campaign
from tests.present import present
from tests.tui.pilot import make_test_app, open_demo, quiet, run
from tui.widgets.initiative import InitiativeList, InitiativePane
from tui.widgets.spell import same_people
from tui.widgets.status import StatusBar

SIZE = (120, 40)


class Spy:
    """Which widgets each screen update repaints, and whether the screen was laid out again."""

    def __init__(self, monkeypatch) -> None:
        self.updated: list[set] = []
        self.layouts = 0
        update_widgets, refresh_layout = Compositor.update_widgets, Screen._refresh_layout

        def spy_update(compositor, widgets):
            self.updated.append(set(widgets))
            return update_widgets(compositor, widgets)

        def spy_layout(screen, *args, **kwargs):
            self.layouts += 1
            return refresh_layout(screen, *args, **kwargs)

        monkeypatch.setattr(Compositor, "update_widgets", spy_update)
        monkeypatch.setattr(Screen, "_refresh_layout", spy_layout)

    def clear(self) -> None:
        self.updated, self.layouts = [], 0

    @property
    def repainted(self) -> set:
        return set().union(*self.updated)


@pytest.mark.slow
@run
async def test_an_hp_change_repaints_one_row_of_the_initiative_list_and_nothing_else(monkeypatch) -> None:
    spy = Spy(monkeypatch)
    async with open_demo() as (app, pilot):
        the_list = app.screen.query_one(InitiativeList)
        lines: list[int] = []

        def refresh_line(y: int) -> object:
            lines.append(y)
            return the_list

        monkeypatch.setattr(the_list, "refresh_line", refresh_line)
        status_updates: list[object] = []
        status = app.screen.query_one(StatusBar)
        monkeypatch.setattr(status, "update", lambda *a, **k: status_updates.append(a))
        spy.clear()
        assert isinstance(await app.request(Damage(("romuald",), 1)), Outcome)
        await quiet(pilot)
        assert lines == [the_list.keys.index("romuald")]
        assert spy.repainted <= {the_list} and spy.layouts == 0
        assert status_updates == []


@pytest.mark.slow
@run
async def test_an_hp_change_of_the_selected_combatant_lays_nothing_out(monkeypatch) -> None:
    spy = Spy(monkeypatch)
    async with open_demo() as (app, pilot):
        app.selected = "romuald"  # the panes' previews follow him, some in forms not shown
        await quiet(pilot)
        spy.clear()
        assert isinstance(await app.request(Damage(("romuald",), 1)), Outcome)
        await quiet(pilot)
        assert spy.layouts == 0 and app.screen.query_one(InitiativeList) in spy.repainted


@pytest.mark.slow
@run
async def test_a_new_turn_repaints_the_pane_border_row_not_the_whole_pane(monkeypatch) -> None:
    async with open_demo() as (app, pilot):
        pane = app.screen.query_one(InitiativePane)
        regions: list[tuple] = []  # what the pane marks to repaint (nothing: the whole pane)
        original = pane._set_dirty

        def set_dirty(*r: Region) -> None:
            regions.append(r)
            original(*r)

        monkeypatch.setattr(pane, "_set_dirty", set_dirty)
        assert isinstance(await app.request(NextTurn()), Outcome)
        await quiet(pilot)
        assert "Capitaine de la garde" in str(pane.border_subtitle)
        assert regions and all(len(r) == 1 and r[0].height == 1 for r in regions)  # never the whole pane
        assert regions[0][0].y + pane.content_offset.y == pane.outer_size.height - 1  # the bottom border


def test_the_spell_targets_are_rebuilt_only_when_people_come_go_or_are_renamed() -> None:
    def seen(c):
        return (c.encounter.participants if c.encounter else None, c.roster, c.groups)

    demo = demo_campaign()
    hit = apply(demo, Damage(("romuald",), 3)).campaign
    assert same_people(seen(demo), seen(hit)) and same_people(seen(hit), seen(apply(hit, NextTurn()).campaign))
    renamed = demo.with_character(attrs.evolve(demo.character("romuald"), name="Romuald le Grand"))
    assert not same_people(seen(demo), seen(renamed))
    gone = apply(demo, Remove("romuald")).campaign
    assert not same_people(seen(demo), seen(gone))
    enc = present(demo.encounter)
    left = demo.with_encounter(attrs.evolve(enc, participants=enc.participants[1:]))  # out of the fight only
    assert not same_people(seen(demo), seen(left))


@pytest.mark.slow
@run
async def test_a_cursor_move_on_the_initiative_list_lays_nothing_out(monkeypatch) -> None:
    """The panes' Selects and texts follow the selected combatant (the duel's defender, the
    damage targets): new labels of the same size repaint, they do not lay the screen out."""
    from textual.widgets import Select, Static

    spy = Spy(monkeypatch)
    async with open_demo() as (app, pilot):
        await pilot.press("o", "escape")  # the duel form is composed when first shown
        await quiet(pilot)
        the_list = app.screen.query_one(InitiativeList)
        the_list.focus()
        await quiet(pilot)
        defender = app.screen.query_one("#duel-defender", Select)
        targets = app.screen.query_one("#dmg-targets", Static)
        for key in ("down", "down", "up", "down"):
            before = app.selected
            spy.clear()
            await pilot.press(key)
            await quiet(pilot)
            assert app.selected != before and app.selected == the_list.cursor_key
            assert spy.layouts == 0, key
            name = app.campaign.name_of(app.selected)  # what the GM sees follows the cursor
            assert name in str(targets.render())
            if any(c.id == app.selected for c in app.campaign.roster):  # a group is no duel defender
                assert defender.selection == app.selected and name in str(defender.query_one("#label", Static).render())


def counted_campaign(extra: int, reads: list[int]):
    """The demo fight with ``extra`` NPCs whose every attribute read is counted in ``reads[0]``
    (characters and their places in the fight)."""
    from core.characteristics import Characteristics
    from core.encounter import Participant
    from core.roster import Character, new_character

    class Counted(Character):
        __slots__ = ()

        def __getattribute__(self, name):
            reads[0] += 1
            return super().__getattribute__(name)

    class CountedPlace(Participant):
        __slots__ = ()

        def __getattribute__(self, name):
            reads[0] += 1
            return super().__getattribute__(name)

    campaign = demo_campaign()
    stats = Characteristics(corps=3, esprit=2, combat=2, ame=1)
    npcs = tuple(
        Counted(**attrs.asdict(new_character(f"npc-{i}", f"Garde {i}", stats, pc=False), recurse=False))
        for i in range(extra)
    )
    enc = present(campaign.encounter)
    places = tuple(CountedPlace(c.id, 0, len(enc.participants) + i) for i, c in enumerate(npcs))
    campaign = attrs.evolve(campaign, roster=campaign.roster + npcs)
    return campaign.with_encounter(attrs.evolve(enc, participants=enc.participants + places))


@pytest.mark.slow
@run
async def test_an_hp_change_request_reads_none_of_the_other_rows() -> None:
    """app.request of an HP change (rules, journal, every pane's update) reads the characters it
    changes, not the 300 others of the fight: its cost does not grow with the roster."""
    reads = [0]
    app = make_test_app(counted_campaign(300, reads))
    async with app.run_test(size=SIZE) as pilot:
        await quiet(pilot)
        for action in (Damage(("romuald",), 1), Damage(("romuald",), 1)):
            reads[0] = 0
            assert isinstance(await app.request(action), Outcome)
            assert reads[0] == 0
            await quiet(pilot)
        assert app.campaign.character("romuald").hp == demo_campaign().character("romuald").hp - 2


@pytest.mark.slow
@run
async def test_the_damage_form_taking_and_giving_back_the_focus_lays_nothing_out(monkeypatch) -> None:
    """``x 3 ⏎`` on the initiative list (issue 37): the damage form takes the focus, the amount is
    typed, Enter applies and the focus goes back to the list. The footer's keys change with the
    focus, the field's text, the result: all repainted in place, the screen never laid out."""
    from textual.widgets import Input

    from tests.tui.pilot import select
    from tui.widgets.footer import KeysFooter

    spy = Spy(monkeypatch)
    async with open_demo() as (app, pilot):
        await select(pilot, "romuald")
        footer = app.screen.query_one(KeysFooter)
        await pilot.press("x", "3", "enter")  # the first result fills the empty result box: its size changes
        await quiet(pilot)
        list_keys = footer.items
        hp = app.campaign.character("romuald").hp
        for amount in ("3", "1"):  # 9 → 6 (above), 6 → 3, 3 → 2: results of as many lines
            spy.clear()
            await pilot.press("x")
            await quiet(pilot)
            assert isinstance(app.screen.focused, Input) and app.screen.focused.id == "dmg-amount"
            assert footer.items != list_keys  # the form's keys, not the list's
            assert spy.layouts == 0, "the form took the focus"
            await pilot.press(amount)
            await quiet(pilot)
            assert spy.layouts == 0, "a digit typed"
            await pilot.press("enter")
            await quiet(pilot)
            hp -= int(amount)
            assert app.campaign.character("romuald").hp == hp
            assert isinstance(app.screen.focused, InitiativeList)
            assert footer.items == list_keys
            assert spy.layouts == 0, "Enter applied, the list took the focus back"


@pytest.mark.slow
@run
async def test_the_focus_moving_between_the_damage_form_and_the_list_restyles_the_field_not_the_list() -> None:
    """``x 3 ⏎`` (issue 37): no rule of the app's stylesheet names the initiative list's focus (its
    cursor's row shows it, repainted alone), so the list is not restyled, its twelve component
    styles looked up again, when the focus comes or goes; the amount field is (``Input:focus``)."""
    from textual.widgets import Input

    from tests.tui.pilot import select

    async with open_demo() as (app, pilot):
        await select(pilot, "romuald")
        the_list = app.screen.query_one(InitiativeList)
        restyled: list[object] = []
        update_styles = app.update_styles

        def spy(node, animate=True):
            restyled.append(node)
            return update_styles(node, animate)

        app.update_styles = spy  # type: ignore[method-assign]
        await pilot.press("x", "3")
        await quiet(pilot)
        field = app.screen.focused
        assert isinstance(field, Input) and field in restyled and the_list not in restyled
        restyled.clear()
        await pilot.press("enter")
        await quiet(pilot)
        assert app.screen.focused is the_list and app.campaign.character("romuald").hp == 6
        assert field in restyled and the_list not in restyled


def test_a_rule_naming_the_focus_of_a_type_the_list_is_restyles_it() -> None:
    """What :func:`focus_styled` counts: a focus rule on the list's type, one it inherits, a class
    or ``*``; not one on another type, even with a class (``Input.-invalid:focus``)."""
    from textual.css.stylesheet import Stylesheet

    from tui.textual_fixes.line_list import focus_styled

    node = InitiativeList()

    def styled(css: str) -> bool:
        sheet = Stylesheet()
        sheet.add_source(css)
        sheet.parse()
        return focus_styled(sheet, node)

    assert not styled(
        "Input:focus { color: red; } Input.-invalid:focus { color: red; } OptionList:focus > .x { color: red; }"
    )
    assert not styled("InitiativeList { color: red; } InitiativeList > .initiative-list--cursor { color: red; }")
    for css in (
        "InitiativeList:focus { color: red; }",
        "ScrollView:focus { color: red; }",
        "Screen InitiativeList.-x:focus > .initiative-list--cursor { color: red; }",
        ".any:focus { color: red; }",
        "*:focus-within { color: red; }",
        "InitiativeList:blur { color: red; }",
    ):
        assert styled(css), css
