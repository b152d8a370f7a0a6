"""Issue 15, item 8 (and 2 for the command line): numbers have bounds, pipes close quietly,
nothing from a file reaches the terminal raw."""

from __future__ import annotations

import subprocess
import sys

import pytest

from core.actions import NextTurn
from core.demo import demo_campaign
from core.journal import Journal
from saves.atomic import atomic_write
from saves.format import encode
from saves.store import create_campaign
from tui.cli.calc import main as calc


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["spell", "--ame", "10^309", "--intensity", "1"], "--ame"),
        (["spell", "--ame", "9" * 400, "--intensity", "1"], "--ame"),
        (["spell", "apotheose", "--intensity", "1000000"], "--intensity"),
        (["xp", "--from", "3", "--to", "100000000"], "--to"),
        (["check", "--score", "5", "--difficulty", "10", "--kult", "100"], "--kult"),
        (["spell", "--intensity", "2", "--shadow", "1000"], "--shadow"),
    ],
)
def test_a_number_out_of_range_exits_2_naming_the_option(capsys, argv, option):
    assert calc(argv) == 2
    err = capsys.readouterr().err
    assert option in err and err.count("\n") == 1 and len(err) < 300


def test_numbers_in_range_still_work(capsys):
    assert calc(["xp", "--from", "3", "--to", "5"]) == 0
    assert "10 XP" in capsys.readouterr().out


def test_whole_in_is_reusable_by_calc_modules():
    import argparse

    from tui.cli.calc_parser import whole_in

    level = whole_in(0, 10)
    assert level("7") == 7
    with pytest.raises(argparse.ArgumentTypeError, match="between 0 and 10"):
        level("11")


@pytest.mark.slow
def test_log_piped_into_head_ends_quietly(tmp_path):
    journal = Journal.start(demo_campaign("Villon"))
    for _ in range(3000):
        journal, _ = journal.record(NextTurn())
    path = tmp_path / "villon.json"
    atomic_write(path, encode(journal))
    code = f"import sys; from tui.cli import main; sys.exit(main(['log', {str(path)!r}]))"
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(60) == 0
    assert b"Traceback" not in err and b"BrokenPipe" not in err


def test_item8_check_piped_into_head_ends_quietly(tmp_path):
    """``apotheose check FILE | head``: the reader goes away before the summary is written."""
    path = create_campaign(tmp_path / "villon.json", demo_campaign("Villon"))
    code = f"import sys; from tui.cli import main; sys.exit(main(['check', {str(path)!r}]))"
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # head has read its lines (here: none) and gone
    err = proc.stderr.read()
    assert proc.wait(60) == 0
    assert err == b""
