"""Keys act in the order they were typed, however many come in one packet.

What Textual does: it hands a key to the focused widget's queue and goes on with the next key at
once. A key the widget does not take comes back up to the app, which runs its binding then, with
the focus of that moment. A key with a priority binding (``x``, ``g``, ``o``… on the initiative
list: they move the focus to a form, so that the digits after them land there) runs as soon as
the app reads it.

Why it is patched: ``↓↓↓x`` in one packet (fast typing over SSH) ran ``x`` first, on the first
row, and the three ``↓`` then went to the damage form. :class:`KeyOrder` holds a key from the
terminal while a key before it is still on its way: it follows each key the app hands on, up from
the widget that got it (its ``parent``; ``Message._stop_propagation``), until a widget
keeps it or it is back in the app's queue, lets the app and the widgets on screen handle what
that key set off (:mod:`tui.textual_fixes.settle`: an Enter in a field submits its form, which
gives the focus back to the list), round after round until a round finds nothing new in any
queue (a message bubbling up a form takes a round per widget), and the first step of the tasks
they started (a form sends its action from a worker), then hands the app the next key held: what
Textual's Pilot does between the keys of a test. Keys typed one at a time are not held.

Nothing here depends on how fast the machine is: a key is let go when the ones before it are
done, never because some time has passed. A timer (:data:`LOOK_AGAIN`) only looks for what can
never come back: a key whose widget was removed before handling it, a round of waiting whose
widget went away; those are counted back and the waiting goes on with what is left. (It used to
let the keys go after a second whatever was still under way: on a loaded machine ``⏎n`` then
sent ``n`` before the form's Enter had moved the focus.)

Some keys set off work that outlasts those rounds: ``ctrl+n`` in the D6 tab adds an aspect row,
mounted and focused once its fields exist; the keys after it (its name, ``⏎ ↓↓↓ ⏎`` in its
scale) are for that row. :func:`keys_wait_for` holds every key from the terminal, the one let go
included, until such work is done (:attr:`KeyOrder.busy`).

Checked on Textual 8.2.8.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

from tui.textual_fixes.settle import everything_on, when_handled

if TYPE_CHECKING:
    from textual import events
    from textual.app import App
    from textual.dom import DOMNode
    from textual.message_pump import MessagePump
    from textual.timer import Timer

#: Seconds between two looks for a key (or a round of waiting) that can never come back, its
#: widget gone: how long such a loss holds the keys after it. Nothing is let go for time alone.
LOOK_AGAIN = 1.0
#: At most this many rounds of messages between two keys held (a round with nothing new in any
#: queue ends the wait sooner): bounds the wait when something posts for ever (a timer).
SETTLE_ROUNDS = 12


class KeyOrder:
    """The keys of one app, handled one after the other."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        #: Keys handed on to a widget and not yet back in the app's queue nor kept.
        self.on_their_way = 0
        #: Keys from the terminal waiting for those, oldest first.
        self.held: deque[events.Key] = deque()
        self._released: events.Key | None = None
        self._watchdog: Timer | None = None
        self._waits = 0
        #: Work a key set off that the keys after it wait for (:meth:`wait_for`).
        self.busy = 0
        self._tasks: set[asyncio.Task[Any]] = set()
        #: The widget each key on its way is at now (by the key's id).
        self._following: dict[int, DOMNode] = {}
        #: The number of the wait for the app to settle under way (None: none).
        self._settling: int | None = None
        #: The widgets the round under way waits for.
        self._round: set[MessagePump] = set()
        #: How many keys from the terminal the app has handled (a widget that moves the focus
        #: later, after a refresh, can tell whether a key moved it meanwhile).
        self.count = 0

    @property
    def settled(self) -> bool:
        """Whether every key from the terminal has been handled: none held, none on its way,
        none let go and not yet back, no work waited for, no round of waiting under way."""
        return not (
            self.held or self.on_their_way or self.busy or self._released is not None or self._settling is not None
        )

    def hold(self, event: events.Key) -> bool:
        """Whether ``event``, a key from the terminal, must wait for the keys before it (then
        it is kept and handed to the app again in its turn)."""
        if event is self._released:
            self._released = None
            if not self.busy:
                return False
            self.held.appendleft(event)  # let go before that work began: first again once it is done
            self._arm()
            return True
        if self.on_their_way or self.busy or self.held or self._released is not None:  # (one let go is not back yet)
            self.held.append(event)
            if self._watchdog is None:  # not restarted by new keys: only by keys moving on
                self._arm()
            return True
        return False

    def handled(self, event: events.Key, target: DOMNode) -> None:
        """The app has handled ``event``: ran its binding, or handed it on to ``target``."""
        self.count += 1
        if event.is_forwarded:
            self.on_their_way += 1
            self._follow(event, target)
        elif not self.on_their_way:
            self._settle_then_next()

    def _follow(self, event: events.Key, node: DOMNode) -> None:
        """Once ``node`` has handled ``event``: done if it kept it or gave it to the app, else
        follow it to the parent it bubbled to."""

        def after() -> None:
            if self._following.get(id(event)) is not node:  # counted back as lost meanwhile
                return
            parent = node.parent
            if event._stop_propagation or not event.bubble or parent is None or parent is self.app:
                del self._following[id(event)]
                self._back()
            else:
                self._follow(event, parent)

        self._following[id(event)] = node
        if not node.call_later(after):  # ``node`` is gone: nothing more happens to the key
            del self._following[id(event)]
            self._back()

    def wait_for(self, work: Awaitable[Any]) -> None:
        """The keys from the terminal wait until ``work`` (started by a key) is done."""
        self.busy += 1

        async def run() -> None:
            try:
                await work
            finally:
                self.busy = max(0, self.busy - 1)
                if not self.busy and not self.on_their_way:
                    self._settle_then_next()

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _back(self) -> None:
        self.on_their_way = max(0, self.on_their_way - 1)
        if not self.on_their_way:
            self._settle_then_next()

    def _settle_then_next(self, rounds: int = SETTLE_ROUNDS, wait: int | None = None) -> None:
        """Hand on the next key held once the app and the widgets on screen have handled what
        the keys before it set off (a field's Enter posts the form's submit, which bubbles up to
        the form, which moves the focus back to the list): round after round until one finds
        every queue empty behind it (``rounds`` at most). ``wait`` numbers this wait: one
        started again by :meth:`_look_again` hands on nothing."""
        if wait is None:
            self._waits += 1
            wait = self._waits
        elif wait != self._waits:
            return
        if not self.held:
            self._settling = None
            self._next()
            return
        if not self.app.screen_stack:  # the app is closing: no key will be handled again
            return
        self._settling = wait
        nodes = everything_on(self.app.screen)
        busy: list[MessagePump] = []

        def round_done() -> None:
            if wait != self._waits:
                return
            if rounds > 1 and (busy or self.app.screen is not screen or len(everything_on(screen)) != len(nodes)):
                self._settle_then_next(rounds - 1, wait)  # something new came: one more round
            else:
                # After the tasks those keys started (a form's Enter sends its action in a
                # worker): they were scheduled before this callback, and each runs its first
                # step first.
                asyncio.get_running_loop().call_soon(self._next_if, wait)

        screen = self.app.screen
        self._round = when_handled(nodes, round_done, busy=busy)

    def _next_if(self, wait: int) -> None:
        if wait == self._waits:
            self._settling = None
            self._next()

    def _next(self) -> None:
        """Hand the app the oldest key held (behind the keys already in its queue)."""
        if not self.held:
            if self._watchdog is not None:
                self._watchdog.stop()
                self._watchdog = None
            return
        self._released = self.held.popleft()
        self.app.post_message(self._released)
        self._arm()

    def _arm(self) -> None:
        """(Re)start the countdown to :meth:`_look_again`."""
        if self._watchdog is None:
            self._watchdog = self.app.set_timer(LOOK_AGAIN, self._look_again, name="keys held")
        else:
            self._watchdog.reset()

    def _look_again(self) -> None:
        """Count back what can never come back (a key or a round of waiting whose widget is
        gone) and go on waiting for the rest; time alone lets nothing go."""
        self._watchdog = None
        if not self.app.screen_stack:  # the app is closing
            return
        for key, node in list(self._following.items()):
            if gone(node):
                del self._following[key]
                self.on_their_way = max(0, self.on_their_way - 1)
        self.on_their_way = min(self.on_their_way, len(self._following))  # lost before followed
        if not self.held:  # (the last key let go, if lost, is counted back all the same)
            return
        self.busy = sum(not task.done() for task in self._tasks)
        if self.on_their_way or self.busy or self._released is not None:
            self._arm()  # still on their way (the app and those widgets alive): wait on
        elif self._settling is not None and not any(gone(node) for node in self._round):
            self._arm()  # a round of waiting under way: wait on
        else:  # a round whose widget went away never ends: start again with those on screen
            self._settle_then_next()
            self._arm()


def gone(node: MessagePump) -> bool:
    """Whether ``node`` will never handle a message again (removed, or closing)."""
    return node._closing or node._closed or not node.is_running


def keys_wait_for(app: App[Any], work: Awaitable[Any]) -> None:
    """Run ``work``; the keys typed meanwhile wait for it (at once when the app has no
    :class:`KeyOrder`)."""
    order = getattr(app, "key_order", None)
    if isinstance(order, KeyOrder):
        order.wait_for(work)
    else:
        app.run_worker(work, group="keys-wait")


def keys_handled(app: App[Any]) -> int:
    """How many keys from the terminal ``app`` has handled so far (0 without a :class:`KeyOrder`)."""
    order = getattr(app, "key_order", None)
    return order.count if isinstance(order, KeyOrder) else 0
