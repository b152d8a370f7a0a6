"""Issue 14, item 8: choices are not cut off at 120 columns (nor folded onto two lines)."""

from __future__ import annotations

import pytest
from textual.widgets import Select

from tests.tui.pilot import NARROW, WIDE, make_test_app, run

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)

#: The form of each key whose Selects name combatants: (key to open it, Select ids).
FORMS = (("o", ("duel-attacker", "duel-defender")), ("g", ("atk-attacker",)), ("v", ("def-defender",)))


def longest_choice(select: Select) -> tuple[object, str]:
    value, label = max(((v, str(p)) for p, v in select._options if v is not Select.BLANK), key=lambda o: len(o[1]))
    return value, label


def shown(app, select: Select) -> str:
    return str(select.query_one("SelectCurrent #label").render())


async def play(size: tuple[int, int]) -> list[tuple[str, str, str, int, int]]:
    """(select id, longest choice, what the closed Select shows, rows of the open list, its width)."""
    seen = []
    app = make_test_app(lang="fr")
    async with app.run_test(size=size) as pilot:
        for key, ids in FORMS:
            await pilot.press(key)
            await pilot.pause()
            for select_id in ids:
                select = app.screen.query_one(f"#{select_id}", Select)
                value, label = longest_choice(select)
                select.value = value
                select.focus()
                await pilot.pause()
                await pilot.press("enter")  # open the list
                await pilot.pause()
                overlay = select.query_one("SelectOverlay")
                seen.append((select_id, label, shown(app, select), select.outer_size.height, overlay.size.width))
                await pilot.press("escape")  # close the list
                await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
    return seen


@run
async def test_item_8_choices_are_not_cut_off_at_120_columns():
    for select_id, label, current, height, list_width in await play(WIDE):
        assert current == label, (select_id, current)  # "Capitaine de la garde", not "Capitaine de…"
        assert height == 1, select_id  # the value never folds onto a second line
        assert list_width >= len(label) + 1, (select_id, list_width)  # each choice on one line


@run
async def test_item_8_at_80_columns_the_choices_are_whole_too():
    for select_id, label, current, height, list_width in await play(NARROW):
        assert current == label and height == 1 and list_width >= len(label) + 1, select_id
