"""The tests' waits (tests/terminals.py's ``wait_until``): without a step given they back off,
from 20 ms by half again each time up to 200 ms, and never sleep past their timeout: the last
look is at the timeout itself, so "within 2 s" means 2 s whatever the step. Checked on a clock
of the test's own: no time passes."""

from __future__ import annotations

import pytest

from tests import terminals


class Clock:
    """``time`` as ``wait_until`` sees it: ``sleep`` moves ``monotonic`` on, nothing more."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


@pytest.fixture
def clock(monkeypatch) -> Clock:
    made = Clock()
    monkeypatch.setattr(terminals, "time", made)
    return made


def never_then_looks(clock: Clock, looks: list[float]):
    def predicate() -> bool:
        looks.append(clock.now)
        return False

    return predicate


def test_a_wait_backs_off_from_20_to_200_ms_and_looks_last_at_its_timeout(clock: Clock) -> None:
    looks: list[float] = []
    with pytest.raises(TimeoutError):
        terminals.wait_until(never_then_looks(clock, looks), 2.0)
    assert clock.sleeps[:7] == pytest.approx([0.02, 0.03, 0.045, 0.0675, 0.10125, 0.151875, 0.2])
    assert max(clock.sleeps) == pytest.approx(0.2) and clock.sleeps[-2] == pytest.approx(0.2)
    assert looks[-1] == pytest.approx(2.0) and sum(clock.sleeps) == pytest.approx(2.0)
    assert len(looks) == len(clock.sleeps) + 1 == 15  # every 50 ms, as before: 41


def test_a_wait_given_its_step_keeps_it_and_still_looks_last_at_its_timeout(clock: Clock) -> None:
    looks: list[float] = []
    with pytest.raises(TimeoutError):
        terminals.wait_until(never_then_looks(clock, looks), 0.1, 0.03)
    assert clock.sleeps == pytest.approx([0.03, 0.03, 0.03, 0.01])
    assert looks[-1] == pytest.approx(0.1)


def test_a_wait_returns_the_time_until_its_predicate_held(clock: Clock) -> None:
    assert terminals.wait_until(lambda: clock.now >= 0.1, 5) == pytest.approx(0.1625)  # 20+30+45+67.5 ms
