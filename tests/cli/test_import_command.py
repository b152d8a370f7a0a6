"""``apotheose import`` runs the app's checks: text from the file is data, every reader bounded,
no input quadratic. Nothing is written when any row is refused, and no traceback reaches the GM."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.demo import demo_campaign
from core.templates import Book
from saves.reading import MAX_DEPTH
from saves.store import load_campaign
from tests.present import present
from tui.cli import main


@pytest.fixture
def campaign(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("APOTHEOSE_SAVES", str(tmp_path / "saves"))
    assert main(["new", "Nuit", "--demo"]) == 0
    return tmp_path / "saves" / "nuit.json"


def _import(tmp_path: Path, name: str, content: str | bytes, capsys) -> tuple[int, str, str]:
    roster = tmp_path / name
    roster.write_bytes(content if isinstance(content, bytes) else content.encode())
    capsys.readouterr()
    status = main(["import", "Nuit", str(roster)])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    "name, code",
    [("Loup\x1b]0;PWNED\x07", "U+001B"), ("Loup\u202egauche", "U+202E"), ("Lo\x00up", "U+0000"), ("Lo\rup", "U+000D")],
)
def test_a_name_with_a_control_character_is_refused_at_its_line_and_never_echoed(
    campaign, tmp_path, capsys, name, code
) -> None:
    before = campaign.read_bytes()
    status, out, err = _import(tmp_path, "r.json", f'[{{"name": "Garde"}}, {{"name": {_json(name)}}}]', capsys)
    assert status == 1
    assert f"line 1: name: cannot hold the control character {code}" in err
    assert not any(c in err + out for c in "\x1b\x07\x00\r\u202e")
    assert campaign.read_bytes() == before
    assert main(["check", str(campaign)]) == 0


def _json(text: str) -> str:
    import json

    return json.dumps(text)


def test_a_name_over_two_lines_in_a_csv_cell_is_refused(campaign, tmp_path, capsys) -> None:
    status, _out, err = _import(tmp_path, "r.csv", 'name,corps\n"Gar\nde",3\n', capsys)
    assert status == 1 and "name: cannot hold the control character U+000A" in err


@pytest.mark.parametrize(
    "name, content, words",
    [
        pytest.param(
            "huge.csv", "name,corps\nA,99999999999999999999999\n", "line 2: corps: must be between 0 and 99", id="10^23"
        ),
        pytest.param(
            "cell.csv",
            "name,notes\nA," + "x" * (1024 * 1024) + "\n",
            "line 2: a cell longer than 131,072",
            id="1 MiB cell",
        ),
        pytest.param("nested.json", "[" * 100_000 + "]" * 100_000, "not valid JSON", id="nested JSON"),
        pytest.param(
            "deep.json", "[" + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "]", f"more than {MAX_DEPTH} deep", id="deep JSON"
        ),
        pytest.param("surrogate.json", '[{"name": "Loup\\ud800"}]', "not valid JSON", id="lone surrogate"),
        pytest.param(
            "nul.csv", "name\nA\x00\n", "line 2: name: cannot hold the control character U+0000", id="NUL in a CSV"
        ),
    ],
)
def test_a_file_past_a_bound_is_refused_in_one_line_without_a_traceback(
    campaign, tmp_path, capsys, name, content, words
) -> None:
    before = campaign.read_bytes()
    status, out, err = _import(tmp_path, name, content, capsys)
    assert status == 1
    assert words in err
    assert "Traceback" not in err and err.count("\n") == 1 and len(err) < 1100
    assert out == "" and campaign.read_bytes() == before


def test_an_import_prints_the_names_it_added_as_data(campaign, tmp_path, capsys) -> None:
    status, out, _err = _import(tmp_path, "r.csv", "name,count\nGarde [b],2\n", capsys)
    assert status == 0 and "2 added: Garde [b] 1, Garde [b] 2" in out
    assert [c.name for c in load_campaign(campaign).journal.campaign.roster][-2:] == ["Garde [b] 1", "Garde [b] 2"]


class CountingSet(set):
    """A set that counts the look-ups made in it."""

    lookups = 0

    def __contains__(self, item: object) -> bool:
        CountingSet.lookups += 1
        return super().__contains__(item)


def test_names_that_slug_alike_cost_one_or_two_look_ups_each_not_a_scan() -> None:
    """20,000 names that slug alike took 40 s: each new id tried garde-2, garde-3… from 2."""
    book = Book(demo_campaign())
    book.ids = CountingSet(book.ids)
    CountingSet.lookups = 0
    names = [f"Garde{'!' * i}" for i in range(2000)]  # all slug to "garde"
    ids = [book.id_for(name) for name in names]
    assert len(set(ids)) == 2000
    assert CountingSet.lookups <= 3 * len(names)


def test_import_join_puts_the_late_arrivals_in_the_fight_under_way(campaign, tmp_path, capsys) -> None:
    """Issue 34, item 3: ``apotheose import --join`` (the app's "join the fight" box); without it
    they are in the roster only."""
    roster = tmp_path / "r.csv"
    roster.write_text("name,count,combat\nGarde,2,6\n")
    assert main(["import", "Nuit", str(roster), "--join"]) == 0
    fight = present(load_campaign(campaign).journal.campaign.encounter)
    assert fight.participant("garde-1") is not None and fight.participant("garde-2") is not None
    roster.write_text("name,count,combat\nVeilleur,1,6\n")
    assert main(["import", "Nuit", str(roster)]) == 0
    after = load_campaign(campaign).journal.campaign
    assert any(c.name == "Veilleur" for c in after.roster) and len(present(after.encounter).participants) == len(
        fight.participants
    )
