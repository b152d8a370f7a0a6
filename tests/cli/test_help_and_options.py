"""The command line fits the hand (issue 14 item 12): help lists the subcommands, a misspelt
option is named as unknown, the common options have short forms."""

from __future__ import annotations

import contextlib
import io

import pytest

from tui.cli import main


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as stop:  # --help
            assert isinstance(stop.code, int)
            code = stop.code
    return code, out.getvalue(), err.getvalue()


def test_apotheose_help_lists_every_subcommand():
    code, out, _ = run_cli("--help")
    assert code == 0
    for command in ("calc", "new", "check", "log"):
        assert f"apotheose {command}" in out


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (("calc", "check", "--score", "10", "--diff", "5"), "--diff"),
        (("calc", "attack-group", "--atack", "17", "--grade", "veteran"), "--atack"),
        (("calc", "spell", "--intensty", "3"), "--intensty"),
        (("new", "x", "--demoo"), "--demoo"),
    ],
)
def test_a_misspelt_option_is_named_as_unknown_not_a_missing_one(argv, option):
    code, _, err = run_cli(*argv)
    assert code == 2
    assert option in err and "required" not in err


def test_calc_spell_without_a_system_is_apotheose():
    assert run_cli("calc", "spell", "-i", "3")[1] == run_cli("calc", "spell", "apotheose", "--intensity", "3")[1]


def test_short_forms_of_the_common_options():
    assert run_cli("calc", "check", "-s", "10", "-d", "hard", "-k", "3") == run_cli(
        "calc", "check", "--score", "10", "--difficulty", "hard", "--kult", "3"
    )
    assert (
        run_cli("calc", "defend-group", "-D", "7", "-g", "veteran", "-n", "3")[1]
        == run_cli("calc", "defend-group", "--defence", "7", "--grade", "veteran", "--attackers", "3")[1]
    )
    assert run_cli("calc", "attack-group", "-a", "17", "-g", "veteran")[0] == 0
