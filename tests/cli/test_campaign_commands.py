"""``apotheose new``, ``check`` and ``log``: campaign files from the command line, without Textual."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from core.demo import demo_campaign
from saves.envelope import CURRENT_VERSION
from saves.format import read_journal
from tests.golden.make_campaign_v1 import golden_journal
from tui.cli import main
from tui.cli.campaign import main_check, main_log, main_new, markdown_log

GOLDEN = Path(__file__).parents[1] / "golden" / "campaign_v1.json"


@pytest.fixture
def saves(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "campaigns"
    monkeypatch.setenv("APOTHEOSE_SAVES", str(folder))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    return folder


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# -- new -----------------------------------------------------------------------------------------


def test_new_creates_an_empty_campaign_in_the_saves_folder_and_prints_its_path(saves, capsys) -> None:
    assert main(["new", "La Nuit des Cendres"]) == 0
    path = saves / "la-nuit-des-cendres.json"
    assert capsys.readouterr().out == f"{path}\n"
    campaign = read_journal(path.read_bytes(), path).journal.campaign
    assert campaign.name == "La Nuit des Cendres" and campaign.roster == ()


def test_new_demo_starts_from_the_demo_fight(tmp_path, capsys) -> None:
    assert main_new(["Villon", "--demo", "--saves", str(tmp_path)]) == 0
    path = tmp_path / "villon.json"
    assert read_journal(path.read_bytes(), path).journal.campaign == demo_campaign("Villon")


def test_new_at_a_path_names_the_campaign_after_the_file(tmp_path, capsys) -> None:
    assert main_new([str(tmp_path / "une-campagne.json")]) == 0
    path = tmp_path / "une-campagne.json"
    assert read_journal(path.read_bytes(), path).journal.campaign.name == "une-campagne"


def test_new_never_replaces_a_campaign(saves, capsys) -> None:
    assert main_new(["villon"]) == 0
    path = saves / "villon.json"
    before = path.read_bytes()
    assert main_new(["villon", "--demo"]) == 1
    assert "already exists" in one_line(capsys.readouterr().err)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["villon", "--bogus"], "--bogus"),
        ([], "NAME"),
        (["!!!"], "campaign"),
        (["Villon", "--demo=yes"], "--demo"),
    ],
)
def test_new_refuses_bad_input_with_one_line_and_status_2(saves, capsys, argv, words) -> None:
    assert main_new(argv) == 2
    line = one_line(capsys.readouterr().err)
    assert line.startswith("apotheose new: ") and words in line
    assert not saves.exists() or list(saves.iterdir()) == []


# -- check ---------------------------------------------------------------------------------------


def test_check_summarises_a_campaign_that_loads(capsys) -> None:
    assert main_check([str(GOLDEN)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{GOLDEN}: loads\n")
    for words in (
        "name: Démo — Villon",
        "characters: 7 (6 PC, 1 NPC)",
        "groups: 2 (15 of 18 mooks standing)",
        "hidden from players: 1",
        "encounter: Embuscade à Leda, round 1, turn of Capitaine de la garde (9 taking part)",
        "spell book: 0 spells of its own, 0 casters (calc spell --book lists them)",
        "history: 5 actions to undo, 1 to redo, 9 log lines",
        f"format: apotheose.campaign version 1, upgraded to {CURRENT_VERSION} when read",
    ):
        assert f"  {words}\n" in out


def test_check_counts_the_spell_book() -> None:
    from tui.cli.campaign import summary

    golden = Path(__file__).parents[1] / "golden" / "campaign_v5.json"
    lines = dict(summary(read_journal(golden.read_bytes(), golden).journal, 5))
    assert lines["spell book"] == "6 spells of its own, 2 casters (calc spell --book lists them)"


def test_check_finds_a_campaign_by_name(saves, capsys) -> None:
    main_new(["villon", "--demo"])
    assert main(["check", "villon"]) == 0
    assert "name: villon" in capsys.readouterr().out


def test_check_names_the_file_and_the_field_of_a_bad_save_and_exits_1(tmp_path, capsys) -> None:
    data = orjson.loads(GOLDEN.read_bytes())
    data["campaign"]["roster"][3]["hp"] = "5"
    path = tmp_path / "villon.json"
    path.write_bytes(orjson.dumps(data))
    before = path.read_bytes()
    assert main_check([str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert one_line(captured.err) == f'{path}: $.campaign.roster[3].hp: expected a whole number, found a string "5"'
    assert path.read_bytes() == before


def test_check_replays_the_history_and_says_when_it_does_not_lead_to_the_campaign(tmp_path, capsys) -> None:
    data = orjson.loads(GOLDEN.read_bytes())
    data["campaign"]["roster"][2]["hp"] = 1  # edited by hand: the app finds it on an undo only
    path = tmp_path / "villon.json"
    path.write_bytes(orjson.dumps(data))
    assert main_check([str(path)]) == 0
    assert "  note: the campaign differs from what its history gives" in capsys.readouterr().out
    data["history"]["done"][2]["action"]["targets"] = ["nobody"]
    path.write_bytes(orjson.dumps(data))
    assert main_check([str(path)]) == 1
    assert "$.history.done[2].action: cannot be replayed" in one_line(capsys.readouterr().err)


def test_check_of_a_missing_file_exits_1(tmp_path, capsys) -> None:
    assert main_check([str(tmp_path / "nowhere.json")]) == 1
    assert "no such file" in one_line(capsys.readouterr().err)


# -- log -----------------------------------------------------------------------------------------


def test_log_writes_the_combat_log_as_markdown_to_stdout(capsys) -> None:
    assert main_log([str(GOLDEN), "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "# Démo — Villon — Combat log"
    assert out[2] == "- **1** Capitaine de la garde's turn (round 1)"
    assert out[-1] == "- **6** ↶ Undone: Arbalétriers de Villon shown to the players"
    assert len(out) == 2 + 9


def test_log_in_french_to_a_file(tmp_path, capsys) -> None:
    out = tmp_path / "journal.md"
    assert main_log([str(GOLDEN), "-o", str(out), "--lang", "fr"]) == 0
    assert capsys.readouterr().out == ""
    text = out.read_text()
    assert text.startswith("# Démo — Villon — Journal de combat\n")
    assert "- **3** Segiere subit 6 : armure 4→0 · PV 14→12 · blessure moyenne\n" in text


def test_log_escapes_markdown_in_names() -> None:
    journal = golden_journal()
    text = markdown_log(journal.__class__.start(demo_campaign("*Villon* [2]")), "en")
    assert text.splitlines()[0] == r"# \*Villon\* \[2\] — Combat log"
    assert "Nothing has happened yet." in text


@pytest.mark.parametrize(("argv", "words"), [(["--lang", "de"], "--lang"), (["-o"], "-o/--output")])
def test_log_refuses_bad_options_with_one_line(capsys, argv, words) -> None:
    assert main_log([str(GOLDEN), *argv]) == 2
    assert words in one_line(capsys.readouterr().err)


# -- no Textual ----------------------------------------------------------------------------------


def ui_after(tmp_path, argv: list[str], setup: str = "") -> str:
    """Run ``apotheose ARGV`` in a new process (after ``setup``): its status and the Textual or
    Rich modules it imported, as one line."""
    code = (
        "import sys\n"
        "from tui.cli import main\n"
        f"{setup}\n"
        "status = main(sys.argv[1:])\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'asyncssh'))\n"
        "print(status, bad)\n"
    )
    env = {**os.environ, "APOTHEOSE_SAVES": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, env=env)
    assert result.stdout.strip(), result.stderr
    return result.stdout.strip().splitlines()[-1]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "status"),
    [
        (["new", "villon", "--demo"], 0),
        (["check", "villon"], 0),
        (["log", "villon"], 0),
        (["players", "list", "villon"], 0),
        (["serve", "villon", "--port", "x"], 2),
    ],
)
def test_the_campaign_commands_never_import_textual(tmp_path, command, status) -> None:
    """Nor asyncssh: only ``serve`` imports it, once its command line is right."""
    assert (
        ui_after(tmp_path, command, "main(['new', 'villon', '--demo']) if sys.argv[1] != 'new' else None")
        == f"{status} []"
    )


@pytest.mark.slow
def test_the_apotheose_command_creates_and_checks(tmp_path) -> None:
    env = {**os.environ, "APOTHEOSE_SAVES": str(tmp_path)}
    new = subprocess.run(
        [sys.executable, "-m", "tui", "new", "Villon", "--demo"], capture_output=True, text=True, env=env
    )
    assert (new.returncode, new.stdout) == (0, f"{tmp_path / 'villon.json'}\n")
    check = subprocess.run([sys.executable, "-m", "tui", "check", "villon"], capture_output=True, text=True, env=env)
    assert check.returncode == 0 and "characters: 7" in check.stdout
    bogus = subprocess.run(
        [sys.executable, "-m", "tui", "check", "villon", "--frobnicate"], capture_output=True, text=True, env=env
    )
    assert bogus.returncode == 2 and bogus.stderr.count("\n") == 1 and "--frobnicate" in bogus.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    ("argv", "status"),
    [(["--help"], 0), (["nosuch"], 2), (["--lang", "de"], 2), (["--colors", "8"], 2)],
    ids=["help", "no-such-campaign", "bad-lang", "bad-colors"],
)
def test_the_apps_one_line_answers_never_import_textual(tmp_path, argv, status) -> None:
    """``apotheose`` answers a wrong name or option (and ``--help``) without loading Textual."""
    assert ui_after(tmp_path, argv) == f"{status} []"
