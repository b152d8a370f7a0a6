"""Waiting for the app to settle: until widgets have handled the messages they have now.

What Textual does: nothing public waits for the widgets of a screen to have handled what a key or
a mount set off; its Pilot does that between the keys of a test (``wait_for_idle``).

Why it is patched: the app waits for it before its first frame
(:class:`~tui.textual_fixes.first_frame.SettledFirstFrame`) and between keys that came in one
packet (:mod:`tui.textual_fixes.key_order`). It queues a callback on each node
(``call_later``) and counts them back, leaning on each node handling its queue in order. A
widget parked on its empty queue (:func:`parked`) already has handled all it had: it gets none.
That skips about 19 callbacks in 20 (and as many Idle events they set off): the main screen has
121 nodes, most of them in hidden panes. Telling a parked widget from one still in a handler
reads the private ``MessagePump._message_queue`` and its event's waiters (asyncio's
``Event._waiters``): nothing public says whether a pump's task sleeps in its ``get``.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Any

from textual.app import App
from textual.message_pump import MessagePump
from textual.screen import Screen


def when_handled(
    nodes: Iterable[MessagePump], callback: Callable[[], object], *, busy: list[MessagePump] | None = None
) -> set[MessagePump]:
    """Call ``callback`` once each of ``nodes`` that runs has handled the messages it has now
    (at once when none runs). ``busy`` gets, then, each node with a message still to handle
    (posted during the wait: a message bubbling up). Returns the nodes not done yet
    (the set shrinks as they are)."""
    nodes = list(nodes)
    pending: set[MessagePump] = set()
    called = False

    def done() -> None:
        nonlocal called
        if not pending and not called:
            called = True
            if busy is not None:
                busy.extend(node for node in nodes if node.message_queue_size)
            callback()

    def one_done(node: MessagePump) -> None:
        pending.discard(node)
        done()

    for node in [node for node in nodes if node.is_running and not parked(node)]:
        if node.call_later(one_done, node):  # each runs later, from its node's own queue
            pending.add(node)
    done()
    return pending


def parked(node: MessagePump) -> bool:
    """Whether ``node`` waits for its next message with none queued: its task sleeps in its
    queue's ``get``, so it has handled all it had, what it set off on going idle included (a
    widget still in a handler, awaiting, has no waiter there). The app and screens never count
    as parked: their Idle events resize, repaint and run what waits for a refresh."""
    if isinstance(node, (App, Screen)) or node.message_queue_size:
        return False
    waiters: Iterable[asyncio.Future[Any]] = node._message_queue.ready_event._waiters
    return any(not waiter.done() for waiter in waiters)


def everything_on(screen: Screen[Any]) -> list[MessagePump]:
    """The app, ``screen`` and every widget on it."""
    return [screen.app, *screen.walk_children(with_self=True)]


async def called_back(register: Callable[[Callable[[], None]], object]) -> None:
    """Wait until the callback given to ``register`` is called (once is enough)."""
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def back() -> None:
        if not done.done():
            done.set_result(None)

    register(back)
    await done


async def drained(screen: Screen[Any]) -> None:
    """Wait until the app, ``screen`` and every widget on it have handled the messages they had."""
    await called_back(lambda back: when_handled(everything_on(screen), back))


async def after_refresh(screen: Screen[Any]) -> None:
    """Wait until ``screen`` has processed its pending updates (its ``call_after_refresh``)."""
    await called_back(screen.call_after_refresh)
