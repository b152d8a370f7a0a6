"""Keys act in the order typed, whatever arrives in one read (issue 34): any GM sequence typed
slowly, key by key, leaves the same campaign and the same focus as the same keys sent in one
burst, all posted to the app before it handles the first (what a slow SSH link delivers).

Hypothesis draws the sequences from what a GM types in the demo fight: forms applied, refused,
missed and rerolled, a dialog opened and left, the next turn, list moves and undo."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.tui.pilot import burst, make_test_app, quiet

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)

#: What a GM types, one step each: the keys of a form up to its Enter, a dialog, a list key.
STEPS = {
    "damage": ["x", "2", "enter"],
    "damage refused": ["x", "-", "enter"],
    "group hit": ["g", "9", "enter"],
    "group missed": ["g", "-", "8", "enter"],
    "group missed, rerolled": ["g", "-", "8", "enter", "9", "enter"],
    "group missed, left": ["g", "-", "8", "enter", "escape"],
    "group defence": ["v", "enter"],
    "duel": ["o", "5", "enter"],
    "condition": ["c", *"marked", "enter"],
    "dialog left": ["A", "Z", "e", "d", "escape"],
    "next turn": ["n"],
    "down": ["j"],
    "up": ["k"],
    "undo": ["ctrl+z"],
    "escape": ["escape"],
}


def state(app) -> tuple[object, ...]:
    """What must match: the campaign, the journal's actions, the screen, the focused widget."""
    focused = app.focused
    return (
        app.campaign,
        [entry.action for entry in app.session.journal.done],
        type(app.screen).__name__,
        None if focused is None else (type(focused).__name__, focused.id),
        app.selected,
    )


async def played(keys: list[str], *, one_burst: bool) -> tuple[object, ...]:
    app = make_test_app(seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        if one_burst:
            burst(app, *keys)
        else:
            for key in keys:
                await pilot.press(key)  # then waits until the app is idle
        await quiet(pilot)
        return state(app)


@settings(max_examples=4, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.lists(st.sampled_from(sorted(STEPS)), min_size=3, max_size=5))
@example(["group missed", "next turn", "next turn", "down"])  # the g-5⏎n, n, j
def test_a_sequence_typed_key_by_key_and_in_one_burst_ends_the_same(steps: list[str]) -> None:
    keys = [key for step in steps for key in STEPS[step]]
    slowly = asyncio.run(played(keys, one_burst=False))
    at_once = asyncio.run(played(keys, one_burst=True))
    assert at_once == slowly, steps
