"""Keys typed in one burst right after ctrl+n adds an aspect row in the D6 tab act in order:
``abcdef`` typed as the row appears is its name (it lost ``ab``), and ``⏎ ↓↓↓ ⏎`` picks the
scale's fourth row (tui/textual_fixes/key_order.py)."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select

from tests.conftest import make_test_app, run, wait_for
from tests.tui.pilot import NARROW, burst, quiet
from tests.tui.test_spell_d6 import open_d6

pytestmark = pytest.mark.slow  # the app, its D6 tab composed


def downs_to(tab, kind: str) -> list[str]:
    """The ↓ that lead to ``kind`` in the add list (its blank prompt first), then Enter."""
    options = [value for _, value in tab.aspect_list().adder._options]
    return [*["down"] * options.index(kind), "enter"]


@run
async def test_a_name_typed_at_once_after_adding_an_aspect_keeps_every_letter():
    app = make_test_app()
    async with app.run_test(size=NARROW) as pilot:
        tab = await open_d6(pilot)
        burst(app, "ctrl+n", *downs_to(tab, "custom"), *"abcdef")
        await quiet(pilot)
        await wait_for(pilot, lambda: len(tab.aspect_list().rows()) == 1)
        row = tab.aspect_list().rows()[0]
        name = row.query_one(".d6-name", Input)
        await wait_for(pilot, lambda: name.value == "abcdef")


@run
async def test_enter_down_down_down_enter_at_once_picks_the_fourth_row_of_the_scale():
    app = make_test_app()
    async with app.run_test(size=NARROW) as pilot:
        tab = await open_d6(pilot)
        burst(app, "ctrl+n", *downs_to(tab, "range"), "enter", "down", "down", "down", "enter")
        await quiet(pilot)
        await wait_for(pilot, lambda: len(tab.aspect_list().rows()) == 1)
        row = tab.aspect_list().rows()[0]
        choice = row.query_one(".d6-choice", Select)
        await wait_for(pilot, lambda: not choice.expanded)
        assert choice.value == row.scale.rows[3].name
