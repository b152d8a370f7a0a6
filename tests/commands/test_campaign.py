"""The palette's table-wide commands (tui/commands/campaign.py) and what the players see
(tui/players_see.py: ``w``, ``W`` and the palette's choices), each run on a session without an app."""

from __future__ import annotations

import attrs
import pytest

from core.choices import parse_choice
from core.demo import demo_campaign
from core.visibility import KINDS, Option, Shown, to_option
from tests.commands.session import SessionContext, Typed, press
from tui.commands.table import COMMANDS


def on_demo(**kwargs: object) -> SessionContext:
    return SessionContext.on(demo_campaign(), **kwargs)  # type: ignore[arg-type]


def test_award_xp_asks_how_much_and_gives_it_to_every_pc() -> None:
    ctx = on_demo(answers=[Typed("3")])
    press(ctx, "award-xp")
    assert ctx.campaign.character("morvan").xp == 3
    assert ctx.campaign.character("capitaine").xp == 0  # NPCs get none
    escaped = on_demo(answers=[None])
    press(escaped, "award-xp")
    assert escaped.requested == []


def test_rest_and_new_session() -> None:
    campaign = demo_campaign()
    ctx = SessionContext.on(
        campaign.with_character(attrs.evolve(campaign.character("alduin"), pm=0, exhaustion_used=True))
    )
    press(ctx, "rest")
    press(ctx, "new-session")
    alduin = ctx.campaign.character("alduin")
    assert (alduin.pm, alduin.exhaustion_used, ctx.campaign.session) == (1, False, 2)


def test_w_cycles_what_the_players_see_of_the_selected() -> None:
    ctx = on_demo(selected="capitaine")
    before = ctx.campaign.visibility.shown("capitaine", "npcs")
    press(ctx, "init-players-see")
    assert ctx.campaign.visibility.shown("capitaine", "npcs") is not before
    nobody = on_demo()
    press(nobody, "init-players-see")
    assert nobody.warned == ["see.nobody"] and nobody.requested == []


def test_shift_w_keeps_a_pc_s_details_private() -> None:
    ctx = on_demo(selected="morvan")
    press(ctx, "init-players-private")
    assert ctx.campaign.visibility.is_private("morvan")
    npc = on_demo(selected="capitaine")
    press(npc, "init-players-private")
    assert npc.warned == ["see.pc_only"] and npc.requested == []


DEFAULTS = [c.id for c in COMMANDS if c.id.startswith("players-default-")]
OPTIONS = [c.id for c in COMMANDS if c.id.startswith("players-option-")]
OWN = [c.id for c in COMMANDS if c.id.startswith("players-own-")]


@pytest.mark.parametrize("command_id", DEFAULTS)
def test_the_palette_sets_each_default(command_id: str) -> None:
    kind, shown = command_id.removeprefix("players-default-").split("-")
    assert kind in KINDS
    ctx = on_demo()
    press(ctx, command_id)
    assert ctx.campaign.visibility.default(kind) is parse_choice(Shown, shown, "shown")


@pytest.mark.parametrize("command_id", OPTIONS)
def test_the_palette_flips_each_option_for_all(command_id: str) -> None:
    option = to_option(command_id.removeprefix("players-option-"))
    ctx = on_demo()
    before = ctx.campaign.visibility.option(option)
    press(ctx, command_id)
    assert ctx.campaign.visibility.option(option) is not before


@pytest.mark.parametrize("command_id", OWN)
def test_the_palette_flips_each_option_for_the_selected_then_back_to_the_default(command_id: str) -> None:
    option = to_option(command_id.removeprefix("players-own-"))
    key = "alduin" if option is Option.SENDING else "arbaletriers"  # only a PC's player sends
    ctx = on_demo(selected=key)
    press(ctx, command_id)
    assert ctx.campaign.visibility.own_option(option, key) is (not ctx.campaign.visibility.option(option))
    press(ctx, command_id)
    assert ctx.campaign.visibility.toggles == ()
    nobody = on_demo()
    press(nobody, command_id)
    assert nobody.warned == ["see.nobody"]


def test_the_palette_names_an_npc_s_alias_and_takes_it_away() -> None:
    ctx = on_demo(selected="capitaine", answers=[Typed("Le Masque"), Typed("")])
    press(ctx, "players-alias")
    assert ctx.campaign.visibility.alias("capitaine") == "Le Masque"
    press(ctx, "players-alias")
    assert ctx.asked[-1].value == "Le Masque"  # type: ignore[attr-defined]
    assert ctx.campaign.visibility.aliases == ()
