"""The Pilot toolkit: what the app's tests do again and again, in one place.

Open the app on the demo fight (or any campaign), drive it as a GM does (keys, a burst of keys as
SSH delivers them, a selected combatant), wait until it is quiet (never a fixed sleep) and read
what a pane or the whole screen shows. A test module imports what it needs from here::

    from tests.tui.pilot import WIDE, make_test_app, run, text_of, wait_for

Widgets tested alone mount in :func:`harness` (a one-widget app), which starts in a fraction of
the four-pane app's time.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
import time
import weakref
from collections.abc import AsyncIterator, Callable

from core.actions import NextTurn, apply
from core.breakdown import Lang
from core.campaign import Campaign
from core.demo import demo_campaign
from tests.present import present

NARROW, WIDE = (80, 24), (120, 40)
SIZES = [NARROW, WIDE]
#: How long a wait may last before a test calls it a hang (wall clock; a quiet machine needs well under a second).
WAIT_BOUND = 120.0


# -- the app ---------------------------------------------------------------------------------
def make_test_app(
    campaign: Campaign | None = None, *, lang: Lang = "en", seed: int = 0, read_only: bool = False, **kwargs
):
    """The app on ``campaign`` (default: the demo), dice from a seeded source, no saving."""
    from tui.app import make_app
    from tui.session import Session

    session = Session.of(campaign or demo_campaign(), rng=random.Random(seed), read_only=read_only)
    return make_app(session, lang=lang, **kwargs)


def trades_apply(app):
    """The GM has said each character's trades and specialities apply to its combat scores
    (ctrl+b, ctrl+s in a form): the scores the forms filled in before the GM was asked."""
    from core.scores import Applies
    from tui.widgets.score_parts import remembered, speciality_candidates

    for c in app.session.campaign.roster:
        if c.trades:
            remembered(app)[(c.id, "combat")] = Applies(True, bool(speciality_candidates(c)))
    return app


def make_app_trades_apply(*args, **kwargs):
    """:func:`make_test_app` with :func:`trades_apply`: for tests written when every trade and
    speciality counted without asking (what they test is not the score's parts)."""
    return trades_apply(make_test_app(*args, **kwargs))


@contextlib.asynccontextmanager
async def open_demo(
    campaign: Campaign | None = None, *, size: tuple[int, int] = WIDE, trades: bool = False, **kwargs
) -> AsyncIterator:
    """The app (:func:`make_test_app`'s arguments) running at ``size``, its start-up painted:
    ``async with open_demo() as (app, pilot): ...``."""
    app = (make_app_trades_apply if trades else make_test_app)(campaign, **kwargs)
    async with app.run_test(size=size) as pilot:
        await quiet(pilot)
        yield app, pilot


def harness(*widgets, css: str = ""):
    """A small app holding only ``widgets`` (styled by ``css``): a widget tested alone, where the
    flow does not need the four panes. ``async with harness(w).run_test(size=…) as pilot``."""
    from textual.app import App

    class Harness(App[None]):
        CSS = css

        def compose(self):
            yield from widgets

    return Harness()


def turn_of(key: str, campaign: Campaign | None = None) -> Campaign:
    """The demo fight (or ``campaign``'s), moved on until it is ``key``'s turn."""
    campaign = campaign or demo_campaign()
    for _ in range(2 * len(present(campaign.encounter).participants)):
        if present(campaign.encounter).current == key:
            return campaign
        campaign = apply(campaign, NextTurn()).campaign
    raise AssertionError(f"{key} never gets a turn")


def run(test):
    """Run an async test body (the suite has no asyncio plugin): ``@run async def test_…``."""

    @functools.wraps(test)
    def wrapper(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return wrapper


# -- driving it ------------------------------------------------------------------------------
def burst(app, *keys: str) -> None:
    """Post all ``keys`` to the app before it handles any of them (from the app, as its driver
    does: several keys in one SSH packet). :func:`quiet` waits until the app has handled them."""
    from textual import events

    order = getattr(app, "key_order", None)
    if order is not None:
        _keys_expected[app] = max(_keys_expected.get(app, 0), order.count) + len(keys)
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app.post_message(event)


#: For each app, how many keys its :class:`~tui.textual_fixes.key_order.KeyOrder` will have
#: handled once the keys of the bursts sent so far are handled.
_keys_expected: weakref.WeakKeyDictionary[object, int] = weakref.WeakKeyDictionary()


def keys_handled(app) -> bool:
    """Whether the app has handled every key sent by :func:`burst` (and what they set off that
    the keys wait for); true for an app without a key order."""
    order = getattr(app, "key_order", None)
    return order is None or (order.count >= _keys_expected.get(app, 0) and order.settled)


async def select(pilot, key: str) -> None:
    """Put the initiative list's cursor on ``key`` (as the GM's arrows would) and wait until it is."""
    from tui.widgets.initiative import InitiativeList

    pilot.app.selected = key
    await wait_for(pilot, lambda: pilot.app.screen.query_one(InitiativeList).cursor_key == key)


# -- waiting ---------------------------------------------------------------------------------
async def wait_for(
    pilot, predicate: Callable[[], object], *, timeout: float = WAIT_BOUND, every: float | None = None
) -> None:
    """Let the app process messages until ``predicate()`` holds (no fixed sleeps). The bound is
    wall-clock time against a hang, not a number of rounds: on a busy machine a round of messages
    can end before a worker's answer arrives, so counting rounds would make a test depend on speed.
    ``every``: seconds between two looks, for what another thread or a file watcher brings (a
    look per round of messages would spin)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"condition never became true in {timeout:.0f} s"
        await pilot.pause(every)


#: What a widget with nothing to do would do with an Idle event, if a pause made it handle one:
#: Textual's ``Widget._on_idle`` acts only on these flags (each set with a message to the widget).
_REFRESH_FLAGS = (
    "_repaint_required",
    "_layout_required",
    "_scroll_required",
    "_refresh_styles_required",
    "_recompose_required",
)


_IDLE_WORK: dict[type, bool] = {}


def _idle_work(cls: type) -> bool:
    """Whether widgets of ``cls`` do work of their own when idle (Textual's ``Tree`` and
    ``DataTable`` do; a plain widget only checks :data:`_REFRESH_FLAGS`)."""
    from textual import events
    from textual.widget import Widget

    if cls not in _IDLE_WORK:
        _IDLE_WORK[cls] = any(
            "_on_idle" in klass.__dict__
            or "on_idle" in klass.__dict__
            or events.Idle in (klass.__dict__.get("_decorated_handlers") or {})
            for klass in cls.__mro__
            if klass is not Widget
        )
    return _IDLE_WORK[cls]


def _parked(node) -> bool:
    """Whether ``node`` waits for its next message with none queued, nothing started and nothing
    to do when idle: a pause's callback would be handled at once and change nothing."""
    from tui.textual_fixes.settle import parked

    return (
        node.is_running
        and parked(node)  # its task sleeps in get() on an empty queue (the app's own look)
        and node._pending_message is None
        and not node._next_callbacks
        and not any(getattr(node, flag, False) for flag in _REFRESH_FLAGS)
        and not _idle_work(type(node))
    )


async def wait_for_screen(pilot, timeout: float = 30.0) -> bool:
    """Textual's ``Pilot._wait_for_screen``, without the callbacks that change nothing: until
    the app, the screen and every widget of it busy now have handled what they had queued.

    Textual posts a callback to each of them (every node of the screen, 100 to 600, each pause
    and each key) and waits until all have run. A widget parked on its empty queue (:func:`_parked`)
    would run its callback at once, then its Idle handler, which finds nothing to do: it is left
    out. The app and the screen always get theirs (their Idle events resize, repaint, and run what
    waits for a refresh). So what a pause waits for is what Textual's waits for; tests/conftest.py
    puts this in its place for the test run (tests/tui/test_pilot_pause.py checks both halves).
    Checked on Textual 8.2.8: it reads Textual's own queue (``textual._queue.Queue``) and its
    ``ready_event``; a change there fails every app test at once (an AttributeError), never
    quietly."""
    from textual.pilot import WaitForScreenTimeout

    app = pilot.app
    try:
        screen = app.screen
    except Exception:
        return False
    count = 0
    count_zero = asyncio.Event()

    def decrement() -> None:
        nonlocal count
        count -= 1
        if count == 0:
            count_zero.set()

    for node in (app, *screen.walk_children(with_self=True)):
        if (node is app or node is screen or not _parked(node)) and node.call_later(decrement):
            count += 1
    if count:
        waits = [asyncio.create_task(count_zero.wait()), asyncio.create_task(app._exception_event.wait())]
        _, pending = await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if len(pending) == len(waits):
            raise WaitForScreenTimeout("Timed out while waiting for widgets to process pending messages.")
        if count > 0:
            return False
    return True


def cheaper_pauses() -> None:
    """Every Pilot's pauses and keys wait with :func:`wait_for_screen` (tests/conftest.py)."""
    from textual.pilot import Pilot

    Pilot._wait_for_screen = wait_for_screen  # type: ignore[method-assign,assignment]


def shared_stylesheets() -> None:
    """The CSS rules parsed from one source, with the same variables, are parsed once for the
    whole test run, not once for each app (tests/conftest.py).

    Textual parses every app's stylesheet anew: the GM's app has 37 sources (its ``.tcss``
    files and each widget class's default CSS), parsed 44 times as the app starts (a new widget
    class parses them again; Textual's own cache keeps them between those parses). That is
    20 to 35 ms of CPU an app, about 13 % of a start, and a worker starts hundreds. Textual
    already hands the same rule objects to every parse of one app (``Stylesheet._parse_cache``,
    keyed by the source and where it comes from, emptied when the variables change): this keeps
    them for every app of the process, keyed by the same and the variables. A source that fails
    to parse is not kept (Textual raises as before)."""
    from textual.css.stylesheet import Stylesheet

    parse_rules = Stylesheet._parse_rules
    rules: dict[tuple, list] = {}
    #: By stylesheet: its variables (replaced, never changed in place) and them as a key.
    variables: weakref.WeakKeyDictionary[Stylesheet, tuple[dict, frozenset]] = weakref.WeakKeyDictionary()

    def shared(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
        known = variables.get(self)
        if known is None or known[0] is not self._variables:  # a new stylesheet, or new variables
            known = variables[self] = (self._variables, frozenset(self._variables.items()))
        key = (css, read_from, is_default_rules, tie_breaker, scope, known[1])
        found = rules.get(key)
        if found is None:
            found = rules[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return found

    Stylesheet._parse_rules = shared  # type: ignore[method-assign]


def palette_searched(app) -> bool:
    """The command palette is in front, its search for what was typed has ended (no worker of it
    still running: the search runs in one, restarted at each key) and it lists at least one hit."""
    from textual.command import CommandList, CommandPalette

    screen = app.screen
    if not isinstance(screen, CommandPalette):
        return False
    searching = any(worker.node is screen and not worker.is_finished for worker in app.workers)
    return not searching and screen.query_one(CommandList).option_count > 0


async def settle(pilot, times: int = 4) -> None:
    """Let the app handle what ``times`` rounds of messages bring (a form opening, a worker's answer)."""
    for _ in range(times):
        await pilot.pause()


async def quiet(pilot) -> None:
    """Until every key typed has been handled (keys sent in one burst are let go one by one),
    then three rounds of messages, then until no widget waits to be painted."""
    await wait_for(pilot, lambda: keys_handled(pilot.app))
    await settle(pilot, 3)
    await wait_for(pilot, lambda: not pilot.app.screen._dirty_widgets)
    await refreshed(pilot)


async def refreshed(pilot) -> None:
    """Until the screen has run what waits for its next refresh (``call_after_refresh``): on a
    busy machine the refresh comes after many rounds of messages."""
    done: list[bool] = []
    if pilot.app.screen.call_after_refresh(done.append, True):
        await wait_for(pilot, lambda: done)


# -- reading ---------------------------------------------------------------------------------
def text_of(app, selector: str) -> str:
    """What the widget ``selector`` on the current screen renders, as text."""
    return str(app.screen.query_one(selector).render())


def row_text(app, key: str) -> str:
    """The initiative list's row of ``key``, as text (whether or not it is scrolled into view)."""
    from tui.widgets.initiative import InitiativeList

    the_list = app.screen.query_one(InitiativeList)
    return the_list._render_row(the_list.keys.index(key), the_list.scrollable_content_region.width).text


def screen_text(app) -> str:
    """What the screen shows, as text (one line per row)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def on_initiative(app) -> bool:
    """The initiative list has the focus (where the GM's fight keys act)."""
    from tui.widgets.initiative import InitiativeList, InitiativePane

    focused = app.focused
    return isinstance(focused, InitiativeList) and any(
        isinstance(n, InitiativePane) for n in focused.ancestors_with_self
    )


def left_behind(app) -> dict[str, object]:
    """What one case of a walk could leave for the next, in the GM's app: the fight and its
    journal, the cursor, the marks, the pane, the focus, the keys under way, the trades said to
    apply, and every field, choice and form switch of the screen (by its id or place). A case that
    starts where a new app would has these equal to a new app's
    (``assert left_behind(app) == at_start``)."""
    from textual.widgets import ContentSwitcher

    from tui.widgets.score_parts import remembered

    state: dict[str, object] = {
        "journal": len(app.session.journal.done),
        "current": app.campaign.encounter.current if app.campaign.encounter else None,
        "selected": app.selected,
        "marked": app.marked,
        "screen": type(app.screen).__name__,
        "pane": getattr(app.screen, "pane", None),
        "focus": getattr(app.focused, "id", None) or type(app.focused).__name__,
        "keys handled": keys_handled(app),
        "trades said to apply": dict(remembered(app)),
    }
    for node in app.screen.walk_children():
        name = node.id or "/".join(
            a.id or f"{type(a).__name__}{a.parent.children.index(a) if a.parent else ''}"
            for a in reversed(node.ancestors_with_self[:-1])
        )
        if isinstance(node, ContentSwitcher):
            state[name] = node.current
        elif hasattr(node, "value"):
            state[name] = node.value
    return state


def done_actions(app) -> list:
    """The actions the app's journal holds (what the GM did), oldest first."""
    return [entry.action for entry in app.session.journal.done]
