"""Random keys, from every screen, never stop the app: the search that found ``3`` then ``ctrl+o``.

Each run starts the app on the demo, opens one screen (a pane, a form, a dialog, the sheet, the
log, help, the palette), then presses keys drawn from a seeded generator: every key the app binds,
the letters and digits a GM types, and the keys that move and leave. Deterministic for its seed
(the same keys in the same order); ``--random-keys N`` sets how many after each opener.
"""

from __future__ import annotations

import random

import pytest

from tests.tui.pilot import make_test_app, run, wait_for

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)

#: Keys that leave the app: never drawn (the run would stop, not crash).
LEAVE = {"ctrl+q", "ctrl+c"}
#: Keys a GM types besides the bindings: digits, letters, moves, signs, a die's ``r``.
TYPED = [
    *"0123456789", *"abcdefghijklmnopqrstuvwxyz", *"ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "enter", "escape", "tab", "shift+tab", "space", "backspace", "delete", "up", "down", "left", "right",
    "home", "end", "pageup", "pagedown", "minus", "plus", "comma", "slash", "question_mark",
]  # fmt: skip
#: How each run opens its screen from the main screen: one run per entry, so every screen is a start.
OPENERS = {
    "initiative": [],
    "mass combat": ["2"],
    "defence form": ["2", "ctrl+t"],
    "damage": ["3"],
    "duel": ["3", "ctrl+t"],
    "spell": ["4"],
    "sheet": ["enter"],
    "log": ["ctrl+l"],
    "help": ["question_mark"],
    "palette": ["ctrl+p"],
    "add character": ["A"],
    "add group": ["G"],
    "edit": ["e"],
    "template": ["T"],
    "mooks": ["M"],
    "quick add": ["Q"],
    "condition": ["c"],
    "roll": ["r"],
    "remove": ["delete"],
    "sheet shadow": ["enter", "plus"],
    "sheet xp": ["enter", "x"],
}
#: Keys per run. Textual's pilot waits about 70 ms of wall time a key (its idle checks; 10 ms of CPU):
#: the 21 runs take about 60 s on one worker, half that under `pytest -n 2`.
KEYS_PER_RUN = 40
SEED = 23


def keys_to_draw() -> list[str]:
    """Every key bound anywhere (their default keys), and :data:`TYPED`; never :data:`LEAVE`."""
    from tui.keymap import remappable

    bound = {key for row in remappable() for key in row.keys}
    return sorted((bound | set(TYPED)) - LEAVE)


@pytest.mark.slow
@pytest.mark.parametrize("opener", sorted(OPENERS))
@run
async def test_random_keys_from_every_screen_never_stop_the_app(opener, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)  # a key that writes a file (an export) writes it here
    rng = random.Random(f"{SEED}:{opener}")
    alphabet = keys_to_draw()
    pressed: list[str] = []
    app = make_test_app(seed=SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen is not None)
        for key in [*OPENERS[opener], *(rng.choice(alphabet) for _ in range(KEYS_PER_RUN))]:
            pressed.append(key)
            await pilot.press(key)
            assert app.is_running, f"the app stopped after {pressed}"
    assert app.return_code in (None, 0), f"the app failed after {pressed}"


@run
async def test_ctrl_o_on_the_damage_form_opens_the_duel_with_the_selected_pc_defending() -> None:
    """The key the random keys found: ``ctrl+o`` (PC defends, in the damage pane's footer) asked
    the duel form for its box before that form was ever shown (NoMatches: the app stopped)."""
    from textual.widgets import Checkbox

    from tui.widgets.damage import DamagePane
    from tui.widgets.duel import DuelForm

    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3", "ctrl+o")
        pane = app.screen.query_one(DamagePane)
        await wait_for(pilot, lambda: pane.mode == "dmg-duel")
        assert app.screen.query_one(DuelForm).query_one("#duel-defends", Checkbox).value is True
        await pilot.press("ctrl+o")
        assert app.screen.query_one("#duel-defends", Checkbox).value is False
    assert app.return_code in (None, 0)
