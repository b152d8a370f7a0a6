"""The initiative pane: keys on the list change the campaign; one change repaints one row."""

from __future__ import annotations

import attrs
import pytest

from core.actions import Damage, Delay, NextTurn, Outcome, SetInitiative, StartEncounter, apply
from core.characteristics import Characteristics
from core.demo import demo_campaign
from core.encounter import Condition, Encounter, Participant
from core.roster import new_character
from tests.tui.pilot import make_test_app, run, select, wait_for
from tui.screens.combat_dialogs import split_condition
from tui.widgets.initiative import InitiativeList, InitiativePane
from tui.widgets.initiative_rows import fit, name_width

SIZES = [(120, 40), (80, 24)]

# The demo fight's order, round 1, Brunvir's turn.
ORDER = ("brunvir", "capitaine", "veterans", "romuald", "segiere", "morvan", "arbaletriers", "arsouille", "alduin")


def the_list(app) -> InitiativeList:
    return app.screen.query_one(InitiativeList)


def row_text(app, key: str) -> str:
    lst = the_list(app)
    return lst.render_line(lst.keys.index(key) - round(lst.scroll_y)).text


def actions(app) -> list[type]:
    return [type(e.action) for e in app.session.journal.done]


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@run
async def test_rows_fit_the_pane_and_next_turn_is_one_key(size):
    """Two checks of one app per size: the rows at start (nothing changes them), then n."""
    app = make_test_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        # the rows fit the pane
        lst = the_list(app)
        width = lst.scrollable_content_region.width
        assert width >= (54 if size[0] >= 110 else 74)
        for y in range(len(lst.keys)):
            assert lst.render_line(y).cell_length == width, f"row {y} does not fit"
        assert "9/9" in row_text(app, "romuald")
        assert "12/12" in row_text(app, "veterans") and "vet" in row_text(app, "veterans")
        assert "[hidden]" in row_text(app, "arbaletriers")
        # next turn is one key
        assert app.campaign.encounter.current == "brunvir"
        await pilot.press("n")
        await pilot.pause()
        assert actions(app) == [NextTurn], "next turn"
        assert app.campaign.encounter.current == "capitaine"
        assert row_text(app, "capitaine").startswith("▶")
        assert not row_text(app, "brunvir").startswith("▶")
        assert "Capitaine de la garde" in str(app.screen.query_one(InitiativePane).border_subtitle)


def test_a_number_after_the_condition_is_its_rounds():
    assert split_condition("stunned 2") == ("stunned", "2")
    assert split_condition(" à terre ") == ("à terre", "")
    assert split_condition("stunned 2", "3") == ("stunned 2", "3")
    assert split_condition("stunned", "3") == ("stunned", "3")


def test_names_are_cut_to_fit():
    for width in (40, 54, 58, 76, 120):
        name_w, _ = name_width(width)
        assert 6 <= name_w <= 22
        assert len(fit("Arbalétriers de Villon du roi", name_w)) == name_w
    assert fit("Capitaine de la garde", 10) == "Capitaine…"


@pytest.mark.slow
@run
async def test_delay_then_act_now():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        enc = app.campaign.encounter
        assert actions(app) == [Delay]
        assert enc.participant("brunvir").delaying and enc.current == "capitaine"
        assert "delaying" in row_text(app, "brunvir")
        await pilot.press("n", "n")  # veterans, romuald
        await select(pilot, "brunvir")
        await pilot.press("a")
        await pilot.pause()
        enc = app.campaign.encounter
        assert enc.current == "brunvir" and not enc.participant("brunvir").delaying
        # Act now: just before the turn it interrupts, which comes next (issue 34, item 2; it
        # used to count as taken, issue 14, item 6).
        assert enc.keys.index("brunvir") == enc.keys.index("romuald") - 1
        assert "before Romuald, whose turn comes next" in app.session.journal.done[-1].lines[0].en
        await pilot.press("n")
        await wait_for(pilot, lambda: app.campaign.encounter.current == "romuald")


@pytest.mark.slow
@run
async def test_boost_initiative_raises_by_five_costs_one_shadow_and_reorders():
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await select(pilot, "romuald")
        await pilot.press("b")
        await pilot.pause()
        enc = app.campaign.encounter
        assert enc.participant("romuald").initiative == 12
        assert app.campaign.character("romuald").shadow.value == 3
        # Mid-round, a boost re-sorts those still to act: Brunvir's turn stays his, Romuald
        # comes next (issue 14, item 6: nobody loses a turn or gets a second one).
        assert enc.keys[:2] == ("brunvir", "romuald")
        assert the_list(app).cursor_key == "romuald"
        assert row_text(app, "romuald").split()[0] == "12"


@pytest.mark.slow
@run
async def test_boost_is_for_player_characters_only():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await select(pilot, "veterans")
        await pilot.press("b")
        await pilot.pause()
        assert actions(app) == []


@pytest.mark.slow
@run
async def test_set_initiative_through_the_prompt():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await select(pilot, "morvan")
        await pilot.press("i")
        await pilot.pause()
        await pilot.press("backspace", "1", "0", "enter")
        await pilot.pause()
        assert app.session.journal.done[-1].action == SetInitiative("morvan", 10)
        assert app.campaign.encounter.keys.index("morvan") == 1
        assert the_list(app).cursor_key == "morvan"


@pytest.mark.slow
@run
async def test_shift_down_moves_one_place_down():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await select(pilot, "capitaine")
        await pilot.press("shift+down")
        await pilot.pause()
        assert app.campaign.encounter.keys[:3] == ("brunvir", "veterans", "capitaine")
        assert the_list(app).cursor == 2
        await pilot.press("shift+up")
        await pilot.pause()
        assert app.campaign.encounter.keys == ORDER


def small_fight(*keys: str):
    """The demo roster in a fight of only ``keys``, first turn given."""
    campaign = attrs.evolve(demo_campaign(), active=None)
    campaign = apply(campaign, StartEncounter("Duel", keys)).campaign
    return apply(campaign, NextTurn()).campaign


@pytest.mark.slow
@run
async def test_condition_for_two_rounds_expires():
    fighters = ("brunvir", "segiere", "alduin")
    app = make_test_app(small_fight(*fighters))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await select(pilot, "segiere")
        await pilot.press("c", *"dazed", "space", "2", "enter")
        await pilot.pause()
        cond = app.campaign.encounter.participant("segiere").conditions
        assert [(c.name, c.rounds) for c in cond] == [("dazed", 2)]
        assert "dazed 2" in row_text(app, "segiere")
        await pilot.press(*"n" * len(fighters))  # round 2
        assert app.campaign.encounter.round == 2
        assert "dazed 1" in row_text(app, "segiere")
        await pilot.press(*"n" * len(fighters))  # round 3
        assert app.campaign.encounter.round == 3
        assert app.campaign.encounter.participant("segiere").conditions == ()
        assert "dazed" not in row_text(app, "segiere")
        assert any(entry.line.en == "Segiere: dazed ends" for entry in app.session.journal.log)


@pytest.mark.slow
@run
async def test_remove_a_condition_by_picking_it():
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("c", *"prone", "enter")  # no rounds: until removed
        await pilot.press("c", *"dazed", "tab", "1", "enter")
        await pilot.pause()
        conditions = app.campaign.encounter.participant("brunvir").conditions
        # Set during its bearer's own turn: it covers his next turn (issue 14, item 5).
        assert conditions == (Condition("prone"), Condition("dazed", 2))
        await pilot.press("C", "down", "enter")
        await pilot.pause()
        assert [c.name for c in app.campaign.encounter.participant("brunvir").conditions] == ["prone"]


@pytest.mark.slow
@run
async def test_hide_and_show():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await select(pilot, "veterans")
        await pilot.press("h")
        await pilot.pause()
        assert app.campaign.group("veterans").hidden
        assert "[hidden]" in row_text(app, "veterans")
        await pilot.press("h")
        await pilot.pause()
        assert not app.campaign.group("veterans").hidden


@pytest.mark.slow
@run
async def test_space_marks_and_unmarks():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("space", "down", "space")
        await pilot.pause()
        assert app.marked == {"brunvir", "capitaine"}
        assert row_text(app, "capitaine")[1] == "*"
        await pilot.press("space")
        await pilot.pause()
        assert app.marked == {"brunvir"}
        assert row_text(app, "capitaine")[1] == " "


@pytest.mark.slow
@run
async def test_cursor_keys_and_click_set_the_selection():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.selected == "brunvir"
        await pilot.press("j", "j")
        assert app.selected == "veterans"
        await pilot.press("end")
        assert app.selected == "alduin"
        await pilot.press("k", "home")
        assert app.selected == "brunvir"
        await pilot.click(InitiativeList, offset=(10, 3))
        await pilot.pause()
        assert app.selected == ORDER[3]


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@run
async def test_cursor_follows_app_selected(size):
    app = make_test_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.selected = "alduin"
        await pilot.pause()
        assert the_list(app).cursor_key == "alduin"
        await pilot.press("enter")
        await pilot.pause()
        from tui.screens.sheet import SheetScreen

        assert isinstance(app.screen, SheetScreen) and app.screen.key == "alduin"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SheetScreen)


@pytest.mark.slow
@run
async def test_stabilise_and_repair():
    campaign = demo_campaign()
    seg = campaign.character("segiere")
    campaign = campaign.with_character(attrs.evolve(seg, hp=-2, armour=1))
    app = make_test_app(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "dying" in row_text(app, "segiere")
        await select(pilot, "segiere")
        await pilot.press("S", "R")
        await pilot.pause()
        c = app.campaign.character("segiere")
        assert c.stabilised and c.armour == c.max_armour
        assert "stabilised" in row_text(app, "segiere")


@pytest.mark.slow
@run
async def test_no_fight_lists_the_roster_and_f_starts_one():
    campaign = attrs.evolve(demo_campaign(), active=None)
    app = make_test_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lst = the_list(app)
        assert len(lst.keys) == len(campaign.roster) + len(campaign.groups)
        hint = app.screen.query_one("#initiative-hint")
        assert hint.display and "f" in str(hint.render())
        await pilot.press("f")
        await pilot.pause()
        assert actions(app) == [StartEncounter]
        assert set(app.campaign.encounter.keys) == set(lst.keys)
        assert not hint.display
        await pilot.press("n")
        await pilot.pause()
        assert app.campaign.encounter.current == "brunvir"


@pytest.mark.slow
@run
async def test_french_labels():
    app = make_test_app(lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        pane = app.screen.query_one(InitiativePane)
        assert pane.border_subtitle == "Round 1 · tour de Brunvir"
        header = str(app.screen.query_one("#initiative-header").render())
        assert "Nom" in header and "PV" in header and "État" in header
        descriptions = {b.id: b.description for _, b in the_list(app)._bindings}
        assert descriptions["init-next"] == "Tour suivant"
        assert descriptions["init-condition"] == "État"
        assert "[caché]" in row_text(app, "arbaletriers")
        await select(pilot, "veterans")
        assert "vét" in row_text(app, "veterans")


@pytest.mark.slow
@run
async def test_one_hp_change_repaints_one_row() -> None:
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lst = the_list(app)
        for y in range(len(lst.keys)):
            lst.render_line(y)
        before = dict(lst.strips)
        assert set(before) == set(ORDER)
        repainted: list[int] = []
        original = lst.refresh_line

        def counted(y: int) -> None:
            repainted.append(y)
            original(y)

        lst.refresh_line = counted  # type: ignore[method-assign]  # counts the rows repainted
        assert isinstance(await app.request(Damage(("morvan",), 3)), Outcome)
        await pilot.pause()
        assert repainted == [ORDER.index("morvan")]
        for key in ORDER:
            if key != "morvan":
                assert lst.strips.get(key, before[key]) is before[key], key
        assert "9/11" in row_text(app, "morvan")


def big_campaign(n: int):
    campaign = demo_campaign()
    extra = tuple(new_character(f"m{i}", f"Mook {i}", Characteristics(2, 2, i % 20, 0), pc=False) for i in range(n))
    parts = tuple(Participant(c.id, c.initiative, i) for i, c in enumerate(extra))
    enc = Encounter("big", "Big fight", parts, current=parts[0].key)
    return attrs.evolve(campaign, roster=campaign.roster + extra, encounters=(enc,), active="big")


@pytest.mark.slow
@run
async def test_thousands_of_rows_one_change_one_repaint() -> None:
    app = make_test_app(big_campaign(2000))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        lst = the_list(app)
        assert len(lst.keys) == 2000
        repainted: list[int] = []
        original = lst.refresh_line

        def counted(y: int) -> None:
            repainted.append(y)
            original(y)

        lst.refresh_line = counted  # type: ignore[method-assign]  # counts the rows repainted
        assert isinstance(await app.request(Damage(("m1500",), 2)), Outcome)
        await pilot.pause()
        assert repainted == [1500]
        await pilot.press("end")
        await pilot.pause()
        assert app.selected == "m1999" and lst.scroll_y > 1900
        assert "Mook 1999" in lst.render_line(lst.cursor - round(lst.scroll_y)).text
