"""refuse_outside: its quick look (passes_outside) lets through exactly what the walk lets
through, and a refused value gets the walk's message, naming the field."""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.characteristics import Characteristics
from core.errors import RulesError
from core.roster import new_character
from core.validators import LIMIT, outside_error, passes_outside, refuse_outside


@attrs.frozen
class Leaf:
    """Declared text, multi-line text (``notes``), numbers and an optional value."""

    name: str
    notes: str
    count: int
    flag: bool
    extra: object = None


@attrs.frozen
class Holder:
    """An attrs value holding others, a tuple of texts and a field declared nothing."""

    leaf: Leaf
    items: tuple[object, ...]
    note: str
    free: object


class Level(enum.IntEnum):
    LOW = 1


clean = st.text(alphabet="ab é", max_size=4)
bad_text = st.builds("{}{}{}".format, clean, st.sampled_from("\n\t\x1b\x7f\x85\u202e\u2066\ud800"), clean)
# A text or a number is mostly clean (one in 12 is not), so that a value with one bad text or
# number among clean ones, or none, is tried often.
texts = st.one_of(*[clean] * 11, bad_text)
numbers = st.one_of(
    *[st.integers(-LIMIT, LIMIT), st.integers(-3, 3), st.booleans()] * 4,
    st.sampled_from([-LIMIT - 1, LIMIT + 1, 10**30]),
)
scalars = st.one_of(texts, numbers, st.none(), st.floats(allow_nan=False), st.just(Level.LOW))
# What a field holds: usually what it declares, sometimes anything (the quick look cannot tell).
anything = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner), max_leaves=8)
leaves = st.builds(
    Leaf,
    name=st.one_of(*[texts] * 5, anything),
    notes=st.one_of(*[texts] * 5, anything),
    count=st.one_of(*[numbers] * 5, anything),
    flag=st.one_of(*[st.booleans()] * 5, anything),
    extra=anything,
)
values = st.recursive(
    st.one_of(anything, leaves),
    lambda inner: (
        st.builds(Holder, leaf=leaves, items=st.tuples(inner, inner), note=texts, free=inner)
        | st.lists(inner, max_size=3)
    ),
    max_leaves=6,
)
fields = st.sampled_from(["text", "notes", "name"])


def well_typed(value: object) -> bool:
    """Every attrs field holds what it declares, and no number is of a subclass of int."""
    if isinstance(value, Leaf):
        return (
            type(value.name) is str
            and type(value.notes) is str
            and type(value.count) in (int, bool)
            and type(value.flag) is bool
            and well_typed(value.extra)
        )
    if isinstance(value, Holder):
        return well_typed(value.leaf) and type(value.note) is str and well_typed(value.items) and well_typed(value.free)
    if isinstance(value, (tuple, list)):
        return all(well_typed(item) for item in value)
    return not isinstance(value, Level)


@pytest.mark.slow
@settings(max_examples=300)
@given(values, fields)
def test_the_quick_look_passes_only_what_the_walk_passes(value: object, field: str) -> None:
    error = outside_error(value, field)  # the walk, value by value
    if passes_outside(value, field):
        assert error is None
    elif well_typed(value):
        assert error is not None  # it says no only when the walk refuses, or when it cannot tell
    if error is None:
        refuse_outside(value, field)
    else:
        with pytest.raises(RulesError) as caught:
            refuse_outside(value, field)
        assert (caught.value.field, caught.value.reason) == (error.field, error.reason)


def test_a_field_holding_what_it_does_not_declare_is_walked() -> None:
    assert not passes_outside(Leaf(name=3, notes="", count=0, flag=False))  # type: ignore[arg-type]
    refuse_outside(Leaf(name=3, notes="", count=0, flag=False))  # type: ignore[arg-type]  # the walk: a number
    assert not passes_outside(Leaf(name="a", notes="", count=Level.LOW, flag=False))
    refuse_outside(Leaf(name="a", notes="", count=Level.LOW, flag=False))
    with pytest.raises(RulesError, match="^count: must be at most"):
        refuse_outside(Leaf(name="a", notes="", count="x", flag=False, extra=Leaf("b", "", LIMIT + 1, False)))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"name": "Garde\x1b[2J"}, "name", "cannot hold the control character U+001B"),
        ({"name": "Garde\n1"}, "name", "cannot hold the control character U+000A"),
        ({"notes": "ligne\n\u202eautre"}, "notes", "cannot hold the control character U+202E"),
        ({"raises": (("corps", LIMIT + 1),)}, "raises", f"must be at most {LIMIT}"),
    ],
)
def test_a_character_is_refused_with_the_walks_message(changes: dict[str, Any], field: str, message: str) -> None:
    character = attrs.evolve(new_character("garde", "Garde", Characteristics(), pc=False), **changes)
    assert not passes_outside(character)
    with pytest.raises(RulesError) as caught:
        refuse_outside(character)
    assert caught.value.field == field
    assert message in caught.value.reason


def test_a_character_with_newlines_in_its_notes_passes() -> None:
    character = new_character(
        "garde", "Garde", Characteristics(corps=3), pc=False, notes="weapon: épée\n\tà deux mains"
    )
    assert passes_outside(character)
    refuse_outside(character)
