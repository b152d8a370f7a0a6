"""The built-in spells (core.spellbook.seeds): each, priced by the tool, gives the source's figure
(docs/rules.md's worked example where it is one); where the source prints a difficulty its own rule
cannot give (*Balle mortelle*, *Contre-sort*, RULES 4.3), the entry says so beside the tool's."""

from __future__ import annotations

import re
from fractions import Fraction

import attrs
import pytest

from core.breakdown import render
from core.demo import demo_campaign
from core.house_rules import HouseRules
from core.magic import resist
from core.poles import Segments
from core.spellbook.book import SYSTEMS, Priced, SpellBook
from core.spellbook.seeds import SEEDS, built_in, entries
from tests.rules_doc import RULES_DOC, examples

RULES = HouseRules()


def seed(system: str, name: str):
    found = built_in(system, name)
    assert found is not None, f"no built-in {system} spell {name!r}"
    return found


def priced(system: str, name: str) -> Priced:
    return seed(system, name).spell.price(RULES)


def difficulty(system: str, name: str) -> int | None:
    return priced(system, name).result.difficulty


# -- Système D6: the spells the source prints (RULES 4.3) -------------------------------------------


def test_D2_seed_soin_is_difficulty_5() -> None:
    result = priced("d6", "Soin").result
    assert (result.total, result.difficulty) == (10, 5)  # 16 + 0 + 0 + 1 − 4 − 3
    assert [a.value for a in result.aspects] == [16, 0, 0, 1, -4, -3]
    assert seed("d6", "Soin").example == "D2" and seed("d6", "Soin").printed is None


def test_D3_seed_puissance_is_difficulty_3() -> None:
    result = priced("d6", "Puissance").result
    assert (result.aspects[0].value, result.total, result.difficulty) == (6, 6, 3)  # +1D to an Attribute: 6


def test_D4_seed_nourriture_is_difficulty_4() -> None:
    result = priced("d6", "Nourriture").result
    assert (result.total, result.difficulty) == (8, 4)  # 1 + 21 − 4 − 2 − 2 − 6
    # seed 004 l.150 « Durée : 4 heures (+21) », now by the hour rule (l.108), not a free value
    assert any(a.name == "duration" and a.choice == "4h" and a.value == 21 for a in result.aspects)
    assert [a.choice for a in result.aspects if a.choice] == [
        "4h",
        "large",
        "complex",
    ]  # the duration, gestures and incantation on their scales


def test_D5_seed_ouverture_is_difficulty_5() -> None:
    result = priced("d6", "Ouverture").result
    assert (result.total, result.difficulty) == (10, 5)  # 18 + 4 − 4 − 3 − 2 − 2 − 1


def test_seed_contre_sort_is_21_by_the_rule_beside_the_printed_19() -> None:
    result = priced("d6", "Contre-sort").result
    assert (result.total, result.difficulty) == (42, 21)  # 29 + 9 + 9 + 4 − 4 − 1 − 1 − 3
    assert seed("d6", "Contre-sort").spell.price(HouseRules(d6_halve=False)).result.difficulty == 42
    printed = seed("d6", "Contre-sort").printed
    assert (
        printed is not None
        and "prints difficulty 19" in printed.en
        and "19" in printed.fr
        and "RULES 4.3" in printed.en
    )


def test_seed_balle_mortelle_is_11_by_the_rule_beside_the_printed_15() -> None:
    result = priced("d6", "Balle mortelle").result
    assert result.aspects[0].value == 24  # 4D of damage: (4 × 3) × 2 (RULES 4.1), where the source reads 18
    assert (result.total, result.difficulty) == (21, 11)
    printed = seed("d6", "Balle mortelle").printed
    assert printed is not None and "prints difficulty 15" in printed.en and "read as 18" in printed.en
    assert 18 + 10 + 10 + 7 - 18 - 11 - 1 == 15  # the printed figure: its values added, not halved


# -- Système D6: the psionic powers (RULES 4.5) ------------------------------------------------------


def test_seed_projection_astrale_is_10() -> None:
    assert difficulty("d6-psionic", "Projection astrale") == 10


def test_seed_empathie_is_opposed_by_volonte() -> None:
    result = priced("d6-psionic", "Empathie")
    assert (result.result.difficulty, result.result.opposed_by) == (None, "volonte")
    assert result.figure.en == "opposed by the target's Volonté, modifier +0"


def test_seed_sens_lointains_is_5() -> None:
    assert difficulty("d6-psionic", "Sens lointains") == 5


def test_seed_soins_choque_is_10() -> None:
    assert difficulty("d6-psionic", "Soins (choqué)") == 10


def test_seed_soins_blesse_is_15() -> None:
    assert difficulty("d6-psionic", "Soins (blessé)") == 15


def test_seed_soins_gravement_blesse_is_15() -> None:
    assert difficulty("d6-psionic", "Soins (gravement blessé)") == 15


def test_seed_soins_incapacite_is_20() -> None:
    assert difficulty("d6-psionic", "Soins (incapacité)") == 20


def test_seed_soins_mortellement_blesse_is_30() -> None:
    assert difficulty("d6-psionic", "Soins (mortellement blessé)") == 30


def test_seed_medium_is_20() -> None:
    assert difficulty("d6-psionic", "Médium") == 20


def test_seed_protection_is_10_and_its_success_level_adds_to_armour() -> None:
    result = priced("d6-psionic", "Protection")
    assert result.result.difficulty == 10
    assert "the success level adds to the targets' armour" in render(result.breakdown)


def test_seed_psychometrie_impressions_is_14() -> None:
    assert difficulty("d6-psionic", "Psychométrie (impressions)") == 14


def test_seed_psychometrie_informations_generales_is_18() -> None:
    assert difficulty("d6-psionic", "Psychométrie (informations générales)") == 18


def test_seed_psychometrie_dernieres_24_heures_is_21() -> None:
    assert difficulty("d6-psionic", "Psychométrie (dernières 24 heures)") == 21


def test_seed_psychometrie_motivations_profondes_is_24() -> None:
    assert difficulty("d6-psionic", "Psychométrie (motivations profondes)") == 24


# -- Apothéose (RULES 1.7) ---------------------------------------------------------------------------


def test_e3_seed_phenix_alduin_ame_4_nine_pm_with_two_shadow() -> None:
    entry = seed("apotheose", "Phénix de flammes mordorées")
    alduin = demo_campaign().character("alduin")
    assert alduin.characteristics.ame == 4 and entry.example == "E3"
    cost = entry.spell.inputs.price(RULES, alduin).result
    assert (cost.total, cost.max_intensity, cost.shadow_needed, cost.limit) == (9, 5, 2, 9)


def test_e4_seed_sortilege_terrible_alduin_ame_10_fourteen_pm_with_three_shadow() -> None:
    alduin = demo_campaign().character("alduin")
    at_ame_10 = attrs.evolve(alduin, characteristics=attrs.evolve(alduin.characteristics, ame=10), pm=15)
    cost = seed("apotheose", "Sortilège terrible").spell.inputs.price(RULES, at_ame_10).result
    assert (cost.total, cost.max_intensity, cost.shadow_needed, cost.limit) == (14, 8, 3, 14)


def test_e14_seed_torches_humaines_eight_pm_very_strong_on_three_foes() -> None:
    cost = priced("apotheose", "Torches humaines").result
    assert (cost.request.intensity, cost.request.targets, cost.total, str(cost.effect)) == (5, 3, 8, "very_strong")


def test_e15_seed_lire_l_esprit_five_pm_resisted_by_ame_10() -> None:
    cost = priced("apotheose", "Lire l'esprit").result
    assert cost.total == 5
    assert resist(cost.total, 3, 10).resisted  # 5 + 3 = 8 against 10


def test_e16_seed_elementaire_du_feu_five_pm_medium_effect() -> None:
    cost = priced("apotheose", "Élémentaire du feu").result
    assert (cost.total, str(cost.effect)) == (5, "medium")


def test_e4_book_note_says_which_caster_gives_the_sources_three_shadow() -> None:
    """Seed 000 l.479–480: « avec 10 en âme, Alduin a 15 points de magie et une intensité maximum de
    8 … Il gagne 3 points d'ombre et son maximum passe à 14 »; the demo's Alduin has âme 4 (l.182)."""
    entry = seed("apotheose", "Sortilège terrible")
    demo = demo_campaign().character("alduin")
    assert entry.spell.inputs.price(RULES, demo).result.shadow_needed == 5  # ceil((14 − 5) / 2)
    assert "âme 10" in entry.spell.note and "+5" in entry.spell.note and "demo's Alduin (âme 4" in entry.spell.note


def test_seed_sommeil_enchante_eight_pm() -> None:
    """Seed 000 l.504: « Alduin qui possède l'oniromancie veut plonger son adversaire dans un
    sommeil enchanté. Il dépense 8 points de magie »."""
    cost = priced("apotheose", "Sommeil enchanté").result
    assert (cost.total, str(cost.effect), str(cost.tier)) == (8, "very_strong", "major")


def test_seed_festin_de_dara_is_invisible_magic_for_0_pm() -> None:
    """Seed 000 l.467–469: Dara fills the bowl « d'un formidable festin »; « la magie invisible ne
    coute aucun point de magie quel que soit l'effet accompli … Aucune contre magie ne peut s'y
    opposer »."""
    found = priced("apotheose", "Festin de Dara")
    assert found.result.invisible and found.result.total == 0 and found.possible
    assert found.figure.en.startswith("0 pm: invisible magic")
    assert "cannot be countered" in found.breakdown[2].en
    dara = seed("apotheose", "Festin de Dara").spell.inputs
    alduin = demo_campaign().character("alduin")  # a PC with no grace: not in a state of grace
    assert alduin.shadow is not None and not alduin.shadow.graces
    assert dara.price(RULES, alduin).possible is False


# -- Mage (RULES 2) -------------------------------------------------------------------------------------


def test_M1_seed_ten_targets_for_a_month_on_someone_met_needs_eleven_successes() -> None:
    spell = priced("mage", "Dix cibles pour un mois, une personne rencontrée").result
    assert (spell.extras.targets, spell.extras.duration, spell.extras.connection, spell.successes_needed) == (
        3,
        3,
        4,
        11,
    )


def test_M2_seed_ritual_arete_3_willpower_5_each_hour_at_most_5_rolls() -> None:
    spell = priced("mage", "Rituel, Entéléchie 3 et Volonté 5").result
    assert (spell.ritual_interval_minutes, spell.ritual_max_rolls) == (60, 5)


def test_M3_seed_five_quintessence_with_avatar_4_adds_3_dice_and_spends_3() -> None:
    spell = priced("mage", "Cinq points de Quintessence, Avatar 4").result
    assert (spell.quintessence_dice, spell.quintessence_spent, spell.dice_rolled) == (3, 3, 5 + 3)


# -- Les Quatre Pôles (RULES 3) -------------------------------------------------------------------------


def test_P1_seed_improvised_level_3_profane_is_7_mana() -> None:
    spell = priced("poles", "Sort improvisé de niveau 3 (profane)").result
    assert (spell.cost, str(spell.resource)) == (7, "mana")


def test_P1_seed_improvised_level_3_divine_is_3_faith() -> None:
    spell = priced("poles", "Sort improvisé de niveau 3 (divin)").result
    assert (spell.cost, str(spell.resource)) == (3, "faith")


def test_P1_seed_improvised_level_3_body_is_6_hp() -> None:
    spell = priced("poles", "Sort improvisé de niveau 3 (magie du corps)").result
    assert (spell.cost, str(spell.resource)) == (6, "hp")


def test_P2_seed_level_5_damage_spell_from_a_slot_takes_5_segments() -> None:
    spell = priced("poles", "Sort de dégâts de niveau 5, emplacement").result
    assert spell.segments == Segments(2, 3) and spell.cost == 0


def test_P2_seed_level_5_damage_spell_from_a_slot_quickened_takes_3() -> None:
    spell = priced("poles", "Sort de dégâts de niveau 5, emplacement, incantation rapide").result
    assert spell.segments == Segments(2, 1) and not spell.swift


def test_P4_seed_level_3_with_intelligence_4_is_dc_17() -> None:
    assert priced("poles", "Sort de niveau 3, Intelligence +4").result.save_dc == 17


def test_P6_seed_caster_level_5_ranges() -> None:
    spans = priced("poles", "Sort de niveau 1, niveau de lanceur 5").result.ranges
    assert (spans.short, spans.medium, spans.long) == (Fraction(31, 2), 45, 180)


def test_P7_seed_level_2_slot_quickened_is_swift_for_2_mana() -> None:
    spell = priced("poles", "Sort de niveau 2, emplacement, incantation rapide").result
    assert spell.swift and spell.exact == Fraction(5, 3) and spell.cost == 2


# -- the whole list ----------------------------------------------------------------------------------


def test_every_seed_has_its_test_and_its_example_is_one_docs_rules_md_lists() -> None:
    per_seed = [name for name in globals() if re.match(r"test_([A-Za-z]\d+_)?seed_", name)]
    assert len(SEEDS) == len(per_seed) == 38
    listed = examples(RULES_DOC.read_text(encoding="utf-8"))
    assert {each.example for each in SEEDS if each.example} <= listed


def test_the_seeds_are_in_every_campaigns_book_but_in_no_save() -> None:
    book = SpellBook()
    assert len([e for e in entries(book) if e.built_in]) == len(SEEDS)
    assert [e.spell.system for e in entries(book)] == sorted(
        (e.spell.system for e in entries(book)), key=list(SYSTEMS).index
    )
    names = {(s.spell.system, s.spell.name.casefold()) for s in SEEDS}
    assert len(names) == len(SEEDS)  # unique per system


@pytest.mark.parametrize("each", SEEDS, ids=lambda s: f"{s.spell.system}-{s.spell.name}")
def test_every_seed_prices_in_both_languages(each) -> None:
    result = each.spell.price(RULES)
    assert result.possible and result.figure.en and result.figure.fr and render(result.breakdown, "fr")
