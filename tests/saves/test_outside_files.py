"""Files from outside — the template library, keymap.toml, a campaign edited by hand — never stop
the app or the command line, and what they hold reaches a terminal only as data."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.demo import demo_campaign
from core.journal import Journal
from saves.errors import SaveError
from saves.format import encode
from saves.players_file import players_path
from saves.reading import depth
from saves.templates import library_path, load_library
from tests.tui.pilot import make_test_app, run, wait_for
from tui.cli import main

CONTROLS = "\x1b\x07\x9b\u202e"


@pytest.fixture
def saves(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "campaigns"
    monkeypatch.setenv("APOTHEOSE_SAVES", str(folder))
    monkeypatch.delenv("APOTHEOSE_TEMPLATES", raising=False)
    return folder


def _library(text: str) -> Path:
    path = library_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


LIBRARY = '{"format": "apotheose.templates", "version": 1, "templates": [%s]}'


# -- templates.json (issue 23 item 7) -------------------------------------------------------------


@pytest.mark.parametrize(
    "templates, said",
    [
        pytest.param('{"name": "Loup", "notes": ' + "[" * 5000 + "]" * 5000 + "}", "not valid JSON", id="nested JSON"),
        pytest.param('{"name": "Loup", "notes": ' + "[" * 40 + "]" * 40 + "}", "more than 16 deep", id="deep JSON"),
        pytest.param('{"name": "Loup\\ud800"}', "not valid JSON", id="lone surrogate"),
        pytest.param(
            '{"name": "Loup\\u001b]0;PWNED\\u0007\\u001b[2J"}',
            "$.templates[0].name: cannot hold the control character U+001B",
            id="OSC name",
        ),
    ],
)
def test_a_library_that_would_stop_a_save_or_a_terminal_is_refused_naming_why(saves, capsys, templates, said) -> None:
    path = _library(LIBRARY % templates)
    with pytest.raises(SaveError) as refused:
        load_library(path)
    assert said in str(refused.value)
    capsys.readouterr()
    assert main(["templates"]) == 1
    out, err = capsys.readouterr()
    assert said in err and err.count("\n") == 1 and "Traceback" not in err
    assert not any(c in out + err for c in CONTROLS)


@pytest.mark.slow
@run
async def test_t_on_a_nested_library_offers_the_ready_templates_and_saying_why(saves) -> None:
    from textual.widgets import OptionList, Static

    from tui.screens.templates import TemplatePicker

    _library(LIBRARY % ('{"name": "Loup", "notes": ' + "[" * 5000 + "]" * 5000 + "}"))
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("T")
        await wait_for(pilot, lambda: isinstance(app.screen, TemplatePicker))
        assert "not valid JSON" in str(app.screen.query_one(".line-hint", Static).content)
        assert app.screen.query_one(OptionList).option_count == 5
        await pilot.press("1", "v", "e", "t", "enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, TemplatePicker))
    assert app.campaign.roster[-1].name == "Vétéran"
    encode(app.session.journal)  # and the campaign still saves


# -- keymap.toml (issue 23 item 8) ----------------------------------------------------------------


def _config(tmp_path: Path, monkeypatch) -> Path:
    folder = tmp_path / "config"
    folder.mkdir(exist_ok=True)
    monkeypatch.setenv("APOTHEOSE_CONFIG", str(folder))
    return folder / "keymap.toml"


def test_a_deeply_nested_keymap_is_one_problem_not_a_crash(tmp_path, monkeypatch) -> None:
    from tui.keymap import load

    _config(tmp_path, monkeypatch).write_text("undo = " + "[" * 5000 + '"ctrl+u"' + "]" * 5000 + "\n")
    loaded = load()
    assert loaded.keymap == {}
    assert [p.key for p in loaded.problems] == ["keymap.unreadable"]
    assert "more than 16 deep" in loaded.problems[0].text("en")


@pytest.mark.slow
@run
async def test_the_app_opens_with_a_deeply_nested_keymap_and_says_so(tmp_path, monkeypatch) -> None:
    _config(tmp_path, monkeypatch).write_text("undo = " + "[" * 5000 + '"ctrl+u"' + "]" * 5000 + "\n")
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any("keymap.toml" in str(n.message) for n in app._notifications))
        await pilot.press("n")
    assert app.return_code in (None, 0)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_at_the_keymap_path_is_refused_at_once_never_waited_on(tmp_path, monkeypatch) -> None:
    """The app's start-up and ``apotheose keymap`` (in their own processes: before, both waited on
    the FIFO for ever, nothing drawn)."""
    os.mkfifo(_config(tmp_path, monkeypatch))
    env = {**os.environ, "APOTHEOSE_CONFIG": str(tmp_path / "config")}
    start_up = "from tui.keymap import load; print([p.text('en') for p in load().problems])"
    for argv in (["-c", start_up], ["-m", "tui.cli", "keymap"]):
        done = subprocess.run([sys.executable, *argv], env=env, capture_output=True, text=True, timeout=20)
        assert "not a regular file" in done.stdout + done.stderr


def test_a_keymap_through_a_symlink_is_still_read(tmp_path, monkeypatch) -> None:
    """Dotfiles kept in a repository are linked into the config folder: followed, unlike a save."""
    from tui.keymap import load

    real = tmp_path / "dotfiles" / "keymap.toml"
    real.parent.mkdir()
    real.write_text('undo = "ctrl+u"\n')
    _config(tmp_path, monkeypatch).symlink_to(real)
    assert load().keymap == {"undo": "ctrl+u"}


# -- the command line prints other people's text as data (issue 23 item 10) ----------------------


def test_a_file_name_with_escapes_is_listed_escaped_when_a_name_is_mistyped(saves, capsys) -> None:
    saves.mkdir(parents=True)
    (saves / "x\x1b]0;PWNED\x07\x1b[2J.json").write_bytes(encode(Journal.start(demo_campaign())))
    assert main(["villonn"]) == 2
    err = capsys.readouterr().err
    assert "x\\x1b]0;PWNED\\x07\\x1b[2J" in err and err.count("\n") == 1
    assert not any(c in err for c in CONTROLS)


def test_a_refused_roster_row_is_quoted_escaped(saves, tmp_path, capsys) -> None:
    assert main(["new", "Nuit"]) == 0
    roster = tmp_path / "r.csv"
    roster.write_text("name,count\nLoup [b] ‮,2\n")  # a bidi override: refused, and shown escaped
    capsys.readouterr()
    assert main(["import", "Nuit", str(roster)]) == 1
    out, err = capsys.readouterr()
    assert "\\u202e" in err and not any(c in out + err for c in CONTROLS)


# -- leftovers (issue 23 item 11) -----------------------------------------------------------------


def _bad_save(path: Path, hp: object) -> Path:
    data = orjson.loads(encode(Journal.start(demo_campaign())))
    data["campaign"]["roster"][0]["hp"] = hp
    path.write_bytes(orjson.dumps(data))
    return path


def _bad_players_file(path: Path, hp: object) -> Path:
    from core.player_view import player_view_of
    from saves.players_file import encode_view

    data = orjson.loads(encode_view(player_view_of(Journal.start(demo_campaign()))))
    data["rows"][0]["hp"] = hp
    path.write_bytes(orjson.dumps(data))
    return path


@pytest.mark.parametrize(
    ("command", "bad_file", "field"),
    [
        ("check", _bad_save, "$.campaign.roster[0].hp"),
        ("log", _bad_save, "$.campaign.roster[0].hp"),
        ("view", _bad_players_file, "$.rows[0].hp"),  # the view reads the players' file
    ],
    ids=["check", "log", "view"],
)
def test_a_huge_bad_value_is_cut_on_its_one_error_line(tmp_path, capsys, command, bad_file, field) -> None:
    path = bad_file(tmp_path / ("big.players.json" if command == "view" else "big.json"), "x" * (10 * 1024 * 1024))
    capsys.readouterr()
    assert main([command, str(path)]) == 1
    err = capsys.readouterr().err
    assert field in err and err.count("\n") == 1 and len(err) < 1100


@pytest.mark.slow
def test_check_keeps_its_status_when_the_reader_of_its_errors_stops_early(tmp_path) -> None:
    """``apotheose check FILE 2>&1 | head -c 10``: the error line meets a closed pipe; the status
    is still 1 (it was 0: a file that does not load looked fine to a script)."""
    path = _bad_save(tmp_path / "big.json", "x" * (1024 * 1024))
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "check", str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert proc.stderr is not None
    proc.stderr.read(10)
    proc.stderr.close()
    assert proc.wait(timeout=60) == 1


def test_a_roster_export_never_writes_a_cell_a_spreadsheet_would_run(tmp_path, saves, capsys) -> None:
    import attrs

    from saves.roster_file import parse_roster, roster_text

    c = demo_campaign()
    names = ['=HYPERLINK("http://x")', "+33 6", "-Zed", "@SUM(A1)"]
    c = attrs.evolve(
        c, roster=tuple(attrs.evolve(ch, name=n) for ch, n in zip(c.roster, names, strict=False)) + c.roster[4:]
    )
    text = roster_text(c, "csv")
    cells = [row.split(",")[1].strip('"') for row in text.splitlines()[1:5]]
    assert all(cell.startswith("'") for cell in cells), cells
    again = parse_roster(text, "csv", attrs.evolve(c, roster=(), groups=(), encounters=(), active=None))
    assert [ch.name for ch in again.characters[:4]] == names


def test_the_view_refuses_a_file_whose_history_check_refuses(tmp_path, capsys) -> None:
    from tui.view.follow import read_view

    journal = Journal.start(demo_campaign())
    from core.actions import NextTurn

    journal = journal.record(NextTurn())[0]
    data = orjson.loads(encode(journal))
    data["history"]["done"][0]["action"] = {"type": "Teleport"}
    path = tmp_path / "edited.json"
    path.write_bytes(orjson.dumps(data))
    assert main(["check", str(path)]) == 1
    # The view reads only the players' file, written by the GM app from a campaign that passed
    # check's validation; the campaign file itself is refused, and none was written from it.
    with pytest.raises(SaveError, match="apotheose.players"):
        read_view(path)
    assert not players_path(path).exists()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=30,
)


def _nesting(value: object) -> int:
    """How deep arrays and objects nest, said recursively."""
    if isinstance(value, dict):
        return 1 + max(map(_nesting, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_nesting, value), default=0)
    return 0


@given(json_values)
def test_the_depth_of_a_value_read_from_outside_is_how_deep_it_nests(value) -> None:
    assert depth(value) == _nesting(value)


def test_the_depth_of_a_very_deep_value_is_counted_without_recursion() -> None:
    value: list[object] = []
    for _ in range(20_000):
        value = [value, {"a": 1}]
    assert depth(value) == 20_001
    assert depth([{"name": "Garde"}] * 1_000 + [[[]]]) == 3
