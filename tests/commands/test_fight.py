"""The initiative list's commands (tui/commands/fight.py), each run on a session without an app:
what it asks, what it sends through the door, what the campaign is after."""

from __future__ import annotations

import attrs

from core.actions import EndEncounter, NextTurn, Outcome, Roll
from core.demo import demo_campaign
from core.encounter import Condition
from tests.commands.session import SessionContext, press


def on_demo(**kwargs: object) -> SessionContext:
    """The demo fight (Brunvir's turn), ``kwargs`` the context's."""
    return SessionContext.on(demo_campaign(), **kwargs)  # type: ignore[arg-type]


def order(ctx: SessionContext) -> tuple[str, ...]:
    enc = ctx.campaign.encounter
    assert enc is not None
    return enc.keys


def current(ctx: SessionContext) -> str | None:
    enc = ctx.campaign.encounter
    assert enc is not None
    return enc.current


# -- the turn order ------------------------------------------------------------------------------------
def test_next_and_previous_turn_move_the_turn() -> None:
    ctx = on_demo()
    press(ctx, "init-next")
    assert current(ctx) == "capitaine" and ctx.requested == [NextTurn()]
    press(ctx, "init-prev")
    assert current(ctx) == "brunvir"


def test_delay_puts_off_whose_turn_it_is() -> None:
    ctx = on_demo()
    press(ctx, "init-delay")
    assert current(ctx) != "brunvir" and isinstance(ctx.answered[0], Outcome)


def test_act_now_acts_on_the_cursor_and_warns_without_one() -> None:
    ctx = on_demo(selected="brunvir")
    press(ctx, "init-delay")
    press(ctx, "init-act-now")
    assert current(ctx) == "brunvir" and [type(a).__name__ for a in ctx.requested] == ["Delay", "ActNow"]
    nobody = on_demo()
    press(nobody, "init-act-now")
    assert nobody.warned == ["init.nobody"] and nobody.requested == []


def test_boost_is_for_a_pc_only() -> None:
    ctx = on_demo(selected="capitaine")
    press(ctx, "init-boost")
    assert ctx.warned == ["init.pc_only"] and ctx.requested == []
    group = on_demo(selected="veterans")
    press(group, "init-boost")
    assert group.warned == ["init.not_group"]
    pc = on_demo(selected="morvan", answers=[True, True])  # yes to the shadow it costs, if asked
    before = pc.campaign.encounter.participant("morvan").initiative  # type: ignore[union-attr]
    press(pc, "init-boost")
    assert pc.campaign.encounter.participant("morvan").initiative > before  # type: ignore[union-attr]


def test_set_initiative_asks_the_value_and_sets_it() -> None:
    ctx = on_demo(selected="capitaine", answers=[30])
    press(ctx, "init-set")
    assert ctx.asked[0].label == "Initiative of Capitaine de la garde"  # type: ignore[attr-defined]
    assert ctx.campaign.encounter.participant("capitaine").initiative == 30  # type: ignore[union-attr]
    escaped = on_demo(selected="capitaine", answers=[None])
    press(escaped, "init-set")
    assert escaped.requested == []


def test_move_up_and_down_in_the_order() -> None:
    ctx = on_demo(selected="romuald")
    at = order(ctx).index("romuald")
    press(ctx, "init-move-up")
    assert order(ctx).index("romuald") == at - 1
    press(ctx, "init-move-down")
    assert order(ctx).index("romuald") == at


def test_start_fight_starts_one_with_everybody_only_when_none_is_under_way() -> None:
    ctx = on_demo()
    press(ctx, "init-fight")
    assert ctx.warned == ["init.fight_under_way"] and ctx.requested == []
    calm = SessionContext.on(attrs.evolve(demo_campaign(), active=None))
    press(calm, "init-fight")
    enc = calm.campaign.encounter
    assert enc is not None and enc.name == f"Fight {len(calm.campaign.encounters)}"
    assert set(enc.keys) == {x.id for x in calm.campaign.combatants}


def test_end_fight_asks_first() -> None:
    no = on_demo(answers=[False])
    press(no, "init-end-fight")
    assert no.asked[0].question == "End the fight Embuscade à Leda?"  # type: ignore[attr-defined]
    assert no.campaign.encounter is not None and no.requested == []
    yes = on_demo(answers=[True])
    press(yes, "init-end-fight")
    assert yes.campaign.encounter is None and yes.requested == [EndEncounter()]


# -- conditions ----------------------------------------------------------------------------------------
def test_a_condition_goes_on_the_marked_then_the_marks_are_cleared() -> None:
    ctx = on_demo(selected="capitaine", marked=frozenset({"morvan", "segiere"}), answers=[Condition("stunned", 2)])
    press(ctx, "init-condition")
    assert ctx.asked[0].who == "2 marked: Segiere, Morvan"  # type: ignore[attr-defined]
    for key in ("morvan", "segiere"):
        assert [c.name for c in ctx.campaign.encounter.participant(key).conditions] == ["stunned"]  # type: ignore[union-attr]
    assert not ctx.campaign.encounter.participant("capitaine").conditions  # type: ignore[union-attr]
    assert ctx.marked == frozenset()


def test_a_condition_goes_on_the_selected_and_escape_adds_none() -> None:
    ctx = on_demo(selected="capitaine", answers=[Condition("blessed")])
    press(ctx, "init-condition")
    assert [c.name for c in ctx.campaign.encounter.participant("capitaine").conditions] == ["blessed"]  # type: ignore[union-attr]
    escaped = on_demo(selected="capitaine", answers=[None])
    press(escaped, "init-condition")
    assert escaped.requested == []
    nobody = on_demo()
    press(nobody, "init-condition")
    assert nobody.warned == ["init.nobody"]


def test_remove_condition_picks_one_of_the_selected() -> None:
    ctx = on_demo(selected="capitaine", answers=[Condition("blessed"), "blessed"])
    press(ctx, "init-uncondition")
    assert ctx.warned == ["init.no_conditions"]
    press(ctx, "init-condition")
    press(ctx, "init-uncondition")
    assert ctx.asked[-1].values == ["blessed"]  # type: ignore[attr-defined]
    assert not ctx.campaign.encounter.participant("capitaine").conditions  # type: ignore[union-attr]


# -- one combatant -------------------------------------------------------------------------------------
def test_hide_toggles_the_selected() -> None:
    ctx = on_demo(selected="capitaine")
    press(ctx, "init-hide")
    assert ctx.campaign.character("capitaine").hidden
    press(ctx, "init-hide")
    assert not ctx.campaign.character("capitaine").hidden


def test_stabilise_and_repair_are_for_a_character() -> None:
    for command, name in (("init-stabilise", "Stabilise"), ("init-repair", "RepairArmour")):
        group = on_demo(selected="veterans")
        press(group, command)
        assert group.warned == ["init.not_group"] and group.requested == []
        ctx = on_demo(selected="capitaine")
        press(ctx, command)
        assert [(type(a).__name__, a.key) for a in ctx.requested] == [(name, "capitaine")]  # type: ignore[attr-defined]


def test_roll_asks_the_check_applies_it_and_shows_it_under_the_list() -> None:
    check = Roll("morvan", 10, 10, (4,))
    ctx = on_demo(selected="morvan", answers=[check])
    press(ctx, "init-roll")
    assert type(ctx.asked[0]).__name__ == "RollDialog" and ctx.requested == [check]
    assert [type(outcome) for outcome, _parts in ctx.checks] == [Outcome]
    escaped = on_demo(selected="morvan", answers=[None])
    press(escaped, "init-roll")
    assert escaped.requested == [] and escaped.checks == []


def test_sheet_opens_the_selected_ones() -> None:
    ctx = on_demo(selected="alduin")
    press(ctx, "init-sheet")
    assert [(type(s).__name__, s.key) for s in ctx.opened] == [("SheetScreen", "alduin")]  # type: ignore[attr-defined]


# -- marks ---------------------------------------------------------------------------------------------
def test_space_marks_and_unmarks_u_clears_the_marks() -> None:
    ctx = on_demo(selected="alduin")
    press(ctx, "init-mark")
    assert ctx.marked == {"alduin"}
    ctx.selected = "morvan"
    press(ctx, "init-mark")
    press(ctx, "init-mark")
    assert ctx.marked == {"alduin"}
    press(ctx, "init-unmark")
    assert ctx.marked == frozenset() and ctx.notes == [("information", "Marks cleared.")]


# -- the keys that open a pane's form -------------------------------------------------------------------
def test_the_form_keys_open_their_pane_s_form() -> None:
    for command, went in (
        ("init-damage", ("damage", "", {})),
        ("init-duel", ("damage", "duel", {})),
        ("init-parry", ("damage", "duel", {"defends": True})),
        ("init-attack-group", ("mass", "attack", {})),
        ("init-defend-group", ("mass", "defence", {})),
        ("init-spell", ("spell", "new", {})),
    ):
        ctx = on_demo(selected="morvan")
        press(ctx, command)
        assert ctx.went == [went], command


def test_parry_on_a_group_s_turn_is_the_defence_against_it() -> None:
    ctx = on_demo(selected="morvan")
    while current(ctx) != "veterans":
        press(ctx, "init-next")
    press(ctx, "init-parry")
    assert ctx.went == [("mass", "defence", {})]
    assert ctx.notes[-1][1].startswith("Vétérans de Villon is a mook group")
