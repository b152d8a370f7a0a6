"""Keys typed fast arrive in one burst over SSH: each must act where the keys before it left
the app. ``↓↓↓x`` in one packet once opened the damage form on the first combatant: ``x``
(which runs at once, so that the digits after it reach the form) went ahead of the three
``↓`` still waiting in the list's queue, and those then reached the form instead.

The keys are posted to the app as its driver posts them, all before the app handles the first.
"""

from __future__ import annotations

import pytest
from textual import events

from tests.conftest import make_test_app, run
from tests.test_tui_repaint import settled
from tui.widgets.initiative import InitiativeList

#: The names of the keys Textual's parser gives, with their characters.
CHARS = {"down": None, "up": None, "enter": "\r", "escape": "\x1b", "space": " "}


def burst(app, *keys: str) -> None:
    """Post ``keys`` to ``app`` at once, as its driver does for one packet."""
    for key in keys:
        event = events.Key(key, CHARS.get(key, key))
        event.set_sender(app)
        app.post_message(event)


def hp(app, key: str) -> int:
    return app.campaign.find(key).hp


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_down_down_down_x_in_one_burst_targets_the_fourth_row(size) -> None:
    @run
    async def play() -> None:
        app = make_test_app()
        async with app.run_test(size=size) as pilot:
            await settled(pilot)
            the_list = app.screen.query_one(InitiativeList)
            fourth = the_list.keys[3]
            burst(app, "down", "down", "down", "x")
            await settled(pilot)
            assert the_list.cursor_key == fourth and app.selected == fourth
            before = hp(app, fourth)
            burst(app, "3", "enter")
            await settled(pilot)
            assert hp(app, fourth) == before - 3

    play()


@run
async def test_a_whole_fight_turn_typed_in_one_burst() -> None:
    """``↓↓↓ x 3 ⏎ End x 2 ⏎``: two hits, each on the row the cursor was on when ``x`` came
    (Romuald and Alduin, who wear no armour)."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        keys = app.screen.query_one(InitiativeList).keys
        fourth, last = keys[3], keys[-1]
        hp4, hp_last = hp(app, fourth), hp(app, last)
        burst(app, "down", "down", "down", "x", "3", "enter", "end", "x", "2", "enter")
        await settled(pilot)
        assert (fourth, last) == ("romuald", "alduin")
        assert (hp(app, fourth), hp(app, last)) == (hp4 - 3, hp_last - 2)
        assert app.selected == last


@run
async def test_escape_then_keys_in_one_burst_act_on_the_list() -> None:
    """From the damage form, Esc ↓ ↓ x in one burst: back to the list, two rows down, and the
    damage form opens on that row."""
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        the_list = app.screen.query_one(InitiativeList)
        burst(app, "x")
        await settled(pilot)
        burst(app, "escape", "down", "down", "x")
        await settled(pilot)
        assert the_list.cursor_key == the_list.keys[2] == app.selected


@run
async def test_keys_typed_one_at_a_time_are_never_held() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        held: list[str] = []
        hold = app.key_order.hold
        app.key_order.hold = lambda event: (held.append(event.key) if hold(event) else False)  # type: ignore[method-assign]
        await pilot.press("down", "down", "x", "3", "enter", "escape", "up")
        await settled(pilot)
        assert held == []
        assert app.key_order.on_their_way == 0 and not app.key_order.held


@run
async def test_a_key_that_never_comes_back_holds_the_next_ones_only_a_moment(monkeypatch) -> None:
    """If a key's widget goes away before handling it, the keys after it are let go after
    ``GIVE_UP`` seconds instead of waiting for ever."""
    from tui import key_order

    monkeypatch.setattr(key_order, "GIVE_UP", 0.3)
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        the_list = app.screen.query_one(InitiativeList)
        monkeypatch.setattr(key_order.KeyOrder, "_follow", lambda self, event, node: None)  # lost on its way
        burst(app, "down", "down", "down")
        await pilot.pause()
        assert app.key_order.held  # the two after the first wait for it
        await pilot.pause(2.0)  # two give-ups: 0.6 s
        await settled(pilot)
        assert not app.key_order.held and the_list.cursor == 3
