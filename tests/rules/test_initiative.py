"""RULES 1.4: initiative and turn order."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.breakdown import render
from core.errors import RulesError
from core.initiative import OrderEntry, initiative, turn_order


def test_e8_romuald_boosts_initiative_for_one_shadow():
    assert (initiative(7).value, initiative(7).shadow_cost) == (7, 0)
    boosted = initiative(7, boosts=1)
    assert (boosted.value, boosted.shadow_cost) == (12, 1)
    assert render(boosted.breakdown).splitlines() == ["initiative: combat 7 + 1 × boost 5 = 12", "1 boost: +1 shadow"]


def test_boosts_repeat():
    assert (initiative(3, 3).value, initiative(3, 3).shadow_cost) == (18, 3)


@pytest.mark.parametrize(("combat", "boosts", "field"), [(-1, 0, "combat"), (5, -1, "boosts"), (5, 1.0, "boosts")])
def test_initiative_rejects_bad_input(combat, boosts, field):
    with pytest.raises(RulesError) as error:
        initiative(combat, boosts)
    assert error.value.field == field


def test_highest_first_then_pcs_then_order_of_entry():
    entries = [
        OrderEntry("guard", 8, False, 0),
        OrderEntry("romuald", 12, True, 1),
        OrderEntry("arsouille", 8, True, 2),
        OrderEntry("captain", 8, False, 3),
        OrderEntry("alduin", 8, True, 4),
    ]
    assert turn_order(entries) == ("romuald", "arsouille", "alduin", "guard", "captain")


def test_turn_order_rejects_a_repeated_key():
    with pytest.raises(RulesError, match="repeated: a") as error:
        turn_order([OrderEntry("a", 1, True, 0), OrderEntry("a", 2, False, 1)])
    assert error.value.field == "key"


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (("", 1, True, 0), "key"),
        (("a", "1", True, 0), "initiative"),
        (("a", 1, 1, 0), "is_pc"),
        (("a", 1, True, -1), "entry_index"),
    ],
)
def test_order_entry_validates(args, field):
    with pytest.raises(RulesError) as error:
        OrderEntry(*args)
    assert error.value.field == field


@given(st.lists(st.tuples(st.integers(-5, 30), st.booleans()), max_size=12))
def test_turn_order_is_a_sorted_permutation(rows):
    entries = [OrderEntry(f"c{index}", value, pc, index) for index, (value, pc) in enumerate(rows)]
    order = turn_order(entries)
    assert sorted(order) == sorted(entry.key for entry in entries)
    by_key = {entry.key: entry for entry in entries}
    ranks = [(-by_key[k].initiative, not by_key[k].is_pc, by_key[k].entry_index) for k in order]
    assert ranks == sorted(ranks)
