"""The suite's order under xdist (tests/conftest.py): the slow tests first in each worker's
share, an equal part of them each, the same order in every worker."""

from __future__ import annotations

import pytest

from tests.conftest import pytest_collection_modifyitems, shares


class Item:
    def __init__(self, name: str, slow: bool) -> None:
        self.name, self.slow = name, slow

    def get_closest_marker(self, name: str):
        return object() if name == "slow" and self.slow else None

    def __repr__(self) -> str:
        return self.name


def collection() -> list[Item]:
    """Files in order: fast ones, then a slow file at the end (as tests/tui/ comes late)."""
    return [Item(f"fast{i}", False) for i in range(10)] + [Item(f"slow{i}", True) for i in range(6)]


def test_shares_are_xdists_first_split() -> None:
    assert shares(16, 2) == [8, 8] and shares(7, 3) == [2, 2, 3] and sum(shares(2960, 4)) == 2960


@pytest.mark.parametrize("workers", [2, 3, 4])
def test_each_workers_share_starts_with_its_part_of_the_slow_tests(monkeypatch, workers) -> None:
    monkeypatch.setenv("PYTEST_XDIST_WORKER_COUNT", str(workers))
    items = collection()
    pytest_collection_modifyitems(None, items)
    assert sorted(map(repr, items)) == sorted(map(repr, collection()))  # nothing lost, nothing twice
    start = 0
    for size in shares(len(items), workers):
        share = items[start : start + size]
        start += size
        kinds = [item.slow for item in share]
        assert kinds == sorted(kinds, reverse=True), share  # the slow ones first
        assert sum(kinds) in (6 // workers, 6 // workers + 1), share  # an equal part each
    again = collection()
    pytest_collection_modifyitems(None, again)
    assert list(map(repr, again)) == list(map(repr, items))  # every worker collects the same order


def test_without_xdist_the_order_is_the_files(monkeypatch) -> None:
    monkeypatch.delenv("PYTEST_XDIST_WORKER_COUNT", raising=False)
    items = collection()
    pytest_collection_modifyitems(None, items)
    assert list(map(repr, items)) == list(map(repr, collection()))
