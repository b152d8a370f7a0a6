"""Shared fixtures: the app built through the same factory as the command line."""

from __future__ import annotations

import asyncio
import functools
import gc
import random

import pytest

from core.campaign import Campaign
from core.demo import demo_campaign


def make_test_app(campaign: Campaign | None = None, *, lang: str = "en", seed: int = 0, read_only: bool = False, **kwargs):
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


async def wait_for(pilot, predicate, *, tries: int = 50) -> None:
    """Let the app process messages until ``predicate()`` holds (no fixed sleeps)."""
    for _ in range(tries):
        if predicate():
            return
        await pilot.pause()
    assert predicate(), "condition never became true"


def done_actions(app) -> list:
    """The actions the app's journal holds (what the GM did), oldest first."""
    return [entry.action for entry in app.session.journal.done]


def pytest_collection_finish(session) -> None:
    """What is imported by now (the app, Textual, hypothesis, every test module) lives until the
    end: frozen, as ``apotheose`` freezes it, the garbage collector's full passes (one every few
    app starts, each walking every object alive) walk only what the tests made since; and the
    youngest objects are collected every 10,000 made, as the app does while it runs."""
    from tui.run import YOUNG_OBJECTS

    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])


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


def run(test):
    """Run an async test body (the suite has no asyncio plugin): ``@run async def test_…``."""

    @functools.wraps(test)
    def wrapper(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return wrapper
