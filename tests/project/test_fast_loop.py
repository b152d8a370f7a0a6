"""The fast loop, ``pytest -m "not slow"``, is the pyramid's lower levels: every test that starts
the GM's whole app is ``slow``, marked from the source by tests/conftest.py with the classifier
benchmarks/pyramid.py counts with (tests/levels.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import pytest_collection_modifyitems, whole_app
from tests.levels import kind_by_name, kinds_of

HELPERS = """
from tests.tui.pilot import harness, make_test_app, open_demo, run

def started():
    return make_test_app()

def test_through_a_helper():
    app = started()

async def test_on_the_demo(tmp_path):
    async with open_demo(tmp_path) as pilot:
        pass

class TestInAClass:
    def test_a_method(self):
        started()

@run
async def test_a_widget_alone():
    async with harness(object()):
        pass

def test_the_rules():
    assert 1 + 1 == 2
"""


def test_the_classifier_follows_the_modules_helpers_and_classes() -> None:
    assert kinds_of(HELPERS, "tui") == [
        ("test_through_a_helper", "whole-app"),
        ("test_on_the_demo", "whole-app"),
        ("test_a_method", "whole-app"),
        ("test_a_widget_alone", "harness"),
        ("test_the_rules", "no app"),
    ]
    assert dict(kinds_of(HELPERS, "commands"))["test_the_rules"] == "session"


def test_every_whole_app_test_collected_is_slow(request) -> None:
    """In the fast loop (``-m "not slow"``) this finds no whole-app test at all; in the whole
    command, every one carries ``slow``."""
    items = request.session.items
    assert any(item.get_closest_marker("slow") is None for item in items)  # the check sees the run
    unmarked = [item.nodeid for item in items if whole_app(item) and item.get_closest_marker("slow") is None]
    assert unmarked == []


def test_the_suites_own_tests_are_seen_at_their_level() -> None:
    tests = Path(__file__).resolve().parents[1]
    assert (
        kind_by_name(tests / "tui" / "test_ten_keys_of_the_readme.py")[
            "test_the_first_fight_in_ten_keys_does_what_the_pages_say"
        ]
        == "whole-app"
    )
    assert (
        kind_by_name(tests / "tui" / "test_footer.py")["test_a_click_on_a_key_presses_it_and_a_disabled_key_rings"]
        == "harness"
    )
    assert (
        kind_by_name(tests / "commands" / "test_fight.py")["test_stabilise_and_repair_are_for_a_character"] == "session"
    )


def test_the_collection_marks_a_whole_app_test_slow_and_leaves_the_others(request, monkeypatch) -> None:
    """A real module of the suite collected here: its whole-app test is ``slow`` after the
    collection's hook, its harness and no-app tests are not."""
    monkeypatch.delenv("PYTEST_XDIST_WORKER_COUNT", raising=False)
    module = pytest.Module.from_parent(
        request.session, path=Path(__file__).parents[1] / "tui" / "test_spell_book_scale.py"
    )
    items = [item for item in module.collect() if isinstance(item, pytest.Function)]
    unmarked = {item.originalname for item in items if item.get_closest_marker("slow") is None}
    pytest_collection_modifyitems(request.config, items)
    slow = {item.originalname for item in items if item.get_closest_marker("slow") is not None}
    kinds = kind_by_name(module.path)
    assert {name for name in unmarked if kinds[name] == "whole-app"} <= slow  # marked by the hook
    assert {name for name in unmarked if kinds[name] != "whole-app"}.isdisjoint(slow)  # the others not
    assert any(kinds[name] == "whole-app" for name in unmarked)  # the file has some to mark
