"""core.scores: a character's score from what the GM says applies, each part in the breakdown."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.characteristics import CHARACTERISTICS, Characteristics
from core.demo import demo_roster
from core.errors import RulesError
from core.roster import Trade, new_character
from core.scores import Applies, character_score

ROSTER = {c.id: c for c in demo_roster()}


def test_e1_arsouille_climbs_corps_voleur_cambrioleur_is_9_each_part_named():
    s = character_score(ROSTER["arsouille"], "corps", Applies(trade=True, speciality=True))
    assert s.value == 9
    assert s.breakdown[0].en == "corps 4 + voleur (trade) 3 + cambrioleur (speciality) 2 = 9"
    assert s.breakdown[0].fr == "corps 4 + voleur (métier) 3 + cambrioleur (spécialisation) 2 = 9"


def test_e2_arsouille_with_a_favourable_affect_is_14_and_says_the_shadow():
    s = character_score(ROSTER["arsouille"], "corps", Applies(True, True), affect=1)
    assert (s.value, s.shadow_delta) == (14, 1)
    assert "+ favourable affect 5 = 14" in s.breakdown[0].en
    assert s.breakdown[1].fr == "affect : +1 ombre"


def test_nothing_applies_unless_the_gm_says_so():
    brunvir = ROSTER["brunvir"]
    assert character_score(brunvir).value == 11
    assert character_score(brunvir).breakdown[0].en == "combat 11"
    assert (
        character_score(brunvir, applies=Applies(trade=True)).breakdown[0].en
        == "combat 11 + guerrière de Dasein (trade) 3 = 14"
    )
    assert character_score(brunvir, applies=Applies(True, True)).value == 16


def test_several_specialities_are_all_named_as_candidates():
    s = character_score(ROSTER["alduin"], applies=Applies(True, True))
    assert (
        s.breakdown[0].en == "combat 2 + mage (trade) 3 + pyromancie/oniromancie/domination mentale (speciality) 2 = 7"
    )


def test_with_a_speciality_only_trades_that_have_one_are_named():
    c = new_character(
        "x", "Xavière", Characteristics(3, 3, 4, 1), trades=(Trade("paysanne"), Trade("soldat", ("lance",)))
    )
    assert character_score(c, applies=Applies(True)).breakdown[0].en == "combat 4 + paysanne/soldat (trade) 3 = 7"
    assert (
        character_score(c, applies=Applies(True, True)).breakdown[0].en
        == "combat 4 + soldat (trade) 3 + lance (speciality) 2 = 9"
    )


def test_a_trade_the_character_lacks_is_refused_naming_the_field_in_both_languages():
    bare = new_character("y", "Yvon", Characteristics(3, 3, 4, 1))
    with pytest.raises(RulesError) as refused:
        character_score(bare, applies=Applies(trade=True))
    assert refused.value.field == "trade" and refused.value.text("fr") == "trade : Yvon n'a pas de métier"
    peasant = new_character("z", "Zoé", Characteristics(3, 3, 4, 1), trades=(Trade("paysanne"),))
    with pytest.raises(RulesError, match="speciality: Zoé has no speciality"):
        character_score(peasant, applies=Applies(True, True))


def test_a_speciality_without_its_trade_and_an_unknown_characteristic_are_refused():
    with pytest.raises(RulesError, match="speciality: a speciality belongs to a trade"):
        Applies(trade=False, speciality=True)
    with pytest.raises(RulesError, match="trade: must be true or false"):
        Applies(trade=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="characteristic: unknown characteristic 'force'"):
        character_score(ROSTER["brunvir"], "force")


def test_ticking_the_speciality_ticks_its_trade_and_unticking_the_trade_unticks_both():
    assert Applies().with_speciality(True) == Applies(True, True)
    assert Applies(True, True).with_trade(False) == Applies()
    assert Applies(True, True).with_speciality(False) == Applies(True, False)


@given(
    st.sampled_from(CHARACTERISTICS),
    st.tuples(*[st.integers(0, 30)] * 4),
    st.booleans(),
    st.booleans(),
    st.sampled_from((-1, 0, 1)),
)
def test_the_score_is_the_sum_of_the_parts_it_lists(characteristic, values, trade, speciality, affect):
    c = new_character("h", "Hyp", Characteristics(*values), trades=(Trade("soldat", ("épée",)),))
    s = character_score(c, characteristic, Applies(trade, speciality and trade), affect=affect)
    assert s.value == sum(term.value for term in s.terms)
    assert (
        s.value == values[CHARACTERISTICS.index(characteristic)] + 3 * trade + 2 * (speciality and trade) + 5 * affect
    )
    if len(s.terms) > 1:
        assert s.breakdown[0].en.endswith(f"= {s.value}")
