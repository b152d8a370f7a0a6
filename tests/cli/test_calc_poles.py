"""``apotheose calc spell poles``, ``spell poles-blood`` and ``poles-save``: JSON keys, refusals
that are answers (``possible: false``), malformed input (exit 2, one line naming the option)."""

from __future__ import annotations

import pytest

from core.breakdown import render
from core.poles import PolesRequest, blood_mana, poles_spell
from tests.cli.test_calc import calc, calc_json, pick, run

SPELL_KEYS = (
    "resource improvised_cost fixed_costs cost segments swift save_dc identify_dc ranges counter_cost possible reason breakdown"
).split()


def test_P1_calc_improvised_costs():
    for tradition, resource, cost in (("profane", "mana", 7), ("divine", "faith", 3), ("body", "hp", 6)):
        data = calc_json("spell", "poles", "--level", "3", "--tradition", tradition)
        assert pick(data, "resource", "improvised_cost", "cost", "possible", "reason") == (
            resource,
            cost,
            cost,
            True,
            None,
        )


def test_P2_calc_quickened_damage_spell_from_a_slot():
    data = calc_json("spell", "poles", "--level", "5", "--tradition", "profane", "--slot", "--damage")
    assert data["segments"] == {"incantation": 2, "recovery": 3, "total": 5}
    quick = calc_json(
        "spell", "poles", "--level", "5", "--tradition", "profane", "--slot", "--damage", "--technique", "quicken"
    )
    assert quick["segments"] == {"incantation": 2, "recovery": 1, "total": 3} and quick["swift"] is False


def test_P3_P4_P5_calc_poles_save():
    assert calc_json("poles-save", "--damage", "9")["dc"] == 13
    assert calc_json("poles-save", "--damage", "30")["dc"] == 20
    assert calc_json("poles-save", "--level", "3", "--mod", "4")["dc"] == 17
    assert calc_json("poles-save", "--resistance", "3", "--open", "2,1")["bonus_slots"] == [1, 2]


def test_P6_calc_ranges():
    data = calc_json("spell", "poles", "--level", "1", "--tradition", "divine", "--caster-level", "5")
    assert data["ranges"] == {"short": 15.5, "medium": 45, "long": 180}


def test_P7_calc_quickened_level_2_slot_is_swift_for_2_mana():
    data = calc_json("spell", "poles", "--level", "2", "--tradition", "profane", "--slot", "--technique", "quicken")
    assert pick(data, "cost", "swift", "exact_cost") == (2, True, "5/3")
    assert data["segments"]["total"] == 0


def test_P8_calc_blood_backlash():
    data = calc_json("spell", "poles-blood", "--mana", "24", "--limit", "10", "--pool", "30", "--d100", "62")
    assert pick(data, "past_limit", "past_pool", "hp_dice", "backlash_roll", "backlash") == (14, 0, 14, 76, "staggered")
    tolerant = calc_json(
        "spell", "poles-blood", "--mana", "24", "--limit", "10", "--pool", "30", "--d100", "62", "--tolerant"
    )
    assert tolerant["backlash"] == "exhausted"


def test_spell_json_has_the_keys():
    data = calc_json(
        "spell", "poles", "--level", "4", "--tradition", "profane", "--damage", "--caster-level", "6", "--mod", "3",
        "--enhance", "range=2,duration=3", "--enhance", "dice=2,dispel=1", "--technique", "heighten_save", "silent:nofeat",
        "--technique", "quicken", "--counter", "--not-known", "--spent", "5",
    )  # fmt: skip
    assert set(SPELL_KEYS) <= set(data)
    assert data["fixed_costs"] == {"range": 1, "duration": 2, "area": 0, "dice": 2, "dispel": 2, "extend_active": 0}
    assert [t["technique"] for t in data["techniques"]] == ["heighten_save", "silent", "quicken"]
    assert data["techniques"][1] == {"technique": "silent", "feat": False, "factor": "4/3"}
    assert data["save_dc"] == 10 + 4 + 3 + 1 and data["identify_dc"] == 19
    assert data["counter_cost"] == 9 + 1 + 5
    assert set(data["segments"]) == {"incantation", "recovery", "total"} and set(data["ranges"]) == {
        "short",
        "medium",
        "long",
    }
    assert data["cost"] == -(-(9 + 7) * 5 * 4 * 4 // (4 * 3 * 3))  # (9 + 7) × 5/4 × 4/3 × 4/3, rounded up


def test_blood_json_has_the_keys():
    data = calc_json("spell", "poles-blood", "--mana", "12", "--limit", "8", "--pool", "10")
    assert {"past_limit", "past_pool", "hp_dice", "backlash_roll", "backlash", "breakdown"} <= set(data)
    assert pick(data, "hp_dice", "backlash_roll", "backlash") == (6, None, None)
    calm = calc_json("spell", "poles-blood", "--mana", "5", "--limit", "8", "--pool", "10", "--d100", "100")
    assert pick(calm, "hp_dice", "backlash_roll", "backlash") == (0, None, "none")


def test_illusion_hold_and_its_cost_in_hold():
    data = calc_json(
        "spell", "poles", "--level", "4", "--tradition", "illusion", "--lies", "5", "--hold", "4", "--uncovered", "2"
    )
    assert pick(data, "resource", "cost", "improvised_cost", "possible", "hold_rate") == ("hold", 5, 5, True, 2)
    assert data["hold"] == {"lies": 5, "hold": 4, "within": False, "resaves": 2, "resave_bonus": 5}


IMPOSSIBLE = [
    (("--technique", "absorption:nofeat"), "deadly absorption is impossible without its feat"),
    (("--technique", "silent", "selective:nofeat"), "selective is impossible without its feat"),
    (("--damage", "--caster-level", "3", "--enhance", "dice=4"), "4 extra dice: at most the caster level, 3"),
    (("--caster-level", "3", "--enhance", "dice=1"), "extra damage dice need a damage spell"),
    (("--extend-active", "2", "--technique", "silent"), "an active spell is only extended in duration"),
    (("--slot", "--technique", "quicken", "--counter"), "a spell cast as a swift action cannot be countered"),
]


@pytest.mark.parametrize(("extra", "reason"), IMPOSSIBLE, ids=[" ".join(e) for e, _ in IMPOSSIBLE])
def test_an_impossible_request_is_an_answer(extra, reason):
    code, out, err = calc("spell", "poles", "--level", "2", "--tradition", "profane", *extra, "--json", "--lang", "en")
    assert (code, err) == (0, "")
    import json

    data = json.loads(out)
    assert data["possible"] is False and data["reason"].startswith(reason) and data["cost"] is None
    assert data["breakdown"][-1] == f"impossible: {data['reason']}"


def test_illusion_metamagic_is_priced_in_hold():
    """Seed 002 l.7: the resource serves « créer un sort à la volée, le déformer par la métamagie,
    et le contrer », and « l'illusion les transpos[e] dans [sa] propre monnaie »: the issue's own
    command, once "impossible", is priced in hold."""
    data = calc_json("spell", "poles", "--level", "2", "--tradition", "illusion", "--technique", "silent")
    assert pick(data, "possible", "cost", "exact_cost", "resource") == (True, 4, "25/8", "hold")
    assert data["breakdown"][2] == (
        "in hold at 2 mana a point (house rule poles_illusion_hold_rate): 25/4 mana ÷ 2, rounded up = 4 hold"
    )
    rate = calc_json(
        "spell", "poles", "--level", "2", "--tradition", "illusion", "--technique", "silent", "--hold-rate", "4"
    )
    assert pick(rate, "cost", "hold_rate") == (2, 4)
    counter = calc_json("spell", "poles", "--level", "3", "--tradition", "illusion", "--counter", "--spent", "2")
    assert counter["counter_cost"] == 5  # 7 + 2 = 9 mana → 5 hold


READABLE = [
    (("spell", "poles", "--level", "2", "--tradition", "profane", "--slot", "--technique", "quicken"),
     poles_spell(PolesRequest(2, "profane", slot=True, techniques=["quicken"])).breakdown),
    (("spell", "poles-blood", "--mana", "24", "--limit", "10", "--pool", "30", "--d100", "62"), blood_mana(24, 10, 30, 62).breakdown),
]  # fmt: skip


@pytest.mark.parametrize(("argv", "breakdown"), READABLE, ids=["poles", "poles-blood"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_readable_output_is_the_breakdown(argv, breakdown, lang):
    assert calc(*argv, "--lang", lang) == (0, render(breakdown, lang) + "\n", "")


def test_technique_accepts_both_spellings():
    base = ("spell", "poles", "--level", "3", "--tradition", "divine")
    assert calc_json(*base, "--technique", "silent", "still:nofeat") == calc_json(
        *base, "--technique", "silent", "--technique", "still:nofeat"
    )


def test_help_lists_the_techniques():
    code, out, _ = calc("spell", "poles", "--help")
    assert code == 0 and "--technique NAME[:nofeat]" in out and "heighten_save" in out and "selective" in out


BAD = [
    (("spell", "poles", "--tradition", "profane"), "--level: required"),
    (("spell", "poles", "--level", "3"), "--tradition: required"),
    (("spell", "poles", "--level", "10", "--tradition", "profane"), "--level: must be between 0 and 9, got 10"),
    (("spell", "poles", "--level", "3", "--tradition", "astral"), "--tradition: unknown value 'astral'"),
    (
        ("spell", "poles", "--level", "3", "--tradition", "profane", "--technique", "fireball"),
        "--technique: unknown technique 'fireball'",
    ),
    (
        ("spell", "poles", "--level", "3", "--tradition", "profane", "--technique", "quicken:often"),
        "--technique: after ':' only 'nofeat'",
    ),
    (
        ("spell", "poles", "--level", "3", "--tradition", "profane", "--technique"),
        "--technique: expected at least one argument",
    ),
    (
        ("spell", "poles", "--level", "3", "--tradition", "profane", "--enhance", "speed=2"),
        "--enhance: expected NAME=N",
    ),
    (
        ("spell", "poles", "--level", "3", "--tradition", "profane", "--enhance", "range=-2"),
        "--enhance: range must be at least 0",
    ),
    (
        ("spell", "poles", "--level", "3", "--tradition", "profane", "--damage", "--enhance", "dice=2"),
        "--caster-level: required",
    ),
    (
        ("spell", "poles", "--level", "3", "--tradition", "profane", "--caster-level", "0"),
        "--caster-level: must be at least 1",
    ),
    (
        ("spell", "poles", "--level", "3", "--tradition", "profane", "--counter", "--other-class", "--not-known"),
        "--not-known: not allowed",
    ),
    (("spell", "poles", "--level", "3", "--tradition", "profane", "--spent", "3"), "--spent: only with --counter"),
    (
        ("spell", "poles", "--level", "3", "--tradition", "profane", "--counter", "--spent", "-1"),
        "--spent: must be at least 0",
    ),
    (
        ("spell", "poles", "--level", "3", "--tradition", "divine", "--hold-rate", "3"),
        "--hold-rate: only with --tradition illusion",
    ),
    (
        ("spell", "poles", "--level", "3", "--tradition", "illusion", "--hold-rate", "0"),
        "--hold-rate: must be a whole number ≥ 1",
    ),
    (
        ("spell", "poles", "--level", "3", "--tradition", "profane", "--hold", "3"),
        "--hold: only with --tradition illusion",
    ),
    (("spell", "poles", "--level", "3", "--tradition", "illusion", "--hold", "3"), "--lies: required"),
    (
        ("spell", "poles", "--level", "3", "--tradition", "profane", "--extend-active", "-1"),
        "--extend-active: must be at least 0",
    ),
    (("spell", "poles-blood", "--mana", "12", "--limit", "8"), "--pool: required"),
    (
        ("spell", "poles-blood", "--mana", "12", "--limit", "8", "--pool", "9", "--d100", "0"),
        "--d100: a d100 shows 1…100, got 0",
    ),
    (("spell", "poles-blood", "--mana", "-1", "--limit", "8", "--pool", "9"), "--mana: must be a whole number ≥ 0"),
    (("poles-save",), "--damage: required"),
    (("poles-save", "--damage", "4", "--level", "2"), "--level: give one of"),
    (("poles-save", "--level", "2"), "--mod: required"),
    (("poles-save", "--resistance", "2"), "--open: required"),
    (("poles-save", "--resistance", "2", "--open", "1,x"), "--open: expected levels like 1,2,3"),
    (("poles-save", "--resistance", "2", "--open", "1,12"), "--open: must be a spell level 0…9, got 12"),
]


@pytest.mark.parametrize(("argv", "message"), BAD, ids=[" ".join(argv) for argv, _ in BAD])
def test_bad_input_is_one_line_naming_the_option(argv, message):
    code, out, err = calc(*argv)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and err.startswith(f"apotheose calc: {message}")


def test_calc_spell_poles_imports_no_textual_nor_rich():
    done = run("spell", "poles", "--level", "3", "--tradition", "profane", "--json", wrapped=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "UI modules: []"


def test_deadly_absorption_escape_takes_the_casters_intelligence():
    """Seed 002 l.62: « Vigueur 10 + niveau du sort + Intelligence » — ``--mod`` is Wisdom here."""
    spell = ("spell", "poles", "--level", "3", "--tradition", "divine", "--mod", "3", "--technique", "absorption")
    data = calc_json(*spell, "--intelligence", "1")
    assert pick(data, "save_dc", "absorption_dc") == (16, 14)
    assert "deadly absorption: Vigour DC 10 + 3 + Intelligence 1 = 14 to escape" in data["breakdown"]
    assert calc_json(*spell)["absorption_dc"] is None


def test_the_evokers_two_segments_fewer():
    """Seed 002 l.163: « l'évocateur lance son premier sort d'évocation de chaque combat avec 2
    segments de moins, retirés d'abord de la récupération »."""
    data = calc_json("spell", "poles", "--level", "2", "--tradition", "profane", "--slot", "--evoker")
    assert pick(data, "swift", "cost") == (True, 0)
    assert data["segments"] == {"incantation": 0, "recovery": 0, "total": 0}
