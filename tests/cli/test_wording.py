"""Words the command line and the log print: counts agree with their nouns, a system's label
takes its article, a bad key file or ``--pc`` is named plainly, a grade is in the log's language."""

from __future__ import annotations

import subprocess

import pytest

from core.actions import AddGroup, apply
from core.demo import demo_campaign
from core.errors import RulesError
from core.mooks import MookGroup
from core.opposed import Grade
from saves.access import read_access
from tui.cli import main


@pytest.fixture
def saves(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    monkeypatch.setenv("APOTHEOSE_SAVES", str(folder))
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["new", "villon", "--demo"]) == 0
    return folder


def test_check_counts_one_action_and_one_spell_in_the_singular(saves, capsys) -> None:
    assert main(["calc", "spell", "-i", "3", "--save", "Bolt", "--campaign", "villon"]) == 0
    capsys.readouterr()
    assert main(["check", "villon"]) == 0
    out = capsys.readouterr().out
    assert "  spell book: 1 spell of its own, 0 casters (calc spell --book lists them)\n" in out
    assert "  history: 1 action to undo, 0 to redo, 1 log line\n" in out


def test_a_systems_label_takes_its_article(saves, capsys) -> None:
    from core.spellbook.book import a_system

    assert [a_system(s) for s in ("apotheose", "mage", "poles", "d6")] == [
        "an Apothéose", "a Mage", "a Quatre Pôles", "a Système D6"]  # fmt: skip
    for _ in range(2):
        main(["calc", "spell", "-i", "3", "--save", "Bolt", "--campaign", "villon"])
    err = capsys.readouterr().err
    assert "villon's book already has an Apothéose spell named 'Bolt'" in err, err


def test_the_book_refuses_a_second_spell_of_a_name_with_the_right_article() -> None:
    from core.actions.book import SaveSpell
    from core.spellbook.apotheose import ApotheoseInputs
    from core.spellbook.book import BookSpell

    spell = BookSpell("Bolt", ApotheoseInputs(intensity=3))
    campaign = apply(demo_campaign(), SaveSpell(spell)).campaign
    with pytest.raises(RulesError, match="already has an Apothéose spell named"):
        apply(campaign, SaveSpell(spell))


@pytest.fixture
def key(tmp_path):
    key = tmp_path / "k"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    return key


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["KEY", "--pc", "nobody"], "apotheose players: --pc: no character is called 'nobody' (the PCs: Arsouille, "),
        (["PRIVATE"], "apotheose players: the key file PRIVATE is not an OpenSSH public key ("),
        (["MISSING"], "apotheose players: the key file MISSING: no such file"),
    ],
)
def test_players_add_names_the_key_file_and_the_pc_plainly(saves, key, capsys, argv, said) -> None:
    files = {"KEY": f"{key}.pub", "PRIVATE": str(key), "MISSING": f"{key}.nothing"}
    capsys.readouterr()
    assert main(["players", "add", "villon", "alice", *(files.get(a, a) for a in argv)]) == 2
    err = capsys.readouterr().err
    for name, path in files.items():
        said = said.replace(name, path)
    assert err.count("\n") == 1 and err.startswith(said), err
    assert read_access(saves / "villon.json").players == ()


def test_a_new_groups_grade_is_in_french_in_the_french_log() -> None:
    group = MookGroup("toit", "Arbalétriers", Grade.VETERAN, 4, 4, 10)
    (line,) = apply(demo_campaign(), AddGroup(group)).lines
    assert line.en == "Arbalétriers: 4 veteran mooks"
    assert line.fr == "Arbalétriers : 4 sbires (soldats vétérans)"
