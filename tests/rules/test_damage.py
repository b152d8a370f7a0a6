"""RULES 1.6: weapon damage, armour, wounds, dying, pugilat, healing and repair."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.breakdown import render
from core.characteristics import Characteristics, max_hp
from core.damage import (
    ArmourPiece,
    Vital,
    Weapon,
    Wound,
    apply_damage,
    armour_points,
    bleed,
    heal,
    repair_armour,
    vital_state,
    weapon_damage,
)
from core.errors import RulesError

SEGIERE_ARMOUR = (ArmourPiece.MEDIUM, ArmourPiece.SHIELD, ArmourPiece.MAGIC_SHIELD)


def test_e12_segiere_armour_takes_the_first_four_damage():
    hp = max_hp(Characteristics(corps=9))
    armour = armour_points(SEGIERE_ARMOUR)
    assert (hp, armour.value, hp + armour.value) == (14, 4, 18)
    assert render(armour.breakdown) == "armour: medium armour 2 + shield 1 + magic shield 1 = 4"
    first = apply_damage(4, hp=hp, armour=armour.value)
    assert (first.absorbed, first.armour, first.real, first.hp, first.wound) == (4, 0, 0, 14, Wound.NONE)
    second = apply_damage(1, hp=first.hp, armour=first.armour)
    assert (second.real, second.hp, second.wound) == (1, 13, Wound.LIGHT)


def test_weapon_damage_is_one_or_two_plus_ranks():
    assert weapon_damage(0).value == 1
    assert weapon_damage(2, Weapon.MAGIC).value == 4
    assert render(weapon_damage(2).breakdown) == "damage: weapon 1 + ranks 2 = 3"
    with pytest.raises(RulesError, match="weapon"):
        weapon_damage(0, "laser")


def test_armour_pieces_table():
    assert {piece.value: piece.points for piece in ArmourPiece} == {
        "light": 1,
        "medium": 2,
        "heavy": 3,
        "shield": 1,
        "magic_armour": 2,
        "magic_shield": 1,
    }
    assert armour_points(["heavy", "magic armour", "shield"]).value == 6
    assert armour_points([]).value == 0


@pytest.mark.parametrize(
    ("pieces", "message"),
    [
        (["light", "heavy"], "one body armour"),
        (["magic_shield"], "on top of a shield"),
        (["magic_armour", "shield"], "on top of a light, medium or heavy"),
        (["shield", "shield"], "more than once"),
        (["mithril"], "unknown value"),
    ],
)
def test_impossible_armour_names_armour(pieces, message):
    with pytest.raises(RulesError, match=message) as error:
        armour_points(pieces)
    assert error.value.field == "armour"


@pytest.mark.parametrize(
    ("damage", "wound"), [(0, Wound.NONE), (1, Wound.LIGHT), (2, Wound.MEDIUM), (3, Wound.GRAVE), (7, Wound.GRAVE)]
)
def test_wound_by_real_hp_taken(damage, wound):
    assert apply_damage(damage, hp=20).wound is wound


def test_preview_line():
    result = apply_damage(6, hp=14, armour=4)
    assert result.preview.en == "armour 4→0 · HP 14→12 · medium wound"
    assert result.preview.fr == "armure 4→0 · PV 14→12 · blessure moyenne"


def test_bypassing_armour():
    result = apply_damage(3, hp=10, armour=4, bypass_armour=True)
    assert (result.absorbed, result.armour, result.hp) == (0, 4, 7)
    assert result.preview.en.startswith("armour bypassed")


def test_dying_at_zero_and_dead_at_minus_ten():
    assert apply_damage(5, hp=5).state is Vital.DYING
    assert apply_damage(14, hp=5).state is Vital.DYING
    assert apply_damage(15, hp=5).state is Vital.DEAD
    assert [vital_state(hp) for hp in (1, 0, -9, -10, -12)] == [
        Vital.STANDING,
        Vital.DYING,
        Vital.DYING,
        Vital.DEAD,
        Vital.DEAD,
    ]


def test_pugilat_example_six_on_three_hp_knocks_out():
    result = apply_damage(6, hp=3, pugilat=True)
    assert (result.real, result.bruised, result.hp, result.bruise, result.state) == (2, 4, 1, 4, Vital.KNOCKED_OUT)
    assert "capped at 2" in render(result.breakdown)


def test_pugilat_example_six_on_three_hp_gives_two_real_four_bruising_one_hp_knocked_out():
    """RULES 1.6 example: 6 pugilat damage on 3 HP → 2 real (3 would reach 0) and 4 bruising → 1 HP, knocked out."""
    result = apply_damage(6, hp=3, pugilat=True)
    assert (result.real, result.bruised, result.hp, result.state) == (2, 4, 1, Vital.KNOCKED_OUT)


def test_pugilat_example_four_on_a_knocked_out_target_is_lethal_four_real_two_hp():
    """RULES 1.6 example: 4 pugilat damage on a knocked-out target (6 HP, 6 bruising) → lethal: 4 real → 2 HP."""
    result = apply_damage(4, hp=6, bruise=6, pugilat=True)
    assert (result.real, result.bruised, result.hp, result.bruise) == (4, 0, 2, 6)
    assert "lethal" in result.breakdown[-3].en or any("lethal" in x.en for x in result.breakdown)


def test_item1_pugilat_on_a_downed_target_is_lethal():
    """Issue 7 item 1 (RULES 1.6): knocked out, dying or at 0 HP or less → all that gets through is real."""
    knocked_out = apply_damage(4, hp=6, bruise=6, pugilat=True)
    assert (knocked_out.real, knocked_out.hp) == (4, 2)
    dying = apply_damage(4, hp=0, pugilat=True)
    assert (dying.real, dying.hp, dying.state) == (4, -4, Vital.DYING)
    armoured = apply_damage(4, hp=-2, armour=1, pugilat=True)
    assert (armoured.absorbed, armoured.real, armoured.hp) == (1, 3, -5)
    why = [x for x in dying.breakdown if "lethal" in x.en]
    assert why and "létal" in why[0].fr
    standing = apply_damage(4, hp=6, bruise=2, pugilat=True)
    assert (standing.real, standing.bruised) == (2, 2)  # standing: still half real


def test_pugilat_halves_what_gets_through_armour():
    result = apply_damage(6, hp=10, armour=1, pugilat=True)
    assert (result.absorbed, result.real, result.bruised, result.hp, result.bruise) == (1, 2, 3, 8, 3)
    assert result.state is Vital.STANDING


def test_knocked_out_when_bruising_reaches_real_hp():
    assert vital_state(3, 3) is Vital.KNOCKED_OUT
    assert vital_state(3, 2) is Vital.STANDING


def test_negative_damage_names_damage():
    with pytest.raises(RulesError) as error:
        apply_damage(-1, hp=5)
    assert error.value.field == "damage"


def test_heal_up_to_max_and_out_of_dying():
    assert heal(5, 10, 12).hp == 12
    back = heal(3, -1, 12)
    assert (back.hp, back.change, back.state) == (2, 3, Vital.STANDING)
    assert "no longer dying" in render(back.breakdown)
    with pytest.raises(RulesError, match="dead") as error:
        heal(5, -10, 12)
    assert error.value.field == "hp"


def test_bleed_only_the_dying():
    assert (bleed(0).hp, bleed(0).state) == (-1, Vital.DYING)
    assert (bleed(-9).hp, bleed(-9).state) == (-10, Vital.DEAD)
    assert bleed(4).change == 0
    assert bleed(2, bruise=5).change == 0  # knocked out: not dying
    assert bleed(-10).change == 0


def test_repair_armour():
    assert repair_armour(1, 4).armour == 4
    assert (repair_armour(1, 4, 2).armour, repair_armour(1, 4, 9).armour) == (3, 4)
    with pytest.raises(RulesError, match="armour"):
        repair_armour(5, 4)


@given(st.integers(0, 40), st.integers(-12, 30), st.integers(0, 8), st.integers(0, 10), st.booleans(), st.booleans())
def test_damage_invariants(damage, hp, armour, bruise, pugilat, bypass):
    result = apply_damage(damage, hp=hp, armour=armour, bruise=bruise, pugilat=pugilat, bypass_armour=bypass)
    assert 0 <= result.armour <= armour
    assert 0 <= result.real <= damage
    assert result.absorbed + result.real + result.bruised == damage
    assert result.hp == hp - result.real and result.bruise == bruise + result.bruised
    if pugilat and hp - bruise >= 1:  # RULES 1.6: only a standing target's life is safe from pugilat
        assert result.hp >= 1
    if pugilat and hp - bruise <= 0:  # RULES 1.6: hitting a downed target again is lethal
        assert result.bruised == 0 and result.real == result.damage - result.absorbed
    if not pugilat:
        assert result.bruised == 0


@given(st.integers(0, 10), st.integers(0, 10), st.none() | st.integers(0, 12))
def test_repair_never_passes_max(max_armour, lost, points):
    armour = max(0, max_armour - lost)
    assert armour <= repair_armour(armour, max_armour, points).armour <= max_armour
