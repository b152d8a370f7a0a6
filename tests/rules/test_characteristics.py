"""RULES 1.1: characteristics and derived values."""

import pytest

from core.breakdown import render
from core.characteristics import (
    Characteristics,
    derive,
    dnd_level,
    max_hp,
    max_intensity,
    max_pm,
    max_willpower,
)
from core.errors import RulesError


def test_segiere_corps_9_has_14_hp():
    assert max_hp(Characteristics(corps=9)) == 14
    assert max_hp(Characteristics(corps=9), permanent_loss=2) == 12


def test_alduin_ame_4_has_9_pm_and_max_intensity_5():
    alduin = Characteristics(ame=4)
    assert max_pm(alduin) == 9
    assert max_intensity(max_pm(alduin)) == 5
    assert max_pm(alduin, mystic=False) == 0


def test_brunvir_sum_20_is_dnd_level_10():
    brunvir = Characteristics(corps=6, esprit=3, combat=11, ame=0)
    assert brunvir.total == 20 and dnd_level(brunvir) == 10


def test_willpower_by_analogy():
    assert max_willpower(Characteristics(esprit=3)) == 8


def test_derive_explains_in_both_languages():
    derived = derive(Characteristics(corps=9, esprit=2, combat=7, ame=4), mystic=True)
    assert (derived.max_hp, derived.max_willpower, derived.max_pm, derived.max_intensity) == (14, 7, 9, 5)
    assert (derived.initiative, derived.dnd_level) == (7, 11)
    assert "PV max" in render(derived.breakdown, "fr") and "max HP" in render(derived.breakdown)


def test_negative_characteristic_is_refused():
    with pytest.raises(RulesError) as info:
        Characteristics(corps=-1)
    assert info.value.field == "corps"
