"""The incremental players' projection (core.player_view.Projector) is the whole one, always."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.actions import (
    Action,
    ActNow,
    AddCondition,
    Damage,
    Delay,
    EndEncounter,
    Heal,
    NextTurn,
    PreviousTurn,
    RemoveCondition,
    Rest,
    SetAlias,
    SetHidden,
    SetOption,
    SetPrivate,
    SetShown,
    SetShownDefault,
    StartEncounter,
)
from core.encounter import Condition, Lasts
from core.journal import Journal
from core.player_feed import apply, delta
from core.player_view import Projector, player_view
from core.visibility import Option, Shown
from tests.rules.test_player_view import campaigns

KINDS = (
    "damage",
    "heal",
    "rest",
    "turn",
    "back",
    "delay",
    "act",
    "condition",
    "mark",
    "uncondition",
    "shown",
    "default",
    "private",
    "option",
    "alias",
    "hide",
    "undo",
    "redo",
    "end",
    "start",
)


def _action(data: st.DataObject, kind: str, keys: list[str], characters: list[str]) -> Action:
    key = data.draw(st.sampled_from(keys))
    character = data.draw(st.sampled_from(characters))
    if kind == "damage":
        return Damage((character,), data.draw(st.integers(0, 9)))
    if kind == "heal":
        return Heal((character,), data.draw(st.integers(1, 4)))
    if kind == "rest":
        return Rest((character,), data.draw(st.integers(1, 2)))
    if kind == "turn":
        return NextTurn()
    if kind == "back":
        return PreviousTurn()
    if kind == "delay":
        return Delay(key)
    if kind == "act":
        return ActNow(key)
    if kind == "condition":
        return AddCondition(key, Condition("dazed", data.draw(st.integers(1, 2))))
    if kind == "mark":  # until another one's turn: its name (or alias, or "?" when hidden) is shown
        lasts = data.draw(st.sampled_from([Lasts.TURN_START, Lasts.TURN_END]))
        return AddCondition(key, Condition("marked", 1, lasts=lasts, of=data.draw(st.sampled_from(keys))))
    if kind == "uncondition":
        return RemoveCondition(key, data.draw(st.sampled_from(["dazed", "marked"])))
    if kind == "shown":
        return SetShown(key, data.draw(st.none() | st.sampled_from(list(Shown))))
    if kind == "default":
        return SetShownDefault(
            data.draw(st.sampled_from(["pcs", "npcs", "groups"])), data.draw(st.sampled_from(list(Shown)))
        )
    if kind == "private":
        return SetPrivate(character, data.draw(st.booleans()))
    if kind == "option":
        option = data.draw(st.sampled_from(list(Option)))
        return SetOption(
            option,
            data.draw(st.booleans()),
            key if option in (Option.CONDITIONS, Option.REVEAL) and data.draw(st.booleans()) else None,
        )
    if kind == "alias":
        return SetAlias(key, data.draw(st.none() | st.sampled_from(["Masked", "Stranger"])))
    if kind == "hide":
        return SetHidden(key, data.draw(st.booleans()))
    if kind == "end":
        return EndEncounter()
    return StartEncounter("Again", tuple(data.draw(st.permutations(keys))))


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(campaigns(), st.data())
def test_the_incremental_projection_is_the_whole_one_after_any_actions(made, data) -> None:
    campaign, _ = made
    keys = [c.id for c in campaign.roster] + [g.id for g in campaign.groups]
    characters = [c.id for c in campaign.roster]
    journal, _ = Journal.start(campaign).record(StartEncounter("Fight", tuple(keys)))
    projector = Projector()
    published = projector.view(journal.campaign, journal.log)
    for _ in range(data.draw(st.integers(1, 25))):
        kind = data.draw(st.sampled_from(KINDS))
        try:
            if kind == "undo":
                journal = journal.undo()
            elif kind == "redo":
                journal = journal.redo()
            else:
                journal, _ = journal.record(_action(data, kind, keys, characters))
        except Exception:  # noqa: BLE001 - an impossible action changes nothing
            continue
        view = projector.view(journal.campaign, journal.log)
        assert view == player_view(journal.campaign, journal.log)
        assert apply(published, delta(published, view)) == view  # what the feed carries
        published = view


def _made_again(before, after) -> list[str]:
    return [new.name for old, new in zip(before.rows, after.rows, strict=True) if old is not new]


def test_an_action_makes_again_only_the_rows_it_touched() -> None:
    from core.demo import demo_campaign

    journal = Journal.start(demo_campaign())
    projector = Projector()
    first = projector.view(journal.campaign, journal.log)
    journal, _ = journal.record(Damage(("segiere",), 2))
    hit = projector.view(journal.campaign, journal.log)
    assert _made_again(first, hit) == ["Segiere"]
    journal, _ = journal.record(NextTurn())
    turned = projector.view(journal.campaign, journal.log)
    assert hit.current is not None and turned.current is not None
    assert sorted(_made_again(hit, turned)) == sorted([hit.current.name, turned.current.name])
    assert turned == player_view(journal.campaign, journal.log)
