"""Every console example of the README and docs/ runs and prints what the page says.

A console example is a fenced block whose first line starts with ``$ apotheose``: each ``$``
line is a command, the lines up to the next ``$`` line its exact output (standard output, then
standard error). The block's last command must exit with the status a ``(exit status N)`` line
right after the block gives, 0 without one; the others with 0. The commands of one block run in
order, in process through ``tui.cli.main``, in a throw-away home of their own: its saves folder
(``~/.local/share/apotheose/campaigns``, printed with ``~`` for the home) holds the demo fight as
the campaign ``villon``, the language is English, the terminal 80 columns wide, and the working
folder is the repository's (``docs/examples/…`` are files there). Blocks that show what cannot be
run here (a server, a random code) are written without ``$``.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import attrs
import pytest

from tests.markdown import ROOT, documents, fenced
from tui.cli import main

PROMPT = "$ apotheose"
_STATUS = re.compile(r"^\(exit status (\d+)\)$")
#: The environment a page's reader may have that would change an answer.
_UNSET = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "APOTHEOSE_SAVES", "APOTHEOSE_TEMPLATES", "APOTHEOSE_CONFIG",
          "LC_MESSAGES", "LANGUAGE", "NO_COLOR")  # fmt: skip


@attrs.frozen
class Example:
    command: str
    output: tuple[str, ...]


@attrs.frozen
class Session:
    """One console block: its commands, run in order, and the status of the last."""

    where: str
    examples: tuple[Example, ...]
    status: int = 0


def sessions(text: str, where: str) -> list[Session]:
    """The console blocks of a page's ``text`` (``where`` names the page in messages)."""
    found = []
    for block in fenced(text):
        if not block.lines or not block.lines[0].startswith(PROMPT):
            continue
        examples: list[Example] = []
        for line in block.lines:
            if line.startswith("$"):
                if not line.startswith(PROMPT + " "):
                    raise ValueError(f"{where}:{block.line}: a console example runs apotheose only, not {line!r}")
                examples.append(Example(line[2:], ()))
            else:
                examples[-1] = attrs.evolve(examples[-1], output=(*examples[-1].output, line))
        status = _STATUS.match(block.after)
        found.append(Session(f"{where}:{block.line}", tuple(examples), int(status[1]) if status else 0))
    return found


def run(command: str, home: Path) -> tuple[int, list[str]]:
    """``apotheose …`` in process: its exit status and the lines it printed, the home as ``~``."""
    argv = shlex.split(command)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv[1:])
        except SystemExit as done:  # argparse's own exits
            status = done.code if isinstance(done.code, int) else int(done.code is not None)
    return status, (out.getvalue() + err.getvalue()).replace(str(home), "~").splitlines()


def mismatches(session: Session, home: Path) -> list[str]:
    """What the session's commands print or return that its page does not say."""
    problems = []
    for index, example in enumerate(session.examples):
        status, printed = run(example.command, home)
        expected = session.status if index == len(session.examples) - 1 else 0
        if printed != list(example.output):
            shown = "\n".join(f"    {line}" for line in printed)
            problems.append(f"{session.where}: $ {example.command}\n  printed:\n{shown}")
        if status != expected:
            problems.append(f"{session.where}: $ {example.command}\n  exit status {status}, the page says {expected}")
    return problems


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A throw-away home whose saves folder holds the demo fight as ``villon``; English, 80
    columns, the repository as the working folder."""
    home = tmp_path / "home"
    home.mkdir()
    for name in _UNSET:
        monkeypatch.delenv(name, raising=False)
    for name, value in (("HOME", str(home)), ("LC_ALL", "C.UTF-8"), ("LANG", "C.UTF-8"), ("COLUMNS", "80")):
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(ROOT)
    assert run("apotheose new villon --demo", home) == (0, ["~/.local/share/apotheose/campaigns/villon.json"])
    return home


def _all_sessions() -> list[Session]:
    return [s for path in documents() for s in sessions(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]


SESSIONS = _all_sessions()


@pytest.mark.parametrize("session", SESSIONS, ids=[s.where for s in SESSIONS])
def test_the_example_prints_what_the_page_says(session: Session, home: Path) -> None:
    problems = mismatches(session, home)
    assert not problems, "\n".join(problems)


def test_the_pages_hold_the_examples() -> None:
    pages = {s.where.split(":")[0] for s in SESSIONS}
    assert {"docs/calc.md", "docs/campaign-files.md", "README.md"} <= pages
    assert sum(len(s.examples) for s in SESSIONS if s.where.startswith("docs/calc.md")) >= 40


def _allowed(command: str, home: Path) -> list[str]:
    """The values ``apotheose calc`` lists when given an unknown one (its subcommands, its systems)."""
    status, printed = run(command, home)
    allowed = re.search(r"\(allowed: (.+)\)$", printed[-1])
    assert status == 2 and allowed, printed
    return allowed[1].split(", ")


def test_the_calc_reference_runs_every_subcommand_and_spell_system(home: Path) -> None:
    ran = [shlex.split(e.command) for s in SESSIONS if s.where.startswith("docs/calc.md") for e in s.examples]
    commands = {argv[2] for argv in ran if len(argv) > 2}
    assert set(_allowed("apotheose calc nothing", home)) <= commands
    systems = {argv[3] for argv in ran if argv[2:3] == ["spell"] and len(argv) > 3}
    systems |= {"book"} if any("--book" in argv for argv in ran) else set()
    assert set(_allowed("apotheose calc spell nothing", home)) <= systems


# -- the runner itself finds what is wrong ---------------------------------------------------------------

_XP = "$ apotheose calc xp --from 10 --to 11\n10 → 11: 15 (→11) = 15 XP"
_WRONG_DIE = "$ apotheose calc check --score 9 --difficulty 10 --kult 11\napotheose calc: --kult: a d20-10 kult die cannot show 11 (allowed: -9…10)"


@pytest.mark.parametrize(
    ("page", "wrong"),
    [
        (f"```console\n{_XP}\n```\n", False),
        (f"```console\n{_XP.replace('15 XP', '16 XP')}\n```\n", True),  # a wrong answer
        (f"```console\n{_XP}\nand one more line\n```\n", True),  # a line it does not print
        (f"```console\n{_XP.split(chr(10))[0]}\n```\n", True),  # the answer left out
        (f"```console\n{_XP}\n```\n(exit status 2)\n", True),  # it succeeds
        (f"```console\n{_WRONG_DIE}\n```\n(exit status 2)\n", False),
        (f"```console\n{_WRONG_DIE}\n```\n", True),  # it fails, the page does not say so
        (f"```console\n{_WRONG_DIE}\n{_XP}\n```\n", True),  # only the last may fail
        ("```console\n$ apotheose check villon\n~/.local/share/apotheose/campaigns/villon.json: loads\n```\n", True),
    ],
)
def test_a_broken_example_is_reported(page: str, wrong: bool, home: Path) -> None:
    (session,) = sessions(page, "page.md")
    assert bool(mismatches(session, home)) is wrong


def test_only_apotheose_runs_and_other_blocks_are_not_examples() -> None:
    assert sessions("```sh\napotheose serve villon\n```\n```console\n$ ls\n```\n", "page.md") == []
    with pytest.raises(ValueError, match="runs apotheose only"):
        sessions("```console\n$ apotheose calc xp --from 1 --to 2\n$ rm -rf ~\n```\n", "page.md")
