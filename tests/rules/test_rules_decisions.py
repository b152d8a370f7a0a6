"""Issue 7: rules the engine misread or left to the GM's memory (RULES 1.3–1.7), one test per item
through the engine (the calculator's JSON is in test_calc.py, the app in test_tui_rules.py)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.actions import (
    AttackNamedGroup,
    CastSpell,
    ChangeShadow,
    DefendOpponent,
    Exhaust,
    SetStigmaEffect,
    apply,
)
from core.campaign import Campaign
from core.characteristics import CHARACTERISTICS, Characteristics
from core.combat import Grade, attack_named_group
from core.damage import Vital
from core.demo import demo_campaign
from core.errors import RulesError
from core.magic import SpellRequest, exhaustion, resist, victims_paid
from core.mooks import MookGroup
from core.roster import new_character
from core.shadow import EffectKind, MarkLevel, Shadow, StigmaEffect
from core.stigmata import COMPULSION_SHADOW, set_effect
from tests.present import present


@pytest.fixture
def demo() -> Campaign:
    return demo_campaign()


def _pc(campaign: Campaign, key: str, **changes) -> Campaign:
    return campaign.with_character(attrs.evolve(campaign.character(key), **changes))


# --- item 1: pugilat on a downed target (RULES 1.6) ---------------------------------------------


def test_item1_pugilat_on_a_downed_target_is_lethal_through_the_engine(demo) -> None:
    from core.actions import Damage

    c = _pc(demo, "capitaine", hp=6, bruise=6, armour=0)
    assert c.character("capitaine").state is Vital.KNOCKED_OUT
    after = apply(c, Damage(("capitaine",), 4, pugilat=True))
    assert after.campaign.character("capitaine").hp == 2
    assert any("lethal" in x.en for x in after.breakdown)
    dying = apply(_pc(demo, "capitaine", hp=0, armour=0), Damage(("capitaine",), 4, pugilat=True))
    assert dying.campaign.character("capitaine").hp == -4


# --- item 2: victims = targets paid (RULES 1.7) ------------------------------------------------------


def _mage_and_mooks() -> Campaign:
    alduin = new_character("alduin", "Alduin", Characteristics(corps=3, ame=10), mystic=True, shadow=0)
    foes = tuple(new_character(f"f{i}", f"Foe {i}", Characteristics(corps=5), pc=False) for i in range(3))
    return Campaign("t", roster=(alduin, *foes), groups=(MookGroup("g", "Gardes", Grade.STANDARD, 5, 5),))


def test_item2_a_spell_hits_as_many_victims_as_it_paid_for() -> None:
    c = _mage_and_mooks()
    assert [victims_paid(n) for n in (0, 1, 2, 3, 5, 10)] == [1, 1, 2, 3, 5, 100]
    three = apply(c, CastSpell("alduin", SpellRequest(1, targets=3), victims=("g",), aimed=(("g", 3),)))
    assert three.campaign.group("g").standing == 2  # a 3-target spell at one group fells 3 mooks
    with pytest.raises(RulesError) as refused:
        apply(c, CastSpell("alduin", SpellRequest(1), victims=("g",), aimed=(("g", 3),)))
    assert (
        refused.value.field == "victims" and "1 target" in refused.value.reason and "3 victims" in refused.value.reason
    )
    with pytest.raises(RulesError, match="paid for 2"):
        apply(c, CastSpell("alduin", SpellRequest(1, targets=2), victims=("f0", "f1", "f2")))
    mixed = apply(c, CastSpell("alduin", SpellRequest(1, targets=3), victims=("f0", "g"), aimed=(("g", 2),)))
    assert mixed.campaign.group("g").standing == 3 and mixed.campaign.character("f0").hp == 9
    one = apply(c, CastSpell("alduin", SpellRequest(1), victims=("g",)))
    assert one.campaign.group("g").standing == 4  # a group listed once, without a count: one mook


# --- item 3: resistance scores the pm spent (RULES 1.7) -----------------------------------------------


def test_item3_resistance_scores_the_pm_spent() -> None:
    # "Il dépense 5 points de magie … un score final de 8 (5 +3)": a 5 pm spell, kult +3
    first = resist(5, 3, Characteristics(esprit=2, ame=10), "mind")
    assert (first.pm, first.score, first.resisted) == (5, 8, True)
    # "Il dépense 8 points de magie ; son adversaire a un score en esprit de 3"
    second = resist(SpellRequest(4, duration=1, range=1, targets=2).total, 0, Characteristics(esprit=3), "mind")
    assert (second.pm, second.score, second.spell_wins) == (8, 8, True)
    assert "pm spent" in second.breakdown[0].en and "pm dépensés" in second.breakdown[0].fr


# --- item 4: mystical exhaustion (RULES 1.7) ----------------------------------------------------------


def test_item4_mystical_exhaustion_is_for_mystics_only_and_capped(demo) -> None:
    with pytest.raises(RulesError, match="not a mystic"):
        apply(demo, Exhaust("segiere", 2, 0))
    with pytest.raises(RulesError) as capped:
        exhaustion(0, 10, 10, 6, 5, False, max_pm=9)
    assert capped.value.field == "from_hp" and "max of 9" in capped.value.reason
    with pytest.raises(RulesError, match="only a mystic"):
        exhaustion(0, 10, 10, 1, 0, False, max_pm=0)
    c = _pc(demo, "alduin", pm=0)
    with pytest.raises(RulesError, match="max of 9"):
        apply(c, Exhaust("alduin", 5, 5))
    full = apply(c, Exhaust("alduin", 5, 4)).campaign.character("alduin")
    assert full.pm == full.max_pm == 9


# --- item 5: stigmata change the character (RULES 1.3) -----------------------------------------------


def test_item5_stigma_effects_are_applied_and_a_grace_gives_them_back(demo) -> None:
    c = _pc(demo, "alduin", shadow=Shadow(7))
    alduin = c.character("alduin")
    before = (
        alduin.characteristics,
        alduin.max_hp,
        alduin.max_willpower,
        alduin.max_pm,
        alduin.max_intensity,
        alduin.initiative,
    )
    # minor stigma, weakening âme −1: max pm 9 → 8, max intensity 5 → 4, pm follows
    weak = apply(c, ChangeShadow("alduin", "voluntary_stigma", effect=StigmaEffect(EffectKind.weakening, "ame")))
    a = weak.campaign.character("alduin")
    assert (a.characteristics.ame, a.max_pm, a.max_intensity, a.pm) == (3, 8, 4, 8)
    assert present(a.shadow).stigmata[0].permanent == StigmaEffect(EffectKind.weakening, "ame", taken=1)
    assert any("weakening" in x.en for x in weak.lines)
    # the grace cancels that stigma: âme back
    back = apply(weak.campaign, ChangeShadow("alduin", "voluntary_grace")).campaign.character("alduin")
    assert not present(back.shadow).stigmata and not present(back.shadow).graces
    assert (
        back.characteristics,
        back.max_hp,
        back.max_willpower,
        back.max_pm,
        back.max_intensity,
        back.initiative,
    ) == before
    # a second stigma is major: permanent wound −4 max HP, current HP follows
    c2 = _pc(demo, "segiere", shadow=Shadow(10))
    one = apply(c2, ChangeShadow("segiere", "voluntary_stigma", effect=StigmaEffect(EffectKind.wavering_will))).campaign
    one = _pc(one, "segiere", shadow=attrs.evolve(present(one.character("segiere").shadow), value=9))
    two = apply(one, ChangeShadow("segiere", "gm", 3)).campaign  # overflow: 12 → 7, a major stigma
    seg = two.character("segiere")
    assert (
        present(seg.shadow).stigmata[1].level is MarkLevel.major and present(seg.shadow).stigmata[1].permanent is None
    )
    wounded = apply(two, SetStigmaEffect("segiere", 1, StigmaEffect(EffectKind.wound))).campaign.character("segiere")
    assert (wounded.max_hp, wounded.hp, wounded.max_willpower) == (14 - 4, 10, 8 - 2)


def test_item5_a_compulsion_keeps_its_level_and_resisting_it_gives_its_shadow(demo) -> None:
    c = _pc(demo, "brunvir", shadow=Shadow(6))
    c = apply(
        c, ChangeShadow("brunvir", "voluntary_stigma", effect=StigmaEffect(EffectKind.compulsion, text="le jeu"))
    ).campaign
    mark = present(c.character("brunvir").shadow).stigmata[0]
    assert mark.compulsion and present(mark.permanent).describe("fr") == "compulsion: le jeu"
    delta = COMPULSION_SHADOW[mark.level]
    after = apply(c, ChangeShadow("brunvir", "resist_compulsion", delta, note="le jeu")).campaign.character("brunvir")
    assert (delta, present(after.shadow).value) == (1, 2)


def test_item5_an_effect_without_a_stigma_is_refused(demo) -> None:
    with pytest.raises(RulesError) as refused:
        apply(demo, ChangeShadow("alduin", "story_element", 1, effect=StigmaEffect(EffectKind.mark)))
    assert refused.value.field == "effect"
    with pytest.raises(RulesError, match="characteristic"):
        apply(
            _pc(demo, "alduin", shadow=Shadow(6)),
            ChangeShadow("alduin", "voluntary_stigma", effect=StigmaEffect(EffectKind.weakening)),
        )


EFFECTS = st.one_of(
    st.builds(StigmaEffect, st.just(EffectKind.weakening), st.sampled_from(CHARACTERISTICS)),
    st.builds(
        StigmaEffect,
        st.sampled_from([k for k in EffectKind if k is not EffectKind.weakening]),
        text=st.text(max_size=5),
    ),
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 12), min_size=4, max_size=4),
    st.integers(0, 6),
    st.integers(0, 6),
    st.integers(0, 2),
    EFFECTS,
)
def test_item5_applying_then_cancelling_any_stigma_leaves_the_character_as_it_was(
    values, hp_loss, wp_loss, held, effect
) -> None:
    """Hypothesis (RULES 1.3): a stigma with its effect, then a grace that cancels it → the same
    characteristics, max HP and max willpower."""
    chars = Characteristics(*values)
    base = new_character("pc", "PC", chars, mystic=True, shadow=6)
    hp_loss = min(hp_loss, base.max_hp - 1)
    wp_loss = min(wp_loss, base.max_willpower)
    from core.shadow import Mark, MarkKind

    older = tuple(Mark(MarkKind.stigma, "minor") for _ in range(held))
    pc = attrs.evolve(base, hp_loss=hp_loss, willpower_loss=wp_loss, shadow=Shadow(6, stigmata=older))
    campaign = Campaign("t", roster=(pc,))
    before = (pc.characteristics, pc.max_hp, pc.max_willpower)
    marked = apply(campaign, ChangeShadow("pc", "voluntary_stigma", effect=effect)).campaign
    assert len(present(marked.character("pc").shadow).stigmata) == held + 1
    cancelled = apply(marked, ChangeShadow("pc", "voluntary_grace")).campaign.character("pc")
    assert len(present(cancelled.shadow).stigmata) == held
    assert (cancelled.characteristics, cancelled.max_hp, cancelled.max_willpower) == before


def test_item5_changing_a_stigmas_effect_gives_the_old_one_back_first(demo) -> None:
    c = _pc(demo, "alduin", shadow=Shadow(6))
    c = apply(
        c, ChangeShadow("alduin", "voluntary_stigma", effect=StigmaEffect(EffectKind.weakening, "corps"))
    ).campaign
    a, _ = set_effect(c.character("alduin"), 0, StigmaEffect(EffectKind.weakening, "esprit"))
    assert (a.characteristics.corps, a.characteristics.esprit) == (3, 4)


# --- item 6: a PC's defence roll against one attacker (RULES 1.5) -------------------------------------


def test_item6_a_pc_defending_against_one_attacker_rolls_like_any_check(demo) -> None:
    seg = demo.character("segiere")
    # defence 9 + kult −9 (critical failure) against the attack's 14: 2 failure ranks → weapon 1 + 2 = 3
    failed = apply(demo, DefendOpponent("segiere", 14, 9, (-9,), attacker="capitaine"))
    after = failed.campaign.character("segiere")
    assert after.armour == seg.armour - 3 and present(after.shadow).value == present(seg.shadow).value - 1
    # a reroll and a favourable affect move the PC's shadow: +1 +1
    held = apply(demo, DefendOpponent("segiere", 14, 9, (2, 4), attacker="capitaine", affect=1))
    kept = held.campaign.character("segiere")
    assert kept.armour == seg.armour and present(kept.shadow).value == present(seg.shadow).value + 2
    static = apply(demo, DefendOpponent("segiere", 14, 15))
    assert static.campaign.character("segiere") == seg  # no dice: the static score holds
    magic = apply(demo, DefendOpponent("segiere", 14, 4, (0,), weapon="magic"))
    assert magic.campaign.character("segiere").armour == seg.armour - 4  # magic 2 + 2 ranks


# --- item 7: a group that is not mooks (RULES 1.5) ----------------------------------------------------


def test_item7_an_attack_on_a_group_of_named_npcs_touches_one_plus_ranks(demo) -> None:
    npcs = tuple(new_character(f"n{i}", f"Garde {i}", Characteristics(corps=5), pc=False) for i in range(4))
    c = attrs.evolve(demo, roster=(*demo.roster, *npcs))
    members = tuple(n.id for n in npcs)
    assert attack_named_group(22, "veteran", 4).touched == 3 and attack_named_group(22, "veteran", 2).touched == 2
    action = AttackNamedGroup(members, Grade.VETERAN, 17, (5,), touched=("n3",), attacker="morvan")
    assert action.victims(c)[:2] == (("n3", "n0", "n1"), 1)  # margin 12: 2 ranks → 3 touched, GM's pick first
    after = apply(c, action).campaign
    assert [after.character(k).hp for k in members] == [9, 9, 10, 9]
    magic = apply(c, attrs.evolve(action, weapon="magic", touched=())).campaign
    assert [magic.character(k).hp for k in members] == [8, 8, 8, 10]
    apply(c, attrs.evolve(action, dice=(-2,), touched=("n0", "n1")))  # margin 5: 1 rank → 2 touched
    spared = apply(c, attrs.evolve(action, dice=(-2,), touched=("n2", "n1", "n0")))  # 1 rank: 2 touched
    assert [spared.campaign.character(k).hp for k in members] == [10, 9, 9, 10]
    assert any("3 picked, the hit touches 2" in x.en for x in spared.breakdown)
    with pytest.raises(RulesError) as refused:
        apply(c, attrs.evolve(action, touched=("arsouille",)))
    assert refused.value.field == "touched"
    miss = apply(c, attrs.evolve(action, dice=(-9,))).campaign
    assert all(miss.character(k).hp == 10 for k in members)


# --- item 8: a mook group's initiative (RULES 1.4) ----------------------------------------------------


def test_item8_a_mook_groups_initiative_defaults_to_its_grade() -> None:
    assert [MookGroup("g", "G", grade, 3, 3).initiative for grade in Grade] == [0, 5, 10, 15]
    assert MookGroup("g", "G", Grade.ELITE, 3, 3, initiative=2).initiative == 2
