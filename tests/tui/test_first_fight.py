"""A GM's first real fight (issue 14), played with the keys a GM types."""

from __future__ import annotations

import attrs
import pytest

from core.actions import AttackGroup, AttackOpponent, NextTurn, apply
from tests.tui.pilot import NARROW, WIDE, done_actions, left_behind, on_initiative, quiet, run, turn_of, wait_for
from tests.tui.pilot import make_app_trades_apply as make_test_app  # the trades ticked (issue 14 item 7)
from tui.widgets.initiative import InitiativePane
from tui.widgets.spell import ApotheoseSpell

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


async def next_turn_until(pilot, key: str) -> None:
    """Press n on the initiative list until it is ``key``'s turn."""
    for _ in range(20):
        if pilot.app.campaign.encounter.current == key:
            return
        await pilot.press("n")
        await pilot.pause()
    raise AssertionError(f"{key} never gets a turn")


# -- 1. the forms follow whose turn it is -----------------------------------------------------
async def group_attack_on_a_later_turn_is_made_by_whose_turn_it_is(app, pilot):
    # Brunvir's turn
    await pilot.press("g")
    await pilot.pause()
    assert app.screen.query_one("#atk-score").value == "16"  # Brunvir: 11 + 3 + 2
    await pilot.press("escape")
    await next_turn_until(pilot, "romuald")
    await pilot.press("2", "enter", "0", "enter")  # the group list, its first group, die 0
    await wait_for(pilot, lambda: any(isinstance(a, AttackGroup) for a in done_actions(app)))
    (attack,) = [a for a in done_actions(app) if isinstance(a, AttackGroup)]
    assert attack.attacker == "romuald" and attack.score == 12  # 7 + escrimeur 3 + rapière 2
    assert "Romuald" in app.session.journal.done[-1].lines[0].text("en")


async def duel_attacker_follows_the_turn(app, pilot):
    app.selected = "capitaine"
    await pilot.pause()
    await pilot.press("o")
    await pilot.pause()
    assert app.screen.query_one("#duel-attacker").value == "brunvir"
    await pilot.press("escape")
    await next_turn_until(pilot, "romuald")
    await pilot.press("3")  # the damage pane, as it was left (the duel form)
    await pilot.pause()
    assert app.screen.query_one("#duel-attacker").value == "romuald"
    assert app.screen.query_one("#duel-score").value == "12"
    await pilot.press("0", "enter")
    await wait_for(pilot, lambda: any(isinstance(a, AttackOpponent) for a in done_actions(app)))
    (duel,) = [a for a in done_actions(app) if isinstance(a, AttackOpponent)]
    assert duel.attacker == "romuald"


@run
async def test_spell_caster_is_not_kept_from_an_earlier_turn():
    app = make_test_app(turn_of("alduin"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        system = app.screen.query_one(ApotheoseSpell)
        assert system.caster().id == "alduin"
        await pilot.press("escape", "n")  # Brunvir's turn, round 2: the cursor stays on Alduin
        await wait_for(pilot, lambda: app.campaign.encounter.current == "brunvir")
        app.selected = "capitaine"
        await pilot.pause()
        assert system.caster().id == "brunvir"
        assert "Brunvir" in str(app.screen.query_one("#spell-caster").render())


# -- 2. Esc always leads back; a form that applies hands the keys back -------------------------
async def escape_from_every_pane_and_form_leads_back_to_the_initiative_list(app, pilot):
    size = (app.size.width, app.size.height)
    for keys, pane in (
        (("2",), "mass"),
        (("3",), "damage"),
        (("4",), "spell"),
        (("g",), "mass"),
        (("v",), "mass"),
        (("x",), "damage"),
        (("o",), "damage"),
        (("s",), "spell"),
        (("g", "tab", "tab"), "mass"),
        (("s", "tab", "tab"), "spell"),
        (("4", "1"), "spell"),
    ):
        await pilot.press(*keys)
        await pilot.pause()
        assert not on_initiative(app), keys
        assert app.screen.pane == pane, (size, keys)  # each entry key opens its form's pane
        await pilot.press("escape")
        await pilot.pause()
        assert on_initiative(app), (size, keys)
        assert app.screen.pane == "initiative"
    assert app.screen.query_one("#spell-intensity").value == "1"  # 1 typed, Esc got out


@run
async def test_escape_from_every_pane_and_form_leads_back_to_the_initiative_list():
    """(At 120×40: :func:`test_the_first_fight_at_120x40_in_one_app`.)"""
    app = make_test_app()
    async with app.run_test(size=NARROW) as pilot:
        await escape_from_every_pane_and_form_leads_back_to_the_initiative_list(app, pilot)


async def after_enter_applies_a_form_n_is_the_next_turn(app, pilot):
    """Each form (a different one each time, so nothing typed in one is left in the next)
    applies, n passes the turn, then ctrl+z twice takes both back to the start."""
    size = (app.size.width, app.size.height)
    for keys in (("g", "0", "enter"), ("x", "3", "enter"), ("o", "0", "enter"), ("v", "enter")):
        app.selected = "segiere"
        await pilot.pause()
        await pilot.press(*keys)
        await wait_for(pilot, lambda app=app: len(done_actions(app)) == 1)
        assert on_initiative(app), (size, keys)
        await pilot.press("n")
        await wait_for(pilot, lambda app=app: app.campaign.encounter.current == "capitaine")
        await pilot.press("ctrl+z", "ctrl+z")  # undo the turn, then the form's action
        await wait_for(pilot, lambda app=app: done_actions(app) == [])
        assert app.campaign.encounter.current == "brunvir" and on_initiative(app), (size, keys)


@run
async def test_after_enter_applies_a_form_n_is_the_next_turn():
    """(At 120×40: :func:`test_the_first_fight_at_120x40_in_one_app`.)"""
    app = make_test_app()
    async with app.run_test(size=NARROW) as pilot:
        await after_enter_applies_a_form_n_is_the_next_turn(app, pilot)


@run
async def test_after_a_cast_focus_returns_to_the_initiative_list():
    app = make_test_app(turn_of("alduin"))
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("s", "2", "enter")
        await pilot.pause()
        await pilot.press("enter")  # the victims dialog: nobody marked, no damage
        await wait_for(pilot, lambda: len(done_actions(app)) == 1)
        await wait_for(pilot, lambda: on_initiative(app))
        await pilot.press("n")
        await wait_for(pilot, lambda: app.campaign.encounter.round == 2)


# -- 3. keys typed after Esc are not lost -------------------------------------------------------
async def write_bytes(pilot, data: str) -> None:
    """``data`` as one read from the terminal: parsed by Textual's own parser, as the driver does
    (the end of input stands for the escape delay running out), and sent to the app."""
    from textual._xterm_parser import XTermParser

    parser = XTermParser()
    for event in [*parser.feed(data), *parser.feed("")]:
        event.set_sender(pilot.app)
        pilot.app.post_message(event)
    await pilot.pause()
    await pilot.pause()


async def esc_and_n_in_one_packet_leave_the_form_and_pass_the_turn(app, pilot):
    app.selected = "segiere"
    await pilot.press("x", "7")
    await write_bytes(pilot, "\x1bn")  # Textual reads this as alt+n
    await wait_for(pilot, lambda app=app: app.campaign.encounter.current == "capitaine")
    assert on_initiative(app)
    assert app.screen.query_one("#dmg-amount").value == "7" and done_actions(app) == [NextTurn()]


@run
async def test_esc_and_n_in_one_packet_leave_the_form_and_pass_the_turn():
    """(At 120×40: :func:`test_the_first_fight_at_120x40_in_one_app`.)"""
    app = make_test_app()
    async with app.run_test(size=NARROW) as pilot:
        await esc_and_n_in_one_packet_leave_the_form_and_pass_the_turn(app, pilot)


async def esc_then_a_key_in_one_packet_from_every_form(app, pilot):
    await pilot.press("g", "3")
    await write_bytes(pilot, "\x1bx")  # out of the attack form, into the damage form
    assert app.focused is app.screen.query_one("#dmg-amount")
    assert app.screen.query_one("#atk-die").value == "3"
    await write_bytes(pilot, "\x1b2")  # Esc 2: a macOS table makes it "™"; it is Esc then 2
    assert app.screen.pane == "mass"
    await pilot.press("escape", "s")
    await write_bytes(pilot, "\x1bN")  # shift: Esc then N (nothing bound), still out of the field
    assert on_initiative(app)
    await pilot.press("s", "3")
    await write_bytes(pilot, "\x1bo")
    assert app.focused is app.screen.query_one("#duel-die")
    assert app.screen.query_one("#spell-intensity").value == "3"
    assert done_actions(app) == []


# -- 4. toggles and marks do not outlive their action ----------------------------------------
def footer_text(app) -> str:
    return " ".join(str(b.description) for b in (x.binding for x in app.screen.active_bindings.values()))


async def pugilat_and_bypass_reset_after_the_hit_they_were_ticked_for(app, pilot):
    from core.actions import Damage

    app.selected = "segiere"
    await pilot.press("x", "ctrl+n", "ctrl+g", "4", "enter")
    await wait_for(pilot, lambda: len(done_actions(app)) == 1)
    assert done_actions(app) == [Damage(("segiere",), 4, True, True)]
    await pilot.press("x", "2", "enter")  # the next hit: neither pugilat nor bypass
    await wait_for(pilot, lambda: len(done_actions(app)) == 2)
    assert done_actions(app)[1] == Damage(("segiere",), 2, False, False)
    await pilot.press("o", "ctrl+n", "0", "enter")
    await wait_for(pilot, lambda: len(done_actions(app)) == 3)
    assert done_actions(app)[2].pugilat is True
    assert not app.screen.query_one("#dmg-pugilat").value


async def marks_are_used_once_counted_in_the_footer_and_cleared_with_M(app, pilot):
    from core.actions import Damage

    await pilot.press("down", "space", "down", "space")
    await pilot.pause()
    assert app.marked == {"capitaine", "veterans"}
    assert "2 marked" in footer_text(app)
    await pilot.press("x", "1", "enter")
    await wait_for(pilot, lambda: len(done_actions(app)) == 1)
    assert done_actions(app) == [Damage(("capitaine", "veterans"), 1)]
    assert app.marked == frozenset() and "marked" not in footer_text(app)
    await pilot.press("x", "1", "enter")  # the next hit goes to the selection, not old marks
    await wait_for(pilot, lambda: len(done_actions(app)) == 2)
    assert done_actions(app)[1] == Damage(("veterans",), 1)
    await pilot.press("up", "space", "down", "space", "U")
    await pilot.pause()
    assert app.marked == frozenset() and "marked" not in footer_text(app)


# -- 5. conditions last their bearer's turns; 6. act now and boost ----------------------------
@run
async def test_stunned_1_set_on_alduins_turn_covers_the_captains_next_turn():
    app = make_test_app(turn_of("alduin"))
    async with app.run_test(size=WIDE) as pilot:
        app.selected = "capitaine"
        await pilot.pause()
        await pilot.press("c", *"stunned 1", "enter")
        await wait_for(pilot, lambda: app.campaign.encounter.participant("capitaine").conditions)
        await pilot.press("n", "n")  # round 2: Brunvir, then the Captain
        await wait_for(pilot, lambda: app.campaign.encounter.current == "capitaine")
        assert [c.name for c in app.campaign.encounter.participant("capitaine").conditions] == ["stunned"]
        await pilot.press("n")
        await wait_for(pilot, lambda: not app.campaign.encounter.participant("capitaine").conditions)


async def act_now_then_n_goes_on_after_the_one_who_acted(app, pilot):
    # Brunvir's turn
    await pilot.press("d")  # Brunvir delays: the Captain's turn
    await wait_for(pilot, lambda: app.campaign.encounter.current == "capitaine")
    app.selected = "brunvir"
    await pilot.pause()
    await pilot.press("a", "n")  # Brunvir acts now, then the Captain's turn, interrupted (issue 34)
    await wait_for(pilot, lambda: app.campaign.encounter.current == "capitaine")
    turns = ["brunvir", "capitaine"]
    while app.campaign.encounter.round == 1:
        await pilot.press("n")
        await pilot.pause()
        if app.campaign.encounter.round == 1:
            turns.append(app.campaign.encounter.current)
    assert len(turns) == len(set(turns)) == 9  # each once, nobody twice, nobody skipped


async def boost_mid_round_does_not_skip_the_boosted_turn(app, pilot):
    # Brunvir's turn; Romuald (7) is still to act
    app.selected = "romuald"
    await pilot.pause()
    await pilot.press("b", "b")  # 7 → 17: above Brunvir
    await wait_for(pilot, lambda: app.campaign.encounter.participant("romuald").initiative == 17)
    turns = ["brunvir"]
    while app.campaign.encounter.round == 1:
        await pilot.press("n")
        await pilot.pause()
        if app.campaign.encounter.round == 1:
            turns.append(app.campaign.encounter.current)
    assert "romuald" in turns and len(turns) == len(set(turns))


# -- 11. words ----------------------------------------------------------------------------------
@run
async def test_words_a_gm_reads():
    from core.actions import Join
    from core.mooks import Grade, MookGroup

    app = make_test_app(turn_of("arsouille"), lang="fr")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("n")
        await wait_for(pilot, lambda: app.campaign.encounter.current == "alduin")
        assert app.session.journal.done[-1].lines[0].text("fr") == "Au tour d'Alduin (round 1)"
        assert app.screen.query_one(InitiativePane).border_subtitle.endswith("tour d'Alduin")
        app.selected = "capitaine"
        await pilot.press("c", *"étourdi 1", "enter")
        await wait_for(pilot, lambda: len(done_actions(app)) == 2)
        assert app.session.journal.done[-1].lines[0].text("fr").endswith("étourdi pour 1 round")
        militia = MookGroup("miliciens", "Les Miliciens", Grade.STANDARD, total=4, standing=4)
        campaign = attrs.evolve(app.campaign, groups=(*app.campaign.groups, militia))
        assert apply(campaign, Join("miliciens")).lines[0].text("fr") == "Les Miliciens entrent dans le combat"


async def one_rank_is_one_rank_and_the_palette_names_no_internal_action(app, pilot):
    from tui.commands.palette import GMCommands

    app.selected = "capitaine"
    await pilot.press("o", "5")  # 21 vs 14: one rank
    await pilot.pause()
    assert "→ 1 rank, " in str(app.screen.query_one("#duel-preview").render())
    provider = GMCommands(app.screen)
    hits = [hit async for hit in provider.discover()]
    assert hits and not any((hit.help or "").startswith(("app.", "screen.")) for hit in hits)


async def an_npc_sheet_offers_no_shadow_or_xp_keys(app, pilot):
    app.selected = "capitaine"
    await pilot.press("enter")
    await pilot.pause()
    keys = {b.binding.action for b in app.screen.active_bindings.values() if b.enabled}
    assert "award_xp" not in keys and not any(k.startswith("shadow") for k in keys)
    await pilot.press("escape", "down", "enter")  # the veterans (a group): none either
    await pilot.press("escape")
    app.selected = "brunvir"
    await pilot.press("enter")
    await pilot.pause()
    keys = {b.binding.action for b in app.screen.active_bindings.values() if b.enabled}
    assert "award_xp" in keys


# -- 10. a yes/no question shows its keys -------------------------------------------------------
@run
async def test_ending_a_fight_shows_y_and_n_and_arrows_move_between_buttons():
    from textual.widgets import Button

    app = make_test_app()
    async with app.run_test(size=NARROW) as pilot:
        await pilot.press("F")
        await pilot.pause()
        labels = [str(b.label) for b in app.screen.query(Button)]
        assert any("(y)" in label for label in labels) and any("(n)" in label for label in labels)
        assert app.focused.id == "no"
        await pilot.press("left")
        assert app.focused.id == "yes"
        await pilot.press("right")
        assert app.focused.id == "no"
        await pilot.press("left", "enter")
        await wait_for(pilot, lambda: app.campaign.encounter is None)


#: The cases of a new app at 120×40 on the demo fight (Brunvir's turn), walked in one app.
AT_120x40 = [
    group_attack_on_a_later_turn_is_made_by_whose_turn_it_is,
    duel_attacker_follows_the_turn,
    esc_then_a_key_in_one_packet_from_every_form,
    pugilat_and_bypass_reset_after_the_hit_they_were_ticked_for,
    marks_are_used_once_counted_in_the_footer_and_cleared_with_M,
    act_now_then_n_goes_on_after_the_one_who_acted,
    boost_mid_round_does_not_skip_the_boosted_turn,
    one_rank_is_one_rank_and_the_palette_names_no_internal_action,
    an_npc_sheet_offers_no_shadow_or_xp_keys,
    escape_from_every_pane_and_form_leads_back_to_the_initiative_list,
    after_enter_applies_a_form_n_is_the_next_turn,
    esc_and_n_in_one_packet_leave_the_form_and_pass_the_turn,
]


@run
async def test_the_first_fight_at_120x40_in_one_app() -> None:
    """Each case of :data:`AT_120x40` in turn, in one app; before each after the first, the app
    is taken back to where a new one starts and checked to be: out of any sheet, dialog or form
    (Esc), then ``back_to_the_start`` (its actions undone, what it typed, marked or switched set
    back, ``left_behind`` as a new app's) and the fight equal to the new app's. A failure names
    its case."""
    from tests.tui.test_focus_after_enter import back_to_the_start
    from tui.screens.main import MainScreen

    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await quiet(pilot)
        at_start, campaign = left_behind(app), app.campaign
        for index, case in enumerate(AT_120x40):
            try:
                if index:
                    for _ in range(4):
                        if isinstance(app.screen, MainScreen) and on_initiative(app):
                            break
                        await pilot.press("escape")
                    await back_to_the_start(app, pilot, at_start, case.__name__)
                    assert app.campaign == campaign
                await case(app, pilot)
            except AssertionError as error:
                error.add_note(f"case: {case.__name__}" + (" (put back before it)" if index else ""))
                raise
