"""The GM took a player's die (issue 38): the action says who rolled, undo and replay as any."""

from __future__ import annotations

import attrs
import pytest

from core.actions import AttackOpponent, RolledBy, SetOption
from core.demo import demo_campaign
from core.errors import RulesError
from core.journal import Journal
from core.player_feed import apply as apply_delta
from core.player_feed import changes_nothing, delta
from core.player_send import Ask, Waiting
from core.player_view import player_view, player_view_of
from core.visibility import Option

ALDUIN = RolledBy("Marie", "Alduin", 7)


def _attack(rolled_by: RolledBy | None = None) -> AttackOpponent:
    return AttackOpponent("alduin", "segiere", 12, 10, (7,), rolled_by=rolled_by)


def test_a_taken_die_resolves_as_the_gms_and_the_log_names_who_rolled() -> None:
    journal = Journal.start(demo_campaign())
    typed, typed_outcome = journal.record(_attack())
    taken, taken_outcome = journal.record(_attack(ALDUIN))
    assert taken.campaign == typed.campaign  # the same die, the same hit
    assert taken_outcome.lines[0].en == f"{typed_outcome.lines[0].en} (Alduin's player rolled +7)"
    assert taken_outcome.lines[0].fr.endswith("(le joueur d'Alduin a lancé +7)")
    assert taken.log[-1].players  # a line about PCs: the players read who rolled
    assert "Alduin's player rolled +7" in player_view_of(taken).log[-1].en
    assert taken.undo().campaign == journal.campaign
    assert taken.undo().redo().campaign == taken.campaign


def test_the_table_rolled_for_a_player() -> None:
    by_table = RolledBy("Marie", "Alduin", 4, by_table=True)
    _, outcome = Journal.start(demo_campaign()).record(attrs.evolve(_attack(by_table), dice=(4,)))
    assert outcome.lines[0].en.endswith("(the table rolled +4 for Alduin)")
    assert outcome.lines[0].fr.endswith("(la table a lancé +4 pour Alduin)")


def test_sending_is_the_gms_choice_for_the_table_and_for_one_pc() -> None:
    campaign = demo_campaign()
    view = player_view(campaign)
    assert view.sending and view.muted == () and view.kult == campaign.rules.kult_die
    journal, _ = Journal.start(campaign).record(SetOption(Option.SENDING, False, "alduin"))
    assert player_view(journal.campaign).muted == ("Alduin",)
    journal, _ = journal.record(SetOption(Option.SENDING, False))
    assert not player_view(journal.campaign).sending
    with pytest.raises(RulesError):
        journal.record(SetOption(Option.SENDING, False, "capitaine"))  # an NPC has no player


def test_the_feed_carries_what_players_may_send() -> None:
    old = player_view(demo_campaign())
    new = attrs.evolve(
        old,
        asks=(Ask("Alduin", "attack"),),
        waiting=(Waiting("Alduin", "attack", 7),),
        sending=False,
        muted=("Segiere",),
    )
    change = delta(old, new)
    assert not changes_nothing(old, change)
    assert apply_delta(old, change) == new
    assert changes_nothing(new, delta(new, new))
