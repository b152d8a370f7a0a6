"""The players' feed in the view (issue 37): a change reaches the view as what changed (the
players' file is not rewritten), the view lays out only the rows it changed, and what it shows
after any number of changes is what a fresh view of the same picture shows. The reader follows
a new snapshot, waits for a line still being written, and leaves a feed that follows another
players' file alone. The watcher reads nothing for the other files of the folder."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.actions import AddCondition, Damage, NextTurn, SetHidden
from core.demo import demo_campaign
from core.encounter import Condition
from core.journal import Journal
from core.player_feed import delta
from core.player_view import PlayerView, player_view_of
from saves.atomic import atomic_write
from saves.format import encode
from saves.players_feed import FeedReader, Published, encode_delta, feed_path, snapshot
from saves.players_file import players_path, write_players
from tests.rules.test_player_feed import successors, views
from tests.terminals import wait_until
from tests.tui.pilot import run, wait_for
from tui.view.app import Lines, ViewApp
from tui.view.follow import Follower
from tui.view.render import Table, table_lines


def play(journal: Journal, *actions) -> Journal:
    for action in actions:
        journal, _ = journal.record(action)
    return journal


def drawn(lines: list) -> list[tuple[str, object, str]]:
    return [(line.plain, line.spans, str(line.style)) for line in lines]


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(views, st.data(), st.sampled_from([30, 50, 79, 120]), st.sampled_from(["en", "fr"]))
def test_the_rows_laid_out_again_give_the_lines_of_a_fresh_layout(old, data, width, lang) -> None:
    new = data.draw(successors(old))
    table = Table(lang)
    table.lay_out(old, width)
    changes = table.change(new, delta(old, new).changed, width)
    if changes is None:
        table.lay_out(new, width)
    else:
        assert set(changes) <= set(range(len(table.lines)))
    assert drawn(table.lines) == drawn(table_lines(new, lang, width))


def steps(journal: Journal) -> list[Journal]:
    """A fight going on: HP, turns, a condition (a row on two lines at a phone's width), a
    combatant hidden (one row fewer), and enough lines for the log to move."""
    out = []
    for action in (
        Damage(("segiere",), 6),
        NextTurn(),
        AddCondition("romuald", Condition("stunned", 2)),
        Damage(("morvan",), 2),
        SetHidden("capitaine", True),
        *(Damage(("segiere",), 1) for _ in range(3)),
        NextTurn(),
    ):
        journal = play(journal, action)
        out.append(journal)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("size", [(100, 30), (40, 30)], ids=["wide", "phone"])
@run
async def test_after_the_feeds_changes_the_view_shows_what_a_fresh_view_shows(tmp_path, size) -> None:
    path = tmp_path / "villon.json"
    journal = Journal.start(demo_campaign())
    atomic_write(path, encode(journal))
    published = write_players(path, journal)
    players = players_path(path)
    first_file = os.stat(players).st_ino
    app = ViewApp(players, player_view_of(journal), poll=True)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for step in steps(journal):
            published = write_players(path, step, previous=published)
            want = player_view_of(step)
            await shows(pilot, app, want)
            width = app.size.width - 1
            assert drawn(app.query_one("#table", Lines).lines) == drawn(table_lines(want, "en", width))
        await pilot.pause()
        shown = screen(app)
        journal = step
    assert os.stat(players).st_ino == first_file  # the players' file was never rewritten: the feed was
    fresh = ViewApp(players, player_view_of(journal), poll=True)
    async with fresh.run_test(size=size) as pilot:
        await pilot.pause()
        assert screen(fresh, "#table") == shown["#table"]
        # the log, drawn a half panel at a time, shows the newest lines, as the fresh one does
        log = [line.rstrip() for line in shown["#log"]]
        while log and not log[-1]:
            log.pop()
        newest = [line.rstrip() for line in screen(fresh, "#log")]
        assert log and newest[-len(log) :] == log


async def shows(pilot, app: ViewApp, want: PlayerView) -> None:
    """Let the view run until it shows ``want`` (bounded by wall clock, not by a count of looks)."""
    await wait_for(pilot, lambda: app.view == want, every=0.02)


def screen(app: ViewApp, panel: str | None = None):
    """The text of every line each panel draws now (of ``panel`` only)."""
    drawn = {f"#{w.id}": [w.render_line(y).text for y in range(w.size.height)] for w in app.query(Lines)}
    return drawn if panel is None else drawn[panel]


@run
async def test_an_hp_change_lays_out_its_row_only(tmp_path, monkeypatch) -> None:
    path = tmp_path / "villon.json"
    journal = Journal.start(demo_campaign())
    published = write_players(path, journal)
    app = ViewApp(players_path(path), player_view_of(journal), poll=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        laid: list[str] = []
        import tui.view.render as render

        original = render.row_lines
        monkeypatch.setattr(render, "row_lines", lambda row, *a: laid.append(row.name) or original(row, *a))  # type: ignore[func-returns-value]
        journal = play(journal, Damage(("segiere",), 6))
        write_players(path, journal, previous=published)
        await shows(pilot, app, player_view_of(journal))
        assert laid == ["Segiere"]


def view_of(journal: Journal) -> PlayerView:
    return player_view_of(journal)


def test_the_reader_follows_appends_a_new_snapshot_and_waits_for_a_whole_line(tmp_path) -> None:
    path = tmp_path / "villon.json"
    journal = Journal.start(demo_campaign())
    published = write_players(path, journal)
    reader = FeedReader(players_path(path))
    assert reader.read() == (view_of(journal), None)
    assert reader.read() is None  # nothing changed
    journal = play(journal, Damage(("segiere",), 6))
    published = write_players(path, journal, previous=published)
    view, changed = reader.read() or (None, None)
    assert view == view_of(journal) and changed is not None and len(changed) == 1
    # a line half written waits for its end
    later = play(journal, Damage(("morvan",), 1))
    line = encode_delta(delta(view_of(journal), view_of(later)))
    with open(feed_path(players_path(path)), "ab") as f:
        f.write(line[:10])
    assert reader.read() == (view_of(journal), frozenset())
    with open(feed_path(players_path(path)), "ab") as f:
        f.write(line[10:])
    assert reader.read()[0] == view_of(later)  # type: ignore[index]
    # a new snapshot (the GM's app opened again)
    last = play(later, NextTurn())
    snapshot(players_path(path), view_of(last))
    assert reader.read() == (view_of(last), None)


def test_a_feed_that_follows_another_players_file_is_left_alone(tmp_path) -> None:
    path = tmp_path / "villon.json"
    journal = Journal.start(demo_campaign())
    published = write_players(path, journal)
    old_feed = feed_path(players_path(path)).read_bytes()
    hurt = play(journal, Damage(("segiere",), 6))
    published = write_players(path, hurt, previous=published)
    # the players' file replaced by another picture, its feed not yet: the file alone is the picture
    other = play(journal, Damage(("morvan",), 1))
    atomic_write(players_path(path), snapshot_bytes(view_of(other)), backups=0)
    feed_path(players_path(path)).write_bytes(old_feed + feed_path(players_path(path)).read_bytes()[len(old_feed) :])
    assert FeedReader(players_path(path)).read() == (view_of(other), None)
    # a damaged line: the picture of the players' file and what the feed held before it
    published = snapshot(players_path(path), view_of(journal))
    write_players(path, hurt, previous=published)
    with open(feed_path(players_path(path)), "ab") as f:
        f.write(b'{"campaign": 3}\n')
    assert FeedReader(players_path(path)).read() == (view_of(journal), None)


def snapshot_bytes(view: PlayerView) -> bytes:
    from saves.players_file import encode_view

    return encode_view(view)


def test_the_gm_side_takes_a_snapshot_when_the_feed_is_not_its_own_or_too_long(tmp_path, monkeypatch) -> None:
    import saves.players_feed as feed

    path = tmp_path / "villon.json"
    journal = Journal.start(demo_campaign())
    published = write_players(path, journal)
    players = players_path(path)
    first = os.stat(players).st_ino
    journal = play(journal, Damage(("segiere",), 1))
    published = write_players(path, journal, previous=published)
    assert os.stat(players).st_ino == first  # appended
    assert write_players(path, journal, previous=published) is published  # nothing changed: nothing written
    atomic_write(feed_path(players), feed_path(players).read_bytes(), backups=0)  # replaced by someone else
    journal = play(journal, Damage(("segiere",), 1))
    published = write_players(path, journal, previous=published)
    assert os.stat(players).st_ino != first
    second = os.stat(players).st_ino
    monkeypatch.setattr(feed, "FEED_MIN", 1)  # the feed may not grow past half the players' file
    snapshots: list[Path] = []
    taken = feed.snapshot

    def counted(path: Path, *args: object, **kwargs: object) -> Published:
        snapshots.append(path)
        return taken(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(feed, "snapshot", counted)
    for _ in range(12):
        journal = play(journal, Damage(("segiere",), 1) if journal.campaign.character("segiere").hp > 3 else NextTurn())
        published = write_players(path, journal, previous=published)
    # counted, not told by the file's inode: a file system may give a new file a freed inode
    assert snapshots and second
    assert published.feed_size <= max(1, published.snapshot // 2)
    assert FeedReader(players).read()[0] == view_of(journal)  # type: ignore[index]
    assert isinstance(published, Published)


def test_the_watcher_reads_nothing_for_the_folders_other_files(tmp_path) -> None:
    path = tmp_path / "villon.json"
    journal = Journal.start(demo_campaign())
    published = write_players(path, journal)
    seen: list[object] = []
    follower = Follower(players_path(path), lambda *change: seen.append(change))
    looks: list[int] = []
    lock = threading.Lock()
    check = follower.check

    def counted() -> None:
        with lock:
            looks.append(1)
        check()

    follower.check = counted  # type: ignore[method-assign]
    follower.start()
    try:
        wait_until(lambda: len(looks) == 1, 10, 0.01)  # its first look
        for n in range(5):  # the campaign saved, its backups turned, a lock taken: not the players'
            atomic_write(path, encode(journal))
            (tmp_path / f"other{n}").write_text("x")
        journal = play(journal, Damage(("segiere",), 6))
        write_players(path, journal, previous=published)
        wait_until(lambda: len(seen) == 2, 10, 0.01)
        assert len(looks) == 2
        assert seen[-1][0] == view_of(journal)  # type: ignore[index]
    finally:
        follower.stop()
    assert attrs.has(Published)


@pytest.mark.slow
@run
async def test_a_log_line_added_draws_its_own_row_and_the_panel_jumps_a_half_at_a_time(tmp_path, monkeypatch) -> None:
    path = tmp_path / "villon.json"
    journal = play(Journal.start(demo_campaign()), *(Damage(("segiere",), 1) for _ in range(12)))
    published = write_players(path, journal)
    app = ViewApp(players_path(path), player_view_of(journal), poll=True)
    async with app.run_test(size=(100, 24)) as pilot:
        await pilot.pause()
        log = app.query_one("#log", Lines)
        height = log.size.height
        painted: list[int] = []
        render = log.render_line
        monkeypatch.setattr(log, "render_line", lambda y: painted.append(y) or render(y))  # type: ignore[func-returns-value]
        for n in range(2 * height):
            journal = play(journal, Damage(("morvan",), 1) if n % 2 == 0 else NextTurn())
            published = write_players(path, journal, previous=published)
            await shows(pilot, app, player_view_of(journal))
            top = log.scroll_offset.y
            visible = [log.lines[y].plain for y in range(top, min(len(log.lines), top + height))]
            assert visible[-1] == log.lines[-1].plain  # the newest line is shown
        # each line drawn alone, and the whole panel once every half panel: moving every line
        # up by one for each would draw 2 × height × height rows
        jumps = 2 * height // ((height + 1) // 2) + 1
        assert len(painted) <= 2 * height + jumps * height < 2 * height * height


def test_a_feed_line_holding_a_terminal_code_is_refused_as_the_players_file_would_be(tmp_path) -> None:
    path = tmp_path / "villon.json"
    journal = Journal.start(demo_campaign())
    write_players(path, journal)
    hostile = attrs.evolve(view_of(journal), campaign="Villon\x1b]0;pwned\x07")
    with open(feed_path(players_path(path)), "ab") as f:
        f.write(encode_delta(delta(view_of(journal), hostile)))
    assert FeedReader(players_path(path)).read() == (view_of(journal), None)  # the players' file alone
