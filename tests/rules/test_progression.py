"""RULES 1.8: progression."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.breakdown import render
from core.errors import RulesError
from core.progression import (
    Step,
    check_raise,
    free_pick,
    free_picks,
    raise_cost,
    raise_limit,
    xp_cost,
)


def test_e5_brunvir_combat_10_to_11_costs_15_xp():
    cost = xp_cost(10, 11)
    assert cost.cost == 15 and cost.steps == (Step(11, 15),)
    assert "15 XP" in render(cost.breakdown) and "15 PX" in render(cost.breakdown, "fr")


def test_e6_brunvir_sum_20_gets_a_free_pick():
    assert 6 + 3 + 11 + 0 == 20
    assert free_pick(19, 20)
    assert not free_pick(20, 21) and not free_pick(17, 18)


def test_e7_tolgren_six_raises_at_most_three_in_combat():
    assert raise_limit(6) == 3
    assert check_raise(3, 6, "combat").within
    over = check_raise(4, 6, "combat")
    assert not over.within and over.limit == 3
    assert "combat" in over.warning.en and "MJ" in over.warning.fr


@pytest.mark.parametrize(
    ("reached", "cost"), [(1, 5), (5, 5), (6, 10), (10, 10), (11, 15), (15, 15), (16, 20), (25, 20)]
)
def test_raise_cost_by_value_reached(reached, cost):
    assert raise_cost(reached) == cost


def test_xp_cost_crosses_tiers_step_by_step():
    cost = xp_cost(4, 7)
    assert cost.steps == (Step(5, 5), Step(6, 10), Step(7, 10))
    assert cost.cost == 25


@pytest.mark.parametrize("to", [3, 2])
def test_xp_cost_refuses_a_lower_or_equal_target(to):
    with pytest.raises(RulesError) as info:
        xp_cost(3, to)
    assert info.value.field == "to"


def test_raise_cost_rejects_zero():
    with pytest.raises(RulesError) as info:
        raise_cost(0)
    assert info.value.field == "value_reached"


def test_free_picks_count_every_multiple_passed():
    assert free_picks(18, 26) == 2
    assert free_picks(20, 24) == 0


def test_check_raise_rejects_more_in_one_than_in_all():
    with pytest.raises(RulesError) as info:
        check_raise(4, 3)
    assert info.value.field == "raises_in_characteristic"


@given(st.integers(0, 30), st.integers(1, 10))
def test_xp_cost_is_the_sum_of_single_raises(start, points):
    total = xp_cost(start, start + points).cost
    assert total == sum(xp_cost(v, v + 1).cost for v in range(start, start + points))
