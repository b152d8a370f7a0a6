"""The players' view (core.player_view): what it holds, and that nothing hidden is ever in it."""

from __future__ import annotations

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.actions import (
    Action,
    AddCondition,
    Damage,
    NextTurn,
    SetHidden,
    SetPrivate,
    SetShown,
    SetShownDefault,
    StartEncounter,
)
from core.campaign import Campaign
from core.characteristics import Characteristics
from core.combat import Grade
from core.demo import demo_campaign
from core.encounter import Condition
from core.journal import Journal
from core.mooks import MookGroup
from core.player_view import Projector, Wounds, player_view, player_view_of
from core.roster import new_character
from core.visibility import Shown


def journal_of(*actions, campaign: Campaign | None = None) -> Journal:
    journal = Journal.start(campaign or demo_campaign())
    for action in actions:
        journal, _ = journal.record(action)
    return journal


def row(view, name):
    return next(r for r in view.rows if r.name == name)


def test_defaults_pcs_exact_npcs_wound_level_groups_standing_count() -> None:
    view = player_view_of(journal_of(Damage(("segiere", "capitaine"), 9)))
    seg, cap, vet = row(view, "Segiere"), row(view, "Capitaine de la garde"), row(view, "Vétérans de Villon")
    assert (seg.hp, seg.max_hp, seg.shadow) == (9, 14, 1)
    assert (cap.hp, cap.max_hp, cap.wounds, cap.shadow) == (None, None, Wounds.LIGHT, None)
    assert (vet.standing, vet.total) == (12, 12)
    assert "Arbalétriers de Villon" not in {r.name for r in view.rows}  # hidden in the demo
    assert view.encounter == "Embuscade à Leda" and view.round == 1


def test_the_gm_chooses_per_combatant_and_per_kind_and_it_undoes() -> None:
    journal = journal_of(SetShown("segiere", Shown.WOUNDS), SetShown("veterans", Shown.NOTHING))
    view = player_view_of(journal)
    assert (row(view, "Segiere").hp, row(view, "Segiere").wounds) == (None, Wounds.UNHURT)
    vet = row(view, "Vétérans de Villon")
    assert (vet.standing, vet.total, vet.wounds) == (None, None, None)
    journal, _ = journal.record(SetShownDefault("npcs", Shown.EXACT))
    assert row(player_view_of(journal), "Capitaine de la garde").hp == 11
    journal = journal.undo().undo()
    assert row(player_view_of(journal), "Vétérans de Villon").standing == 12
    journal, _ = journal.record(SetShown("segiere", None))  # back to the default
    assert row(player_view_of(journal), "Segiere").hp == 14


def test_a_private_pc_keeps_shadow_pm_and_conditions_from_the_table() -> None:
    journal = journal_of(AddCondition("alduin", Condition("burning", 2)))
    assert row(player_view_of(journal), "Alduin").conditions[0].name == "burning"
    journal, _ = journal.record(SetPrivate("alduin", True))
    alduin = row(player_view_of(journal), "Alduin")
    assert (alduin.shadow, alduin.pm, alduin.conditions) == (None, None, ())
    assert alduin.hp == 8  # HP stays as chosen


def test_the_hidden_current_turn_highlights_nobody_and_the_hidden_npcs_log_lines_are_absent() -> None:
    journal = journal_of(SetHidden("capitaine", True), NextTurn(), Damage(("capitaine",), 3), Damage(("segiere",), 2))
    view = player_view_of(journal)
    assert view.current is None
    text = "\n".join(view.strings())
    assert "Capitaine" not in text and "garde" not in text
    assert any("Segiere takes 2" in ln.en for ln in view.log)


def test_a_log_line_with_numbers_about_an_npc_shown_by_wound_level_is_left_out() -> None:
    view = player_view_of(journal_of(Damage(("capitaine",), 3)))
    assert not any("Capitaine" in ln.en for ln in view.log)


def test_without_a_fight_the_rows_are_the_visible_roster() -> None:
    c = attrs.evolve(demo_campaign(), active=None)
    names = {r.name for r in player_view(c).rows}
    assert "Alduin" in names and "Arbalétriers de Villon" not in names and player_view(c).round is None


# -- the property: nothing hidden is ever in the value -----------------------------------------

SECRET = "qz"  # hidden names and notes carry this; visible ones are made of other letters
visible_names = st.text("abcdefghij", min_size=3, max_size=8).map(str.capitalize)
hidden_names = st.text("klmnop", min_size=3, max_size=8).map(lambda s: SECRET + s)


@st.composite
def campaigns(draw):
    n_vis = draw(st.integers(1, 4))
    n_hid = draw(st.integers(1, 4))
    names = draw(st.lists(visible_names, min_size=n_vis, max_size=n_vis, unique=True))
    secret = draw(st.lists(hidden_names, min_size=n_hid, max_size=n_hid, unique=True))
    roster, groups, hidden_numbers = [], [], []
    for i, name in enumerate(names):
        pc = draw(st.booleans())
        c = new_character(
            f"v{i}", name, Characteristics(corps=draw(st.integers(0, 9)), combat=3), pc=pc, notes=f"{SECRET}note{i}"
        )
        roster.append(c)
    for i, name in enumerate(secret):
        if draw(st.booleans()):
            hp = draw(st.integers(7000, 7999))
            hidden_numbers.append(str(hp))
            roster.append(
                new_character(
                    f"h{i}",
                    name,
                    Characteristics(corps=2),
                    pc=draw(st.booleans()),
                    hidden=True,
                    hp=hp,
                    notes=f"{SECRET}secret{i}",
                )
            )
        else:
            total = draw(st.integers(600, 699))
            hidden_numbers.append(str(total))
            groups.append(MookGroup(f"h{i}", name, Grade.STANDARD, total, total, hidden=True))
    campaign = Campaign(name="Table", roster=roster, groups=groups)
    return campaign, hidden_numbers


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(campaigns(), st.data())
def test_no_hidden_name_note_or_number_is_ever_in_the_players_view(made, data) -> None:
    campaign, hidden_numbers = made
    keys = [c.id for c in campaign.roster] + [g.id for g in campaign.groups]
    journal = journal_of(StartEncounter("Fight", tuple(keys)), campaign=campaign)
    characters = [c.id for c in campaign.roster]
    projector = Projector()  # the GM's app makes each picture from the last one
    projector.view(journal.campaign, journal.log)
    for _ in range(data.draw(st.integers(0, 8))):
        kind = data.draw(st.sampled_from(["damage", "turn", "condition", "shown", "default"]))
        try:
            action: Action
            if kind == "damage":
                action = Damage((data.draw(st.sampled_from(characters)),), data.draw(st.integers(0, 6)))
            elif kind == "turn":
                action = NextTurn()
            elif kind == "condition":
                action = AddCondition(data.draw(st.sampled_from(keys)), Condition("dazed", 1))
            elif kind == "shown":
                action = SetShown(data.draw(st.sampled_from(keys)), data.draw(st.sampled_from(list(Shown))))
            else:
                action = SetShownDefault(
                    data.draw(st.sampled_from(["pcs", "npcs", "groups"])), data.draw(st.sampled_from(list(Shown)))
                )
            journal, _ = journal.record(action)
        except Exception:  # noqa: BLE001 - an impossible action changes nothing
            continue
        projector.view(journal.campaign, journal.log)
    view = player_view_of(journal)
    assert projector.view(journal.campaign, journal.log) == view
    text = "\n".join(view.strings()).casefold()
    assert SECRET not in text  # no hidden name, no note of anybody
    for number in hidden_numbers:
        assert number not in text
    hidden_ids = {c.id for c in campaign.roster if c.hidden} | {g.id for g in campaign.groups}
    assert not hidden_ids & {r.name for r in view.rows}
