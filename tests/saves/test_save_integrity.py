"""Issue 15, items 2 and 3: a save ``apotheose check`` accepts opens; one that would crash the app
(or send terminal codes) is refused at load, naming the file and the field."""

from __future__ import annotations

import copy
import json
import random

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.demo import demo_campaign
from core.journal import Journal
from saves.errors import BadFieldError, MissingFileError, SaveError
from saves.format import encode
from saves.players_file import players_path
from saves.store import load_campaign
from tui.cli.campaign import main_check, markdown_log, summary
from tui.screens.sheet import character_text, group_text


def demo_save() -> dict:
    return orjson.loads(encode(Journal.start(demo_campaign())))


def write(tmp_path, data: dict, name: str = "villon.json"):
    """``data`` as a file's bytes (the standard library's JSON: a hand edit may hold 10**23)."""
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def hand_edits():
    """The four hand-edited files of issue 15 that passed ``check`` and crashed the app."""

    def stranger(d):
        d["campaign"]["encounters"][0]["participants"][0]["key"] = "nobody"

    def twin_group(d):
        d["campaign"]["groups"][1]["id"] = d["campaign"]["groups"][0]["id"]

    def unknown_current(d):
        d["campaign"]["encounters"][0]["current"] = "ghost"

    def bad_raise(d):
        d["campaign"]["roster"][0]["raises"] = [["charisme", 1]]

    return [
        (stranger, "$.campaign.encounters[0].participants[0].key"),
        (twin_group, "$.campaign.groups[1].id"),
        (unknown_current, "$.campaign.encounters[0].current"),
        (bad_raise, "$.campaign.roster[0].raises[0][0]"),
    ]


@pytest.mark.parametrize(("edit", "field"), hand_edits(), ids=["participant", "duplicate_group", "current", "raises"])
def test_hand_edited_file_is_refused_by_check_and_open_alike(tmp_path, capsys, edit, field):
    data = demo_save()
    edit(data)
    path = write(tmp_path, data)
    with pytest.raises(BadFieldError) as caught:
        load_campaign(path)
    assert caught.value.field == field
    assert str(path) in str(caught.value)
    assert main_check([str(path)]) == 1
    err = capsys.readouterr().err
    assert field in err and str(path) in err


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("\x1b]0;pwned\x07", "U+001B"),
        ("\x1bc", "U+001B"),
        ("a\u202eb", "U+202E"),
        ("\x9b2J", "U+009B"),
        ("x\x7f", "U+007F"),
        ("\x1b]52;c;ZXZpbA==\x07", "U+001B"),
        ("two\nlines", "U+000A"),
    ],
)
def test_control_characters_in_a_name_are_refused_at_load(tmp_path, capsys, text, code):
    data = demo_save()
    data["campaign"]["roster"][2]["name"] = text
    path = write(tmp_path, data)
    with pytest.raises(BadFieldError) as caught:
        load_campaign(path)
    assert caught.value.field == "$.campaign.roster[2].name"
    assert code in caught.value.reason
    assert main_check([str(path)]) == 1
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\u202e" not in err and "\x9b" not in err and "\x7f" not in err


@pytest.mark.parametrize(
    "pieces, reason",
    [
        (["heavy", "light", "medium", "shield", "shield"], "one body armour at a time"),
        (["magic_shield"], "a magic shield is +1 on top of a shield"),
        (["magic_armour"], "a magic armour is +2 on top of"),
    ],
    ids=["two body armours", "magic shield alone", "magic armour alone"],
)
def test_armour_a_character_cannot_wear_is_refused_by_check_the_app_and_the_view(tmp_path, capsys, pieces, reason):
    """Issue 23 item 6: check accepted these and the app stopped drawing the row (exit 70, no
    backup offered). One validation now: the model's (core.armour.wearable)."""
    import asyncio

    from tui.run import build
    from tui.screens.bad_save import BadSaveScreen
    from tui.view.follow import read_view

    data = demo_save()
    data["campaign"]["roster"][3]["armour_pieces"] = pieces
    data["history"]["base"] = copy.deepcopy(data["campaign"])
    path = write(tmp_path, data)
    assert main_check([str(path)]) == 1
    err = capsys.readouterr().err
    assert "$.campaign.roster[3].armour_pieces" in err and reason in err
    app = build([str(path)], rng=random.Random(0))

    async def open_it():
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, BadSaveScreen)
        assert app.return_code in (None, 0)

    asyncio.run(open_it())
    # The view reads only the players' file, which the GM app writes from a campaign it opened:
    # none was written from this one, and the campaign itself is no file the view reads.
    with pytest.raises(MissingFileError):
        read_view(players_path(path))
    with pytest.raises(SaveError, match="apotheose.players"):
        read_view(path)


def test_a_newline_is_allowed_in_notes_only(tmp_path):
    data = demo_save()
    data["campaign"]["roster"][6]["notes"] = "line one\nline two\ttabbed"
    data["history"]["base"]["roster"][6]["notes"] = "line one\nline two\ttabbed"
    assert load_campaign(write(tmp_path, data)).journal.campaign.roster[6].notes.startswith("line one\n")


def test_a_huge_bad_value_is_cut_in_the_message(tmp_path, capsys):
    data = demo_save()
    data["campaign"]["encounters"][0]["current"] = "x" * 100_000
    path = write(tmp_path, data)
    assert main_check([str(path)]) == 1
    err = capsys.readouterr().err
    assert len(err) < 500 and "100000 characters" in err


def test_session_refuses_a_control_character_typed_or_pasted():
    from core.actions import AddCondition
    from core.encounter import Condition
    from core.errors import RulesError
    from tui.session import Session

    session = Session.of(demo_campaign())
    with pytest.raises(RulesError) as caught:
        session.do(AddCondition("morvan", Condition("\x1b]0;x\x07", 1)))
    assert caught.value.field == "name"
    assert len(session.journal.done) == 0


# -- the property: whatever check accepts opens and renders -------------------------------------

KEYS = ("arsouille", "alduin", "veterans", "arbaletriers", "ghost", "", "morvan")
#: Lists of rule values a hand edit may leave: armour pieces in any combination.
PIECES = st.lists(st.sampled_from(["light", "medium", "heavy", "shield", "magic_armour", "magic_shield"]), max_size=5)
HOSTILE = st.sampled_from(["[/]", "Morvan [/]", "[b]", "\\", "x" * 500, "\x1b[2J", "\u202e", "é", "ames", "ame"])


def _paths(value, where=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*where, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*where, i))
    yield where


@st.composite
def mutated_saves(draw):
    data = demo_save()
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data["campaign"]) if p]
        rule_level = [p for p in paths if p[-1] == "armour_pieces"]  # what only the rules refuse
        places = st.sampled_from(paths)
        if rule_level:  # (an earlier edit may have left none: a character replaced by null)
            places |= st.sampled_from(rule_level)
        where = draw(places)
        target = data["campaign"]
        for step in where[:-1]:
            target = target[step]
        old = target[where[-1]]
        new = draw(
            st.sampled_from(KEYS) | HOSTILE
            if isinstance(old, str)
            else st.integers(-3, 30) | st.sampled_from([100, 10_000, 10**12, 10**23])
            if isinstance(old, int) and not isinstance(old, bool)
            else PIECES
            if where[-1] == "armour_pieces"
            else st.just(copy.deepcopy(old)) | st.just(None) | st.just([])
        )
        target[where[-1]] = new
    data["history"]["base"] = copy.deepcopy(data["campaign"])
    return data


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(data=mutated_saves())
def test_whatever_check_accepts_renders_every_sheet(tmp_path, data):
    path = write(tmp_path, data)
    try:
        loaded = load_campaign(path, replay=True)
    except SaveError as error:
        assert str(path) in str(error)
        return
    campaign = loaded.journal.campaign
    summary(loaded.journal, 1)
    markdown_log(loaded.journal)
    for lang in ("en", "fr"):
        for c in campaign.roster:
            character_text(c, campaign, lang)
        for g in campaign.groups:
            group_text(g, campaign, lang)


@pytest.mark.slow
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=mutated_saves())
def test_item3_whatever_check_accepts_opens_headless_on_every_pane_and_sheet(tmp_path_factory, data):
    """The issue's property through the app itself: the file opened as ``apotheose FILE
    --read-only`` opens it, every pane shown, every combatant under the cursor and in its sheet,
    the log, and the players' view of it drawn."""
    import asyncio

    from tests.hostile import every_pane_and_sheet, players_see
    from tui.run import build
    from tui.screens.bad_save import BadSaveScreen

    path = write(tmp_path_factory.mktemp("mutated"), data)
    accepted = main_check([str(path)]) == 0
    app = build([str(path), "--read-only"], rng=random.Random(0))

    async def open_it():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, BadSaveScreen) is not accepted
            if accepted:
                await every_pane_and_sheet(app, pilot)
        assert app.return_code in (None, 0)

    asyncio.run(open_it())
    if accepted:
        assert players_see(app.session.journal)
