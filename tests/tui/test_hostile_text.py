"""Issue 15, items 1, 2 and 6 as properties: hostile text — markup brackets, terminal escapes
(OSC 0, OSC 52, OSC 8, ``ESC c``, CSI), C0 and C1 controls, DEL, bidi overrides, up to 500
characters — in every name-bearing field (characters, trades, affects, notes, groups, the
encounter, a condition, the campaign, the lock's holder).

Two paths, as the data can come two ways:

- **into the app**: a campaign holding that text (as a hand-edited save would, bypassing the
  forms), rendered on every screen headless through a driver that keeps what it writes: no
  exception, and no control character from the data among the bytes sent to the terminal;
- **through a file**: a save holding a control character anywhere is refused at load naming the
  field; ``apotheose check``, ``log``, ``calc`` and the players' view never print one raw.
"""

from __future__ import annotations

import random

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.journal import Journal
from saves.errors import BadFieldError
from saves.format import encode
from saves.lock import Holder
from saves.store import load_campaign
from tests.hostile import UNSAFE, data_controls, hostile_campaign, hostile_text, recording_driver, walk
from tests.saves.test_save_integrity import demo_save, write
from tests.tui.pilot import make_test_app, screen_text

PILOT = settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
FILES = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


def holder_of(text: str) -> str:
    """What the app shows of a forged ``.lock.info`` whose user and host are ``text``."""
    holder = Holder.from_json(orjson.dumps({"user": text, "host": text, "pid": 7, "since": text}))
    assert holder is not None
    return holder.describe()


async def written_by(app, tour, size: tuple[int, int] = (120, 40)) -> str:
    """Everything ``app`` wrote to its terminal while ``tour(app, pilot)`` ran."""
    app.driver_class = recording_driver()
    app.bell = lambda: None  # Textual's bell is a BEL too: only the data's would be left
    async with app.run_test(size=size, headless=False) as pilot:
        await tour(app, pilot)
        await pilot.pause()
        written = app._driver.written
    assert app.return_code in (None, 0)
    return written


# -- into the app ----------------------------------------------------------------------------


@pytest.mark.slow
@PILOT
@given(
    texts=st.lists(hostile_text(), min_size=1, max_size=5), read_only=st.booleans(), lang=st.sampled_from(["en", "fr"])
)
def test_item1_2_hostile_text_in_every_name_on_every_screen_writes_no_control_byte(texts, read_only, lang):
    import asyncio

    app = make_test_app(
        hostile_campaign(texts), lang=lang, read_only=read_only, locked_by=holder_of(texts[-1]) if read_only else None
    )
    written = asyncio.run(written_by(app, lambda app, pilot: walk(app, pilot, every_sheet=False), size=(80, 24)))
    assert data_controls(written) == []
    assert "\x1b]0;" not in written and "\x1b]52;" not in written and "\x1bc" not in written


@pytest.mark.slow
def test_item2_the_kitchen_sink_name_on_every_sheet_writes_no_control_byte():
    """Every escape of the strategy at once, through every combatant's sheet."""
    import asyncio

    from tests.hostile import CONTROLS, ESCAPES, MARKUP

    sink = "".join((*MARKUP, *ESCAPES, *CONTROLS))[:500]
    app = make_test_app(hostile_campaign(sink), read_only=True, locked_by=holder_of(sink))
    written = asyncio.run(written_by(app, walk))
    assert data_controls(written) == []
    assert "[/][b][/b][i]x[/i]" in written  # the markup is shown as typed (the status bar)


def test_the_recording_catches_a_raw_escape():
    """The check itself: a control character written as it is would be found."""
    assert data_controls("\x1b[1;1H\x1b[31mMorvan\x1b]0;pwned\x07\x1b[0m")
    assert data_controls("a\u202eb") and data_controls("\x9b2J") and data_controls("\x1bc") and data_controls("\x1b[2J")
    assert data_controls("\x1b[1;1H\x1b[31mMorvan \\x1b]0;pwned\\x07\x1b[0m\x1b]22;default\x07") == []


@pytest.mark.slow
@PILOT
@given(texts=st.lists(hostile_text(), min_size=1, max_size=4))
def test_item2_the_players_view_of_hostile_names_writes_no_control_byte(tmp_path_factory, texts):
    import asyncio

    from core.player_view import player_view_of
    from tui.view.app import ViewApp

    journal = Journal.start(hostile_campaign(texts))
    path = tmp_path_factory.mktemp("view") / "villon.players.json"
    path.write_bytes(encode(journal))  # not a players' file: the view keeps its first picture

    async def look(app, pilot):
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.press("escape")

    written = asyncio.run(written_by(ViewApp(path, player_view_of(journal), poll=True), look))
    assert data_controls(written) == []


def test_item2_the_bad_save_screen_shows_a_hostile_name_as_escapes(tmp_path) -> None:
    """A hand-edited save with every escape in a name, and a backup whose campaign is named
    with markup: the app opens on the bad-save screen, which shows both as data."""
    import asyncio

    from saves.atomic import backup_path
    from tests.hostile import CONTROLS, ESCAPES, MARKUP
    from tui.run import build
    from tui.screens.bad_save import BadSaveScreen

    data = demo_save()
    data["campaign"]["name"] = "".join(MARKUP)
    path = write(tmp_path, data)
    backup_path(path, 1).write_bytes(path.read_bytes())  # a backup that loads, named with markup
    data["campaign"]["roster"][2]["name"] = "".join((*ESCAPES, *CONTROLS))
    path.write_bytes(orjson.dumps(data))
    app = build([str(path)], rng=random.Random(0))

    shown: list[str] = []

    async def look(app, pilot):
        await pilot.pause()
        assert isinstance(app.screen, BadSaveScreen)
        shown.append(screen_text(app))

    written = asyncio.run(written_by(app, look))
    assert data_controls(written) == []
    flat = "".join(shown[0].split())  # the message wraps
    assert "$.campaign.roster[2].name" in flat and "\\x1b]0;pwned" in flat
    assert "[link=https://exemple.invalid]" in flat


# -- through a file --------------------------------------------------------------------------

#: Paths of name-bearing fields under ``$.campaign`` in the demo save.
NAME_FIELDS = (
    ("name",),
    ("roster", 2, "name"),
    ("roster", 2, "notes"),
    ("roster", 0, "trades", 0, "name"),
    ("roster", 0, "affects"),
    ("groups", 0, "name"),
    ("groups", 1, "name"),
    ("encounters", 0, "name"),
)


def _set(data: dict, where: tuple, text: str) -> str:
    """Put ``text`` at ``where`` under ``$.campaign`` (the first item of a list); its JSON path."""
    target = data["campaign"]
    for step in where[:-1]:
        target = target[step]
    last = where[-1]
    if isinstance(target[last], list):
        target[last] = [text, *target[last][1:]] if target[last] else [text]
        where = (*where, 0)
    else:
        target[last] = text
    return "$.campaign" + "".join(f"[{s}]" if isinstance(s, int) else f".{s}" for s in where)


def _free_text(where: tuple) -> bool:
    return where[-1] == "notes"


@pytest.mark.slow
@FILES
@given(text=hostile_text(), where=st.sampled_from(NAME_FIELDS))
def test_item2_a_control_character_in_a_saved_name_is_refused_naming_the_field(tmp_path_factory, capsys, text, where):
    from tui.cli.campaign import main_check, main_log
    from tui.view.follow import read_view

    data = demo_save()
    field = _set(data, where, text)
    path = write(tmp_path_factory.mktemp("save"), data)
    allowed = "\n\t" if _free_text(where) else ""
    bad = any(UNSAFE.match(c) and c not in allowed for c in text)
    if bad:
        with pytest.raises(BadFieldError) as caught:
            load_campaign(path)
        assert caught.value.field == field and str(path) in str(caught.value)
        players = path.with_name("hostile.players.json")
        players.write_bytes(orjson.dumps({"format": "apotheose.players", "version": 1, "campaign": text}))
        with pytest.raises(BadFieldError):
            read_view(players)  # the players' view refuses its file's text as opening does
        assert main_check([str(path)]) == 1
    else:
        assert main_check([str(path)]) == 0
    assert main_log([str(path)]) == (1 if bad else 0)
    out = capsys.readouterr()
    for stream in (out.out, out.err):
        assert UNSAFE.search(stream.replace("\n", "")) is None, repr(stream[:300])


@pytest.mark.slow
@FILES
@given(text=hostile_text())
def test_item2_calc_shows_a_hostile_argument_as_visible_escapes(capsys, text):
    from hypothesis import assume

    from core.validators import looks_whole
    from tui.cli.calc import main as calc

    assume(not looks_whole(text))  # "0" is an âme, not a hostile argument
    for argv in (["spell", "--ame", text, "--intensity", "1"], ["xp", "--from", "3", "--to", text], [text]):
        assert calc(argv) == 2
        err = capsys.readouterr().err
        assert UNSAFE.search(err.rstrip("\n")) is None, repr(err[:300])
        assert err.count("\n") == 1 and len(err) < 1000


# -- where a person types --------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=2, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=hostile_text())
def test_item2_a_hostile_name_pasted_into_the_add_character_form(text):
    """Markup and accents are kept as typed; a control character is refused (nothing added)."""
    import asyncio

    from textual.widgets import Input

    from tests.conftest import wait_for
    from tui.screens.forms import CharacterForm

    async def body():
        app = make_test_app()
        before = len(app.campaign.roster)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("A")
            await wait_for(  # composed: its first field focused
                pilot, lambda: isinstance(app.screen, CharacterForm) and getattr(app.focused, "id", None) == "f-name"
            )
            for field in ("name", "affects", "notes"):
                app.screen.query_one(f"#f-{field}", Input).value = text
            await pilot.press("ctrl+s")
            await pilot.pause()
            if UNSAFE.search(text) is None:
                await wait_for(pilot, lambda: len(app.campaign.roster) == before + 1)
                added = app.campaign.roster[-1]
                assert added.name == text.strip() and added.notes == text.strip()
                await walk_sheet(app, pilot, added.id)
            else:
                assert len(app.campaign.roster) == before
        assert app.return_code in (None, 0)

    asyncio.run(body())


async def walk_sheet(app, pilot, key: str) -> None:
    from tui.screens.sheet import SheetScreen

    app.selected = key
    await pilot.pause()
    app.push_screen(SheetScreen(key))
    await pilot.pause()
    app.pop_screen()
    await pilot.pause()
