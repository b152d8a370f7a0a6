"""``apotheose view``: the players' live, read-only screen (tui.view)."""

from __future__ import annotations

import os
from pathlib import Path

import attrs
import pytest

from core.actions import Damage, NextTurn, SetHidden
from core.demo import demo_campaign
from core.journal import Journal
from saves.atomic import atomic_write
from saves.format import encode
from saves.players_file import players_path, write_players
from tests.present import present
from tests.tui.pilot import run, wait_for
from tui.view.app import Lines, ViewApp
from tui.view.follow import read_view


def write(path: Path, journal: Journal) -> None:
    """Save as the GM's app does: the campaign, then its players' file."""
    atomic_write(path, encode(journal))
    write_players(path, journal)


def play(journal: Journal, *actions) -> Journal:
    for action in actions:
        journal, _ = journal.record(action)
    return journal


def folder_state(folder: Path) -> dict[str, tuple[int, int]]:
    return {
        e.name: (e.stat(follow_symlinks=False).st_ino, e.stat(follow_symlinks=False).st_mtime_ns)
        for e in os.scandir(folder)
    }


def screen_text(app: ViewApp) -> str:
    return "\n".join(line.plain for w in app.query(Lines) for line in w.lines)


async def until(pilot, predicate) -> None:
    """Until the file watcher's thread has brought what ``predicate`` waits for (bounded by wall
    clock, not by a count of looks: a loaded machine may take longer than any count allows)."""
    await wait_for(pilot, predicate, every=0.05)


@pytest.fixture
def campaign_file(tmp_path) -> tuple[Path, Journal]:
    path = tmp_path / "villon.json"
    journal = Journal.start(demo_campaign())
    write(path, journal)
    return path, journal


@pytest.mark.parametrize("poll", [False, True], ids=["watcher", "polling"])
@run
async def test_the_view_follows_the_gms_saves_without_a_key_press(campaign_file, poll) -> None:
    path, journal = campaign_file
    app = ViewApp(players_path(path), read_view(players_path(path)), poll=poll)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "HP 14/14" in screen_text(app) and "Arbalétriers" not in screen_text(app)
        journal = play(journal, Damage(("segiere",), 6))
        write(path, journal)
        await until(pilot, lambda: "HP 12/14" in screen_text(app))
        journal = play(journal, NextTurn(), SetHidden("capitaine", True))
        write(path, journal)
        await until(pilot, lambda: "Capitaine" not in screen_text(app))
        assert "turn:" not in app.query_one("#table", Lines).lines[0].plain  # the hidden one's turn


@run
async def test_a_missing_or_half_written_file_keeps_the_last_picture_and_says_so(campaign_file) -> None:
    path, journal = campaign_file
    app = ViewApp(players_path(path), read_view(players_path(path)), poll=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        os.rename(players_path(path), path.with_suffix(".away"))
        await until(pilot, lambda: "waiting for the GM" in str(app.query_one("#status").render()))
        assert "Segiere" in screen_text(app)
        players_path(path).write_bytes(encode(journal)[:200])  # being written
        await until(pilot, lambda: "cannot be read just now" in str(app.query_one("#status").render()))
        assert "Segiere" in screen_text(app)
        write(path, play(journal, Damage(("segiere",), 6)))
        await until(pilot, lambda: "HP 12/14" in screen_text(app))
        assert "read-only" in str(app.query_one("#status").render())


@run
async def test_an_hp_change_refreshes_its_row_only(campaign_file, monkeypatch) -> None:
    path, journal = campaign_file
    app = ViewApp(players_path(path), read_view(players_path(path)), poll=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.query_one("#table", Lines)
        refreshed: list[int] = []
        monkeypatch.setattr(table, "refresh_line", lambda y: refreshed.append(y))
        before = list(table.lines)
        write(path, play(journal, Damage(("segiere",), 6)))
        await until(pilot, lambda: "HP 12/14" in screen_text(app))
        changed = [y for y, (a, b) in enumerate(zip(before, table.lines, strict=False)) if a != b]
        assert len(changed) == 1 and refreshed == changed


@run
async def test_the_view_writes_locks_and_creates_nothing(campaign_file) -> None:
    path, journal = campaign_file
    before = folder_state(path.parent)
    app = ViewApp(players_path(path), read_view(players_path(path)), poll=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.press("x")
        await pilot.press("down", "pagedown", "end", "home")
        await pilot.pause()
        assert folder_state(path.parent) == before
        await pilot.press("q")
    assert not app.is_running


@run
async def test_names_are_shown_as_typed_never_as_markup(tmp_path) -> None:
    campaign = demo_campaign()
    campaign = campaign.with_character(attrs.evolve(campaign.character("segiere"), name="[b]Ség[/b] [link=x]"))
    path = tmp_path / "c.json"
    write(path, Journal.start(campaign))
    app = ViewApp(players_path(path), read_view(players_path(path)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "[b]Ség[/b] [link=x]" in screen_text(app)


def test_view_command_refuses_a_missing_campaign(tmp_path, capsys) -> None:
    from tui.cli import main

    assert main(["view", "nowhere", "--saves", str(tmp_path)]) == 1
    assert "nowhere" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # nothing created


def test_reading_the_file_gives_the_same_view_as_the_journal(campaign_file) -> None:
    from core.player_view import player_view_of

    path, journal = campaign_file
    journal = play(
        journal, SetHidden("capitaine", True), Damage(("capitaine",), 2), Damage(("segiere",), 3), NextTurn()
    )
    write(path, journal)
    assert read_view(players_path(path)) == player_view_of(journal)


@pytest.mark.slow
@run
async def test_the_log_panel_shows_the_newest_lines_follows_them_and_scrolls_without_tab(campaign_file) -> None:
    path, journal = campaign_file
    journal = play(journal, *(Damage(("segiere",), 1) for _ in range(12)))
    write(path, journal)
    app = ViewApp(players_path(path), read_view(players_path(path)), poll=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        log = app.query_one("#log", Lines)
        shown = lambda: [log.lines[log.scroll_offset.y + i].plain for i in range(log.size.height)]  # noqa: E731
        await until(pilot, lambda: shown()[-1] == log.lines[-1].plain)  # the newest line, at the bottom
        journal = play(journal, Damage(("morvan",), 2))
        write(path, journal)
        await until(pilot, lambda: shown()[-1].startswith("Morvan takes 2"))  # it follows
        await pilot.press("up", "up")  # no Tab: the log has the keys
        await pilot.pause()
        assert not shown()[-1].startswith("Morvan") and log.scroll_offset.y == log.max_scroll_y - 2
        write(path, play(journal, Damage(("morvan",), 1)))  # a reader who scrolled back stays put
        await until(pilot, lambda: log.lines[-1].plain.startswith("Morvan takes 1"))
        assert not shown()[-1].startswith("Morvan")
        await pilot.press("end")
        await until(pilot, lambda: shown()[-1].startswith("Morvan takes 1"))


@run
async def test_a_player_is_told_when_it_is_their_characters_turn(campaign_file) -> None:
    path, journal = campaign_file
    journal = play(journal, NextTurn())  # Capitaine's turn → the veterans' (demo order)
    write(path, journal)
    app = ViewApp(players_path(path), read_view(players_path(path)), poll=True, pc="Romuald")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = lambda: str(app.query_one("#status").render())  # noqa: E731
        assert "Your turn" not in status()
        while present(journal.campaign.encounter).current != "romuald":
            journal = play(journal, NextTurn())
        write(path, journal)
        await until(pilot, lambda: "Your turn, Romuald!" in status())
        write(path, play(journal, NextTurn()))
        await until(pilot, lambda: "Your turn" not in status())
