"""``apotheose calc`` against a group as a GM types it at the table: a score and the kult dice, like
``check``, and the chance shown (issue 14, item 12)."""

from __future__ import annotations

from core.combat import attack_group, defend_group
from core.rolls import chance_of_success, check
from tests.cli.test_calc import calc, calc_json


def test_attack_group_takes_a_score_and_the_kult_die_like_check():
    # Brunvir, attack 16, rolls +0 against the veterans (difficulty 10): 2 felled, chance as check says
    data = calc_json("attack-group", "--score", "16", "--kult", "0", "--grade", "veteran")
    assert (data["score"], data["dice"], data["attack"], data["felled"]) == (16, [0], 16, 2)
    assert (
        data["chance"]
        == float(chance_of_success(16, 10))
        == calc_json("check", "-s", "16", "-d", "10", "-k", "0")["chance"]
    )
    assert calc_json("attack-group", "-s", "16", "-k", "0", "-g", "veteran") == data  # the short forms


def test_attack_group_reroll_adds_the_second_die_and_long_range_counts():
    data = calc_json(
        "attack-group", "--score", "8", "--kult", "-4", "--kult", "6", "--grade", "elite", "--range", "long"
    )
    assert data["dice"] == [-4, 6] and data["attack"] == 10 and data["difficulty"] == 20
    assert data["chance"] == float(chance_of_success(8, 20))
    assert data["felled"] == attack_group(check(8, 20, [-4, 6]), "elite", "long").felled


def test_defend_group_takes_a_score_and_the_kult_die():
    data = calc_json("defend-group", "--score", "7", "--kult", "3", "--grade", "veteran", "--attackers", "3")
    assert (data["defence"], data["difficulty"], data["damage"], data["dice"]) == (10, 20, 3, [3])
    assert data["chance"] == float(chance_of_success(7, 20))
    assert data["damage"] == defend_group(check(7, 20, 3), "veteran", 3).damage


def test_the_score_alone_rolls_the_die_and_shows_the_chance():
    data = calc_json("attack-group", "--score", "16", "--grade", "veteran", "--seed", "3")
    assert len(data["dice"]) == 1 and data["attack"] == 16 + data["dice"][0] and data["chance"] == 0.85
    code, out, _ = calc("defend-group", "--score", "7", "--grade", "veteran", "--attackers", "3", "--seed", "3")
    assert code == 0 and "chance of success" in out


def test_the_final_value_still_works_and_has_no_chance():
    data = calc_json("attack-group", "--attack", "22", "--grade", "veteran")
    assert (data["felled"], data["dice"], data["chance"]) == (3, [], None)
    data = calc_json("defend-group", "--defence", "7", "--grade", "veteran", "--attackers", "3")
    assert (data["damage"], data["chance"]) == (3, None)


def test_a_die_on_a_final_value_or_both_values_are_refused():
    code, _, err = calc("attack-group", "--attack", "16", "--kult", "2", "--grade", "veteran")
    assert code != 0 and "--kult goes with --score" in err
    code, _, err = calc("defend-group", "--defence", "7", "--score", "7", "--grade", "veteran", "--attackers", "3")
    assert code != 0 and "--score" in err
    code, _, err = calc("attack-group", "--grade", "veteran")
    assert code != 0 and "--attack" in err and "--score" in err
