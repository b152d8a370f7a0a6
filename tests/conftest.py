"""Shared fixtures. The app's helpers (the app built through the same factory as the command
line, ``run``, ``wait_for``…) are the Pilot toolkit, tests/tui/pilot.py; they are importable from
here too, for the tests written before it."""

from __future__ import annotations

import gc
import os
import sys

import pytest
from hypothesis import settings

from core.campaign import Campaign
from core.demo import demo_campaign
from tests.tui.pilot import (
    cheaper_pauses,
    done_actions,
    make_app_trades_apply,
    make_test_app,
    run,
    trades_apply,
    wait_for,
)

__all__ = ["done_actions", "make_app_trades_apply", "make_test_app", "run", "trades_apply", "wait_for"]


# No property test has a deadline: an example that takes 300 ms on a machine busy with other
# work is as right as one that takes 3 (hypothesis's default of 200 ms failed the suite under load).
settings.register_profile("apotheose", deadline=None)
settings.load_profile("apotheose")


#: How often Textual's Pilot looks whether the app has gone idle after a key or a pause: every
#: 5 ms instead of 20. A pause first waits for every message queued on the screen to be handled
#: (that is what keeps the tests in step with the app); the idle check after it only lets the app
#: finish what those messages started, and an app idle in 1 ms waited the 19 others for nothing:
#: about 40 % of the suite's wall time. The rule stays Textual's (idle: under 5 % of the window
#: spent working).
IDLE_POLL = 0.005


def pytest_configure(config) -> None:
    """The idle poll above; the Pilot's pauses post nothing to a widget with nothing to do
    (``wait_for_screen`` in tests/tui/pilot.py: Textual's posted a callback to each of the
    screen's 100 to 600 widgets at every key and pause); and the compiled modules are kept. pytest rewrites each test module's
    asserts, then compiles it (about 10 s of CPU for the whole tree, in every xdist worker);
    under ``PYTHONDONTWRITEBYTECODE`` (set in some shells and sandboxes) nothing is written to
    ``__pycache__`` and every run, every worker, pays it again. Written, a run's collection costs
    about 3 s of CPU instead of 13 (``__pycache__`` is ignored by git)."""
    sys.dont_write_bytecode = False
    import textual._wait as wait

    wait.SLEEP_GRANULARITY = IDLE_POLL
    wait.SLEEP_IDLE = IDLE_POLL / 20
    if not os.environ.get("TEXTUAL_OWN_PAUSES"):  # set: Textual's own, to compare
        cheaper_pauses()


def pytest_collection_finish(session) -> None:
    """What is imported by now (the app, Textual, hypothesis, every test module) lives until the
    end: frozen, as ``apotheose`` freezes it, the garbage collector's full passes (one every few
    app starts, each walking every object alive) walk only what the tests made since; and the
    youngest objects are collected every 10,000 made, as the app does while it runs."""
    from tui.run import YOUNG_OBJECTS

    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])


def shares(count: int, parts: int) -> list[int]:
    """How pytest-xdist's work-stealing scheduler first splits ``count`` tests among ``parts``
    workers: each in turn takes the pending tests divided by the workers left (one contiguous
    run each)."""
    sizes: list[int] = []
    for left in range(parts, 0, -1):
        sizes.append((count - sum(sizes)) // left)
    return sizes


def pytest_collection_modifyitems(config, items) -> None:
    """Under xdist, the slow tests (``slow``: over a second, nearly all of the time) first in
    each worker's share, and each worker an equal part of them. The scheduler hands each worker
    one contiguous run of the collection and, when a worker runs dry, moves the end of the
    longest queue to it: with the slow tests at the front of every run, what is left for the
    end of the run is the short tests, and no worker starts a 20-second test while the others
    have finished (in file order, a few slow files made the run's tail). The order is the same
    in every worker (xdist checks it): it depends only on the collection and the worker count."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))
    if workers < 2:
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    fast = [item for item in items if not item.get_closest_marker("slow")]
    ordered = []
    for size, n_slow in zip(shares(len(items), workers), shares(len(slow), workers), strict=True):
        k = min(n_slow, size)
        f = min(size - k, len(fast))
        k = min(size - f, len(slow))  # more slow ones when the fast ones have run out
        ordered += slow[:k] + fast[:f]
        del slow[:k], fast[:f]
    items[:] = ordered


@pytest.fixture(autouse=True)
def _no_user_keymap(tmp_path_factory, monkeypatch):
    """Never the keymap.toml of whoever runs the tests: the config folder is an empty one."""
    monkeypatch.setenv("APOTHEOSE_CONFIG", str(tmp_path_factory.mktemp("config")))


@pytest.fixture
def in_a_terminal(monkeypatch) -> None:
    """``apotheose``'s main() run in-process acts as in a terminal (the test's stdin is none)."""
    monkeypatch.setattr("tui.terminal.no_terminal", lambda stream=None: None)


@pytest.fixture
def demo() -> Campaign:
    return demo_campaign()
