"""Conditions a GM can see and time: on every marked target in a few keys (one undo), timed by
rounds, until the start or the end of a chosen combatant's next turn, or until removed; shown in
the state cell at 80 and 120 columns (short forms when narrow) and on the sheet; named on the
status line at each turn start; counted down while their bearer's turns are skipped."""

from __future__ import annotations

import attrs
import pytest

from core.actions import AddCondition, Damage
from core.encounter import Condition, Lasts
from tests.tui.pilot import SIZES, burst, make_test_app, row_text, run, screen_text, wait_for
from tui.widgets.status import StatusBar

ALLIES = ("romuald", "segiere", "morvan", "arsouille", "alduin")


def conditions(app, key: str) -> list[Condition]:
    return list(app.campaign.encounter.participant(key).conditions)


def status(app) -> str:
    return str(app.screen.query_one(StatusBar).render())


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@run
async def test_bless_on_five_marked_allies_for_three_rounds_in_nine_keys_one_undo(size) -> None:
    app = make_test_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.marked = frozenset(ALLIES)  # the marks, made with space as for damage
        await pilot.pause()
        keys = ["c", *"bless 3", "enter"]
        assert len(keys) <= 14
        before = len(app.session.journal.done)
        burst(app, *keys)
        await wait_for(pilot, lambda: all(conditions(app, k) for k in ALLIES))
        assert all([c.name for c in conditions(app, k)] == ["bless"] for k in ALLIES)
        assert all(conditions(app, k)[0].rounds == 3 for k in ALLIES)
        assert conditions(app, "brunvir") == []
        assert len(app.session.journal.done) == before + 1  # one action
        assert app.marked == frozenset()  # the marks went to it, as they go to damage
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: not any(conditions(app, k) for k in ALLIES))


@pytest.mark.slow
@run
async def test_until_the_end_of_a_chosen_combatants_next_turn() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.selected = "segiere"
        await pilot.pause()
        # name, tab (rounds), tab (lasts) space space: "until the end of a turn", tab (whose:
        # Brunvir, whose turn it is) ← : the last in the order, Alduin.
        burst(app, "c", *"shield", "tab", "tab", "space", "space", "tab", "left", "enter")
        await wait_for(pilot, lambda: conditions(app, "segiere") != [])
        (cond,) = conditions(app, "segiere")
        assert (cond.lasts, cond.of, cond.rounds) == (Lasts.TURN_END, "alduin", 1)
        assert "shield →end Alduin" in row_text(app, "segiere")


@pytest.mark.slow
@run
async def test_until_the_start_of_the_current_ones_next_turn_and_until_removed() -> None:
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.selected = "romuald"
        await pilot.pause()
        burst(app, "c", *"guarded", "tab", "tab", "space", "enter")  # whose: Brunvir (up now)
        await wait_for(pilot, lambda: conditions(app, "romuald") != [])
        assert conditions(app, "romuald") == [Condition("guarded", 1, Lasts.TURN_START, "brunvir")]
        burst(app, "c", *"marked", "tab", "tab", "left", "enter")  # until removed
        await wait_for(pilot, lambda: len(conditions(app, "romuald")) == 2)
        assert conditions(app, "romuald")[1] == Condition("marked")
        for _ in range(9):  # a whole round: Brunvir's turn starts again
            await pilot.press("n")
        await wait_for(pilot, lambda: [c.name for c in conditions(app, "romuald")] == ["marked"])


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@run
async def test_a_knocked_out_rows_conditions_show_and_count_down(size) -> None:
    app = make_test_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.request(AddCondition("segiere", Condition("stunned", 1), also=("romuald",)))
        await app.request(Damage(("segiere",), 20, pugilat=True, bypass_armour=True))
        await pilot.pause()
        seg = app.campaign.character("segiere")
        assert seg.state.value == "knocked_out" and seg.bruise > 0
        text = row_text(app, "segiere")
        assert ("knocked out" in text or "KO" in text) and "stun" in text, text
        # Brunvir, Capitaine, Vétérans, Romuald, then Segiere's turn is passed over: it counts.
        for _ in range(4):
            await pilot.press("n")
        await wait_for(pilot, lambda: app.campaign.encounter.current == "morvan")
        assert conditions(app, "segiere") == []
        assert "stun" not in row_text(app, "segiere")


@run
async def test_the_sheet_lists_the_conditions() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.request(AddCondition("segiere", Condition("stunned", 2)))
        await app.request(AddCondition("segiere", Condition("shield", lasts=Lasts.TURN_START, of="alduin")))
        app.selected = "segiere"
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Conditions:" in screen_text(app))
        text = screen_text(app)
        assert "stunned (2 rounds left)" in text and "shield (until Alduin's turn starts)" in text


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@run
async def test_each_turn_start_names_the_conditions_of_whoever_is_up_and_those_ending(size) -> None:
    app = make_test_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await app.request(AddCondition("capitaine", Condition("stunned", 1)))
        await app.request(AddCondition("segiere", Condition("shield", lasts=Lasts.TURN_START, of="capitaine")))
        await pilot.press("n")  # the Capitaine's turn starts: Segiere's shield ends
        await wait_for(pilot, lambda: app.campaign.encounter.current == "capitaine")
        line = status(app)
        assert line.startswith(
            "Round 1 · turn: Capitaine de la garde · stunned ⇥"
        )  # its last turn (item 4 of issue 34)
        assert "ended: Segiere shield" in line
        assert "ends this turn: Capitaine de la garde stunned" in line
        await pilot.press("n")
        await wait_for(pilot, lambda: app.campaign.encounter.current == "veterans")
        assert "ended: Capitaine de la garde stunned" in status(app)


@pytest.mark.slow
@run
async def test_a_name_with_brackets_shows_as_typed_in_the_whose_turn_choice() -> None:
    from core.demo import demo_campaign

    campaign = demo_campaign()
    campaign = campaign.with_character(attrs.evolve(campaign.character("brunvir"), name="[b]Brunvir[/b]"))
    app = make_test_app(campaign)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, "c", *"shield", "tab", "tab", "space")
        await wait_for(pilot, lambda: "until the start" in screen_text(app))
        assert "[b]Brunvir[/b]" in screen_text(app)
