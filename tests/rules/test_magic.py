"""RULES 1.7: Apothéose magic."""

import random

import pytest

from core.breakdown import render
from core.characteristics import Characteristics
from core.errors import RulesError
from core.magic import (
    DURATION,
    RANGE,
    TARGETS,
    Effect,
    SpellRequest,
    Tier,
    cast,
    exhaustion,
    inspired_limit,
    invisible_magic,
    max_spell_intensity,
    resist,
    spell_cost,
)


def test_e3_alduin_ame_4_inspired_by_two_shadow_reaches_9():
    assert max_spell_intensity(4) == 5
    assert inspired_limit(5, 2) == 9
    cost = spell_cost(9, ame=4, pm=9)
    assert (cost.max_intensity, cost.shadow_needed, cost.limit, cost.affordable) == (5, 2, 9, True)


def test_e4_alduin_ame_10_inspired_by_three_shadow_reaches_14():
    assert max_spell_intensity(10) == 8
    assert inspired_limit(8, 3) == 14
    cost = spell_cost(14, ame=10, pm=15)
    assert (cost.max_intensity, cost.shadow_needed, cost.limit) == (8, 3, 14)


def test_e14_pyromancy_on_three_foes_costs_8_very_strong():
    cost = spell_cost(5, targets=3)
    assert (cost.total, cost.effect, cost.tier) == (8, Effect.very_strong, Tier.major)
    assert cost.request.intensity == 5  # each foe loses the intensity in HP
    assert "effet très fort" in render(cost.breakdown, "fr") and "3 targets" in render(cost.breakdown)


def test_e15_domination_intensity_5_kult_3_resisted_by_ame_10():
    result = resist(5, 3, Characteristics(esprit=2, ame=10), "mind")
    assert (result.score, result.target, result.characteristic) == (8, 10, "ame")
    assert result.resisted and not result.spell_wins
    assert "resisted" in render(result.breakdown) and "résisté" in render(result.breakdown, "fr")


def test_e16_fire_elemental_5_pm_is_a_medium_effect():
    cost = spell_cost(5)
    assert (cost.effect, cost.tier) == (Effect.medium, Tier.minor)
    assert cost.max_intensity is cost.limit is cost.shadow_needed is cost.affordable is None


@pytest.mark.parametrize(
    ("total", "effect", "tier"),
    [
        (1, "cantrip", "minor"),
        (2, "minor", "minor"),
        (3, "minor", "minor"),
        (4, "medium", "minor"),
        (5, "medium", "minor"),
        (6, "strong", "major"),
        (7, "strong", "major"),
        (8, "very_strong", "major"),
        (10, "very_strong", "major"),
        (11, "minor_prodigy", "supreme"),
        (12, "minor_prodigy", "supreme"),
        (13, "major_prodigy", "supreme"),
        (15, "major_prodigy", "supreme"),
        (16, "beyond", "beyond"),
    ],
)
def test_effect_and_tier_by_total(total, effect, tier):
    cost = spell_cost(total)
    assert (cost.effect, cost.tier) == (effect, tier)
    assert bool(cost.warnings) == (total >= 16)


def test_labels_in_both_languages():
    assert Effect.cantrip.label("fr") == "tour mineur" and Effect.beyond.label("fr") == "au-delà"
    assert Tier.supreme.label("fr") == "sortilège suprême" and Tier.major.label() == "major spell"


def test_scales_label_only_the_anchors():
    assert DURATION.label(0).en == "instant" and DURATION.label(1).en == "10 minutes"
    assert DURATION.label(5).fr == "24 heures" and DURATION.label(3) is None
    assert RANGE.label(0).fr == "contact" and RANGE.label(5).en == "a city" and RANGE.label(2) is None
    assert TARGETS.label(0).en == "one target" and TARGETS.label(3).en == "3 targets"
    assert TARGETS.label(10).fr == "une centaine de cibles" and TARGETS.label(1) is None and TARGETS.label(7) is None


def test_sum_of_the_four_parameters_any_level_between_anchors():
    assert spell_cost(2, duration=3, range=7, targets=1).total == 13


@pytest.mark.parametrize(("field", "kwargs"), [("intensity", {"intensity": 0}), ("duration", {"duration": -1}),
                                               ("range", {"range": -1}), ("targets", {"targets": -2})])  # fmt: skip
def test_spell_request_validation_names_the_field(field, kwargs):
    with pytest.raises(RulesError) as info:
        SpellRequest(**{"intensity": 1, **kwargs})
    assert info.value.field == field


def test_within_max_needs_no_shadow():
    cost = spell_cost(4, duration=1, ame=4, pm=9)
    assert (cost.shadow_needed, cost.limit, cost.affordable) == (0, 5, True)


def test_affordable_is_about_pm_and_shadow_past_ten_only_warns():
    cost = spell_cost(9, ame=4, pm=8, shadow=9)
    assert cost.affordable is False
    assert any("stigma" in w.en for w in cost.warnings)


def test_cast_refuses_what_the_caster_cannot_pay():
    with pytest.raises(RulesError) as info:
        cast(SpellRequest(5, targets=3), ame=4, pm=7, inspired=True)
    assert info.value.field == "pm"


def test_cast_above_max_needs_inspiration_and_gains_shadow():
    with pytest.raises(RulesError) as info:
        cast(SpellRequest(9), ame=4, pm=9)
    assert info.value.field == "inspired"
    result = cast(SpellRequest(9), ame=4, pm=9, inspired=True)
    assert (result.pm_after, result.shadow_gained) == (0, 2)
    assert cast(SpellRequest(5), ame=4, pm=9).shadow_gained == 0


def test_resist_uses_the_higher_of_ame_and_the_affected_characteristic():
    target = Characteristics(corps=9, esprit=1, ame=4)
    assert resist(4, 5, target, "matter").characteristic == "corps"
    assert resist(4, 5, target, "matter").spell_wins is True  # 9 ≥ 9: the spell wins on a tie
    assert resist(4, 4, target, "matter").resisted
    assert resist(4, 0, target, "mind").characteristic == "ame"
    assert resist(4, 0, target, "soul").target == 4


def test_resist_against_a_typed_value_and_criticals():
    assert resist(1, 10, 30).spell_wins and resist(1, 10, 30).critical == "success"
    assert resist(20, -9, 0).resisted and resist(20, -9, 0).critical == "failure"


def test_resist_rolls_with_the_injected_source():
    rolled = resist(5, None, 10, rng=random.Random(7))
    expected = resist(5, rolled.kult, 10)
    assert rolled == expected


def test_resist_rejects_impossible_kult_and_missing_source():
    with pytest.raises(RulesError) as info:
        resist(5, 11, 10)
    assert info.value.field == "kult"
    with pytest.raises(RulesError, match="kult"):
        resist(5, None, 10)


def test_invisible_magic_needs_a_grace_and_all_three_conditions():
    ok = invisible_magic(1, True, True, True)
    assert ok.possible and ok.cost == 0
    no = invisible_magic(0, True, False, True)
    assert not no.possible
    text = render(no.breakdown)
    assert "no grace" in text and "gratuitousness" in text and "benevolence" not in text
    assert "gratuité" in render(no.breakdown, "fr")


def test_exhaustion_turns_hp_and_willpower_into_pm_with_shadow():
    result = exhaustion(0, hp=10, willpower=6, from_hp=3, from_willpower=2, used_this_session=False)
    assert (result.pm_recovered, result.pm_after, result.hp_after, result.willpower_after) == (5, 5, 7, 4)
    assert result.shadow_gained == 2


@pytest.mark.parametrize(
    ("field", "args"),
    [
        ("pm_now", (1, 10, 6, 2, 0, False)),
        ("used_this_session", (0, 10, 6, 2, 0, True)),
        ("from_hp", (0, 2, 6, 3, 0, False)),
        ("from_willpower", (0, 10, 1, 0, 2, False)),
        ("from_hp", (0, 10, 6, 0, 0, False)),
    ],
)
def test_exhaustion_refusals_name_the_field(field, args):
    with pytest.raises(RulesError) as info:
        exhaustion(*args)
    assert info.value.field == field


def test_every_effect_and_tier_has_its_own_label() -> None:
    """Effect.minor and Tier.minor are equal strings: their labels must not collide."""
    from core.magic import Effect, Tier

    assert Effect.minor.label("en") == "minor effect" and Tier.minor.label("en") == "minor spell"
    assert Effect.minor.label("fr") == "effet mineur" and Tier.minor.label("fr") == "sortilège mineur"
    labels = [e.label("en") for e in Effect if e is not Effect.beyond]
    assert len(set(labels)) == len(labels)
