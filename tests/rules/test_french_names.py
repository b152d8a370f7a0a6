"""Issue 34, item 13: French lines give a name its article (core/french.py's decision): « Au tour
du Capitaine de la garde », « attaque les Vétérans de Villon », « de Brunvir », « d'Alduin »."""

from __future__ import annotations

import pytest

from core.actions import AttackGroup, NextTurn, apply
from core.demo import demo_campaign
from core.french import de, the, to


@pytest.mark.parametrize(
    ("name", "group", "of", "at", "obj"),
    [
        ("Brunvir", False, "de Brunvir", "à Brunvir", "Brunvir"),
        ("Alduin", False, "d'Alduin", "à Alduin", "Alduin"),
        (
            "Capitaine de la garde",
            False,
            "du Capitaine de la garde",
            "au Capitaine de la garde",
            "le Capitaine de la garde",
        ),
        ("Reine Mab", False, "de la Reine Mab", "à la Reine Mab", "la Reine Mab"),
        ("Archer borgne", False, "de l'Archer borgne", "à l'Archer borgne", "l'Archer borgne"),
        ("Le Borgne", False, "du Borgne", "au Borgne", "le Borgne"),
        ("Vétérans de Villon", True, "des Vétérans de Villon", "aux Vétérans de Villon", "les Vétérans de Villon"),
        ("les Gardes", True, "des Gardes", "aux Gardes", "les Gardes"),
    ],
)
def test_item_13_a_name_takes_its_article(name, group, of, at, obj):
    assert (de(name, group), to(name, group), the(name, group)) == (of, at, obj)


def test_item_13_the_captains_turn_and_an_attack_on_the_veterans_in_french():
    demo = demo_campaign()
    assert apply(demo, NextTurn()).lines[-1].fr == "Au tour du Capitaine de la garde (round 1)"
    out = apply(demo, AttackGroup("veterans", 14, (5,), "short", "brunvir"))
    assert out.lines[0].fr.startswith("Brunvir attaque les Vétérans de Villon : ")
