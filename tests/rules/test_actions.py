"""GM actions on the demo campaign: each changes only what the rules say, or is refused."""

from __future__ import annotations

import attrs
import pytest

from core.actions import (
    FAMILIES,
    AddCharacter,
    AddGroup,
    AdjustPm,
    AttackGroup,
    AttackOpponent,
    AwardXp,
    CastSpell,
    ChangeShadow,
    Damage,
    DefendGroup,
    EndEncounter,
    Exhaust,
    Heal,
    NeedsConfirmation,
    NewSession,
    RaiseCharacteristic,
    Remove,
    RepairArmour,
    Rest,
    Roll,
    SetHidden,
    SetStanding,
    apply,
)
from core.characteristics import Characteristics
from core.errors import RulesError
from core.magic import SpellRequest
from core.mooks import MookGroup
from core.roster import new_character
from core.shadow import Mark, Shadow
from tests.present import present


def test_e10_morvan_fells_three_veterans(demo) -> None:
    outcome = apply(demo, AttackGroup("veterans", 17, (5,), attacker="morvan", affect=1))
    assert outcome.campaign.group("veterans").standing == 9
    assert present(outcome.campaign.character("morvan").shadow).value == 5  # favourable affect: +1
    assert any("3 felled" in ln.en for ln in outcome.breakdown)


def test_attack_on_a_group_never_fells_more_than_stand(demo) -> None:
    demo = demo.with_group(attrs.evolve(demo.group("veterans"), standing=2))
    outcome = apply(demo, AttackGroup("veterans", 30, (5,), attacker="brunvir"))
    assert outcome.campaign.group("veterans").standing == 0
    with pytest.raises(RulesError, match="group"):
        apply(outcome.campaign, AttackGroup("veterans", 30, (5,)))


def test_reroll_adds_a_die_and_a_shadow_point(demo) -> None:
    outcome = apply(demo, AttackGroup("veterans", 5, (1, 6), attacker="arsouille"))
    assert outcome.campaign.group("veterans").standing == 11
    assert present(outcome.campaign.character("arsouille").shadow).value == 4


def test_critical_failure_costs_a_shadow_point(demo) -> None:
    outcome = apply(demo, Roll("arsouille", 9, 10, (-9,)))
    assert present(outcome.campaign.character("arsouille").shadow).value == 2


def test_e11_morvan_defends_against_three_veterans(demo) -> None:
    outcome = apply(demo, DefendGroup("morvan", "veteran", 3, 7))
    morvan = outcome.campaign.character("morvan")
    # 3 damage: light armour takes 1, then 2 real HP.
    assert (morvan.armour, morvan.hp) == (0, morvan.max_hp - 2)


def test_e12_segiere_armour_takes_the_first_four(demo) -> None:
    segiere = demo.character("segiere")
    assert (segiere.max_hp, segiere.max_armour) == (14, 4)
    after = apply(demo, Damage(("segiere",), 4)).campaign.character("segiere")
    assert (after.armour, after.hp) == (0, 14)
    after = apply(demo, Damage(("segiere",), 6)).campaign.character("segiere")
    assert (after.armour, after.hp) == (0, 12)


def test_damage_to_a_group_fells_one_mook_per_target_hit(demo) -> None:
    outcome = apply(demo, Damage(("veterans", "segiere"), 3))
    assert outcome.campaign.group("veterans").standing == 11
    assert outcome.campaign.character("segiere").armour == 1


def test_pugilat_bruises_and_knocks_out_and_end_of_fight_heals_bruising(demo) -> None:
    demo = demo.with_character(attrs.evolve(demo.character("romuald"), hp=3))
    c = apply(demo, Damage(("romuald",), 6, pugilat=True)).campaign
    romuald = c.character("romuald")
    assert (romuald.hp, romuald.bruise, romuald.state.value) == (1, 4, "knocked_out")
    romuald = apply(c, EndEncounter()).campaign.character("romuald")
    assert romuald.bruise == 0


def test_heal_repair_and_rest(demo) -> None:
    c = apply(demo, Damage(("segiere",), 7)).campaign
    c = apply(c, Heal(("segiere",), 10)).campaign
    assert c.character("segiere").hp == 14
    c = apply(c, RepairArmour("segiere", 2)).campaign
    assert c.character("segiere").armour == 2
    c = apply(c, Damage(("segiere",), 5, bypass_armour=True)).campaign
    c = apply(c, Rest(("segiere",), 2)).campaign
    assert c.character("segiere").hp == 11


def test_duel_hit_costs_weapon_damage_plus_ranks(demo) -> None:
    outcome = apply(demo, AttackOpponent("brunvir", "capitaine", 16, 14, (8,), weapon="magic"))
    capitaine = outcome.campaign.character("capitaine")
    # margin 10: 2 ranks, magic weapon 2 + 2 = 4 damage, all on 4 armour points.
    assert capitaine.armour == 0 and capitaine.hp == capitaine.max_hp


def test_e14_pyromancy_costs_eight_and_burns_each_foe_for_five() -> None:
    alduin = new_character("alduin", "Alduin", Characteristics(corps=3, ame=10), mystic=True, shadow=0)
    foes = tuple(new_character(f"f{i}", f"Foe {i}", Characteristics(corps=5), pc=False) for i in range(3))
    from core.campaign import Campaign

    c = Campaign("t", roster=(alduin, *foes))
    outcome = apply(c, CastSpell("alduin", SpellRequest(5, targets=3), victims=("f0", "f1", "f2")))
    assert outcome.campaign.character("alduin").pm == 15 - 8
    assert all(outcome.campaign.character(f"f{i}").hp == 10 - 5 for i in range(3))


def test_e3_inspired_alduin_gains_shadow_to_exceed_max_intensity(demo) -> None:
    with pytest.raises(RulesError, match="inspired"):
        apply(demo, CastSpell("alduin", SpellRequest(9)))
    outcome = apply(demo, CastSpell("alduin", SpellRequest(9), inspired=True))
    alduin = outcome.campaign.character("alduin")
    assert (alduin.pm, present(alduin.shadow).value) == (0, 4)


def test_spell_the_caster_cannot_pay_is_refused(demo) -> None:
    with pytest.raises(RulesError, match="pm"):
        apply(demo, CastSpell("alduin", SpellRequest(5, duration=5), inspired=True))


def test_exhaustion_once_per_session(demo) -> None:
    c = apply(demo, AdjustPm("alduin", -9)).campaign
    c = apply(c, Exhaust("alduin", from_hp=2, from_willpower=2)).campaign
    alduin = c.character("alduin")
    assert (alduin.pm, alduin.hp, present(alduin.shadow).value) == (4, 6, 4)
    c = apply(c, AdjustPm("alduin", -4)).campaign
    with pytest.raises(RulesError, match="session"):
        apply(c, Exhaust("alduin", from_hp=1))
    c = apply(c, NewSession()).campaign
    assert apply(c, Exhaust("alduin", from_hp=1)).campaign.character("alduin").pm == 1


def test_sixth_stigma_needs_confirmation_then_makes_an_npc(demo) -> None:
    marks = tuple(Mark("stigma", lvl) for lvl in ("minor", "major", "supreme", "supreme", "supreme"))
    demo = demo.with_character(attrs.evolve(demo.character("morvan"), shadow=Shadow(value=10, stigmata=marks)))
    with pytest.raises(NeedsConfirmation):
        apply(demo, ChangeShadow("morvan", "story_element", 2))
    morvan = apply(demo, ChangeShadow("morvan", "story_element", 2, confirm=True)).campaign.character("morvan")
    assert not morvan.pc and len(present(morvan.shadow).stigmata) == 6


def test_shadow_change_goes_to_the_ledger_with_its_reason(demo) -> None:
    c = apply(demo, ChangeShadow("segiere", "vow_broken", 2, note="spared the traitor")).campaign
    entry = present(c.character("segiere").shadow).ledger[-1]
    assert (entry.before, entry.after, entry.note) == (1, 3, "spared the traitor")


def test_npcs_have_no_shadow(demo) -> None:
    with pytest.raises(RulesError, match="NPC"):
        apply(demo, ChangeShadow("capitaine", "gm", 1))


def test_e5_xp_and_raise_with_the_half_limit() -> None:
    brunvir = new_character("brunvir", "Brunvir", Characteristics(6, 3, 10, 0), shadow=0)
    from core.campaign import Campaign

    c = apply(Campaign("t", roster=(brunvir,)), AwardXp(("brunvir",), 40)).campaign
    c = apply(c, RaiseCharacteristic("brunvir", "combat")).campaign
    b = c.character("brunvir")
    assert (b.characteristics.combat, b.xp) == (11, 25)
    # 2 raises in combat out of 2 since creation: more than half, the GM must override.
    with pytest.raises(RulesError, match="override"):
        apply(c, RaiseCharacteristic("brunvir", "combat"))
    c = apply(c, RaiseCharacteristic("brunvir", "combat", override=True)).campaign
    assert c.character("brunvir").characteristics.combat == 12


def test_roster_add_hide_remove(demo) -> None:
    npc = new_character(demo.unique_id("Garde"), "Garde", Characteristics(corps=3, combat=4), pc=False)
    c = apply(demo, AddCharacter(npc)).campaign
    with pytest.raises(RulesError, match="id"):
        apply(c, AddCharacter(npc))
    c = apply(c, SetHidden("garde", True)).campaign
    assert c.character("garde").hidden
    c = apply(c, Remove("brunvir")).campaign
    assert "brunvir" not in present(c.encounter).keys and not c.has("brunvir")
    assert present(c.encounter).current == "capitaine"
    c = apply(c, AddGroup(MookGroup("gueux", "Gueux", "civil", 5, 5))).campaign
    c = apply(c, SetStanding("gueux", 2)).campaign
    assert c.group("gueux").felled == 3
    with pytest.raises(RulesError, match="standing"):
        apply(c, SetStanding("gueux", 6))


def test_unknown_grade_names_the_field_and_allowed_values() -> None:
    with pytest.raises(RulesError) as error:
        MookGroup("x", "X", "vet", 3, 3)
    assert error.value.field == "grade" and "veteran" in str(error.value)


def test_boost_that_gives_a_sixth_stigma_needs_confirmation(demo) -> None:
    from core.actions import BoostInitiative

    marks = tuple(Mark("stigma", lvl) for lvl in ("minor", "major", "supreme", "supreme", "supreme"))
    demo = demo.with_character(attrs.evolve(demo.character("morvan"), shadow=Shadow(value=10, stigmata=marks)))
    with pytest.raises(NeedsConfirmation):
        apply(demo, BoostInitiative("morvan"))
    after = apply(demo, BoostInitiative("morvan", confirm=True)).campaign
    assert not after.character("morvan").pc
    assert (
        present(present(after.encounter).participant("morvan")).initiative
        == present(present(demo.encounter).participant("morvan")).initiative + 5
    )


def test_the_written_out_export_list_names_every_action_and_nothing_else() -> None:
    import core.actions

    actions = {cls.__name__ for cls in core.actions.ALL_ACTIONS}
    others = {"ALL_ACTIONS", "Action", "NeedsConfirmation", "Outcome", "RolledBy", "apply", "trial"}
    assert sorted(core.actions.__all__) == sorted(actions | others)
    assert all(getattr(core.actions, name) is cls for name, cls in ((c.__name__, c) for c in core.actions.ALL_ACTIONS))


def test_each_family_holds_its_actions() -> None:
    """``core.actions`` imports a family's module when one of its actions is first asked for:
    the table of families names each action once, in the module that defines it."""
    import core.actions

    named = [name for names in core.actions.FAMILIES.values() for name in names]
    assert sorted(named) == sorted(cls.__name__ for cls in core.actions.ALL_ACTIONS)
    for family, names in core.actions.FAMILIES.items():
        for name in names:
            assert getattr(core.actions, name).__module__ == f"core.actions.{family}"


#: A fresh interpreter runs the statement given and prints the action families it imported.
FAMILIES_IMPORTED = """
import json, sys
exec(sys.argv[1])
print(json.dumps(sorted(m for m in sys.modules if m.startswith("core.actions."))))
"""


@pytest.mark.parametrize(
    ("statement", "families"),
    [
        ("import core.journal", ["core.actions.base"]),
        ("from core.actions import Outcome, apply", ["core.actions.base"]),
        ("from core.actions import Damage", ["core.actions.base", "core.actions.health"]),
        ("from core.actions import ALL_ACTIONS", [f"core.actions.{m}" for m in ("base", *FAMILIES)]),
    ],
)
def test_a_family_is_imported_when_one_of_its_actions_is_asked_for(statement: str, families: list[str]) -> None:
    """Issue 37: the journal (the campaign's opening) needs only the actions' base; the fight,
    magic and duel rules behind the families were imported with it, before the app's first frame."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", FAMILIES_IMPORTED, statement], capture_output=True, text=True, cwd=root, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == sorted(families)
