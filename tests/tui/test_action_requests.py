"""Issue 13: one typed path for every change. The reducer runs once per GM action, the app's
request returns what was recorded (or the refusal), a reroll replaces the failed roll through
the session, and a 6th stigma is asked about in one place."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from types import FrameType

import attrs
import pytest

from core.actions import AttackGroup, ChangeShadow, Damage, Outcome
from core.actions.base import Action as BaseAction
from core.demo import demo_campaign
from core.errors import RulesError
from core.shadow import Mark, Shadow
from tests.tui.pilot import WIDE, done_actions, make_app_trades_apply, run, turn_of
from tui.door import Declined, Refused
from tui.screens.prompts import ConfirmDialog
from tui.session import Session


def _subclasses(cls: type[BaseAction]) -> set[type[BaseAction]]:
    out: set[type[BaseAction]] = set()
    for sub in cls.__subclasses__():
        out |= {sub} | _subclasses(sub)
    return out


def _in_a_preview() -> bool:
    """Whether the reducer was called by a preview (it reads, records nothing)."""
    frame: FrameType | None = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_name in ("preview_lines", "preview", "refresh_preview", "describe"):
            return True
        frame = frame.f_back
    return False


@contextlib.contextmanager
def counting_reducer() -> Iterator[list[str]]:
    """Count every run of any action's ``apply`` (the reducer) while the block runs, a dry run
    included, but not a preview's."""
    calls: list[str] = []
    originals = {}
    for cls in _subclasses(BaseAction):
        if "apply" in cls.__dict__:
            original = cls.__dict__["apply"]
            originals[cls] = original

            def counted(self, campaign, _original=original):
                if not _in_a_preview():
                    calls.append(type(self).__name__)
                return _original(self, campaign)

            cls.apply = counted  # type: ignore[method-assign]  # counts each run of the reducer
    try:
        yield calls
    finally:
        for cls, original in originals.items():
            cls.apply = original  # type: ignore[method-assign]  # the reducer back


@pytest.mark.slow
@run
async def test_the_reducer_runs_once_for_x_6_enter():
    app = make_app_trades_apply()
    async with app.run_test(size=WIDE) as pilot:
        app.selected = "segiere"
        await pilot.pause()
        await pilot.press("x", "6")
        await pilot.pause()
        with counting_reducer() as calls:
            await pilot.press("enter")
            await pilot.pause()
        assert done_actions(app) == [Damage(("segiere",), 6)]
        assert calls == ["Damage"]


@pytest.mark.slow
@run
async def test_the_request_returns_the_outcome_recorded_or_the_refusal():
    app = make_app_trades_apply()
    async with app.run_test(size=WIDE) as pilot:
        result = await app.request(Damage(("segiere",), 6))
        assert isinstance(result, Outcome)
        assert result.campaign is app.session.campaign is app.campaign
        refused = await app.request(Damage(("nobody",), 6), quiet=True)
        assert isinstance(refused, Refused) and isinstance(refused.error, RulesError)
        assert len(done_actions(app)) == 1
        await pilot.pause()


def test_replace_last_is_one_step_and_changes_nothing_when_refused():
    session = Session.of(demo_campaign())
    session.do(Damage(("segiere",), 6))
    before = session.journal
    session.replace_last(Damage(("segiere",), 2))
    assert [e.action for e in session.journal.done] == [Damage(("segiere",), 2)]
    assert session.campaign.character("segiere").armour == 2
    journal = session.journal
    try:
        session.replace_last(Damage(("nobody",), 2))
    except RulesError:
        pass
    else:
        raise AssertionError("an impossible replacement was accepted")
    assert session.journal is journal and before is not journal


@pytest.mark.slow
@run
async def test_a_reroll_replaces_the_failed_attack_through_the_session():
    app = make_app_trades_apply(turn_of("morvan"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("g", "minus", "5", "enter")
        await pilot.pause()
        app.screen.query_one("#atk-reroll").focus()
        replaced = []
        original = app.session.replace_last
        app.session.replace_last = lambda action: replaced.append(action) or original(action)
        with counting_reducer() as calls:
            await pilot.press("7", "enter")
            await pilot.pause()
        assert replaced == [AttackGroup("veterans", 10, (-5, 7), "short", "morvan", 0)]
        assert done_actions(app) == replaced
        assert calls.count("AttackGroup") == 1  # the replacement, once; no undo/redo replay


def _five_stigmata():
    """Morvan at shadow 10 with five stigmata: one more makes him an NPC."""
    campaign = demo_campaign()
    marks = tuple(Mark("stigma", level) for level in ("minor", "major", "supreme", "supreme", "supreme"))
    morvan = campaign.character("morvan")
    return campaign.with_character(attrs.evolve(morvan, shadow=Shadow(value=10, stigmata=marks)))


@pytest.mark.slow
@run
async def test_a_sixth_stigma_is_asked_once_and_yes_resends_it_confirmed():
    app = make_app_trades_apply(_five_stigmata())
    async with app.run_test(size=WIDE) as pilot:
        asked = app.request(ChangeShadow("morvan", "story_element", 2))
        assert not asked.done()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert done_actions(app) == []
        await pilot.press("y")
        await pilot.pause()
        assert [a.confirm for a in done_actions(app)] == [True]
        assert isinstance(await asked, Outcome)


@pytest.mark.slow
@run
async def test_no_to_a_sixth_stigma_changes_nothing():
    app = make_app_trades_apply(_five_stigmata())
    async with app.run_test(size=WIDE) as pilot:
        asked = app.request(ChangeShadow("morvan", "story_element", 2))
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert done_actions(app) == [] and isinstance(await asked, Declined)


@pytest.mark.slow
@run
async def test_the_damage_preview_is_what_the_log_will_say():
    app = make_app_trades_apply()
    async with app.run_test(size=WIDE) as pilot:
        app.marked = frozenset({"morvan", "segiere", "veterans"})
        await pilot.pause()
        await pilot.press("x", "6")
        await pilot.pause()
        preview = str(app.screen.query_one("#dmg-preview").render()).splitlines()
        await pilot.press("enter")
        await pilot.pause()
        logged = [item.en for item in app.session.journal.done[-1].lines]
        assert preview == logged and len(logged) == 3
