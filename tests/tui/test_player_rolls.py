"""Issue 38, item 2: the GM's app follows the inbox; a player's roll shows beside the form it
belongs to and in the status line, Enter on the empty die field takes it (as if the GM had typed
it), a die typed overwrites it (the message refused), ctrl+x refuses it; the log says who rolled,
undo takes it back; the players' file says what is asked, what waits and whether sending is on."""

from __future__ import annotations

import random

import pytest

from core.actions import AttackOpponent, SetOption
from core.player_send import Ask, Sent, Waiting
from core.visibility import Option
from saves.inbox import answer_for, inbox_path, post
from saves.players_feed import FeedReader
from saves.players_file import players_path
from saves.store import create_campaign
from tests.tui.pilot import WIDE, quiet, run, select, text_of, turn_of, wait_for
from tui.widgets.dice_field import KultDieField
from tui.widgets.duel import DuelForm


def alduin(number: int, die: int = 7, *, by_table: bool = False) -> Sent:
    return Sent(number, "Marie", "alduin", "Alduin", "attack", die, by_table)


async def open_attack(tmp_path, turn: str = "alduin"):
    """The app on a saved campaign of the demo fight at ``turn``'s turn (Alduin's: he attacks)."""
    from tui.run import build

    path = create_campaign(tmp_path / "villon.json", turn_of(turn))
    app = build([str(path)], rng=random.Random(0))
    return path, app


async def entered(pilot, app, done: int):
    """Enter, then the journal holding ``done`` actions: the last one."""
    await pilot.press("enter")
    await wait_for(pilot, lambda: len(app.session.journal.done) == done)
    return app.session.journal.done[-1].action


def last_attack(app) -> AttackOpponent:
    action = app.session.journal.done[-1].action
    assert isinstance(action, AttackOpponent)
    return action


def seen_by_players(path):
    found = FeedReader(players_path(path)).read()
    assert found is not None
    return found[0]


@pytest.mark.slow
@run
async def test_enter_takes_the_players_die_a_typed_die_overwrites_it_and_ctrl_x_refuses(tmp_path) -> None:
    from tui.run import finish

    path, app = await open_attack(tmp_path)
    inbox = inbox_path(path)
    async with app.run_test(size=WIDE) as pilot:
        await quiet(pilot)
        await select(pilot, "capitaine")
        await pilot.press("o")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "duel-die")
        before = app.campaign
        assert post(inbox, alduin(1))
        await wait_for(pilot, lambda: app.waiting == (alduin(1),), every=0.05)
        await quiet(pilot)
        assert "Alduin sent +7 for the attack" in text_of(app, "#status")
        assert "Alduin sent +7 for the attack: Enter takes it" in text_of(app, "#duel-sent")
        # the players see what is asked and what waits
        app.session.saver.flush(10)
        await wait_for(
            pilot,
            lambda: (
                seen_by_players(path).waiting == (Waiting("Alduin", "attack", 7),)
                and seen_by_players(path).asks == (Ask("Alduin", "attack"),)
            ),
            every=0.05,
        )
        await pilot.press("enter")  # the empty die field: the player's +7
        await wait_for(pilot, lambda: len(app.session.journal.done) == 1)
        taken = last_attack(app)
        assert taken.dice == (7,) and taken.rolled_by is not None and taken.rolled_by.player == "Marie"
        assert any(ln.line.en.endswith("(Alduin's player rolled +7)") for ln in app.session.journal.log)
        assert answer_for(inbox, "Marie") == (1, "taken")
        await wait_for(pilot, lambda: app.waiting == (), every=0.05)
        after_taken = app.campaign
        # undo takes it back, as any action
        await pilot.press("ctrl+z")
        await wait_for(pilot, lambda: app.campaign == before)
        # a second message; the GM types the same die over it: the same hit, the message refused
        await pilot.click("#duel-die")
        assert post(inbox, alduin(2, 3))
        await wait_for(pilot, lambda: app.waiting == (alduin(2, 3),), every=0.05)
        await pilot.press("7", "enter")
        await wait_for(pilot, lambda: len(app.session.journal.done) == 1)
        assert last_attack(app).rolled_by is None and app.campaign.find("capitaine") == after_taken.find("capitaine")
        assert answer_for(inbox, "Marie") == (2, "refused")
        # a third: ctrl+x refuses it, nothing changes
        assert post(inbox, alduin(3, 4, by_table=True))
        await wait_for(pilot, lambda: app.waiting == (alduin(3, 4, by_table=True),), every=0.05)
        await quiet(pilot)
        assert "Alduin: the table rolled +4 for the attack (roll for me)" in text_of(app, "#status")
        done = len(app.session.journal.done)
        await pilot.press("ctrl+x")
        await wait_for(pilot, lambda: answer_for(inbox, "Marie") == (3, "refused"), every=0.05)
        assert len(app.session.journal.done) == done
        await wait_for(pilot, lambda: app.waiting == (), every=0.05)
        assert app.screen.query_one(DuelForm).die.offered is None
    assert finish(app) is None


@pytest.mark.slow
@run
async def test_sending_off_is_published_and_esc_then_a_key_still_works(tmp_path) -> None:
    from tui.run import finish

    path, app = await open_attack(tmp_path)
    async with app.run_test(size=WIDE) as pilot:
        await quiet(pilot)
        await app.request(SetOption(Option.SENDING, False))
        await app.request(SetOption(Option.SENDING, False, "segiere"))
        assert app.session.saver.flush(10)
        view = seen_by_players(path)
        assert view.sending is False and view.muted == ("Segiere",)
        # a message waits: Esc from the form, then at once a list key, acts as without it
        assert post(inbox_path(path), alduin(1))
        await wait_for(pilot, lambda: bool(app.waiting), every=0.05)
        await select(pilot, "capitaine")
        await pilot.press("o")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "duel-die")
        current = app.campaign.encounter.current
        await pilot.press("escape", "n")
        await wait_for(pilot, lambda: app.campaign.encounter.current != current)
    assert finish(app) is None


@pytest.mark.slow
@run
async def test_taking_a_players_roll_is_the_one_key_the_guide_says(tmp_path) -> None:
    """The guide's keystroke line (docs/guide.md, "Keys") says 1 key; the keys are counted here."""
    import re
    from pathlib import Path

    from tui.run import finish

    guide = (Path(__file__).parents[2] / "docs" / "guide.md").read_text(encoding="utf-8")
    said = re.search(r"taking a player's roll is (\d+) key", guide)
    assert said is not None
    path, app = await open_attack(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await quiet(pilot)
        await select(pilot, "capitaine")
        await pilot.press("o")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "duel-die")
        assert post(inbox_path(path), alduin(1))
        await wait_for(pilot, lambda: app.screen.query_one(DuelForm).die.offered == 7, every=0.05)
        keys = ["enter"]
        await pilot.press(*keys)
        await wait_for(pilot, lambda: len(app.session.journal.done) == 1)
        assert last_attack(app).rolled_by is not None
        assert len(keys) == int(said[1]) == 1
    assert finish(app) is None


@pytest.mark.slow
@run
async def test_the_attack_on_a_group_and_the_defence_against_one_take_the_players_die(tmp_path) -> None:
    from core.actions import AttackGroup, DefendGroup
    from tui.run import finish

    path, app = await open_attack(tmp_path, "brunvir")
    inbox = inbox_path(path)
    async with app.run_test(size=WIDE) as pilot:
        await quiet(pilot)
        assert post(inbox, Sent(1, "Lea", "brunvir", "Brunvir", "attack", 5))
        await wait_for(pilot, lambda: bool(app.waiting), every=0.05)
        await pilot.press("g")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "atk-die")
        await wait_for(pilot, lambda: "Brunvir sent +5 for the attack" in text_of(app, "#atk-sent"))
        attack = await entered(pilot, app, 1)
        assert isinstance(attack, AttackGroup) and attack.dice == (5,) and attack.rolled_by is not None
        assert answer_for(inbox, "Lea") == (1, "taken")
        await pilot.press("escape")
        await select(pilot, "segiere")
        assert post(inbox, Sent(1, "Paul", "segiere", "Segiere", "defence", -3, by_table=True))
        await wait_for(pilot, lambda: len(app.waiting) == 1 and app.waiting[0].pc == "segiere", every=0.05)
        await pilot.press("v")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id in ("def-attackers", "def-die"))
        await wait_for(pilot, lambda: app.screen.query_one("#def-die", KultDieField).offered == -3)
        app.screen.query_one("#def-die", KultDieField).focus()
        defence = await entered(pilot, app, 2)
        assert isinstance(defence, DefendGroup) and defence.dice == (-3,)
        assert defence.rolled_by is not None and defence.rolled_by.by_table
        assert any(ln.line.en.endswith("(the table rolled -3 for Segiere)") for ln in app.session.journal.log)
        assert answer_for(inbox, "Paul") == (1, "taken")
    assert finish(app) is None


@pytest.mark.slow
@run
async def test_a_resistance_roll_takes_the_players_die_in_the_r_dialog(tmp_path) -> None:
    from core.actions import Roll
    from tui.run import finish
    from tui.screens.roll import RollDialog

    path, app = await open_attack(tmp_path, "brunvir")
    inbox = inbox_path(path)
    async with app.run_test(size=WIDE) as pilot:
        await quiet(pilot)
        await select(pilot, "alduin")
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, RollDialog))
        assert post(inbox, Sent(1, "Marie", "alduin", "Alduin", "resistance", 9))
        await wait_for(pilot, lambda: app.screen.query_one("#roll-die", KultDieField).offered == 9, every=0.05)
        assert "Alduin sent +9 for the resistance" in str(app.screen.query_one("#roll-sent").render())
        roll = await entered(pilot, app, 1)
        assert isinstance(roll, Roll) and roll.dice == (9,) and roll.rolled_by is not None
        assert answer_for(inbox, "Marie") == (1, "taken")
    assert finish(app) is None


@pytest.mark.slow
@run
async def test_an_inbox_open_to_others_is_said_once_and_nothing_crashes(tmp_path) -> None:
    import os

    from tui.run import finish

    path, app = await open_attack(tmp_path)
    os.mkdir(inbox_path(path), 0o700)
    os.chmod(inbox_path(path), 0o777)  # noqa: S103 - the refused case
    async with app.run_test(size=WIDE) as pilot:
        await quiet(pilot)
        said = [n.message for n in app._notifications if "Players cannot send rolls" in n.message]
        assert len(said) == 1 and "open to others" in said[0]
        assert app.waiting == () and app._inbox is not None and app._inbox.problem is not None
        await pilot.press("n")  # the app answers
        await wait_for(pilot, lambda: app.campaign.encounter.current != "alduin")
    assert finish(app) is None
