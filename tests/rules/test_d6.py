"""RULES 4, Système D6 magic: the worked vectors D1–D6, the scales, psionics, refusals, invariants."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.breakdown import render
from core.d6.psionics import MediumContact, psionic_difficulty
from core.d6.scales import (
    CONCENTRATION,
    GESTURES,
    GROUP,
    INCANTATIONS,
    PSIONIC_SCALES,
    RANGE,
    SPELL_SCALES,
    WILLINGNESS,
    Power,
    preparation_row,
)
from core.d6.skills import magic_attribute_cost, magic_skill_cost
from core.d6.spell import (
    Aspect,
    DieCode,
    duration,
    duration_hours,
    effect_value,
    free,
    from_row,
    parse_die_code,
    spell_difficulty,
    typed_effect,
)
from core.errors import RulesError

# --- the worked vectors ---------------------------------------------------------------------


def test_D1_effect_value_heal_4d2_is_13_and_3d_damage_is_18():
    assert effect_value("4D+2").value == 13
    assert effect_value("3D", "damage").value == 18
    assert effect_value("3D", "protection").value == 18  # the energy shield of the same example
    assert render(effect_value("4D+2").breakdown) == "effect 4D+2 (skill bonus): 4 × 3 + 1 (pips) = 13"
    assert render(effect_value("3D", "damage").breakdown, "fr") == "effet 3D (dégâts) : (3 × 3) × 2 = 18"


def test_D2_soin_difficulty_5():
    result = spell_difficulty(
        effect_value("5D+2"),
        [from_row(RANGE, "contact"), free("duration", 1), free("casting time", -4), free("contact", -3)],
    )
    assert (result.total, result.difficulty) == (10, 5)
    assert [a.value for a in result.aspects] == [16, 0, 1, -4, -3]


def test_D3_puissance_difficulty_3():
    result = spell_difficulty(
        effect_value("1D", "attribute"), [free("duration", 7), free("casting time", -4), free("gestures", -3)]
    )
    assert result.aspects[0].value == 6
    assert (result.total, result.difficulty) == (6, 3)


def test_D4_nourriture_difficulty_4():
    aspects = [
        free("duration", 21), free("casting time", -4), from_row(GESTURES, "large"), from_row(INCANTATIONS, "complex"),
        free("components", -6),
    ]  # fmt: skip
    result = spell_difficulty(1, aspects)
    assert (result.total, result.difficulty) == (8, 4)


def test_D5_ouverture_difficulty_5():
    aspects = [
        free("duration", 4), free("casting time", -4), free("components (key)", -3), from_row(GESTURES, "large"),
        from_row(INCANTATIONS, "complex"), free("contact with the key", -1),
    ]  # fmt: skip
    result = spell_difficulty(18, aspects)
    assert (result.total, result.difficulty) == (10, 5)
    assert render(result.breakdown).splitlines()[-1] == "difficulty = ceil(10 / 2) = 5 (house rule: halved)"


def test_D6_jaki_magic_skill_costs_12_with_a_master_24_without():
    assert magic_skill_cost(6).cost == 12
    assert magic_skill_cost(6, master=False).cost == 24
    assert render(magic_skill_cost(6, master=False).breakdown, "fr") == (
        "compétence de magie : coût habituel 6 × 4 (sans maître) = 24 points de personnage"
    )


# --- the rest of RULES 4 ------------------------------------------------------------------------


def test_every_scale_row_has_a_snake_case_name_and_both_labels():
    for scale in (*SPELL_SCALES, *PSIONIC_SCALES):
        for row in scale.rows:
            assert row.name.isascii() and row.name == row.name.lower() and " " not in row.name
            assert row.label.en and row.label.fr
        assert len(set(scale.names)) == len(scale.names)


def test_the_seed_values_of_the_scales():
    assert [r.value for r in RANGE.rows] == [0, 5, 10, 15, 20, 30, 40, 50]
    assert [r.value for r in CONCENTRATION.rows] == [-2, 0, 4, 6, 8] and CONCENTRATION.rows[-1].high == 18
    assert [r.value for r in GROUP.rows] == [5, 10, 15, 25, 35, 50]
    assert [r.value for r in WILLINGNESS.rows] == [0, -4, 4]
    assert [preparation_row(n).value for n in (1, 2, 3, 4)] == [4, 0, -2, -4]
    assert [duration(n).value for n in (2, 3, 10)] == [0, 1, 8]


def test_a_duration_in_hours_is_18_for_the_first_and_1_per_additional_hour():
    """Seed 004 l.105–108 (again l.211–214): « 2 rounds : 0 / Pour chaque round additionnel durant
    une heure : +1 / Pour chaque heure additionnelle au-delà : +1 ». The first hour's worth is the
    seed's own « 1 heure (-18) » (l.179); with it « Durée : 4 heures (+21) » (l.150) is 18 + 3."""
    assert [duration_hours(n).value for n in (1, 2, 4, 24)] == [18, 19, 21, 41]
    assert duration_hours(4).label.fr == "4 heures" and duration_hours(1).choice == "1h"
    nourriture = spell_difficulty(
        typed_effect(1),
        [duration_hours(4), free("casting time", -4), from_row(GESTURES, "large"), from_row(INCANTATIONS, "complex"),
         free("components", -6)],
    )  # fmt: skip
    assert (nourriture.total, nourriture.difficulty) == (8, 4)  # D4, the seed's figure
    hours = {row.name: row.value for row in SPELL_SCALES[6].rows if row.name.endswith("h")}
    assert hours["1h"] == 18 and hours["24h"] == 41  # the tab's list offers them
    with pytest.raises(RulesError) as error:
        duration_hours(0)
    assert error.value.field == "duration_hours"


def test_psionic_lists_stop_at_region_and_crowd():
    psionic = {scale.name: scale for scale in PSIONIC_SCALES}
    assert psionic["range"].names[-1] == "region" and psionic["group"].names[-1] == "crowd"
    assert not {"preparation", "ingredients", "gestures", "incantations"} & set(psionic)


def test_a_row_is_found_by_its_french_label():
    assert from_row(RANGE, "Moyenne (même bâtiment)") == from_row(RANGE, "building")
    assert from_row(WILLINGNESS, "neutre").value == -4


def test_a_span_row_takes_a_value_within_it():
    assert from_row(CONCENTRATION, "very_busy_public_place").value == 8
    assert from_row(CONCENTRATION, "very_busy_public_place", 18).value == 18
    with pytest.raises(RulesError) as error:
        from_row(CONCENTRATION, "very_busy_public_place", 19)
    assert error.value.field == "concentration"
    with pytest.raises(RulesError):
        from_row(RANGE, "room", 7)  # a value off the scale is a free value, not the row


def test_unskilled_adds_5_after_halving_and_the_magic_level_is_a_roll_modifier():
    result = spell_difficulty(effect_value("5D+2"), [free("duration", 1)], unskilled=True, magic_level=-3)
    assert (result.total, result.difficulty, result.roll_modifier) == (17, 9 + 5, -3)
    unhalved = spell_difficulty(17, halve=False, unskilled=True)
    assert unhalved.difficulty == 22
    assert "difficulté = 17 (non divisée)" in render(unhalved.breakdown, "fr")


@pytest.mark.parametrize(
    ("power", "options", "difficulty"),
    [
        ("astral", {}, 10),
        ("far_senses", {}, 5),
        ("healing", {"wound": "stunned"}, 10),
        ("healing", {"wound": "wounded"}, 15),
        ("healing", {"wound": "severely_wounded"}, 15),
        ("healing", {"wound": "incapacitated"}, 20),
        ("healing", {"wound": "mortellement blessé"}, 30),
        ("medium", {}, 20),
        ("protection", {}, 10),
        ("psychometry", {"depth": "vague"}, 14),
        ("psychometry", {"depth": "general"}, 18),
        ("psychometry", {"depth": "last_24_hours"}, 21),
        ("psychometry", {"depth": "motivations"}, 24),
    ],
)
def test_psionic_difficulties(power, options, difficulty):
    result = psionic_difficulty(power, **options)
    assert (result.difficulty, result.opposed_by) == (difficulty, None)


def test_empathy_is_opposed_by_volonte():
    result = psionic_difficulty("Empathie", [from_row(RANGE, "room")])
    assert (result.power, result.difficulty, result.opposed_by, result.modifier) == (Power.empathy, None, "volonte", 5)


@pytest.mark.parametrize(("years", "modifier"), [(0, 0), (1, 0), (2, 2), (5, 2), (6, 4), (10, 4), (11, 6), (16, 8)])
def test_medium_dead_over_a_year_plus_2_per_full_five_years_beyond_the_first(years, modifier):
    assert psionic_difficulty("medium", medium=MediumContact(years_dead=years)).difficulty == 20 + modifier


def test_medium_modifiers_and_aspects_add_without_halving():
    contact = MediumContact(assassinated=True, known_personally=True, has_information=True, place_of_death=True)
    result = psionic_difficulty("medium", [from_row(RANGE, "town")], medium=contact)
    assert result.difficulty == 20 - 2 - 4 - 2 - 3 + 15


def test_magic_attribute_costs_20_and_a_master():
    result = magic_attribute_cost()
    assert (result.cost, result.needs_master) == (20, True)


# --- refusals name the field ----------------------------------------------------------------------

REFUSED = [
    (lambda: parse_die_code("4X"), "effect"),
    (lambda: parse_die_code("0D+1"), "effect"),
    (lambda: parse_die_code("4D+3"), "effect"),
    (lambda: effect_value("3D", "fire"), "kind"),
    (lambda: from_row(RANGE, "moon"), "range"),
    (lambda: duration(1), "duration_rounds"),
    (lambda: preparation_row(5), "preparation_rounds"),
    (lambda: free(" ", 3), "aspect"),
    (lambda: spell_difficulty(3, magic_level=16), "magic_level"),
    (lambda: psionic_difficulty("healing"), "wound"),
    (lambda: psionic_difficulty("astral", depth="vague"), "depth"),
    (lambda: psionic_difficulty("astral", medium=MediumContact(assassinated=True)), "assassinated"),
    (lambda: psionic_difficulty("telepathy"), "power"),
    (lambda: MediumContact(years_dead=-1), "years_dead"),
    (lambda: magic_skill_cost(0), "usual_cost"),
]


@pytest.mark.parametrize(("make", "field"), REFUSED, ids=[field for _, field in REFUSED])
def test_refusals_name_the_field_in_both_languages(make, field):
    with pytest.raises(RulesError) as error:
        make()
    assert error.value.field == field
    assert error.value.text("fr").startswith(f"{field} : ")


# --- invariants ----------------------------------------------------------------------------------

ROWS = st.sampled_from([(scale, row.name) for scale in SPELL_SCALES for row in scale.rows])
ASPECTS = st.lists(
    st.one_of(
        ROWS.map(lambda pair: from_row(*pair)),
        st.builds(free, st.sampled_from(["speed", "x", "durée"]), st.integers(-30, 30)),
    ),
    max_size=8,
)


@given(st.integers(-20, 60), ASPECTS, st.booleans())
def test_difficulty_is_the_halved_total_rounded_up_or_the_total(effect, aspects, halve):
    result = spell_difficulty(effect, aspects, halve=halve)
    assert result.total == effect + sum(a.value for a in aspects)
    assert result.difficulty == (math.ceil(result.total / 2) if halve else result.total)


@given(
    st.integers(-20, 60),
    ASPECTS,
    st.one_of(ROWS.map(lambda pair: from_row(*pair)), st.builds(free, st.just("y"), st.integers(-30, 30))),
)
def test_adding_an_aspect_moves_the_total_by_its_value(effect, aspects, added: Aspect):
    before = spell_difficulty(effect, aspects).total
    assert spell_difficulty(effect, [*aspects, added]).total == before + added.value


@given(
    st.integers(1, 30),
    st.integers(0, 2),
    st.integers(1, 30),
    st.integers(0, 2),
    st.sampled_from(["skill", "damage", "protection", "attribute"]),
)
def test_effect_value_is_monotonic_in_dice_and_pips(dice, pips, more_dice, more_pips, kind):
    low, high = sorted([(dice, pips), (more_dice, more_pips)])
    assert effect_value(DieCode(*low), kind).value <= effect_value(DieCode(*high), kind).value
    assert effect_value(DieCode(dice, pips), kind).value <= effect_value(DieCode(dice, min(pips + 1, 2)), kind).value
    assert effect_value(DieCode(dice, pips), kind).value < effect_value(DieCode(dice + 1, pips), kind).value
