"""What players sent, answered by the GM's commands without an app (issue 38): ctrl+x refuses
the message beside the form (else the oldest), the next-turn key takes the "I'm done" of the PC
whose turn it ends; taking a roll into an action says who rolled (:func:`tui.inbox.taken`)."""

from __future__ import annotations

from core.actions import AttackOpponent, NextTurn
from core.demo import demo_campaign
from core.player_send import Sent
from saves.inbox import answer_for, open_inbox, post, waiting
from tests.commands.session import SessionContext, press
from tests.tui.pilot import turn_of
from tui.inbox import offer, status, taken

ALDUIN = Sent(1, "Marie", "alduin", "Alduin", "attack", 7)
SEGIERE = Sent(4, "Paul", "segiere", "Segiere", "defence", -2, by_table=True)


def on_inbox(tmp_path, *sent: Sent, **kwargs) -> SessionContext:
    path = tmp_path / "villon.json"
    inbox = open_inbox(path)
    for message in sent:
        assert post(inbox, message)
    return SessionContext.on(kwargs.pop("campaign", demo_campaign()), saved_at=path, waiting=waiting(inbox), **kwargs)


def test_ctrl_x_refuses_the_message_beside_the_form_else_the_oldest(tmp_path) -> None:
    ctx = on_inbox(tmp_path, ALDUIN, SEGIERE, offered=SEGIERE)
    press(ctx, "inbox-refuse")
    inbox = open_inbox(tmp_path / "villon.json")
    assert answer_for(inbox, "Paul") == (4, "refused") and waiting(inbox) == (ALDUIN,)
    assert ctx.requested == [] and ctx.notes == [
        ("information", "Refused: Segiere: the table rolled -2 for the defence (roll for me)")
    ]
    oldest = SessionContext.on(demo_campaign(), saved_at=tmp_path / "villon.json", waiting=waiting(inbox))
    press(oldest, "inbox-refuse")
    assert answer_for(inbox, "Marie") == (1, "refused") and waiting(inbox) == ()
    nothing = SessionContext.on(demo_campaign(), saved_at=tmp_path / "villon.json")
    press(nothing, "inbox-refuse")
    assert nothing.warned == ["inbox.nothing"]


def test_the_next_turn_key_takes_i_m_done_of_the_pc_whose_turn_it_ends(tmp_path) -> None:
    done = Sent(2, "Marie", "alduin", "Alduin", "done")
    ctx = on_inbox(tmp_path, done, campaign=turn_of("alduin"))
    press(ctx, "init-next")
    assert ctx.requested == [NextTurn()]
    assert answer_for(open_inbox(tmp_path / "villon.json"), "Marie") == (2, "taken")


def test_a_roll_taken_says_who_rolled_and_only_the_pcs_own_message_is_offered() -> None:
    messages, campaign = (SEGIERE, ALDUIN), demo_campaign()
    assert offer(messages, campaign, "alduin", "attack") == ALDUIN
    assert offer(messages, campaign, "alduin", "defence") is None and offer(messages, campaign, None, "attack") is None
    browser = Sent(3, "browser: Morvan", "Morvan", "Morvan", "attack", 2)  # serve knows no id: the PC's name
    assert offer((browser,), campaign, "morvan", "attack") == browser
    action = taken(AttackOpponent("alduin", "capitaine", 12, 10, (7,)), ALDUIN)
    assert isinstance(action, AttackOpponent) and action.rolled_by is not None
    assert (action.rolled_by.player, action.rolled_by.die, action.rolled_by.by_table) == ("Marie", 7, False)
    assert status((ALDUIN,), "fr") == "Alduin a envoyé +7 pour l'attaque"
    assert status(messages, "en") == "2 players' messages wait (Segiere, Alduin)"


def test_what_waits_and_what_is_asked_reach_the_players_only_for_pcs_they_see() -> None:
    """A PC hidden since its player sent (or asked of while hidden) is not named in the players'
    file; a browser seat's PC, known by its name, is found."""
    from core.actions import SetHidden
    from core.journal import Journal
    from tui.inbox import ask_of, published

    journal, _ = Journal.start(demo_campaign()).record(SetHidden("segiere", True))
    campaign = journal.campaign
    browser = Sent(2, "browser: Morvan", "morvan", "Morvan", "attack", 3)
    assert [w.pc for w in published((ALDUIN, SEGIERE, browser), campaign)] == ["Alduin", "Morvan"]
    assert ask_of(campaign, "segiere", "defence") == ()
    assert [a.pc for a in ask_of(campaign, "alduin", "attack")] == ["Alduin"]
    assert ask_of(campaign, "capitaine", "attack") == ()  # an NPC is asked nothing
