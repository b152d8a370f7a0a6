"""``apotheose calc``: the worked examples through the command line, its JSON, its one-line errors."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.breakdown import render
from core.combat import attack_group, attack_opponent, defend_group
from core.damage import apply_damage
from core.magic import resist, spell_cost
from core.progression import xp_cost
from core.rolls import check
from tui.cli import main
from tui.cli.calc_commands import COMMANDS
from tui.cli.calc_parser import HELP

ROOT = Path(__file__).resolve().parents[2]


def calc(*argv: str) -> tuple[int, str, str]:
    """Run ``apotheose calc *argv`` in process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["calc", *argv])
    return code, out.getvalue(), err.getvalue()


def calc_json(*argv: str) -> dict:
    code, out, err = calc(*argv, "--json")
    assert (code, err) == (0, "")
    return json.loads(out)


def pick(data: dict, *keys: str) -> tuple:
    return tuple(data[key] for key in keys)


# --- the worked examples (docs/rules.md) -------------------------------------------------------


def test_e1_calc_check_json():
    data = calc_json("check", "--score", "9", "--difficulty", "10", "--kult", "7")
    assert pick(data, "final", "margin", "success", "success_ranks", "failure_ranks", "critical") == (
        16,
        6,
        True,
        1,
        0,
        None,
    )
    assert data["chance"] == 0.5


def test_e2_calc_check_json():
    data = calc_json("check", "--score", "14", "--difficulty", "10", "--kult", "-1")
    assert pick(data, "final", "margin", "success", "success_ranks", "failure_ranks", "critical") == (
        13,
        3,
        True,
        0,
        0,
        None,
    )
    assert data["chance"] == 0.75


def test_e5_calc_xp_json():
    data = calc_json("xp", "--from", "10", "--to", "11")
    assert (data["cost"], data["steps"]) == (15, [{"to": 11, "cost": 15}])


def test_e10_calc_attack_group_json():
    data = calc_json("attack-group", "--attack", "22", "--grade", "veteran")
    assert pick(data, "difficulty", "margin", "hit", "success_ranks", "felled") == (10, 12, True, 2, 3)
    capped = calc_json("attack-group", "--attack", "22", "--grade", "veteran", "--standing", "2")
    assert capped["felled"] == 2


def test_e11_calc_defend_group_json():
    data = calc_json("defend-group", "--defence", "7", "--grade", "veteran", "--attackers", "3")
    assert pick(data, "difficulty", "hit", "failure_ranks", "damage") == (20, True, 2, 3)


def test_e12_calc_damage_json():
    first = calc_json("damage", "--hp", "14", "--armour", "4", "--damage", "4")
    assert pick(first, "absorbed", "real", "armour", "hp", "wound", "state") == (4, 0, 0, 14, "none", "standing")
    second = calc_json("damage", "--hp", "14", "--armour", "4", "--damage", "6")
    assert pick(second, "absorbed", "real", "armour", "hp", "wound") == (4, 2, 0, 12, "medium")


def test_e14_calc_spell_json():
    data = calc_json("spell", "apotheose", "--intensity", "5", "--targets", "3")
    assert pick(data, "total", "effect", "tier") == (8, "very_strong", "major")
    assert pick(data, "max_intensity", "limit", "shadow_needed", "affordable") == (None, None, None, None)


def test_e15_calc_resist_json():
    data = calc_json("resist", "--pm", "5", "--kult", "3", "--target", "10")
    assert pick(data, "score", "target", "resisted") == (8, 10, True)


def test_item1_pugilat_on_a_downed_target_is_lethal_in_calc_damage():
    """Issue 7 item 1 (RULES 1.6): a knocked-out target (6 HP, 6 bruising) punched for 4 loses 4 real HP."""
    data = calc_json("damage", "--damage", "4", "--hp", "6", "--bruise", "6", "--pugilat")
    assert pick(data, "real", "hp", "bruised") == (4, 2, 0)
    dying = calc_json("damage", "--damage", "4", "--hp", "0", "--pugilat")
    assert pick(dying, "real", "hp", "state") == (4, -4, "dying")
    assert any("lethal" in text for text in data["breakdown"])


def test_item3_resistance_scores_the_pm_spent_in_calc_resist():
    """Issue 7 item 3 (RULES 1.7, "Il dépense 5 points de magie … un score final de 8 (5 +3)")."""
    data = calc_json("resist", "--pm", "5", "--kult", "3", "--target", "10")
    assert pick(data, "pm", "score", "target", "resisted") == (5, 8, 10, True)
    second = calc_json(
        "resist", "--pm", "8", "--kult", "0", "--target", "3"
    )  # "Il dépense 8 points de magie … esprit de 3"
    assert pick(second, "score", "resisted") == (8, False)
    assert calc_json("resist", "--intensity", "5", "--kult", "3", "--target", "10") == data  # the old name still works
    assert data["breakdown"][0].startswith("pm spent 5 + kult +3 = 8")


def test_item6_calc_duel_pc_defence_roll():
    """Issue 7 item 6 (RULES 1.5): the PC's defence roll against the attack's final, like any check."""
    failed = calc_json("duel", "--attack", "14", "--defence", "9", "--defence-kult", "-9")
    assert pick(failed, "hit", "margin", "ranks", "damage", "critical", "shadow_change") == (
        True,
        -14,
        2,
        3,
        "failure",
        -1,
    )
    reroll = calc_json(
        "duel",
        "--attack",
        "12",
        "--kult",
        "2",
        "--defence",
        "9",
        "--defence-kult",
        "2",
        "--defence-kult",
        "4",
        "--weapon",
        "magic",
    )
    assert pick(reroll, "hit", "margin", "ranks", "damage", "critical", "shadow_change") == (False, 1, 0, 0, None, 1)
    attack = calc_json("duel", "--attack", "14", "--defence", "9", "--kult", "3")
    assert pick(attack, "hit", "margin", "ranks", "damage", "critical", "shadow_change") == (True, 8, 1, 2, None, 0)


def test_e3_calc_spell_with_the_caster():
    data = calc_json("spell", "apotheose", "--intensity", "9", "--ame", "4", "--pm", "9")
    assert pick(data, "max_intensity", "shadow_needed", "limit", "affordable") == (5, 2, 9, True)


# --- the JSON objects -------------------------------------------------------------------------

KEYS = {
    (
        "check",
        "--score",
        "3",
        "--difficulty",
        "hard",
        "--kult",
        "-9",
    ): "final margin success success_ranks failure_ranks critical chance",
    (
        "attack-group",
        "--attack",
        "8",
        "--grade",
        "elite",
        "--range",
        "long",
    ): "difficulty margin hit success_ranks felled",
    ("defend-group", "--defence", "30", "--grade", "civil", "--attackers", "9"): "difficulty hit failure_ranks damage",
    (
        "duel",
        "--attack",
        "14",
        "--defence",
        "9",
        "--defence-kult",
        "-9",
    ): "hit margin ranks damage critical shadow_change",
    (
        "damage",
        "--weapon",
        "magic",
        "--ranks",
        "2",
        "--hp",
        "3",
        "--pugilat",
    ): "damage absorbed armour real hp bruise wound state",
    (
        "spell",
        "apotheose",
        "--intensity",
        "12",
        "--ame",
        "10",
        "--pm",
        "3",
        "--shadow",
        "9",
    ): "total effect tier max_intensity limit shadow_needed affordable",
    ("xp", "--from", "1", "--to", "17"): "cost steps",
    ("resist", "--intensity", "1", "--kult", "10", "--target", "20"): "score target resisted",
}


@pytest.mark.parametrize("argv", list(KEYS), ids=[argv[0] for argv in KEYS])
def test_json_has_the_keys_and_the_breakdown(argv):
    data = calc_json(*argv, "--lang", "en")
    assert set(KEYS[argv].split()) <= set(data)
    assert data["breakdown"] and all(isinstance(text, str) for text in data["breakdown"])


def test_json_values():
    data = calc_json("check", "--score", "3", "--difficulty", "hard", "--kult", "-9")
    assert (data["critical"], data["difficulty"], data["shadow_delta"]) == ("failure", 10, -1)
    assert isinstance(data["chance"], float) and data["chance"] == pytest.approx(0.2)
    damage = calc_json("damage", "--weapon", "magic", "--ranks", "2", "--hp", "3", "--pugilat")
    assert pick(damage, "damage", "real", "hp", "bruise", "wound", "state") == (4, 2, 1, 2, "medium", "knocked_out")
    spell = calc_json("spell", "Apothéose", "--intensity", "12", "--ame", "10", "--pm", "3", "--shadow", "9")
    assert pick(spell, "total", "effect", "tier", "max_intensity", "limit", "shadow_needed", "affordable") == (
        12, "minor_prodigy", "supreme", 8, 12, 2, False,
    )  # fmt: skip
    assert spell["warnings"] == ["shadow 9 + 2 passes 10: the caster gains a stigma"]
    french = calc_json("spell", "apotheose", "--intensity", "12", "--ame", "10", "--shadow", "9", "--lang", "fr")
    assert (
        french["warnings"] == ["ombre 9 + 2 dépasse 10 : le lanceur gagne un stigmate"]
        and french["effect"] == "minor_prodigy"
    )
    assert calc_json("resist", "--intensity", "1", "--kult", "10", "--target", "20")["resisted"] is False  # natural +10
    assert calc_json("attack-group", "--attack", "8", "--grade", "elite", "--range", "long")["difficulty"] == 20


def test_a_reroll_adds_a_die():
    data = calc_json("check", "--score", "3", "--difficulty", "10", "--kult", "-2", "--kult", "10")
    assert pick(data, "dice", "final", "success", "critical", "rerolls", "shadow_delta") == (
        [-2, 10],
        11,
        True,
        "success",
        1,
        1,
    )


def test_the_kult_die_is_rolled_when_omitted():
    seeded = [calc_json("check", "--score", "5", "--difficulty", "medium", "--seed", "3") for _ in range(2)]
    assert seeded[0] == seeded[1] and seeded[0]["dice"] == [-2]  # random.Random(3)
    rolled = calc_json("check", "--score", "5", "--difficulty", "medium")
    assert len(rolled["dice"]) == 1 and -9 <= rolled["dice"][0] <= 10
    resisted = calc_json("resist", "--intensity", "5", "--target", "10", "--seed", "3")
    assert resisted["kult"] == -2 and resisted["score"] == 3


# --- readable output --------------------------------------------------------------------------

READABLE = [
    (("check", "--score", "9", "--difficulty", "10", "--kult", "7"), check(9, 10, 7).breakdown),
    (("attack-group", "--attack", "22", "--grade", "vétéran"), attack_group(22, "veteran").breakdown),
    (
        ("defend-group", "--defence", "7", "--grade", "veteran", "--attackers", "3"),
        defend_group(7, "veteran", 3).breakdown,
    ),
    (("duel", "--attack", "14", "--defence", "9", "--kult", "3"), attack_opponent(check(14, 9, 3), 9).breakdown),
    (("damage", "--hp", "14", "--armour", "4", "--damage", "6"), apply_damage(6, hp=14, armour=4).breakdown),
    (
        ("spell", "apotheose", "--intensity", "5", "--targets", "3", "--ame", "4"),
        spell_cost(5, targets=3, ame=4).breakdown,
    ),
    (("resist", "--intensity", "5", "--kult", "3", "--target", "10"), resist(5, 3, 10).breakdown),
    (("xp", "--from", "10", "--to", "11"), xp_cost(10, 11).breakdown),
]


@pytest.mark.parametrize(("argv", "breakdown"), READABLE, ids=[argv[0] for argv, _ in READABLE])
def test_readable_output_is_the_breakdown_in_french(argv, breakdown):
    assert calc(*argv, "--lang", "fr") == (0, render(breakdown, "fr") + "\n", "")


def test_readable_check_in_french():
    code, out, _ = calc("check", "--score", "9", "--difficulty", "10", "--kult", "7", "--lang", "fr")
    assert out.splitlines() == [
        "chance de réussite 50 %",
        "score 9 + kult +7 = 16 contre difficulté 10 (difficile)",
        "marge 6 : réussite, 1 rang",
    ]


def test_the_language_comes_from_lang(monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert calc("xp", "--from", "10", "--to", "11")[1] == "10 → 11: 15 (→11) = 15 PX\n"
    assert calc("xp", "--from", "10", "--to", "11", "--lang", "en")[1] == "10 → 11: 15 (→11) = 15 XP\n"
    assert calc("--lang", "en", "xp", "--from", "10", "--to", "11")[1] == "10 → 11: 15 (→11) = 15 XP\n"


def test_weapon_damage_is_shown_first():
    _, out, _ = calc("damage", "--weapon", "magic", "--ranks", "2", "--hp", "10", "--lang", "en")
    assert out.splitlines()[:2] == ["damage: magic or charged weapon 2 + ranks 2 = 4", "damage 4"]


def test_every_subcommand_has_its_help():
    names = [key.split()[0] for key in COMMANDS]
    assert list(HELP) == names == [argv[0] for argv, _ in READABLE]
    assert sorted(names) == sorted(argv[0] for argv in KEYS)


def test_spell_without_a_system_means_apotheose():
    assert calc_json("spell", "--intensity", "5", "--targets", "3") == calc_json(
        "spell", "apotheose", "--intensity", "5", "--targets", "3"
    )


def test_help_still_works():
    code, out, err = calc("--help")
    assert code == 0 and out.startswith("usage: apotheose calc") and "attack-group" in out and err == ""
    code, out, _ = calc("check", "--help")
    assert code == 0 and "--kult N" in out and "--seed" not in out


# --- bad input: status 2, one line naming the option, nothing on stdout --------------------

BAD = [
    (
        ("attack-group", "--attack", "22", "--grade", "vet"),
        "--grade: unknown value 'vet' (allowed: civil, standard, veteran, elite)",
    ),
    (("damage", "--hp", "-10", "--damage", "2"), "--hp: must be at least -9, got -10"),
    (("spell", "apotheose", "--intensity", "0"), "--intensity: must be at least 1, got 0"),
    # RULES 1.7: resistance scores the pm spent; --intensity is --pm's synonym.
    (("resist", "--intensity", "0", "--kult", "3", "--target", "10"), "--pm: must be a whole number ≥ 1, got 0"),
    (("resist", "--pm", "0", "--kult", "3", "--target", "10"), "--pm: must be a whole number ≥ 1, got 0"),
    (("resist", "--kult", "3", "--target", "10"), "--pm: required: the pm spent on the spell (--pm N)"),
    (("check", "--score", "9", "--difficulty", "10", "--kult", "11"), "--kult: a d20-10 kult die cannot show 11"),
    (
        ("check", "--score", "9", "--difficulty", "10", "--kult", "7", "--kult", "2"),
        "--kult: a reroll comes after a failure",
    ),
    (("check", "--score", "9"), "--difficulty: required"),
    (("xp", "--from", "1", "--to", "2", "--lang", "de"), "--lang: unknown value 'de' (allowed: en, fr)"),
    (("spell", "astrology", "--intensity", "3"), "system: unknown value 'astrology'"),
    (("check", "--score", "x", "--difficulty", "10"), "--score: must be a whole number, got 'x'"),
    (("check", "--score", "9", "--difficulty", "impossible"), "--difficulty: unknown difficulty 'impossible'"),
    (("check", "--score", "9", "--difficulty", "10", "--kult"), "--kult: expected one argument"),
    (("damage", "--hp", "3"), "--damage: required"),
    (("damage", "--hp", "3", "--weapon", "magic"), "--ranks: required with --weapon"),
    (
        ("damage", "--hp", "3", "--damage", "2", "--ranks", "1"),
        "--damage: give either --damage or --weapon and --ranks, not both",
    ),
    (
        ("damage", "--hp", "3", "--ranks", "1", "--weapon", "laser"),
        "--weapon: unknown value 'laser' (allowed: normal, magic)",
    ),
    (("spell", "apotheose", "--intensity", "3", "--shadow", "11"), "--shadow: must be between 0 and 10, got 11"),
    (("xp", "--from", "5", "--to", "3"), "--to: must be above 5, got 3"),
    (("xp", "--from", "1", "--to", "2", "--bogus", "3"), "--bogus: not an option of this command"),
    (("xp", "--from", "1", "--t", "2", "--to", "3"), "--t: not an option of this command"),  # no abbreviations
    (
        ("roll",),
        "command: unknown value 'roll' (allowed: check, attack-group, defend-group, duel, damage, spell, resist, xp",
    ),  # + extensions' commands
    ((), "command: required"),
]


@pytest.mark.parametrize(("argv", "message"), BAD, ids=[" ".join(argv) or "nothing" for argv, _ in BAD])
def test_bad_input_is_one_line_naming_the_option(argv, message):
    code, out, err = calc(*argv)
    assert (code, out) == (2, "")
    assert err.endswith("\n") and err.count("\n") == 1
    assert err.startswith(f"apotheose calc: {message}")


VALUES = st.one_of(
    st.integers(-12, 25).map(str),
    st.sampled_from(["x", "", "vet", "veteran", "hard", "apotheose", "fr", "de", "magic"]),
)
OPTIONS = st.sampled_from(
    "--score --difficulty --kult --attack --grade --range --standing --defence --attackers --damage --weapon --ranks --hp "
    "--defence-kult --armour --bruise --intensity --duration --targets --ame --pm --shadow --target --from --to --lang --seed".split()
)
FLAGS = st.sampled_from(["--json", "--pugilat", "--bypass-armour"])
WORDS = st.lists(st.one_of(st.tuples(OPTIONS, VALUES), st.tuples(FLAGS), st.tuples(VALUES)), max_size=8)


@pytest.mark.slow
@given(
    st.sampled_from(["check", "attack-group", "defend-group", "damage", "spell", "resist", "xp", "apotheose"]), WORDS
)
def test_any_input_gives_an_answer_or_one_error_line(command, words):
    argv = [command] + [word for group in words for word in group]
    code, out, err = calc(*argv)
    if code == 0:
        assert out and not err
    else:
        assert (code, out) == (2, "") and err.startswith("apotheose calc: ") and err.count("\n") == 1


@pytest.mark.slow
@given(st.integers(-30, 30), st.integers(-10, 40), st.integers(-9, 10))
def test_check_json_agrees_with_the_core(score, difficulty, kult):
    data = calc_json("check", "--score", str(score), "--difficulty", str(difficulty), "--kult", str(kult))
    result = check(score, difficulty, kult)
    assert pick(data, "final", "margin", "success", "success_ranks", "failure_ranks") == (
        result.final, result.margin, result.success, result.success_ranks, result.failure_ranks,
    )  # fmt: skip
    assert 0 <= data["chance"] <= 1 and data["chance"] == float(result.chance)


# --- as a process: exit status, streams, no Textual ---------------------------------------------

WRAPPER = (
    "import sys\n"
    "from tui.cli import main\n"
    "code = main(sys.argv[1:])\n"
    "print('UI modules:', sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'asyncssh')))\n"
    "sys.exit(code)\n"
)


def run(*argv: str, wrapped: bool = False) -> subprocess.CompletedProcess:
    command = [sys.executable, "-c", WRAPPER] if wrapped else [sys.executable, "-m", "tui"]
    return subprocess.run([*command, "calc", *argv], capture_output=True, text=True, cwd=ROOT, timeout=60)


@pytest.mark.parametrize("argv", list(KEYS), ids=[argv[0] for argv in KEYS])
def test_calc_imports_no_textual_nor_rich(argv):
    done = run(*argv, "--json", wrapped=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "UI modules: []"


def test_python_m_tui_calc():
    done = run("xp", "--from", "1", "--to", "2", "--json")
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["cost"] == 5
    bad = run("attack-group", "--attack", "22", "--grade", "vet")
    assert (bad.returncode, bad.stdout) == (2, "")
    assert bad.stderr == "apotheose calc: --grade: unknown value 'vet' (allowed: civil, standard, veteran, elite)\n"


def test_invisible_magic_is_priced_for_0_pm():
    """Seed 000 l.469: « la magie invisible ne coute aucun point de magie quel que soit l'effet
    accompli … si une seule manque, la magie invisible est impossible »; l.459: it takes « au moins
    une grâce »."""
    data = calc_json("spell", "apotheose", "--intensity", "5", "--targets", "2", "--invisible", "--graces", "1")
    assert pick(data, "total", "invisible", "affordable", "max_intensity") == (0, True, True, None)
    assert data["breakdown"][2].startswith("invisible magic: 0 pm whatever the effect (not the 7 pm above)")
    assert calc_json("spell", "apotheose", "--intensity", "1", "--invisible", "--graces", "0")["affordable"] is False
    code, _, err = calc("spell", "apotheose", "--intensity", "1", "--invisible", "--ame", "4")
    assert code == 2 and "--ame: not with --invisible" in err
