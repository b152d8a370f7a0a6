"""What the README promises a newcomer: no link out of the repository, and the install time,
how players watch and who writes the campaign folder said where a GM looks."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_item_13_the_readme_links_nothing_outside_the_repository():
    text = README.read_text(encoding="utf-8")
    assert not re.search(r"https?://|www\.", text)
    for target in re.findall(r"\]\(([^)#]+)\)", text):  # links to files: they exist here
        assert (README.parent / target).exists(), target


def test_item_13_the_install_time_is_measured_where_the_readme_says_and_how_players_watch_and_who_writes_the_folder():
    """The README states no timing: it names benchmarks/README.md, which holds them, dated."""
    text = README.read_text(encoding="utf-8")
    assert not re.search(r"\d+ (s|ms|min)\b", text)
    assert "benchmarks/README.md" in text
    bench = (README.parent / "benchmarks" / "README.md").read_text(encoding="utf-8")
    assert re.search(r"installation .{0,120}measured at \d+ s", bench, re.S)
    assert "(docs/players.md)" in text and "(docs/campaign-files.md)" in text
    players = (README.parent / "docs" / "players.md").read_text(encoding="utf-8")
    assert "## The players' view" in players and "apotheose view" in players
    files = (README.parent / "docs" / "campaign-files.md").read_text(encoding="utf-8")
    assert "Only the GMs may write this folder" in files
