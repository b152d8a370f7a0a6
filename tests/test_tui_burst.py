"""Keys that arrive in one burst (a fast typist, or SSH delivering several at once) each reach
the field the previous key opened: focus-moving keys are priority bindings."""

from __future__ import annotations

from textual import events

from tests.conftest import make_app_trades_apply, run, wait_for


def burst(app, *keys: str) -> None:
    """Post all ``keys`` to the app before it handles any of them."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))


async def _settle(pilot) -> None:
    for _ in range(10):
        await pilot.pause()


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
