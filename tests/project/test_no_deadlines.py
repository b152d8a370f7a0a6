"""No test depends on the machine's speed: no hypothesis deadline, in the suite's profile or in
a test's own settings (tests/conftest.py)."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import settings

TESTS = Path(__file__).resolve().parents[1]


def test_the_suite_s_property_tests_have_no_deadline() -> None:
    assert settings().deadline is None


def test_no_test_sets_a_deadline_of_its_own() -> None:
    timed = [
        f"{path.relative_to(TESTS)}:{n}"
        for path in TESTS.rglob("*.py")
        for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"deadline=(?!None)\w", text)
    ]
    assert timed == []
