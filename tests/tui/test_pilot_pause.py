"""The toolkit's pause (tests/tui/pilot.py ``wait_for_screen``, in Textual's ``Pilot`` for the
test run): it waits for what every busy node has queued, as Textual's does, and posts nothing to
the widgets parked on an empty queue (Textual's posted a callback to each node of the screen)."""

from __future__ import annotations

import asyncio
import os

import pytest
from textual.message import Message
from textual.widgets import DataTable, Static

from tests.tui.pilot import harness, run


class Slow(Static):
    """A widget whose handler takes many rounds of the event loop."""

    class Work(Message):
        pass

    done = False

    async def on_slow_work(self, message: Work) -> None:
        for _ in range(50):
            await asyncio.sleep(0)
        self.done = True


def posted_to(nodes, calls: list) -> None:
    """Record in ``calls`` each node that is posted a callback from now on."""
    for node in nodes:
        original = node.call_later

        def counting(callback, *args, _node=node, _original=original, **kwargs):
            calls.append(_node)
            return _original(callback, *args, **kwargs)

        node.call_later = counting


@run
async def test_a_pause_waits_until_a_busy_widget_has_handled_what_it_had() -> None:
    slow = Slow("slow")
    app = harness(slow, *(Static(str(n)) for n in range(20)))
    async with app.run_test(size=(40, 30)) as pilot:
        await pilot.pause()
        slow.post_message(Slow.Work())
        await pilot._wait_for_screen()  # the pause's first half: no idle look after it
        assert slow.done


@pytest.mark.skipif(bool(os.environ.get("TEXTUAL_OWN_PAUSES")), reason="Textual's own pauses asked for")
@run
async def test_a_pause_of_a_settled_app_posts_only_to_the_app_the_screen_and_idle_workers() -> None:
    table: DataTable[str] = DataTable()
    app = harness(*(Static(str(n)) for n in range(40)), table)
    async with app.run_test(size=(40, 50)) as pilot:
        await pilot.pause()
        await pilot.pause()
        calls: list = []
        posted_to([app, *app.screen.walk_children(with_self=True)], calls)
        await pilot.pause()
        # The table does work of its own when idle (its columns' widths): it keeps its callback.
        assert set(calls) == {app, app.screen, table}, calls
        slow = Slow("slow")
        await app.screen.mount(slow)
        await pilot.pause()
        calls.clear()
        posted_to([slow], calls)
        slow.post_message(Slow.Work())
        await pilot.pause()
        assert slow in calls and slow.done
