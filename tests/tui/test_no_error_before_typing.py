"""No form shows an error before the GM types (issue 34, item 12): on a group's turn the forms
open with no attacker's score and no defender chosen; that is nobody's mistake, so nothing reads
"Score: type a whole number" or "pick who defends" until Enter asks for them."""

from __future__ import annotations

import pytest

from tests.tui.pilot import SIZES, make_test_app, quiet, run, turn_of
from tui.widgets.inputs import ErrorLine

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


def errors(app) -> list[str]:
    return [e.message for e in app.screen.query(ErrorLine) if e.message]


#: The forms' keys: each opens its form on the veterans' turn (then ctrl+t, twice, the pane's others).
FORM_KEYS = ["g", "o", "v", "x", "P"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@run
async def test_a_form_opened_on_a_groups_turn_shows_no_error(size) -> None:
    """One app per size walks every form key (nothing typed, so nothing changes between them);
    Esc leads back to the list before the next key, as a GM's would."""
    from tests.tui.pilot import on_initiative

    app = make_test_app(turn_of("veterans"))
    async with app.run_test(size=size) as pilot:
        await quiet(pilot)
        for key in FORM_KEYS:
            await pilot.press(key)
            await quiet(pilot)
            assert not on_initiative(app), f"{key}: no form opened"
            assert errors(app) == [], key
            for n in range(2):  # and the pane's other forms
                await pilot.press("ctrl+t")
                await quiet(pilot)
                assert errors(app) == [], f"{key}, ctrl+t × {n + 1}"
            await pilot.press("escape")
            await quiet(pilot)
            assert on_initiative(app), key
        assert len(app.session.journal.done) == 0  # no form did anything


@run
async def test_enter_still_says_what_is_missing() -> None:
    app = make_test_app(turn_of("veterans"))
    async with app.run_test(size=(120, 40)) as pilot:
        await quiet(pilot)
        await pilot.press("g")
        await quiet(pilot)
        assert errors(app) == []
        await pilot.press("enter")
        await quiet(pilot)
        assert errors(app) == ["Score: type a whole number"]
