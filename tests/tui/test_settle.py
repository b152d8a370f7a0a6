"""The wait for the widgets to settle (tui/textual_fixes/settle.py ``when_handled``), which the
first frame and the keys of one packet wait on: it waits for every widget that is still handling
or has something queued, and posts nothing to a widget parked on its empty queue."""

from __future__ import annotations

import asyncio

from textual.message import Message
from textual.widgets import Static

from tests.tui.pilot import harness, run
from tests.tui.test_pilot_pause import posted_to
from tui.textual_fixes.settle import everything_on, parked, when_handled


class Awaiting(Static):
    """A widget whose handler awaits until told to go on: in a handler with an empty queue."""

    class Work(Message):
        pass

    def __init__(self) -> None:
        super().__init__("awaiting")
        self.go_on = asyncio.Event()
        self.started = False
        self.done = False

    async def on_awaiting_work(self, message: Work) -> None:
        self.started = True
        await self.go_on.wait()
        self.done = True


@run
async def test_a_widget_in_a_handler_is_waited_for_and_a_parked_one_is_posted_nothing() -> None:
    busy = Awaiting()
    idle = [Static(str(n)) for n in range(20)]
    app = harness(busy, *idle)
    async with app.run_test(size=(40, 30)) as pilot:
        await pilot.pause()
        assert all(parked(widget) for widget in idle) and parked(busy)
        assert not parked(app) and not parked(app.screen)  # their Idle events do work: always posted to

        busy.post_message(Awaiting.Work())
        assert not parked(busy)  # a message queued
        while not busy.started:
            await asyncio.sleep(0)
        assert not parked(busy) and not busy.message_queue_size  # in its handler, nothing queued

        calls: list[object] = []
        posted_to(everything_on(app.screen), calls)
        settled = asyncio.Event()
        when_handled(everything_on(app.screen), settled.set)
        for _ in range(20):
            await asyncio.sleep(0)
        assert not settled.is_set()  # the handler is still under way
        busy.go_on.set()
        await asyncio.wait_for(settled.wait(), 10)
        assert busy.done
        assert busy in calls and not any(widget in calls for widget in idle)


@run
async def test_with_every_widget_parked_only_the_app_and_the_screen_are_posted_to() -> None:
    idle = [Static(str(n)) for n in range(30)]
    app = harness(*idle)
    async with app.run_test(size=(40, 40)) as pilot:
        await pilot.pause()
        calls: list[object] = []
        nodes = everything_on(app.screen)
        posted_to(nodes, calls)
        settled = asyncio.Event()
        when_handled(nodes, settled.set)
        await asyncio.wait_for(settled.wait(), 10)
        assert set(calls) == {app, app.screen}
