"""Keys that arrive in one burst (a fast typist, or SSH delivering several at once) each reach
the field the previous key opened (focus-moving keys are priority bindings), and each acts where
the keys before it left the app: ``↓↓↓x`` in one packet once opened the damage form on the first
combatant, ``x`` (run at once) going ahead of the three ``↓`` still waiting in the list's queue,
which then reached the form instead (``tui/textual_fixes/key_order.py``).

The keys are posted to the app as its driver posts them, all before the app handles the first."""

from __future__ import annotations

import pytest

from tests.tui.pilot import burst, make_app_trades_apply, make_test_app, quiet, run, wait_for
from tui.widgets.initiative import InitiativeList

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


async def _settle(pilot) -> None:
    await quiet(pilot)  # every key of the burst handled, then the screen painted


@run
async def test_damage_typed_in_one_burst_reaches_the_amount_field() -> None:
    app = make_app_trades_apply()
    async with app.run_test(size=(120, 40)) as pilot:
        app.selected = "segiere"
        await pilot.pause()
        burst(app, "x", "6", "enter")
        await wait_for(pilot, lambda: app.campaign.character("segiere").hp == 12)
        assert app.campaign.character("segiere").armour == 0


@run
async def test_group_attack_typed_in_one_burst_at_80x24() -> None:
    app = make_app_trades_apply()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, "g", "9", "enter")
        await _settle(pilot)
        # Brunvir: 16 + 9 = 25 against veterans (10): margin 15, 3 ranks, 4 felled.
        assert app.campaign.group("veterans").standing == 8


@run
async def test_digits_typed_in_a_field_do_not_switch_panes() -> None:
    app = make_app_trades_apply()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        burst(app, "x", "2")
        await _settle(pilot)
        assert app.screen.pane == "damage"
        assert app.screen.focused.value == "2"


def hp(app, key: str) -> int:
    return app.campaign.find(key).hp


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_down_down_down_x_in_one_burst_targets_the_fourth_row(size) -> None:
    @run
    async def play() -> None:
        app = make_test_app()
        async with app.run_test(size=size) as pilot:
            await quiet(pilot)
            the_list = app.screen.query_one(InitiativeList)
            fourth = the_list.keys[3]
            burst(app, "down", "down", "down", "x")
            await quiet(pilot)
            assert the_list.cursor_key == fourth and app.selected == fourth
            before = hp(app, fourth)
            burst(app, "3", "enter")
            await quiet(pilot)
            assert hp(app, fourth) == before - 3

    play()


@run
async def test_a_whole_fight_turn_typed_in_one_burst() -> None:
    """``↓↓↓ x 3 ⏎ End x 2 ⏎``: two hits, each on the row the cursor was on when ``x`` came
    (Romuald and Alduin, who wear no armour)."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        keys = app.screen.query_one(InitiativeList).keys
        fourth, last = keys[3], keys[-1]
        hp4, hp_last = hp(app, fourth), hp(app, last)
        burst(app, "down", "down", "down", "x", "3", "enter", "end", "x", "2", "enter")
        await quiet(pilot)
        assert (fourth, last) == ("romuald", "alduin")
        assert (hp(app, fourth), hp(app, last)) == (hp4 - 3, hp_last - 2)
        assert app.selected == last


@run
async def test_escape_then_keys_in_one_burst_act_on_the_list() -> None:
    """From the damage form, Esc ↓ ↓ x in one burst: back to the list, two rows down, and the
    damage form opens on that row."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        the_list = app.screen.query_one(InitiativeList)
        burst(app, "x")
        await quiet(pilot)
        burst(app, "escape", "down", "down", "x")
        await quiet(pilot)
        assert the_list.cursor_key == the_list.keys[2] == app.selected


@run
async def test_keys_typed_one_at_a_time_are_never_held() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        held: list[str] = []
        hold = app.key_order.hold
        app.key_order.hold = lambda event: held.append(event.key) if hold(event) else False  # type: ignore[method-assign]
        await pilot.press("down", "down", "x", "3", "enter", "escape", "up")
        await quiet(pilot)
        assert held == []
        assert app.key_order.on_their_way == 0 and not app.key_order.held


@run
async def test_a_key_that_never_comes_back_holds_the_next_ones_only_a_moment(monkeypatch) -> None:
    """If a key's widget goes away before handling it, the keys after it are let go after
    ``LOOK_AGAIN`` seconds instead of waiting for ever."""
    from tui.textual_fixes import key_order

    monkeypatch.setattr(key_order, "LOOK_AGAIN", 0.3)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        the_list = app.screen.query_one(InitiativeList)
        monkeypatch.setattr(key_order.KeyOrder, "_follow", lambda self, event, node: None)  # lost on its way
        burst(app, "down", "down", "down")
        await pilot.pause()
        assert app.key_order.held  # the two after the first wait for it
        await pilot.pause(2.0)  # two looks: 0.6 s
        await quiet(pilot)
        assert not app.key_order.held and the_list.cursor == 3


@run
async def test_a_dialog_key_and_the_name_after_it_in_one_burst() -> None:
    """``AZed`` in one packet: ``A`` opens the add-character dialog and the name lands in its
    first field, not on the list behind it (``Z``, ``e``, ``d`` are keys there too)."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        before = app.campaign
        burst(app, "A", "Z", "e", "d")
        await quiet(pilot)
        assert app.screen is not app.screen_stack[0]  # the dialog
        assert app.screen.focused.value == "Zed"
        assert app.campaign is before  # nothing done on the list
