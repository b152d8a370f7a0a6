"""What the GM may choose to show the players (core.visibility, core.player_view): HP as exact
numbers, wound level, a bar only, the damage taken or nothing; NPC conditions; a hidden one
revealed on its first turn; an alias instead of an NPC's name; the next-up and your-turn cues;
the round counter. Each per combatant or as a default where it applies, each an undoable action
whose log line is the GM's alone."""

from __future__ import annotations

import attrs
import pytest

from core.actions import (
    AddCondition,
    Damage,
    NextTurn,
    Remove,
    SetAlias,
    SetHidden,
    SetOption,
    SetShown,
    SetShownDefault,
    UpdateCharacter,
    UpdateGroup,
)
from core.demo import demo_campaign
from core.encounter import Condition
from core.errors import RulesError
from core.journal import Journal
from core.player_view import BAR_STEPS, bar_of, player_view_of
from core.visibility import Option, Shown, Visibility
from tests.present import present
from tui.cli.campaign import players_markdown_log


def play(*actions, journal: Journal | None = None) -> Journal:
    journal = journal or Journal.start(demo_campaign())
    for action in actions:
        journal, _ = journal.record(action)
    return journal


def row(journal: Journal, name: str):
    return next(r for r in player_view_of(journal).rows if r.name == name)


def names(journal: Journal) -> list[str]:
    return [r.name for r in player_view_of(journal).rows]


def view_text(journal: Journal) -> str:
    return "\n".join(player_view_of(journal).strings())


# -- HP ----------------------------------------------------------------------------------------


def test_a_bar_only_carries_tenths_and_no_number_of_hp() -> None:
    journal = play(SetShown("segiere", Shown.BAR), Damage(("segiere",), 11))  # armour 4: 14 → 7 HP
    seg = row(journal, "Segiere")
    assert (seg.hp, seg.max_hp, seg.wounds, seg.damage, seg.bar) == (None, None, None, None, 5)
    # full only unhurt, empty only with nothing left, else the nearest tenth
    assert [bar_of(left, 14) for left in (14, 13, 7, 1, 0, -3)] == [BAR_STEPS, 9, 5, 1, 0, 0]
    assert [bar_of(left, 100) for left in (99, 1)] == [9, 1]


def test_the_damage_taken_is_all_players_see_and_a_group_shows_its_fallen() -> None:
    journal = play(SetShownDefault("groups", Shown.DAMAGE), SetShown("segiere", Shown.DAMAGE), Damage(("segiere",), 8))
    seg = row(journal, "Segiere")
    assert (seg.hp, seg.max_hp, seg.bar, seg.damage) == (None, None, None, 4)
    journal = play(Damage(("veterans",), 1), journal=journal)
    vet = row(journal, "Vétérans de Villon")
    assert (vet.standing, vet.total, vet.damage) == (None, None, 12 - journal.campaign.group("veterans").standing)


def test_every_hp_choice_carries_exactly_its_own_fields() -> None:
    fields = {
        Shown.EXACT: {"hp", "max_hp", "wounds"},
        Shown.WOUNDS: {"wounds"},
        Shown.BAR: {"bar"},
        Shown.DAMAGE: {"damage"},
        Shown.NOTHING: set(),
    }
    for shown, expected in fields.items():
        cap = row(play(SetShown("capitaine", shown)), "Capitaine de la garde")
        carried = {
            f for f in ("hp", "max_hp", "wounds", "bar", "damage", "standing", "total") if getattr(cap, f) is not None
        }
        assert carried == expected, shown


# -- NPC conditions ------------------------------------------------------------------------------


def test_npc_conditions_hidden_by_default_or_for_one_and_it_undoes() -> None:
    journal = play(AddCondition("capitaine", Condition("blinded", 2)), AddCondition("veterans", Condition("routed", 1)))
    assert row(journal, "Capitaine de la garde").conditions and row(journal, "Vétérans de Villon").conditions
    journal = play(SetOption(Option.CONDITIONS, False), journal=journal)
    assert not row(journal, "Capitaine de la garde").conditions and not row(journal, "Vétérans de Villon").conditions
    journal = play(
        AddCondition("capitaine", Condition("dazed")), AddCondition("veterans", Condition("feared")), journal=journal
    )
    assert "dazed" not in view_text(journal) and "feared" not in view_text(journal)  # nor in the log
    journal = play(SetOption(Option.CONDITIONS, True, "veterans"), journal=journal)  # this one shown all the same
    assert row(journal, "Vétérans de Villon").conditions and not row(journal, "Capitaine de la garde").conditions
    journal = journal.undo().undo().undo().undo()
    assert row(journal, "Capitaine de la garde").conditions


def test_a_pcs_conditions_are_its_privacy_not_an_npc_option() -> None:
    with pytest.raises(RulesError, match="is a PC"):
        play(SetOption(Option.CONDITIONS, False, "alduin"))
    with pytest.raises(RulesError, match="whole table"):
        play(SetOption(Option.ROUND, False, "capitaine"))


# -- reveal on the first turn --------------------------------------------------------------------


def test_a_hidden_group_is_revealed_on_its_first_turn_once_and_undo_hides_it_again() -> None:
    journal = play(SetOption(Option.REVEAL, True, "arbaletriers"))
    while present(journal.campaign.encounter).current != "morvan":
        journal = play(NextTurn(), journal=journal)
    assert "Arbalétriers de Villon" not in names(journal)
    journal = play(NextTurn(), journal=journal)  # the crossbowmen's turn
    assert present(journal.campaign.encounter).current == "arbaletriers"
    assert row(journal, "Arbalétriers de Villon").current
    assert journal.campaign.visibility.option(Option.REVEAL, "arbaletriers") is False  # spent
    # the GM hides them again: their next turn keeps them hidden
    journal = play(SetHidden("arbaletriers", True), *[NextTurn()] * 9, journal=journal)
    assert (
        present(journal.campaign.encounter).current == "arbaletriers" and journal.campaign.group("arbaletriers").hidden
    )
    journal = journal.undo()
    for _ in range(9):
        journal = journal.undo()
    assert present(journal.campaign.encounter).current == "arbaletriers"
    journal = journal.undo()
    assert journal.campaign.group("arbaletriers").hidden and journal.campaign.visibility.option(
        Option.REVEAL, "arbaletriers"
    )


def test_reveal_as_the_default_and_not_for_one() -> None:
    journal = play(
        SetHidden("capitaine", True),
        SetOption(Option.REVEAL, True),
        SetOption(Option.REVEAL, False, "arbaletriers"),
        NextTurn(),
    )
    assert (
        present(journal.campaign.encounter).current == "capitaine"
        and not journal.campaign.character("capitaine").hidden
    )
    for _ in range(5):
        journal = play(NextTurn(), journal=journal)
    assert (
        present(journal.campaign.encounter).current == "arbaletriers" and journal.campaign.group("arbaletriers").hidden
    )


def test_the_reveal_turns_lines_stay_the_gms() -> None:
    journal = play(SetHidden("capitaine", True), SetOption(Option.REVEAL, True, "capitaine"), NextTurn())
    assert [ln.players for ln in journal.log[-2:]] == [False, False]
    assert "Capitaine" in "\n".join(names(journal))  # in the table now


# -- aliases -------------------------------------------------------------------------------------


def test_an_alias_stands_for_the_name_in_the_table_the_log_and_the_next_up_cue() -> None:
    journal = play(SetAlias("capitaine", "L'homme au masque"), AddCondition("capitaine", Condition("blinded")))
    assert "L'homme au masque" in names(journal) and player_view_of(journal).next_up == "L'homme au masque"
    journal = play(NextTurn(), journal=journal)  # the captain's turn
    text = view_text(journal)
    assert "Capitaine" not in text and "garde" not in text
    assert "L'homme au masque: blinded until removed" in text  # written with the alias
    assert "L'homme au masque : blinded jusqu'à retrait" in text
    assert "Capitaine" not in players_markdown_log(journal) and "Capitaine" not in players_markdown_log(journal, "fr")
    assert "Capitaine de la garde: blinded" in journal.log[-2].line.en  # the GM's log keeps the name


def test_a_group_alias_keeps_french_grammar_and_a_rename_does_not_publish_the_old_name() -> None:
    journal = play(SetAlias("veterans", "Les Ombres"), NextTurn(), NextTurn())  # the veterans' turn
    assert "Au tour des Ombres (round 1)" in view_text(journal)
    cap = journal.campaign.character("capitaine")
    journal = play(
        SetAlias("capitaine", "Le Masque"),
        UpdateCharacter(attrs.evolve(cap, name="Comte Valère")),
        Damage(("capitaine",), 0),
        journal=journal,
    )
    text = view_text(journal)
    assert "Valère" not in text and "Capitaine" not in text and "garde" not in text


def test_a_line_where_the_name_survives_inside_a_word_is_kept_from_the_players() -> None:
    journal = play(SetAlias("capitaine", "Masque"))
    cap = journal.campaign.character("capitaine")
    journal = play(UpdateCharacter(attrs.evolve(cap, name="Val")), SetAlias("veterans", "Les Ombres"), journal=journal)
    # "Val" would survive in "Valets": a group renamed so that its name holds it
    group = journal.campaign.group("veterans")
    journal = play(SetAlias("veterans", None), journal=journal)
    journal = play(UpdateGroup(attrs.evolve(group, name="Valets")), Damage(("veterans",), 0), journal=journal)
    assert journal.log[-1].line.en.startswith("Valets") and not journal.log[-1].players  # not "Masquets"
    assert "Val" not in "\n".join(ln.en for ln in player_view_of(journal).log)


def test_an_alias_is_for_npcs_and_groups_only_and_is_a_short_name() -> None:
    with pytest.raises(RulesError, match="is a PC"):
        play(SetAlias("alduin", "Le Mage"))
    with pytest.raises(RulesError):
        play(SetAlias("capitaine", "  "))
    with pytest.raises(RulesError):
        play(SetAlias("capitaine", "x" * 61))
    with pytest.raises(RulesError):
        play(SetAlias("capitaine", "bad\x1b[31m"))
    journal = play(SetAlias("capitaine", "Masque"), SetAlias("capitaine", None))
    assert "Capitaine de la garde" in names(journal)


def test_removing_a_combatant_forgets_its_choices() -> None:
    journal = play(
        SetAlias("capitaine", "Masque"),
        SetShown("capitaine", Shown.BAR),
        SetOption(Option.REVEAL, True, "capitaine"),
        Remove("capitaine"),
    )
    assert journal.campaign.visibility == Visibility()


# -- cues and the round counter ------------------------------------------------------------------


def test_next_up_is_the_next_visible_one_able_to_act_and_can_be_turned_off() -> None:
    journal = play(Damage(("capitaine",), 40))  # the captain falls: next is the veterans
    assert player_view_of(journal).next_up == "Vétérans de Villon"
    while present(journal.campaign.encounter).current != "morvan":
        journal = play(NextTurn(), journal=journal)
    assert player_view_of(journal).next_up == "Arsouille"  # the hidden crossbowmen are skipped
    while present(journal.campaign.encounter).current != "alduin":
        journal = play(NextTurn(), journal=journal)
    assert player_view_of(journal).next_up == "Brunvir"  # into the next round
    journal = play(SetOption(Option.NEXT_UP, False), journal=journal)
    assert player_view_of(journal).next_up is None


def test_the_your_turn_cue_and_the_round_counter_can_be_turned_off() -> None:
    journal = play(SetOption(Option.YOUR_TURN, False), SetOption(Option.ROUND, False))
    view = player_view_of(journal)
    assert view.your_turn is False and view.round is None and view.encounter == "Embuscade à Leda"
    assert player_view_of(journal.undo().undo()).round == 1
    # nor does the log tell the round: "Round 2", "Alduin's turn (round 2)" stay the GM's
    journal = play(AddCondition("alduin", Condition("stunned", 2)), *[NextTurn()] * 9, journal=journal)
    assert present(journal.campaign.encounter).round == 2
    log = "\n".join(ln.en for ln in player_view_of(journal).log)
    assert "Alduin: stunned for 2 rounds" in log and "round 1" not in log.casefold() and "round 2" not in log.casefold()


def test_every_choice_is_the_gms_own_line() -> None:
    journal = play(
        SetOption(Option.NEXT_UP, False),
        SetOption(Option.REVEAL, True, "arbaletriers"),
        SetAlias("capitaine", "Masque"),
        SetShown("segiere", Shown.BAR),
        SetOption(Option.CONDITIONS, None, "veterans"),
    )
    assert [ln.players for ln in journal.log] == [False] * 5
    assert [ln.line.en for ln in journal.log] == [
        "Players, the next-up cue: not shown",
        "Players, a hidden one revealed on its first turn of Arbalétriers de Villon: yes",
        "Capitaine de la garde: shown to the players as Masque",
        "What the players see of Segiere: a bar only",
        "Players, NPC and group conditions of Vétérans de Villon: shown (default)",
    ]
