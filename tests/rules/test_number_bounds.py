"""Every number has bounds at the edge, named in the error, the same at every edge; nothing past
them reaches the reducer or the save encoder (a number past 64 bits corrupted every backup)."""

from __future__ import annotations

import copy

import orjson
import pytest

from core.actions import AddCondition, AwardXp, Damage, NextTurn, Roll
from core.characteristics import CHARACTERISTIC, Characteristics
from core.demo import demo_campaign
from core.encounter import Condition
from core.errors import RulesError
from core.journal import Journal
from core.quick import parse_quick
from core.templates import parse_group_line, template_from_fields
from core.validators import Whole
from saves.errors import BadFieldError
from saves.format import encode, read_journal
from saves.roster_file import RosterFileError, parse_roster
from tests.tui.pilot import make_test_app, run, wait_for

HUGE = "99999999999999999999999"


def test_a_bound_names_the_field_and_its_limits_and_never_converts_a_huge_text() -> None:
    corps = Whole(0, 99)
    assert corps.parse("corps", " 42 ") == 42
    with pytest.raises(RulesError, match=r"^corps: must be between 0 and 99, got 100 \(allowed: 0…99\)$"):
        corps.parse("corps", "100")
    with pytest.raises(RulesError, match=f"^corps: must be between 0 and 99, got {HUGE} "):
        corps.parse("corps", HUGE)
    with pytest.raises(RulesError, match=r"got 9{60}… \(10000 characters\)"):
        corps.parse("corps", "9" * 10_000)  # past Python's 4,300 digits: never handed to int()
    with pytest.raises(RulesError, match="must be a whole number, got 'huit'"):
        corps.parse("corps", "huit")
    with pytest.raises(RulesError, match="hp: must be at most 999999999"):
        Whole(0).check("hp", 10**23)


@pytest.mark.parametrize(
    "edge",
    [
        pytest.param(lambda: parse_quick(f"Garde {HUGE}/4/6/2"), id="quick add (Q)"),
        pytest.param(lambda: template_from_fields({"name": "Loup", "corps": HUGE}), id="template, as text"),
        pytest.param(lambda: template_from_fields({"name": "Loup", "corps": 10**23}), id="template, as a number"),
        pytest.param(lambda: Characteristics(corps=10**23), id="the model (a save, a form)"),
    ],
)
def test_corps_has_the_same_bound_at_every_edge(edge) -> None:
    with pytest.raises(RulesError) as refused:
        edge()
    assert refused.value.field == "corps"
    assert refused.value.reason.startswith(f"must be between {CHARACTERISTIC.minimum} and {CHARACTERISTIC.maximum}")


def test_a_roster_file_names_the_bound_at_its_line() -> None:
    with pytest.raises(RosterFileError) as refused:
        parse_roster(f"name,corps\nA,3\nB,{HUGE}\n", "csv", demo_campaign(), "r.csv")
    assert (refused.value.line, refused.value.field) == (3, "corps")
    assert "must be between 0 and 99" in str(refused.value)
    with pytest.raises(RosterFileError, match="count: must be between 1 and 9999"):
        parse_roster(f"kind,grade,count\ngroup,standard,{HUGE}\n", "csv", demo_campaign(), "r.csv")


def test_a_mook_line_names_the_bound_of_a_group() -> None:
    with pytest.raises(RulesError, match="^total: must be between 1 and 9999"):
        parse_group_line(f"{HUGE} s")


def test_the_save_loader_refuses_a_number_past_its_bound_naming_the_field(tmp_path) -> None:
    data = orjson.loads(encode(Journal.start(demo_campaign())))
    data["campaign"]["roster"][0]["characteristics"]["corps"] = 100
    data["history"]["base"] = copy.deepcopy(data["campaign"])
    with pytest.raises(BadFieldError) as refused:
        read_journal(orjson.dumps(data), tmp_path / "c.json")
    assert refused.value.field == "$.campaign.roster[0].characteristics.corps"
    assert "must be between 0 and 99" in refused.value.reason


@pytest.mark.parametrize(
    "action",
    [
        pytest.param(Damage(("brunvir",), 10**23), id="damage"),
        pytest.param(AwardXp(("brunvir",), 10**23), id="xp"),
        pytest.param(Roll("brunvir", 10**23, 10, (3,)), id="a roll's score (recorded, then no save worked)"),
    ],
)
def test_the_journal_refuses_a_number_no_campaign_may_hold_whoever_sends_it(action) -> None:
    """The reducer's door (the app, an import, a script): nothing past its bound is recorded, so
    the encoder never meets it, and the journal still saves."""
    journal = Journal.start(demo_campaign())
    with pytest.raises(RulesError, match="must be (at most|between)"):
        journal.record(action)
    encode(journal.record(NextTurn())[0])


def test_the_journal_refuses_a_control_character_whoever_sends_it() -> None:
    with pytest.raises(RulesError, match="^name: cannot hold the control character U\\+001B"):
        Journal.start(demo_campaign()).record(AddCondition("brunvir", Condition("stunned\x1b[2J", 2)))


async def _typed_in(app, pilot, opener: list[str], text: str, error_widget: str) -> str:
    from textual.widgets import Static

    await pilot.press(*opener)
    await pilot.pause()
    for ch in text:
        await pilot.press(ch if ch != " " else "space")
    await pilot.press("enter")
    await pilot.pause()
    return str(app.screen.query_one(error_widget, Static).render())


@pytest.mark.slow
@pytest.mark.parametrize(
    "opener, text, error, bound",
    [
        pytest.param(["M"], f"{HUGE} s", "#line-error", "total: must be between 1 and 9999", id="M"),
        pytest.param(["Q"], f"Garde {HUGE}/4/6/2", "#line-error", "corps: must be between 0 and 99", id="Q"),
        pytest.param(["c"], f"stunned {HUGE}", "#condition-error", "rounds: must be between 1 and 99", id="c"),
        pytest.param(["enter", "x"], HUGE, "#prompt-error", "xp: must be between 1 and 9999", id="sheet XP"),
    ],
)
@run
async def test_a_huge_number_typed_by_the_gm_is_refused_naming_its_bound(opener, text, error, bound) -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen is not None)
        shown = await _typed_in(app, pilot, opener, text, error)
        assert bound in " ".join(shown.split())
    assert app.session.journal.done == ()
    assert orjson.loads(encode(app.session.journal))


@pytest.mark.slow
def test_a_quit_with_actions_not_saved_exits_non_zero_saying_so(tmp_path, monkeypatch, capsys, in_a_terminal) -> None:
    """The saver cannot write (a full disk): the GM quits; the status says the last changes are
    not on disk."""
    from saves.errors import SaveError
    from saves.store import AutoSaver, create_campaign
    from tui import run as cli
    from tui.app import ApotheoseApp

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    before = path.read_bytes()

    def full_disk(target, data):
        raise SaveError(target, "could not save (No space left on device)")

    monkeypatch.setattr(AutoSaver, "__init__", _with_writer(AutoSaver.__init__, full_disk))

    def play(self, **_kwargs):
        self.session.do(NextTurn())

    monkeypatch.setattr(ApotheoseApp, "run", play)
    assert cli.main([str(path)]) == 1
    err = capsys.readouterr().err
    assert "the last changes could not be saved" in err and "No space left" in err
    assert path.read_bytes() == before


def _with_writer(init, writer):
    def patched(self, *args, **kwargs):
        # as a GM gets: a wait between retries (a quit cuts it short; none would spin the saver)
        kwargs["writer"], kwargs["delays"] = writer, (60.0,)
        init(self, *args, **kwargs)

    return patched
