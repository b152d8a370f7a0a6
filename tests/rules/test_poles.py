"""Les Quatre Pôles (RULES 3): the worked examples P1–P8 and the calculator's invariants."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import RulesError
from core.house_rules import HouseRules
from core.poles import (
    TECHNIQUES,
    Applied,
    Backlash,
    Counter,
    Enhancements,
    PolesRequest,
    Segments,
    Technique,
    Tradition,
    backlash,
    blood_mana,
    body_healing,
    bonus_slots,
    casting_segments,
    counter_cost,
    illusion_hold,
    improvised_cost,
    interruption_dc,
    parse_enhance,
    parse_technique,
    poles_spell,
    ranges,
    save_dc,
)

# --- the worked examples ------------------------------------------------------------------------


def test_P1_improvised_level_3_costs_7_mana_3_faith_6_hp():
    assert improvised_cost(3, Tradition.profane) == 7
    assert improvised_cost(3, Tradition.divine) == 3
    assert improvised_cost(3, Tradition.body) == 6
    assert improvised_cost(3, Tradition.illusion) is None
    spell = poles_spell(PolesRequest(3, "profane"))
    assert (spell.cost, spell.resource, spell.improvised_cost) == (7, "mana", 7)
    assert poles_spell(PolesRequest(3, "divine")).cost == 3
    assert poles_spell(PolesRequest(3, "body")).cost == 6


def test_P2_level_5_damage_spell_from_a_slot_then_quickened():
    spell = poles_spell(PolesRequest(5, "profane", slot=True, damage=True))
    assert spell.segments == Segments(2, 3) and spell.segments.total == 5 and spell.cost == 0
    quick = poles_spell(PolesRequest(5, "profane", slot=True, damage=True, techniques=["quicken"]))
    assert quick.segments == Segments(2, 1) and quick.segments.total == 3 and not quick.swift


def test_P3_hits_of_9_and_30_interrupt_at_13_and_20():
    assert interruption_dc(9) == 13
    assert interruption_dc(30) == 20


def test_P4_level_3_with_intelligence_4_is_dc_17():
    assert save_dc(3, 4) == 17
    assert poles_spell(PolesRequest(3, "profane", mod=4)).save_dc == 17


def test_P5_resistance_3_with_levels_1_and_2_open_gives_slots_at_1_and_2():
    assert bonus_slots(3, [1, 2]) == (1, 2)
    assert bonus_slots(3, [0, 1, 2, 3, 4]) == (1, 2, 3)  # level 0 never gets one


def test_P6_caster_level_5_ranges():
    spans = ranges(5)
    assert (spans.short, spans.medium, spans.long) == (Fraction(31, 2), 45, 180)
    assert (
        "short 15.5 m, medium 45 m, long 180 m"
        in poles_spell(PolesRequest(1, "profane", caster_level=5)).breakdown[-1].en
    )


def test_P7_level_2_slot_quickened_with_the_feat_is_swift_for_2_mana():
    spell = poles_spell(PolesRequest(2, "profane", slot=True, techniques=[Applied(Technique.quicken)]))
    assert casting_segments(2).total == 2
    assert spell.segments.total == 0 and spell.swift
    assert spell.exact == Fraction(5, 3) and spell.cost == 2  # ceil(5 × 1/3)
    assert [line.en for line in spell.breakdown][2:5] == [
        "quicken (feat) 133 %: 5 × 4/3 = 20/3",
        "surcharge: 20/3 − 5 = 5/3",
        "cost: ceil(5/3) = 2 mana",
    ]


def test_P8_backlash_table_1_fourteen_forced_and_62_is_staggered():
    blood = blood_mana(24, 10, 30, 62)
    assert (blood.past_limit, blood.backlash_roll, blood.backlash, blood.table) == (14, 76, Backlash.staggered, 1)
    assert backlash(14, 76) is Backlash.staggered
    assert "ligne 11 à 15 : vacillant" in blood.breakdown[-1].fr


# --- the other rules ----------------------------------------------------------------------------


def test_segments_by_category_and_rows():
    assert [casting_segments(n).total for n in range(10)] == [1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    assert casting_segments(0, summoning=True) == Segments(2, 1)  # the summoning row's +2
    assert casting_segments(7, damage=True, summoning=True) == Segments(3, 5)


def test_an_improvised_mana_spell_has_its_preparation_segment_body_magic_none():
    assert poles_spell(PolesRequest(2, "profane")).segments == Segments(2, 1)
    assert poles_spell(PolesRequest(2, "divine")).segments == Segments(2, 1)
    assert poles_spell(PolesRequest(2, "body")).segments == Segments(1, 1)
    assert poles_spell(PolesRequest(2, "profane", slot=True)).segments == Segments(1, 1)
    assert poles_spell(PolesRequest(2, "profane", slot=True, fluid=True)).segments == Segments(2, 1)
    assert poles_spell(PolesRequest(2, "profane", blood=True)).segments == Segments(3, 1)
    body = poles_spell(PolesRequest(2, "body", fluid=True, blood=True))
    assert body.segments == Segments(1, 1)
    texts = [x.en for x in body.breakdown]
    assert (
        "body magic uses no fluid resource: no preparation segment" in texts and "body magic has no blood mana" in texts
    )


def test_quicken_takes_recovery_first_then_incantation():
    spell = poles_spell(PolesRequest(2, "profane", techniques=["quicken"]))  # 2 + 1 → 1 + 0
    assert spell.segments == Segments(1, 0) and not spell.swift
    twice = poles_spell(PolesRequest(9, "profane", slot=True, techniques=["quicken", "quicken"]))  # 1 + 3 → 0 + 0
    assert twice.segments == Segments(0, 0) and twice.swift


def test_fixed_costs():
    spell = poles_spell(
        PolesRequest(
            3,
            "profane",
            damage=True,
            caster_level=5,
            enhance=Enhancements(range=3, duration=2, area=1, dice=4, dispel=2),
        )
    )
    fixed = spell.fixed_costs
    assert (fixed.range, fixed.duration, fixed.area, fixed.dice, fixed.dispel) == (2, 1, 1, 4, 4)
    assert spell.cost == 7 + 12
    assert spell.ranges.short == 8 + Fraction(3, 2) * 8  # the range's caster levels count


def test_extending_an_active_spell_costs_half_its_level_plus_the_duration():
    spell = poles_spell(PolesRequest(5, "profane", extend_active=3))
    assert spell.fixed_costs.extend_active == 3 + 2 and spell.cost == 5
    refused = poles_spell(PolesRequest(5, "profane", extend_active=3, techniques=["silent"]))
    assert not refused.possible and refused.cost is None


def test_techniques_multiply_the_cost_engaged_so_far_in_order():
    spell = poles_spell(
        PolesRequest(3, "profane", enhance=Enhancements(duration=2), techniques=["extend_effect:nofeat", "silent"])
    )
    assert [(s.before, s.after) for s in spell.steps] == [(8, Fraction(40, 3)), (Fraction(40, 3), Fraction(50, 3))]
    assert spell.cost == 17


@pytest.mark.parametrize("name", ["absorption", "selective"])
def test_a_technique_without_its_feat_can_be_impossible(name):
    spell = poles_spell(PolesRequest(3, "profane", techniques=[f"{name}:nofeat"]))
    assert not spell.possible and spell.cost is None and "without its feat" in spell.reason.en
    assert poles_spell(PolesRequest(3, "profane", techniques=[name])).possible


def test_heighten_save_adds_one_dc_per_application():
    spell = poles_spell(PolesRequest(3, "divine", mod=2, techniques=["heighten_save", "heighten_save:nofeat"]))
    assert spell.save_dc == 10 + 3 + 2 + 2
    assert spell.exact == 3 * Fraction(5, 4) * Fraction(4, 3)


def test_extra_dice_at_most_the_caster_level():
    assert poles_spell(PolesRequest(3, "profane", damage=True, caster_level=4, enhance=Enhancements(dice=4))).possible
    over = poles_spell(PolesRequest(3, "profane", damage=True, caster_level=4, enhance=Enhancements(dice=5)))
    assert not over.possible and "caster level" in over.reason.en
    assert not poles_spell(
        PolesRequest(3, "profane", caster_level=4, enhance=Enhancements(dice=1))
    ).possible  # not a damage spell
    with pytest.raises(RulesError) as error:
        poles_spell(PolesRequest(3, "profane", damage=True, enhance=Enhancements(dice=1)))
    assert error.value.field == "caster_level"


def test_illusion_is_priced_in_hold_at_the_house_rate():
    """Seed 002 l.7: « Cette ressource sert à trois choses : créer un sort à la volée, le déformer
    par la métamagie, et le contrer. … la magie du corps comme l'illusion les transposent dans leur
    propre monnaie » — illusion's being hold, « l'Emprise » (l.170). The rate is the house rule
    ``poles_illusion_hold_rate`` (2 mana a point of hold by default)."""
    spell = poles_spell(PolesRequest(4, "illusion", mod=3))
    assert (spell.resource, spell.cost, spell.improvised_cost, spell.possible) == ("hold", 5, 5, True)  # 9 mana
    assert spell.hold_rate == 2 and spell.exact == Fraction(9, 2)
    assert spell.save_dc == 17 and spell.segments == Segments(1, 2)  # no preparation segment: not fluid
    assert "house rule poles_illusion_hold_rate" in spell.breakdown[1].en
    # improvisation, metamagic and a counter, each in hold
    silent = poles_spell(PolesRequest(2, "illusion", techniques=["silent"]))  # 5 × 5/4 = 25/4 mana
    assert (silent.possible, silent.cost, silent.exact) == (True, 4, Fraction(25, 8))
    slot = poles_spell(PolesRequest(2, "illusion", slot=True, techniques=["still"]))  # surcharge 5/4 mana
    assert slot.cost == 1
    counter = poles_spell(PolesRequest(3, "illusion", counter=Counter(not_known=True, spent=3)))
    assert counter.counter_cost == 6  # 7 + 1 + 3 = 11 mana → 6 hold
    assert counter_cost(3, Tradition.illusion, spent=3, hold_rate=5) == 2  # 10 mana
    # the GM's rate
    assert poles_spell(PolesRequest(4, "illusion"), hold_rate=3).cost == 3
    assert poles_spell(PolesRequest(4, "profane"), hold_rate=3).hold_rate is None
    hold = illusion_hold(3, 4, uncovered=2)
    assert (hold.within, hold.resaves, hold.resave_bonus) == (True, 2, 5)
    assert not illusion_hold(5, 4).within


def test_counterspell_cost():
    assert counter_cost(3, Tradition.profane) == 7
    assert counter_cost(3, Tradition.divine, other_class=True, spent=5) == 3 + 2 + 5
    assert counter_cost(3, Tradition.profane, not_known=True, spent=2) == 7 + 1 + 2
    spell = poles_spell(PolesRequest(3, "profane", counter=Counter(not_known=True, spent=4)))
    assert spell.counter_cost == 12 and spell.identify_dc == 18
    with pytest.raises(RulesError) as error:
        Counter(other_class=True, not_known=True)
    assert error.value.field == "not_known"
    swift = poles_spell(PolesRequest(1, "profane", slot=True, techniques=["quicken"], counter=Counter()))
    assert not swift.possible and "swift" in swift.reason.en


def test_body_magic_heals_one_per_two_spent():
    assert body_healing(7) == 3
    assert poles_spell(PolesRequest(3, "body")).heals == 3


def test_blood_mana_dice_past_the_limit_and_past_the_pool():
    blood = blood_mana(12, 8, 10)
    assert (blood.past_limit, blood.past_pool, blood.hp_dice, blood.backlash) == (4, 2, 6, None)
    calm = blood_mana(5, 8, 10, 99)
    assert (calm.hp_dice, calm.backlash, calm.backlash_roll) == (0, Backlash.none, None)


def test_tolerant_backlash_reads_table_2():
    assert (
        blood_mana(24, 10, 30, 62, tolerant=HouseRules(tolerant_backlash=True).tolerant_backlash).backlash
        is Backlash.exhausted
    )
    assert backlash(3, 55) is Backlash.fatigued and backlash(3, 55, tolerant=True) is Backlash.none
    assert backlash(25, 76) is Backlash.unconscious and backlash(25, 91, tolerant=True) is Backlash.unconscious


def test_the_d100_can_be_rolled_with_the_injected_source():
    import random

    rolled = blood_mana(20, 10, 30, rng=random.Random(1))
    assert 1 <= rolled.d100 <= 100 and rolled.backlash is not None
    assert rolled == blood_mana(20, 10, 30, random.Random(1).randint(1, 100))


def test_parsing_techniques_and_enhancements():
    assert parse_technique("quicken:nofeat") == Applied(Technique.quicken, feat=False)
    assert parse_enhance("range=2, dice=3") == Enhancements(range=2, dice=3)
    for bad, field in (("fireball", "technique"), ("quicken:maybe", "technique")):
        with pytest.raises(RulesError) as error:
            parse_technique(bad)
        assert error.value.field == field
    for bad in ("speed=2", "range=x", "range=-1", "range", "range=1,range=2"):
        with pytest.raises(RulesError) as error:
            parse_enhance(bad)
        assert error.value.field == "enhance"


def test_refusals_name_the_field_in_both_languages():
    with pytest.raises(RulesError) as error:
        PolesRequest(10, "profane")
    assert error.value.field == "level" and "entre 0 et 9" in error.value.text("fr")
    with pytest.raises(RulesError) as error:
        PolesRequest(1, "astral")
    assert error.value.field == "tradition"
    with pytest.raises(RulesError) as error:
        blood_mana(12, 8, 10, 101)
    assert error.value.field == "d100"


# --- invariants ---------------------------------------------------------------------------------

PAID = st.sampled_from([Tradition.profane, Tradition.divine, Tradition.body])
APPLIED = st.builds(
    Applied, st.sampled_from([t for t in Technique if TECHNIQUES[t].without_feat]), st.booleans()
) | st.builds(Applied, st.sampled_from(list(Technique)))
ENHANCE = st.builds(
    Enhancements,
    range=st.integers(0, 8),
    duration=st.integers(0, 8),
    area=st.integers(0, 8),
    dice=st.integers(0, 5),
    dispel=st.integers(0, 4),
)


@st.composite
def requests(draw, tradition=PAID):
    enhance = draw(ENHANCE)
    return PolesRequest(
        draw(st.integers(0, 8)), draw(tradition), slot=draw(st.booleans()), damage=True, summoning=draw(st.booleans()),
        fluid=draw(st.booleans()), blood=draw(st.booleans()), caster_level=5, mod=draw(st.integers(-2, 6)), enhance=enhance,
        techniques=draw(st.lists(APPLIED, max_size=4)),
    )  # fmt: skip


@pytest.mark.slow
@settings(deadline=None)  # no timing: a loaded machine must not fail it
@given(requests())
def test_every_cost_is_at_least_0_and_segments_never_negative(request):
    spell = poles_spell(request)
    assert spell.cost is not None and spell.cost >= 0 and spell.cost >= spell.exact
    assert spell.segments.incantation >= 0 and spell.segments.recovery >= 0
    assert spell.swift == (spell.segments.total == 0)


@settings(deadline=None)  # no timing: a loaded machine must not fail it
@given(requests())
def test_the_cost_never_falls_for_one_more_level(request):
    higher = poles_spell(PolesRequest(**{**_fields(request), "level": request.level + 1}))
    assert higher.cost >= poles_spell(request).cost


@settings(deadline=None)  # no timing: a loaded machine must not fail it
@given(requests(), st.sampled_from(["range", "duration", "area", "dice", "dispel"]), st.integers(1, 3))
def test_the_cost_never_falls_for_an_enhancement(request, key, more):
    enhance = Enhancements(
        **{**_fields(request.enhance), key: min(getattr(request.enhance, key) + more, 5 if key == "dice" else 99)}
    )
    assert poles_spell(PolesRequest(**{**_fields(request), "enhance": enhance})).cost >= poles_spell(request).cost


@settings(deadline=None)  # no timing: a loaded machine must not fail it
@given(requests(), APPLIED, st.integers(0, 4))
def test_the_cost_never_falls_for_a_technique_added_anywhere(request, applied, where):
    techniques = list(request.techniques)
    techniques.insert(min(where, len(techniques)), applied)
    assert poles_spell(PolesRequest(**{**_fields(request), "techniques": techniques})).cost >= poles_spell(request).cost


@settings(deadline=None)  # no timing: a loaded machine must not fail it
@given(requests())
def test_techniques_are_applied_in_the_order_given(request):
    spell = poles_spell(request)
    assert [step.applied for step in spell.steps] == list(request.techniques)
    engaged = [step.before for step in spell.steps[1:]]
    assert engaged == [step.after for step in spell.steps[:-1]]
    assert all(step.after == step.before * step.factor for step in spell.steps)
    named = [line.en.split(" (")[0] for line in spell.breakdown if " %: " in line.en]
    assert named == [a.technique.label("en") for a in request.techniques]


@settings(deadline=None)  # no timing: a loaded machine must not fail it
@given(st.integers(0, 60), st.integers(0, 30), st.integers(1, 100), st.booleans())
def test_a_backlash_is_never_milder_for_more_forced_mana(mana, limit, d100, tolerant):
    now = blood_mana(mana, limit, 200, d100, tolerant=tolerant).backlash
    more = blood_mana(mana + 1, limit, 200, d100, tolerant=tolerant).backlash
    assert more.severity >= now.severity
    assert (
        blood_mana(mana, limit, 200, d100, tolerant=True).backlash.severity
        <= blood_mana(mana, limit, 200, d100).backlash.severity
    )


def _fields(value) -> dict:
    import attrs

    return {f.name: getattr(value, f.name) for f in attrs.fields(type(value))}


@settings(deadline=None)  # no timing: a loaded machine must not fail it
@given(requests())
def test_hiding_the_fractions_changes_how_the_breakdown_writes_never_a_figure(request):
    """Issue 26 item 4: the tab's default (fractions hidden) writes the steps in decimals; every
    figure of the result is the one ``calc`` prints, and only lines with a fraction differ."""
    exact, hidden = poles_spell(request), poles_spell(request, fractions=False)
    assert attrs.evolve(hidden, breakdown=exact.breakdown) == exact
    assert len(hidden.breakdown) == len(exact.breakdown)
    for shown, written in zip(hidden.breakdown, exact.breakdown, strict=True):
        if shown.en != written.en:  # a technique's step, the surcharge, the rounding: its fraction gone
            assert "/" in written.en and "/" not in shown.en + shown.fr, (shown, written)
        else:  # the same, or its French decimal written with a comma
            assert shown.fr == written.fr or shown.fr.replace(",", ".") == written.fr.replace(",", "."), shown


def test_the_hidden_fractions_read_in_decimals_with_a_french_comma():
    request = PolesRequest(
        3, Tradition.profane, techniques=(Applied(Technique.quicken), Applied(Technique.heighten_save))
    )
    lines = [line.text(lang) for line in poles_spell(request, fractions=False).breakdown for lang in ("en", "fr")]
    assert "quicken (feat) 133 %: 7 → ≈9.33" in lines
    assert "heighten save (feat) 125 %: ≈9.33 → ≈11.67" in lines
    assert any(line.endswith(": 7 → ≈9,33") for line in lines)
    assert "cost: ceil(≈11.67) = 12 mana" in lines and "coût : arrondi sup.(≈11,67) = 12 mana" in lines


# --- issue 35 item 4: deadly absorption is escaped with Intelligence ----------------------------

#: Seed ``002_…`` l.62, the technique's row.
SEED_ABSORPTION = "Vigueur 10 + niveau du sort + Intelligence pour y échapper"


def test_deadly_absorption_is_escaped_with_intelligence_not_the_casting_modifier():
    """SEED_ABSORPTION: a divine caster's modifier (Wisdom 3) sets the save DC, not the escape."""
    divine = poles_spell(PolesRequest(3, "divine", mod=3, intelligence=1, techniques=["absorption"]))
    assert (divine.save_dc, divine.absorption_dc) == (16, 14)
    assert "deadly absorption: Vigour DC 10 + 3 + Intelligence 1 = 14 to escape" in [ln.en for ln in divine.breakdown]
    assert "absorption funeste : Vigueur 10 + 3 + Intelligence 1 = 14 pour y échapper" in [
        ln.fr for ln in divine.breakdown
    ]
    # Without the caster's Intelligence: none (a divine caster's modifier is his Wisdom)…
    unknown = poles_spell(PolesRequest(3, "divine", mod=3, techniques=["absorption"]))
    assert unknown.absorption_dc is None
    assert "deadly absorption: Vigour DC 10 + 3 + the caster's Intelligence to escape, not given" in [
        ln.en for ln in unknown.breakdown
    ]
    # … but a profane caster casts with Intelligence: his modifier is it.
    assert poles_spell(PolesRequest(3, "profane", mod=4, techniques=["absorption"])).absorption_dc == 17
    assert poles_spell(PolesRequest(3, "profane", mod=4, intelligence=2, techniques=["absorption"])).absorption_dc == 15
    assert poles_spell(PolesRequest(3, "profane", mod=4, intelligence=2)).absorption_dc is None


def test_the_evoker_casts_his_first_evocation_with_2_segments_fewer():
    """Seed 002 l.163: « Au niveau 5, l'évocateur lance son premier sort d'évocation de chaque
    combat avec 2 segments de moins, retirés d'abord de la récupération. Un sort qui ne coûtait que
    2 segments tombe donc à zéro : il devient un sort en action rapide »."""
    two = poles_spell(PolesRequest(2, "profane", slot=True, evoker=True))
    assert (two.segments, two.swift, two.cost) == (Segments(0, 0), True, 0)  # free: not metamagic
    five = poles_spell(PolesRequest(5, "profane", slot=True, damage=True, evoker=True))
    assert five.segments == Segments(2, 1)  # 2 + 3 → recovery first: 2 + 1
    both = poles_spell(PolesRequest(5, "profane", slot=True, damage=True, evoker=True, techniques=["quicken"]))
    assert both.segments == Segments(1, 0)  # quicken 2 + 1, then the evoker's 2 more
    assert any(line.fr.startswith("évocateur (niveau 5+)") for line in both.breakdown)
    assert not poles_spell(PolesRequest(2, "divine", evoker=True)).possible  # a wizard's specialisation
