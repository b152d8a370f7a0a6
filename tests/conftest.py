"""Shared fixtures. The app's helpers (the app built through the same factory as the command
line, ``run``, ``wait_for``…) are the Pilot toolkit, tests/tui/pilot.py; they are importable from
here too, for the tests written before it."""

from __future__ import annotations

import gc
import importlib
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

from core.campaign import Campaign
from core.demo import demo_campaign
from tests.levels import kind_by_name
from tests.tui.pilot import (
    cheaper_pauses,
    done_actions,
    make_app_trades_apply,
    make_test_app,
    run,
    shared_stylesheets,
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
    """The idle poll above, and the Pilot's pauses post nothing to a widget with nothing to do
    (``wait_for_screen`` in tests/tui/pilot.py: Textual's posted a callback to each of the
    screen's 100 to 600 widgets at every key and pause). (The compiled modules are kept even under
    ``PYTHONDONTWRITEBYTECODE``, set in some shells and sandboxes: ``tests/__init__.py`` turns the
    writing of ``__pycache__`` back on before this file's imports. pytest rewrites each test
    module's asserts, then compiles it, about 10 s of CPU for the whole tree in every xdist worker;
    written, a run's collection costs about 3 s of CPU instead of 13. Turned on here, after this
    file's imports, it left half of core/ compiled again by every run and worker: 4.5–4.9 s of CPU
    for ``--collect-only`` against 3.4–3.5, load 14.)"""
    import textual._wait as wait

    wait.SLEEP_GRANULARITY = IDLE_POLL
    wait.SLEEP_IDLE = IDLE_POLL / 20
    if not os.environ.get("TEXTUAL_OWN_PAUSES"):  # set: Textual's own, to compare
        cheaper_pauses()
    shared_stylesheets()


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


def whole_app(item: pytest.Item) -> bool:
    """Whether ``item`` starts the GM's whole app, by the pyramid's classifier (tests/levels.py,
    the one benchmarks/pyramid.py counts with)."""
    name = getattr(item, "originalname", None)  # the function's name, without its case
    if name is None or not item.path.name.startswith("test_"):
        return False
    return kind_by_name(item.path).get(name) == "whole-app"


@pytest.hookimpl(tryfirst=True)
def pytest_collection(session) -> None:
    """Under xdist, each worker first imports the test modules starting from its own place in
    the list (then wraps around), so that the workers share the rewriting of the tests' asserts.

    pytest rewrites each test module's asserts and compiles it the first time it is imported,
    then keeps the result in ``__pycache__``: about 4.5 s of CPU for the whole tree. From a
    fresh clone the four workers of the README's command started together and each did it all,
    in the same order (13 s of CPU for nothing, about 7 s on two cores). Started a quarter of
    the list apart, each rewrites its quarter, then finds the others' written. Collection then
    finds every module imported; the order of the tests is unchanged. A module that fails to
    import is left to the collection, which reports it as usual."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0"))
    if not worker.startswith("gw") or count < 2:
        return
    names = modules_of_tests(Path(session.config.rootpath))
    start = len(names) * int(worker[2:]) // count
    for name in names[start:] + names[:start]:
        try:
            importlib.import_module(name)
        except (Exception, pytest.skip.Exception):  # (a module-level skip, too)
            continue


def modules_of_tests(root: Path) -> list[str]:
    """The names of the test modules under ``root/tests`` that pytest imports by their package
    (every folder up to ``root`` has an ``__init__.py``), sorted."""
    names = []
    for path in sorted((root / "tests").rglob("test_*.py")):
        folders = path.relative_to(root).parent.parts
        if all((root.joinpath(*folders[: depth + 1]) / "__init__.py").exists() for depth in range(len(folders))):
            names.append(".".join((*folders, path.stem)))
    return names


@pytest.hookimpl(tryfirst=True)  # before pytest's -m deselects: the marks set here count
def pytest_collection_modifyitems(config, items) -> None:
    """Every whole-app test is ``slow`` (marked here, from the source: no test needs its mark by
    hand), so the fast loop, ``-m "not slow"``, is the pyramid's lower levels: session and harness
    tests and the tests that start no app.

    Under xdist, the slow tests (``slow``: the whole-app tests and the long ones) first in
    each worker's share, and each worker an equal part of them. The scheduler hands each worker
    one contiguous run of the collection and, when a worker runs dry, moves the end of the
    longest queue to it: with the slow tests at the front of every run, what is left for the
    end of the run is the short tests, and no worker starts a 20-second test while the others
    have finished (in file order, a few slow files made the run's tail). The order is the same
    in every worker (xdist checks it): it depends only on the collection and the worker count."""
    for item in items:
        if whole_app(item):
            item.add_marker(pytest.mark.slow)
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


@pytest.fixture(scope="session")
def _empty_config(tmp_path_factory):
    return tmp_path_factory.mktemp("config")


@pytest.fixture(autouse=True)
def _no_user_keymap(_empty_config, monkeypatch):
    """Never the keymap.toml of whoever runs the tests: the config folder is an empty one, the
    same for every test of a worker (the app only reads it; a test that writes a keymap sets a
    folder of its own). A folder made for each test cost 2 ms of CPU a test and more as the
    worker's temporary folder filled (pytest numbers each new folder by listing the others).
    After each test the folder is checked to be empty still, naming the test that wrote in it."""
    monkeypatch.setenv("APOTHEOSE_CONFIG", str(_empty_config))
    yield
    written = emptied(_empty_config)
    if written:
        pytest.fail(f"this test wrote {written} into the empty config folder every test shares")


def emptied(folder: Path) -> list[str]:
    """What ``folder`` held (its names, sorted), removed: the folder is empty again."""
    written = sorted(path.name for path in folder.iterdir())
    for path in folder.iterdir():
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
    return written


@pytest.fixture
def in_a_terminal(monkeypatch) -> None:
    """``apotheose``'s main() run in-process acts as in a terminal (the test's stdin is none)."""
    monkeypatch.setattr("tui.terminal.no_terminal", lambda stream=None: None)


@pytest.fixture
def demo() -> Campaign:
    return demo_campaign()
