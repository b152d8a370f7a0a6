"""core.runs.Run: an immutable sequence that grows at its end in constant time behaves as the
tuple of its items, and every run made before stays as it was (issue 37: ``Journal.record``
does not copy the history)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from core.runs import Run

#: ("plus", items) appends to run number i; ("slice", i, a, b) slices run number i.
STEPS = st.lists(
    st.one_of(
        st.tuples(st.just("plus"), st.integers(0, 50), st.lists(st.integers(0, 9), max_size=3)),
        st.tuples(st.just("slice"), st.integers(0, 50), st.integers(-8, 8), st.integers(-8, 8) | st.none()),
    ),
    max_size=40,
)


def check(run: Run[int], expected: tuple[int, ...]) -> None:
    assert run == expected and expected == run and len(run) == len(expected)
    assert tuple(run) == expected and tuple(reversed(run)) == expected[::-1]
    assert hash(run) == hash(expected) and run == Run(expected)
    for i in range(-len(expected), len(expected)):
        assert run[i] == expected[i]
    for value in set(expected):
        assert run.index(value) == expected.index(value)
    assert run[1:] == expected[1:] and run[:-1] == expected[:-1] and run[::2] == expected[::2]


@settings(max_examples=150, deadline=None)
@given(STEPS)
def test_every_run_is_the_tuple_of_its_items_whatever_was_appended_to_it_or_to_another(steps: list[Any]) -> None:
    runs: list[tuple[Run[int], tuple[int, ...]]] = [(Run(), ())]
    for step in steps:
        run, items = runs[step[1] % len(runs)]
        if step[0] == "plus":
            runs.append((run.plus(*step[2]), (*items, *step[2])))
        else:
            runs.append((run[step[2] : step[3]], items[step[2] : step[3]]))
    for run, items in runs:  # the ones made first included: nothing appended later shows in them
        check(run, items)


def test_appending_to_the_longest_run_shares_its_items_and_after_an_undo_copies_them() -> None:
    first = Run(range(1000))
    second = first.plus(1000)
    assert second._items is first._items and first == tuple(range(1000))
    back = second[:-1]  # an undo: the same items, one fewer
    branch = back.plus(-1)  # a new action after it: the others keep theirs
    assert branch._items is not second._items
    assert second[-1] == 1000 and branch[-1] == -1 and len(branch) == len(second) == 1001


def test_a_run_is_not_equal_to_a_list_or_to_a_tuple_of_other_items() -> None:
    assert Run([1, 2]) != [1, 2] and Run([1, 2]) != (1, 3) and Run([1, 2]) != (1,)
