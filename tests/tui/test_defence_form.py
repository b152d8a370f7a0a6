"""Issue 14: the items tests/tui/test_first_fight.py did not yet play (1: the defence form; 13: README)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import make_test_app, run, wait_for

WIDE = (120, 40)
README = Path(__file__).resolve().parents[2] / "README.md"


@run
async def test_item_1_the_defence_form_names_the_selection_every_time_it_is_shown():
    """`v` says it defends the selected character: on a later turn, with another selection,
    it names that one, never the defender of an earlier time."""
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        app.selected = "brunvir"
        await pilot.pause()
        await pilot.press("v")
        await wait_for(pilot, lambda: app.screen.query_one("#def-defender").value == "brunvir")
        await pilot.press("escape", "n")
        await wait_for(pilot, lambda: app.campaign.encounter.current != "brunvir")
        app.selected = "segiere"
        await pilot.pause()
        await pilot.press("v")
        await wait_for(pilot, lambda: app.screen.query_one("#def-defender").value == "segiere")


def test_item_13_the_readme_links_nothing_outside_the_repository():
    text = README.read_text(encoding="utf-8")
    assert not re.search(r"https?://|www\.", text)
    for target in re.findall(r"\]\(([^)#]+)\)", text):  # links to files: they exist here
        assert (README.parent / target).exists(), target


def test_item_13_the_readme_says_install_time_how_players_watch_and_who_writes_the_folder():
    text = README.read_text(encoding="utf-8")
    assert re.search(r"installation .{0,120}measured at \d+ s", text, re.S)
    assert "### How the players watch" in text and "apotheose view" in text
    assert "writable by the GM\nalone" in text or "writable by the GM alone" in text
