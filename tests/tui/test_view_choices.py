"""The players' terminal view of each display choice, on a phone's 40 columns (and the wide
layout once): a snapshot each. Every line fits the width: nothing scrolls sideways.

Update after a deliberate change with ``pytest tests/tui/test_view_choices.py --snapshot-update`` and
read the report first.
"""

from __future__ import annotations

import pytest

from core.actions import (
    AddCondition,
    Damage,
    NextTurn,
    SetAlias,
    SetOption,
    SetShown,
    SetShownDefault,
)
from core.demo import demo_campaign
from core.encounter import Condition
from core.journal import Journal
from core.player_view import player_view_of
from core.visibility import Option, Shown
from saves.players_file import players_path, write_players
from tests.tui.pilot import run
from tui.view.app import Lines, ViewApp

PHONE = (40, 30)
#: A fight under way: Segiere and the captain hurt, a few conditions, the veterans thinned.
FIGHT = (
    Damage(("segiere",), 8),
    Damage(("capitaine",), 9),
    Damage(("veterans",), 2),
    AddCondition("capitaine", Condition("blinded", 2)),
    AddCondition("alduin", Condition("blessed")),
)

CHOICES = {
    "defaults": (),
    "hp_exact_for_npcs": (SetShownDefault("npcs", Shown.EXACT),),
    "hp_wound_level_for_pcs": (SetShownDefault("pcs", Shown.WOUNDS),),
    "hp_bar_only": (
        SetShownDefault("pcs", Shown.BAR),
        SetShown("capitaine", Shown.BAR),
        SetShownDefault("groups", Shown.BAR),
    ),
    "hp_damage_taken": (
        SetShownDefault("pcs", Shown.DAMAGE),
        SetShown("capitaine", Shown.DAMAGE),
        SetShown("veterans", Shown.DAMAGE),
    ),
    "hp_nothing": (
        SetShownDefault("pcs", Shown.NOTHING),
        SetShownDefault("npcs", Shown.NOTHING),
        SetShownDefault("groups", Shown.NOTHING),
    ),
    "npc_conditions_hidden": (SetOption(Option.CONDITIONS, False),),
    "alias": (SetAlias("capitaine", "L'homme au masque"), SetAlias("veterans", "Les Ombres")),
    "revealed_on_first_turn": (SetOption(Option.REVEAL, True, "arbaletriers"), *[NextTurn()] * 5),
    "next_up_off": (SetOption(Option.NEXT_UP, False),),
    "round_counter_off": (SetOption(Option.ROUND, False),),
    "your_turn_cue": (NextTurn(), NextTurn(), NextTurn()),  # Romuald's turn
    "your_turn_cue_off": (SetOption(Option.YOUR_TURN, False), NextTurn(), NextTurn(), NextTurn()),
}


def view_app(tmp_path, *actions, pc: str | None = "Romuald") -> ViewApp:
    journal = Journal.start(demo_campaign())
    for action in (*FIGHT, *actions):
        journal, _ = journal.record(action)
    campaign = tmp_path / "villon.json"
    write_players(campaign, journal)
    return ViewApp(players_path(campaign), player_view_of(journal), poll=True, pc=pc)


@pytest.mark.parametrize("choice", CHOICES, ids=list(CHOICES))
def test_each_choice_on_a_phone(snap_compare, tmp_path, choice) -> None:
    assert snap_compare(view_app(tmp_path, *CHOICES[choice]), terminal_size=PHONE)


@pytest.mark.slow
def test_the_wide_layout_with_a_bar_damage_and_an_alias(snap_compare, tmp_path) -> None:
    app = view_app(
        tmp_path, SetShown("segiere", Shown.BAR), SetShown("veterans", Shown.DAMAGE), SetAlias("capitaine", "Le Masque")
    )
    assert snap_compare(app, terminal_size=(80, 24))


@pytest.mark.parametrize("width", [32, 40, 52, 63, 64, 80, 120])
@run
async def test_no_line_is_wider_than_the_screen(tmp_path, width) -> None:
    app = view_app(
        tmp_path,
        SetAlias("veterans", "Les Ombres de la nuit la plus profonde du royaume"),
        AddCondition("veterans", Condition("a condition with a very long name indeed", 3)),
        SetShown("capitaine", Shown.DAMAGE),
    )
    async with app.run_test(size=(width, 30)) as pilot:
        await pilot.pause()
        for lines in app.query(Lines):
            assert lines.virtual_size.width <= lines.size.width, (lines.id, [line.plain for line in lines.lines])
            assert lines.max_scroll_x == 0
