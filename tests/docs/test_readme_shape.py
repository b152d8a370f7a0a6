"""The README is short and says the two commands: it stays under 150 lines, its test command is
the one CI runs (``.ci/run``), and it points at every page of docs/."""

from __future__ import annotations

import re

from tests.markdown import ROOT, fenced

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_is_at_most_150_lines() -> None:
    assert len(README.splitlines()) <= 150


def test_the_readmes_test_command_is_the_one_ci_runs() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    commands = [line for block in fenced(README) for line in block.lines if line.startswith("python3 -m venv")]
    assert len(commands) == 2, commands
    demo, tests = commands
    assert ci == tests, "keep .ci/run and the README's test command the same"
    assert demo.endswith(".venv/bin/apotheose") and "pytest -n 4" in tests


def test_the_readme_says_what_the_tests_install_and_create_as_root() -> None:
    said = " ".join(README.split("## Quick start", 1)[1].split("\n## ", 1)[0].split())
    for words in ("as root", "apt-get", "openssh-server", "tmux", "chromium", "Unix account", "skipped"):
        assert words in said, words


def test_the_readme_points_at_every_page_of_the_docs() -> None:
    linked = set(re.findall(r"\]\(docs/([\w-]+\.md)", README))
    assert linked == {p.name for p in (ROOT / "docs").glob("*.md")}
