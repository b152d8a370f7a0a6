"""``apotheose calc spell mage`` / ``mage-counter``: RULES 2 through the command line."""

from __future__ import annotations

import pytest

from core.breakdown import render
from core.mage import MageEffect, chance, mage_spell
from tests.cli.test_calc import calc, calc_json, pick, run

MAGE = ("spell", "mage")


def test_M1_calc_needs_eleven_successes():
    data = calc_json(
        *MAGE, "--sphere", "3", "--arete", "3", "--targets", "10", "--duration", "month", "--connection", "met"
    )
    assert data["extras"] == {"power": 0, "targets": 3, "radius": 0, "duration": 3, "connection": 4, "scope": 6}
    assert pick(data, "successes_needed", "possible", "reason", "difficulty", "chance") == (11, True, None, None, None)


def test_M2_calc_ritual():
    data = calc_json(*MAGE, "--sphere", "2", "--arete", "3", "--willpower", "5")
    assert pick(data, "ritual_interval_minutes", "ritual_max_rolls") == (60, 5)
    short = calc_json(*MAGE, "--sphere", "2", "--arete", "1", "--willpower", "2")
    assert pick(short, "ritual_interval_minutes", "ritual_max_rolls") == (180, 0)


def test_M3_calc_quintessence():
    data = calc_json(*MAGE, "--sphere", "2", "--arete", "3", "--quintessence", "5", "--avatar", "4")
    assert pick(data, "pool", "quintessence_dice", "quintessence_spent", "dice_rolled") == (5, 3, 3, 8)


KEYS = (
    "pool dice_rolled free_successes extras successes_needed difficulty chance quintessence_dice quintessence_spent "
    "paradox_pool paradox_level ritual_interval_minutes ritual_max_rolls possible reason breakdown"
).split()


def test_json_has_the_keys():
    data = calc_json(*MAGE, "--rote", "--attribute", "3", "--ability", "2", "--sphere", "2", "--difficulty", "6")
    assert set(KEYS) <= set(data)
    assert pick(data, "pool", "successes_needed", "difficulty", "paradox_pool", "ritual_max_rolls") == (
        7,
        1,
        6,
        None,
        None,
    )
    assert data["chance"] == pytest.approx(float(chance(7, 6, 1)))
    assert data["breakdown"][0] == "rote: attribute 3 + ability 2 + sphere 2 = 7"


def test_everything_at_once():
    data = calc_json(
        *MAGE, "--rote", "--attribute", "3", "--ability", "2", "--sphere", "4", "--needed", "2", "--power", "2",
        "--targets", "3", "--radius", "7", "--duration", "day", "--as-difficulty", "1", "--difficulty", "6",
        "--quintessence", "5", "--avatar", "4", "--vulgar", "--sleepers", "--paradox-pool", "3", "--paradox-rolls", "1",
        "--arete", "3", "--willpower", "5", "--foci", "2", "--assistants", "1,3", "--acolytes", "2",
    )  # fmt: skip
    assert data["extras"] == {"power": 2, "targets": 2, "radius": 3, "duration": 1, "connection": None, "scope": 6}
    assert pick(data, "pool", "dice_rolled", "free_successes", "successes_needed", "difficulty") == (9, 20, 2, 6, 7)
    assert pick(data, "paradox_pool", "paradox_level", "ritual_max_rolls") == (3 + 1 + 2 - 1, 4, 5)
    assert data["chance"] == pytest.approx(float(chance(20, 7, 6)))


def test_house_rules_from_the_command_line():
    argv = (
        *MAGE,
        "--sphere",
        "3",
        "--arete",
        "3",
        "--targets",
        "10",
        "--radius",
        "2",
        "--duration",
        "month",
        "--difficulty",
        "6",
    )
    assert calc_json(*argv)["successes_needed"] == 1 + 3 + 1 + 3
    assert calc_json(*argv, "--scope-combined")["successes_needed"] == 1 + 3
    plain = calc_json(*argv, "--scope-combined", "--ones-dont-cancel")["chance"]
    assert (
        plain == pytest.approx(float(chance(6, 6, 4, ones_cancel=False)))
        and plain > calc_json(*argv, "--scope-combined")["chance"]
    )


IMPOSSIBLE = [
    (("--connection", "unknown"), "unknown target: no connection, impossible"),
    (("--power", "1", "--as-difficulty", "2"), "2 extras taken as difficulty, only 1 to take"),
    (("--difficulty", "11"), "difficulty 11: past 10"),
    (("--power", "2", "--as-difficulty", "2", "--difficulty", "9"), "difficulty 11: past 10"),
    (("--resistance", "5"), "a pool of 0: at least 1 die is needed"),
    (("--targets", "501"), "501 targets: past 500, not one spell"),
    (("--radius", "1000"), "radius 1000 m: past 500 m, not one spell"),
    (("--needed", "3"), "the effect needs sphere 3, the caster has 2"),
]


@pytest.mark.parametrize(("extra", "reason"), IMPOSSIBLE, ids=[r for _, r in IMPOSSIBLE])
def test_impossible_is_possible_false_with_a_reason_and_exit_0(extra, reason):
    data = calc_json(*MAGE, "--sphere", "2", "--arete", "3", *extra)
    assert pick(data, "possible", "reason", "chance") == (False, reason, None)
    code, out, err = calc(*MAGE, "--sphere", "2", "--arete", "3", *extra)
    assert (code, err) == (0, "") and out.splitlines()[-1] == f"impossible: {reason}"


BAD = [
    (("--sphere", "-1", "--arete", "3"), "--sphere: must be at least 0, got -1"),
    (("--sphere", "2", "--arete", "3", "--power", "-2"), "--power: must be between 0 and 99, got -2"),
    (
        ("--sphere", "2", "--arete", "3", "--duration", "eon"),
        "--duration: unknown value 'eon' (allowed: scene, day, week",
    ),
    (("--sphere", "2", "--arete", "3", "--connection", "pen-pal"), "--connection: unknown value 'pen-pal'"),
    (("--sphere", "2"), "--arete: required for an improvised effect"),
    (("--sphere", "2", "--rote", "--attribute", "2"), "--ability: required for a rote"),
    (("--arete", "2"), "--sphere: required"),
    (("--sphere", "2", "--arete", "11"), "--arete: must be between 1 and 10, got 11"),
    (("--sphere", "2", "--arete", "3", "--difficulty", "1"), "--difficulty: must be at least 2, got 1"),
    (("--sphere", "2", "--arete", "3", "--assistants", "1,x"), "--assistants: a list of whole numbers ≥ 0, got 'x'"),
    (
        ("--sphere", "2", "--rote", "--attribute", "2", "--ability", "2", "--willpower", "4"),
        "--willpower: a ritual's interval needs the arete",
    ),
    (("--sphere", "two"), "--sphere: must be a whole number, got 'two'"),
]


@pytest.mark.parametrize(("argv", "message"), BAD, ids=[m.split(":")[0] + str(i) for i, (_, m) in enumerate(BAD)])
def test_malformed_input_exits_2_naming_the_option(argv, message):
    code, out, err = calc(*MAGE, *argv)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith(f"apotheose calc: {message}")


def test_readable_output_is_the_breakdown_in_french():
    effect = MageEffect(sphere=3, arete=3, targets=10, duration="month", connection="met", difficulty=6)
    argv = (
        "--sphere",
        "3",
        "--arete",
        "3",
        "--targets",
        "10",
        "--duration",
        "month",
        "--connection",
        "met",
        "--difficulty",
        "6",
    )
    assert calc(*MAGE, *argv, "--lang", "fr") == (0, render(mage_spell(effect).breakdown, "fr") + "\n", "")


def test_mage_counter_flat():
    """The house rule mage_counter_flat (``--flat``): the score against the effect's successes."""
    flat = ("spell", "mage-counter", "--flat")
    data = calc_json(*flat, "--pool", "5", "--effect-successes", "3", "--successes", "2", "--quintessence", "1")
    assert pick(data, "pool", "score", "result", "effect_successes_left", "rolled") == (5, 3, "cancelled", 0, False)
    reduced = calc_json(*flat, "--pool", "5", "--effect-successes", "4", "--successes", "1")
    assert pick(reduced, "score", "result", "effect_successes_left") == (1, "reduced", 3)
    turned = calc_json(*flat, "--pool", "5", "--effect-successes", "1", "--successes", "2")
    assert pick(turned, "result", "effect_successes_left") == ("turned", 0)
    before = calc_json(*flat, "--pool", "4", "--effect-successes", "2", "--difficulty", "6")
    assert pick(before, "result", "effect_successes_left") == (None, None)
    assert before["chance_cancel"] == pytest.approx(float(chance(4, 6, 2)))


def test_mage_counter_rolls_the_score_against_the_effect():
    """Seed 001 l.78: « Le score total de Contre-Magie est lancé en opposition avec le jet de
    l'Effet adverse. Si les succès du lanceur sont réduits à zéro, l'Effet est annulé » — the
    score of 3 that used to cancel 3 successes outright is now 3 dice rolled against them."""
    counter = ("spell", "mage-counter", "--pool", "5", "--effect-successes", "3", "--successes", "2")
    waiting = calc_json(*counter, "--quintessence", "1", "--difficulty", "6")
    assert pick(waiting, "score", "result", "rolled") == (3, None, True)
    assert waiting["chance_cancel"] == pytest.approx(float(chance(3, 6, 3)))
    assert waiting["chance_turn"] == 0
    reduced = calc_json(*counter, "--quintessence", "1", "--opposed", "2")
    assert pick(reduced, "opposed", "result", "effect_successes_left") == (2, "reduced", 1)
    turned = calc_json(*counter, "--quintessence", "2", "--opposed", "4")
    assert pick(turned, "result", "effect_successes_left") == ("turned", 0)
    code, out, _ = calc(*counter, "--quintessence", "1", "--opposed", "3", "--lang", "fr")
    assert code == 0 and out.splitlines()[-1] == "jet en opposition 3 contre 3 : l'effet est annulé"
    before = calc_json("spell", "mage-counter", "--pool", "4", "--effect-successes", "2", "--difficulty", "6")
    assert 0 < before["chance_turn"] < before["chance_cancel"] < chance(4, 6, 2)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--pool", "5", "--effect-successes", "3", "--successes", "6"), "--successes: at most the pool, 5, got 6"),
        (("--pool", "5"), "--effect-successes: required"),
        (("--pool", "-5", "--effect-successes", "3"), "--pool: must be between 0 and 30, got -5"),
        (("--pool", "5", "--effect-successes", "3", "--difficulty", "12"), "--difficulty: must be at most 10, got 12"),
        (("--pool", "5", "--effect-successes", "3", "--opposed", "1"), "--successes: required with the opposed roll"),
        (
            ("--pool", "5", "--effect-successes", "3", "--successes", "1", "--opposed", "2"),
            "--opposed: at most the score's dice, 1, got 2",
        ),
        (
            ("--pool", "5", "--effect-successes", "3", "--successes", "1", "--opposed", "1", "--flat"),
            "--opposed: the house rule mage_counter_flat",
        ),
    ],
)
def test_mage_counter_malformed_exits_2(argv, message):
    code, out, err = calc("spell", "mage-counter", *argv)
    assert (code, out) == (2, "") and err.startswith(f"apotheose calc: {message}")


def test_calc_spell_mage_imports_no_textual_nor_rich():
    done = run(*MAGE, "--sphere", "2", "--arete", "3", "--difficulty", "6", "--json", wrapped=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "UI modules: []"


#: The inputs that ran for seconds or ended in MemoryError: each is refused at once, naming the
#: bound the rules make meaningful.
UNBOUNDED = [
    (
        ("spell", "mage", "--sphere", "3", "--arete", "3", "--difficulty", "6", "--foci", "3000"),
        "--foci: must be between 0 and 30, got 3000",
    ),
    (
        ("spell", "mage", "--sphere", "3", "--arete", "3", "--acolytes", "999999999999"),
        "--acolytes: must be between 0 and 50",
    ),
    (
        ("spell", "mage", "--sphere", "3", "--arete", "3", "--assistants", "999999999,999999999"),
        "--assistants: must be between 0 and 30",
    ),
    (
        ("spell", "mage", "--sphere", "3", "--arete", "3", "--assistants", ",".join(["1"] * 11)),
        "--assistants: at most 10 assistants, got 11",
    ),
    (
        ("spell", "mage-counter", "--pool", "999999999999", "--effect-successes", "3"),
        "--pool: must be between 0 and 30",
    ),
    (
        ("spell", "mage-counter", "--pool", "5000", "--effect-successes", "2500"),
        "--pool: must be between 0 and 30, got 5000",
    ),
    (
        ("spell", "mage-counter", "--pool", "2000", "--effect-successes", "3", "--difficulty", "6"),
        "--pool: must be between 0 and 30",
    ),
]


@pytest.mark.parametrize(
    ("argv", "message"), UNBOUNDED, ids=[m.split(":")[0] + str(i) for i, (_, m) in enumerate(UNBOUNDED)]
)
def test_inputs_that_ran_long_or_exhausted_memory_are_refused_naming_their_bound(argv, message):
    code, out, err = calc(*argv)
    assert (code, out) == (2, "") and err.startswith(f"apotheose calc: {message}")


def test_the_largest_ritual_the_bounds_allow_is_priced():
    """Every bound at its top: about 400 dice, the odds computed (the benchmark times it)."""
    assistants = ",".join(["30"] * 10)
    data = calc_json(*MAGE, "--sphere", "10", "--arete", "10", "--difficulty", "6", "--foci", "30", "--acolytes", "50",
                     "--assistants", assistants, "--quintessence", "20")  # fmt: skip
    assert data["dice_rolled"] == 20 + 3 + 30 + 300 + 50 and data["chance"] == pytest.approx(1.0)
