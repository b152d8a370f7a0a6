"""RULES 1.2: scores, checks, criticals, rerolls, chance of success, the difficulty ladder."""

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.breakdown import render
from core.dice import kult_die
from core.errors import RulesError
from core.rolls import (
    DIFFICULTIES,
    HARD,
    Critical,
    chance_of_success,
    check,
    difficulty_name,
    parse_difficulty,
    reroll,
    score,
)
from core.sums import Term

DIE = kult_die()


class Faces:
    """A random source that shows the given kult faces in turn."""

    def __init__(self, *faces: int):
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return DIE.faces.index(self.faces.pop(0))


def test_e1_arsouille_climbs_with_one_success_rank():
    climb = score(4, trade="voleur", speciality="cambrioleur", name="corps")
    assert climb.value == 9
    assert render(climb.breakdown) == "corps 4 + voleur 3 + cambrioleur 2 = 9"
    result = check(climb.value, HARD, [7])
    assert (result.final, result.margin, result.success, result.success_ranks) == (16, 6, True, 1)
    assert result.critical is None and result.shadow_delta == 0


def test_e2_arsouille_favourable_affect_succeeds_without_ranks():
    climb = score(4, trade=True, speciality=True, affect=1, name="corps")
    assert (climb.value, climb.shadow_delta) == (14, 1)
    result = check(climb.value, 10, [-1])
    assert (result.final, result.margin, result.success, result.success_ranks) == (13, 3, True, 0)


def test_score_breakdown_names_each_part_in_both_languages():
    plain = score(4, trade=True, speciality=True, name="corps")
    assert render(plain.breakdown) == "corps 4 + trade 3 + speciality 2 = 9"
    assert render(plain.breakdown, "fr") == "corps 4 + métier 3 + spécialisation 2 = 9"
    soul = score(3, name="ame", affect=-1, modifiers=2)
    assert (soul.value, soul.shadow_delta) == (0, -1)
    assert render(soul.breakdown).splitlines() == [
        "âme 3 − unfavourable affect 5 + modifiers 2 = 0",
        "affect: -1 shadow",
    ]


def test_score_takes_named_bonuses():
    assert score(2, bonuses=[Term("high ground", "en hauteur", 5)]).value == 7


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"affect": 2}, "affect"),
        ({"affect": True}, "affect"),
        ({"speciality": True}, "speciality"),
        ({"trade": 3}, "trade"),
        ({"modifiers": 1.5}, "modifiers"),
    ],
)
def test_score_rejects_bad_input_naming_the_field(kwargs, field):
    with pytest.raises(RulesError) as error:
        score(4, **kwargs)
    assert error.value.field == field


def test_score_rejects_a_negative_characteristic():
    with pytest.raises(RulesError, match="characteristic"):
        score(-1)


def test_natural_ten_succeeds_whatever_the_margin():
    result = check(0, 30, [10])
    assert result.critical is Critical.SUCCESS and result.critical == "success"
    assert result.success and result.margin == -20
    assert (result.success_ranks, result.failure_ranks) == (0, 0)
    assert "critical success" in render(result.breakdown)


def test_natural_minus_nine_fails_whatever_the_margin_and_costs_one_shadow():
    result = check(30, 10, [-9])
    assert result.critical is Critical.FAILURE and result.critical == "failure"
    assert not result.success and result.margin == 11
    assert (result.success_ranks, result.failure_ranks, result.shadow_delta) == (0, 0, -1)


def test_failure_ranks_count_each_five_short():
    result = check(5, 20, [2])
    assert (result.final, result.success, result.failure_ranks, result.success_ranks) == (7, False, 2, 0)


def test_reroll_adds_a_die_and_a_shadow_point():
    result = check(9, 10, [-3, 5])
    assert (result.dice, result.final, result.success, result.rerolls, result.shadow_delta) == ((-3, 5), 11, True, 1, 1)
    assert result == reroll(check(9, 10, -3), 5)


def test_reroll_with_a_random_source():
    result = reroll(check(9, 10, -3), rng=Faces(4))
    assert (result.dice, result.final) == ((-3, 4), 10)


def test_a_ten_on_the_reroll_is_a_critical_success():
    result = check(0, 30, [-4, 10])
    assert result.success and result.critical is Critical.SUCCESS


def test_a_minus_nine_on_the_reroll_is_a_critical_failure():
    result = check(9, 10, [-4, -9])
    assert result.critical is Critical.FAILURE and not result.success
    assert result.shadow_delta == 0  # +1 for the reroll, −1 for the critical failure


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ([5, 1], "after a failure"),
        ([10, 1], "after a failure"),
        ([-9, 5], "critical failure cannot be rerolled"),
        ([-3, -3, 5], "at most 1 reroll"),
        ([11], "cannot show"),
    ],
)
def test_impossible_dice_name_kult(dice, message):
    with pytest.raises(RulesError, match=message) as error:
        check(9, 10, dice)
    assert error.value.field == "kult"


def test_more_rerolls_when_the_house_rule_allows():
    assert check(9, 10, [-3, -3, 8], rerolls_allowed=2).shadow_delta == 2
    with pytest.raises(RulesError, match="kult"):
        check(9, 10, [-3, 1], rerolls_allowed=0)


def test_can_reroll_only_a_plain_failure_with_a_reroll_left():
    assert check(9, 10, [-3]).can_reroll
    assert not check(9, 10, [-3, -2]).can_reroll
    assert not check(9, 10, [-9]).can_reroll
    assert not check(9, 10, [3]).can_reroll


def test_without_dice_the_random_source_rolls_one():
    assert check(9, 10, rng=Faces(7)).dice == (7,)
    seeded = check(9, 10, rng=random.Random(5))
    assert seeded == check(9, 10, rng=random.Random(5)) and seeded.dice[0] in DIE.faces
    with pytest.raises(RulesError) as error:
        check(9, 10)
    assert error.value.field == "kult"


def test_chance_of_success_is_exact():
    assert chance_of_success(9, 10) == Fraction(1, 2)
    assert chance_of_success(0, 30) == Fraction(1, 20)  # only the natural +10
    assert chance_of_success(50, 0) == Fraction(19, 20)  # all but the natural −9
    assert check(9, 10, [7]).chance == Fraction(1, 2)


@given(st.integers(-40, 40), st.integers(-20, 40))
def test_chance_is_the_enumeration_of_the_faces(value, difficulty):
    wins = sum(DIE.probability(face) for face in DIE.faces if check(value, difficulty, [face]).success)
    assert chance_of_success(value, difficulty, DIE) == wins


@given(st.integers(-40, 40), st.integers(-20, 40), st.sampled_from(DIE.faces))
def test_ranks_follow_the_margin(value, difficulty, face):
    result = check(value, difficulty, [face])
    assert result.final == value + face and result.margin == result.final - difficulty
    if result.success and result.margin >= 0:
        assert result.success_ranks == result.margin // 5
    else:
        assert result.success_ranks == 0
    if not result.success and result.margin < 0:
        assert result.failure_ranks == (difficulty - result.final) // 5
    else:
        assert result.failure_ranks == 0


def test_difficulty_ladder():
    assert {key: d.value for key, d in DIFFICULTIES.items()} == {
        "easy": 0,
        "medium": 5,
        "hard": 10,
        "very_hard": 15,
        "epic": 20,
    }
    assert DIFFICULTIES["very_hard"].fr == "très difficile"
    assert difficulty_name(25).key == "epic" and difficulty_name(12) is None
    assert [parse_difficulty(text) for text in ("hard", "Très difficile", "very_hard", "12", 7)] == [10, 15, 15, 12, 7]
    with pytest.raises(RulesError, match="difficulty"):
        parse_difficulty("tough")


def test_check_breakdown_shows_chance_sum_and_outcome():
    text = render(check(9, 10, [-3, 5]).breakdown)
    assert text.splitlines() == [
        "chance of success 50%",
        "score 9 + kult -3 + reroll +5 = 11 vs difficulty 10 (hard)",
        "1 reroll: +1 shadow",
        "margin 1: success, 0 ranks",
    ]
    assert "marge 1 : réussite, 0 rang" in render(check(9, 10, [-3, 5]).breakdown, "fr")
