"""``apotheose calc spell d6``, ``d6-psionic``, ``d6-skill``: the vectors, the JSON keys, refusals."""

from __future__ import annotations

import pytest

from core.breakdown import render
from core.d6.spell import effect_value, free, spell_difficulty
from tests.cli.test_calc import calc, calc_json, pick, run


def test_D2_soin_through_the_command_line():
    data = calc_json(
        "spell",
        "d6",
        "--effect",
        "5D+2",
        "--range",
        "contact",
        "--aspect",
        "duration=1",
        "casting=-4",
        "--aspect",
        "contact=-3",
    )
    assert pick(data, "effect_value", "total", "difficulty", "roll_modifier") == (16, 10, 5, 0)
    assert data["aspects"][:2] == [{"name": "effect", "value": 16}, {"name": "range", "value": 0, "choice": "contact"}]
    assert [(a["name"], a["value"]) for a in data["aspects"][2:]] == [("duration", 1), ("casting", -4), ("contact", -3)]


def test_d6_duration_in_hours_is_priced():
    """Seed 004 l.108: « Pour chaque heure additionnelle au-delà : +1 »; an hour is +18 (l.179's
    « 1 heure (-18) »), so the seed's « 4 heures (+21) » (l.150) comes out of the rule."""
    data = calc_json(
        "spell", "d6", "--effect-value", "1", "--duration-hours", "4", "--aspect", "casting=-4", "components=-6",
        "--gestures", "large", "--incantations", "complex",
    )  # fmt: skip
    assert (data["total"], data["difficulty"]) == (8, 4)
    assert {"name": "duration", "value": 21, "choice": "4h"} in data["aspects"]
    assert calc_json("d6-psionic", "--power", "far_senses", "--duration-hours", "2")["difficulty"] == 5 + 19


def test_D4_nourriture_with_an_effect_value():
    data = calc_json(
        "spell", "D6", "--effect-value", "1", "--aspect", "duration=21", "casting=-4", "components=-6",
        "--gestures", "large", "--incantations", "complex",
    )  # fmt: skip
    assert (data["total"], data["difficulty"]) == (8, 4)
    # the scale options come first, in the options' order, the free aspects last in the order given
    assert [a["name"] for a in data["aspects"]] == [
        "effect",
        "gestures",
        "incantations",
        "duration",
        "casting",
        "components",
    ]


def test_D6_jaki_through_the_command_line():
    assert calc_json("d6-skill", "--usual-cost", "6")["cost"] == 12
    assert calc_json("d6-skill", "--usual-cost", "6", "--no-master")["cost"] == 24
    assert pick(calc_json("d6-skill", "--attribute"), "cost", "needs_master") == (20, True)


def test_aspects_follow_the_options_order():
    data = calc_json(
        "spell", "d6", "--effect", "3D", "--kind", "damage", "--incantations", "none", "--preparation-rounds", "1",
        "--duration-rounds", "5", "--information", "secrets", "--willingness", "refusing", "--group", "crowd",
        "--familiarity", "never_seen", "--concentration", "very_busy_public_place=10", "--range", "room",
        "--ingredients", "costly", "--gestures", "none", "--aspect", "speed=2",
    )  # fmt: skip
    names = [a["name"] for a in data["aspects"]]
    assert names == [
        "effect", "range", "concentration", "familiarity", "group", "willingness", "information", "duration",
        "preparation", "ingredients", "gestures", "incantations", "speed",
    ]  # fmt: skip
    values = [a["value"] for a in data["aspects"]]
    assert values == [18, 5, 10, 4, 15, 4, 8, 3, 4, -2, 3, 3, 2]
    assert data["total"] == sum(values) and data["difficulty"] == -(-sum(values) // 2)


def test_unskilled_no_halve_and_the_magic_level():
    data = calc_json("spell", "d6", "--effect-value", "9", "--unskilled", "--no-halve", "--magic-level", "-5")
    assert pick(data, "total", "difficulty", "roll_modifier", "halved", "unskilled") == (9, 14, -5, False, True)


def test_readable_output_is_the_core_breakdown_in_french():
    expected = spell_difficulty(effect_value("4D+2"), [free("speed", 3)]).breakdown
    assert calc("spell", "d6", "--effect", "4D+2", "--aspect", "speed=3", "--lang", "fr") == (
        0,
        render(expected, "fr") + "\n",
        "",
    )


def test_psionic_json():
    data = calc_json("d6-psionic", "--power", "medium", "--years-dead", "6", "--known-personally", "--range", "room")
    assert pick(data, "power", "base", "modifier", "difficulty", "opposed_by") == ("medium", 20, 5, 25, None)
    assert [a["name"] for a in data["aspects"]] == ["years_dead", "known_personally", "range"]
    empathy = calc_json("d6-psionic", "--power", "empathy", "--group", "crowd")
    assert pick(empathy, "difficulty", "opposed_by", "modifier") == (None, "volonte", 15)
    assert calc_json("d6-psionic", "--power", "healing", "--wound", "incapacitated")["difficulty"] == 20
    assert calc_json("d6-psionic", "--power", "psychometry", "--depth", "last_24_hours")["difficulty"] == 21


KEYS = {
    ("spell", "d6", "--effect", "4D"): "effect_value aspects total difficulty roll_modifier",
    ("d6-psionic", "--power", "astral"): "difficulty opposed_by",
    ("d6-skill", "--usual-cost", "3"): "cost",
}


@pytest.mark.parametrize("argv", list(KEYS), ids=[argv[0] + argv[1] for argv in KEYS])
def test_json_has_the_keys_and_the_breakdown(argv):
    data = calc_json(*argv)
    assert set(KEYS[argv].split()) <= set(data)
    assert data["breakdown"] and all(isinstance(text, str) for text in data["breakdown"])


BAD = [
    (("spell", "d6", "--effect", "4X"), "--effect: not a die code: '4X'"),
    (("spell", "d6", "--effect", "D4"), "--effect: not a die code: 'D4'"),
    (("spell", "d6", "--effect", "4D+3"), "--effect: at most 2 pips"),
    (
        ("spell", "d6", "--effect", "4D", "--range", "moon"),
        "--range: unknown value 'moon' (allowed: contact, room, building",
    ),
    (("spell", "d6", "--effect", "4D", "--gestures", "waving"), "--gestures: unknown value 'waving'"),
    (
        ("spell", "d6", "--effect", "4D", "--concentration", "very_busy_public_place=19"),
        "--concentration: very_busy_public_place is +8…+18",
    ),
    (("spell", "d6", "--effect", "4D", "--aspect", "speed"), "--aspect: expected NAME=VALUE"),
    (("spell", "d6", "--effect", "4D", "--aspect", "speed=fast"), "--aspect: expected NAME=VALUE"),
    (
        ("spell", "d6", "--effect", "4D", "--duration-rounds", "1"),
        "--duration-rounds: must be a whole number of rounds ≥ 2",
    ),
    (
        ("spell", "d6", "--effect", "4D", "--preparation-rounds", "5"),
        "--preparation-rounds: unknown value '5' (allowed: 1, 2, 3, 4)",
    ),
    (("spell", "d6", "--effect", "4D", "--magic-level", "16"), "--magic-level: must be between -10 and 15"),
    (("spell", "d6"), "--effect: required"),
    (("spell", "d6", "--effect", "4D", "--effect-value", "3"), "--effect: give either --effect or --effect-value"),
    (("spell", "d6", "--effect-value", "3", "--kind", "damage"), "--kind: applies to dice"),
    (("d6-psionic",), "--power: required"),
    (("d6-psionic", "--power", "telepathy"), "--power: unknown value 'telepathy'"),
    (("d6-psionic", "--power", "healing"), "--wound: required for the healing power"),
    (
        ("d6-psionic", "--power", "astral", "--range", "planet"),
        "--range: unknown value 'planet' (allowed: contact, room, building, town, region)",
    ),
    (("d6-psionic", "--power", "astral", "--assassinated"), "--assassinated: only for the medium power"),
    (("d6-skill",), "--usual-cost: required"),
    (("d6-skill", "--attribute", "--usual-cost", "3"), "--attribute: an Attribute costs 20"),
]


@pytest.mark.parametrize(("argv", "message"), BAD, ids=[" ".join(argv) for argv, _ in BAD])
def test_bad_input_exits_2_with_one_line_naming_the_option(argv, message):
    code, out, err = calc(*argv)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"apotheose calc: {message}")


def test_help_lists_each_scale_with_its_names_and_values():
    code, out, _ = calc("spell", "d6", "--help")
    assert code == 0
    text = " ".join(out.split())
    for part in ("contact +0, room +5, building +10", "very_busy_public_place +8…+18", "two_to_five +5", "unaware +0, neutral -4",
                 "secrets +8", "1 +4, 2 +0, 3 -2, 4 -4", "very_costly -4", "large -2", "complex -2", "damage ×2"):  # fmt: skip
        assert part in text
    code, out, _ = calc("d6-psionic", "--help")
    text = " ".join(out.split())
    assert "astral 10, empathy opposed" in text and "mortally_wounded 30" in text and "motivations 24" in text
    assert "region +20 --concentration" in text  # the psionic range stops at the region


def test_calc_d6_imports_no_textual_nor_rich():
    done = run("spell", "d6", "--effect", "4D+2", "--json", wrapped=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "UI modules: []"
