"""``apotheose --help`` lists every command, one line each; ``apotheose --version`` prints the
installed version; each command's own ``--help`` starts with its usage and says what it does."""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from importlib.metadata import version

import pytest

from tui.cli import COMMANDS, SUBCOMMANDS, main


def run(*argv: str) -> tuple[int, str]:
    """``apotheose ARGV`` in process: its status and what it printed on stdout."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        try:
            status = main(list(argv))
        except SystemExit as done:
            status = done.code if isinstance(done.code, int) else 0
    return status, out.getvalue()


def test_help_lists_every_command_on_one_line_each() -> None:
    status, out = run("--help")
    assert status == 0
    assert list(COMMANDS) == list(SUBCOMMANDS)
    listed = [line for line in out.splitlines() if line.startswith("  apotheose ")]
    assert [line.split()[1] for line in listed] == list(SUBCOMMANDS)
    for line, (name, what) in zip(listed, COMMANDS.items(), strict=True):
        assert re.fullmatch(rf"  apotheose {name} +{re.escape(what)}", line), line
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "--version" in out


def test_version_prints_the_package_metadata_version() -> None:
    assert run("--version") == (0, f"apotheose {version('apotheose')}\n")


def test_version_is_answered_without_textual(tmp_path) -> None:
    code = "import sys\nfrom tui.cli import main\nstatus = main(['--version'])\n" \
           "print(status, sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"  # fmt: skip
    env = {**os.environ, "APOTHEOSE_SAVES": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.stdout.splitlines() == [f"apotheose {version('apotheose')}", "0 []"], done.stderr


@pytest.mark.parametrize("command", list(SUBCOMMANDS))
def test_each_commands_help_gives_its_usage_and_what_it_does(command: str) -> None:
    status, out = run(command, "--help")
    assert status == 0
    assert out.startswith(f"usage: apotheose {command} ")
    described = out.split("\n\n")[1].strip()
    assert described and not described.startswith(("positional", "options")), out


def test_calc_spell_help_lists_the_four_systems() -> None:
    status, out = run("calc", "spell", "--help")
    assert status == 0 and out.startswith("usage: apotheose calc spell ")
    for system in ("apotheose", "mage", "poles", "d6"):
        assert re.search(rf"^    {system}\b", out, re.M), system
    # a system's own help is still one key away, and a spell without a system is Apothéose's
    assert run("calc", "spell", "mage", "--help")[1].startswith("usage: apotheose calc spell mage ")
    assert run("calc", "spell", "-i", "3", "--help")[1].startswith("usage: apotheose calc spell apotheose ")


def test_the_guide_shows_the_commands_as_help_lists_them() -> None:
    from tests.markdown import ROOT
    from tui.cli import commands_help

    guide = (ROOT / "docs" / "guide.md").read_text(encoding="utf-8")
    assert commands_help() + "\n```" in guide, "docs/guide.md out of date: paste tui.cli.commands_help()"


@pytest.mark.parametrize("command", ["add", "remove", "list", "invite", "link"])
def test_each_players_commands_help_says_what_it_does_and_what_each_argument_is(command: str) -> None:
    status, out = run("players", command, "--help")
    assert status == 0 and out.startswith(f"usage: apotheose players {command} ")
    described = out.split("\n\n")[1].strip()
    assert described.endswith(".") and not described.startswith("positional"), out
    positional = out.split("positional arguments:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert all(len(line.split(None, 1)) == 2 for line in positional if not line.startswith(" " * 6)), out
