"""RULES 1.5: attack and defence, groups, mooks felled, single opponents."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.breakdown import render
from core.combat import (
    Grade,
    Range,
    attack_group,
    attack_group_roll,
    attack_opponent,
    attack_opponent_roll,
    attack_score,
    defend_group,
    defend_group_roll,
    defend_opponent,
    defend_opponent_roll,
)
from core.damage import Weapon
from core.errors import RulesError
from core.rolls import check


def test_e9_arthurus_spear_against_a_knife():
    base = attack_score(4, trade=True, speciality=True)
    spear = attack_score(4, trade=True, speciality=True, advantage=True)
    assert (base.value, spear.value) == (9, 14)
    assert render(spear.breakdown) == "combat 4 + trade 3 + speciality 2 + advantage 5 = 14"


def test_e10_morvan_fells_three_veterans():
    result = attack_group(22, Grade.VETERAN)
    assert (result.difficulty, result.margin, result.hit, result.success_ranks, result.felled) == (10, 12, True, 2, 3)
    assert render(result.breakdown).splitlines()[-1] == "hit: 1 + 2 ranks = 3 felled"
    rolled = attack_group_roll(17, "veteran", kult=5)
    assert (rolled.margin, rolled.felled, rolled.chance) == (12, 3, Fraction(9, 10))  # faces −7…+10


def test_e11_morvan_defends_against_three_veterans():
    result = defend_group(7, Grade.VETERAN, attackers=3)
    assert (result.difficulty, result.hit, result.failure_ranks, result.damage) == (20, True, 2, 3)
    assert (
        render(result.breakdown, "fr").splitlines()[0]
        == "difficulté : soldats vétérans 10 + 2 assaillants de plus 10 = 20"
    )


def test_morvan_affect_builds_his_attack():
    morvan = attack_score(5, trade="soldat", speciality="arbalète", affect=1)
    assert (morvan.value, morvan.shadow_delta) == (15, 1)


def test_grades_and_ranges():
    assert [grade.difficulty for grade in Grade] == [0, 5, 10, 15]
    assert (Grade.ELITE.en, Grade.ELITE.fr, Grade.ELITE == "elite") == ("elite soldiers", "soldats d'élite", True)
    assert [r.modifier for r in Range] == [0, 3, 5]
    assert attack_group(10, "civil", "long").difficulty == 5
    assert attack_group(10, "Vétéran", Range.MEDIUM).difficulty == 13


@pytest.mark.parametrize(
    ("call", "field", "allowed"),
    [
        (lambda: attack_group(10, "veterans!"), "grade", "civil, standard, veteran, elite"),
        (lambda: attack_group(10, "civil", "far"), "range", "short, medium, long"),
        (lambda: defend_group(10, 3, 2), "grade", "civil, standard, veteran, elite"),  # type: ignore[arg-type]  # the wrong type is what the test gives
    ],
)
def test_parse_errors_name_the_field_and_list_the_choices(call, field, allowed):
    with pytest.raises(RulesError) as error:
        call()
    assert (error.value.field, error.value.allowed) == (field, allowed)


def test_felled_is_capped_by_those_standing():
    assert attack_group(40, "civil", standing=3).felled == 3
    assert attack_group(4, "standard", standing=3).felled == 0
    with pytest.raises(RulesError, match="standing"):
        attack_group(10, "civil", standing=0)


def test_group_attack_criticals_decide():
    lucky = attack_group_roll(0, "elite", kult=10)
    assert (lucky.hit, lucky.margin, lucky.felled) == (True, -5, 1)
    fumble = attack_group_roll(40, "civil", kult=-9)
    assert (fumble.hit, fumble.felled, fumble.check.shadow_delta) == (False, 0, -1)


def test_group_attack_takes_a_check_and_rerolls():
    first = check(10, 10, [-4])
    again = attack_group(check(10, 10, [-4, 6]), "veteran")
    assert not attack_group(first, "veteran").hit
    assert (again.hit, again.felled, again.check.shadow_delta) == (True, 1, 1)
    with pytest.raises(RulesError, match="rolled against 10, not 15") as error:
        attack_group(first, "veteran", "long")
    assert error.value.field == "attack"


def test_defence_numbers_part_is_capped_at_twenty():
    assert defend_group(40, "elite", 9).difficulty == 35
    assert defend_group(40, "elite", 5).difficulty == 35
    assert defend_group(40, "elite", 1).difficulty == 15
    with pytest.raises(RulesError, match="attackers"):
        defend_group(10, "elite", 0)


def test_defence_equal_to_the_difficulty_is_not_hit():
    result = defend_group(10, "veteran", 1)
    assert (result.hit, result.damage, result.failure_ranks) == (False, 0, 0)


def test_defence_against_a_group_with_a_kult_die():
    rolled = defend_group_roll(7, "veteran", 3, kult=4)
    assert (rolled.defence, rolled.hit, rolled.failure_ranks, rolled.damage) == (11, True, 1, 2)
    saved = defend_group_roll(0, "elite", 5, kult=10)
    assert (saved.hit, saved.damage) == (False, 0)
    fumbled = defend_group_roll(40, "civil", 1, kult=-9)
    assert (fumbled.hit, fumbled.failure_ranks, fumbled.damage) == (True, 0, 1)


def test_attack_on_one_opponent_costs_weapon_plus_ranks():
    result = attack_opponent(14, 11)
    assert (result.difficulty, result.margin, result.hit, result.ranks, result.damage) == (11, 3, True, 0, 1)
    magic = attack_opponent(26, 11, weapon=Weapon.MAGIC)
    assert (magic.ranks, magic.damage) == (3, 5)
    ranged = attack_opponent(14, 11, range="long")
    assert (ranged.difficulty, ranged.hit, ranged.damage) == (16, False, 0)


def test_attack_on_one_opponent_rolled():
    result = attack_opponent_roll(9, 11, kult=[-3, 10], weapon="magic")
    assert (result.final, result.hit, result.ranks, result.damage, result.check.critical) == (16, True, 1, 3, "success")
    assert result.chance == Fraction(9, 20)


def test_failed_defence_against_one_attacker_costs_what_the_hit_would():
    result = defend_opponent(5, 16)
    assert (result.hit, result.ranks, result.damage) == (True, 2, 3)
    assert defend_opponent(5, 16, weapon="magic").damage == 4
    assert not defend_opponent(16, 16).hit
    rolled = defend_opponent_roll(5, 16, kult=6)
    assert (rolled.final, rolled.hit, rolled.damage) == (11, True, 2)


@given(st.integers(-30, 60), st.sampled_from(list(Grade)), st.sampled_from(list(Range)), st.integers(1, 30))
def test_felled_never_exceeds_standing(attack, grade, range_, standing):
    result = attack_group(attack, grade, range_, standing)
    assert 0 <= result.felled <= standing
    assert (result.felled > 0) == result.hit == (attack >= grade.difficulty + range_.modifier)


@given(st.integers(-30, 60), st.sampled_from(list(Grade)), st.integers(1, 40))
def test_group_defence_damage_follows_the_shortfall(defence, grade, attackers):
    result = defend_group(defence, grade, attackers)
    assert grade.difficulty <= result.difficulty <= grade.difficulty + 20
    assert result.damage == (1 + (result.difficulty - defence) // 5 if defence < result.difficulty else 0)
