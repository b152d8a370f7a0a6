"""What the players may read is decided when a log line is written (issue 23 item 2).

Each reproduction of the issue has its test: a ``W``-private PC's shadow, pm and conditions
never reach the players' log, ``log --players`` or the players' file; a hidden combatant's lines
stay out after it is removed or revealed. Then a hypothesis property over random action
sequences (removals, hiding and revealing, privacy and what-is-shown changes — every HP choice,
NPC conditions, reveal on the first turn, aliases, the cues and the round counter —, undo and
redo included): no line is readable by the players unless it was when written, and none of the
players' outputs (the view, ``log --players``, the players' file) holds a hidden combatant, a
note, what the GM kept private at the time, the real name behind an alias in force then, the
conditions of an NPC whose conditions are not shown, or a number of HP the choice does not show.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.actions import (
    AddCondition,
    AdjustPm,
    ChangeShadow,
    Damage,
    NextTurn,
    Remove,
    SetAlias,
    SetHidden,
    SetOption,
    SetPrivate,
    SetShown,
    StartEncounter,
)
from core.campaign import Campaign
from core.characteristics import Characteristics
from core.combat import Grade
from core.demo import demo_campaign
from core.encounter import Condition
from core.errors import RulesError
from core.journal import Journal
from core.mooks import MookGroup
from core.player_view import PlayerView, player_view_of
from core.roster import new_character
from core.visibility import Option, Shown, kind_of
from saves.players_file import decode_view, encode_view
from tui.cli.campaign import players_markdown_log


def play(journal: Journal, *actions) -> Journal:
    for action in actions:
        journal, _ = journal.record(action)
    return journal


def players_texts(journal: Journal) -> str:
    """Everything the players may read of ``journal``: the view (as its file holds it) and the
    players' log."""
    view = decode_view(encode_view(player_view_of(journal)), "villon.players.json")
    return "\n".join([*view.strings(), players_markdown_log(journal, "en"), players_markdown_log(journal, "fr")])


def test_a_private_pcs_shadow_pm_and_conditions_stay_out_of_the_players_log() -> None:
    journal = play(
        Journal.start(demo_campaign()),
        SetPrivate("alduin", True),
        ChangeShadow("alduin", "story_element", 1),
        AdjustPm("alduin", -3),
        AddCondition("alduin", Condition("poisoned", 2)),
    )
    gm_log = "\n".join(ln.line.en for ln in journal.log)
    assert "Alduin: shadow 2→3" in gm_log and "Alduin: pm 9→6" in gm_log and "poisoned" in gm_log
    text = players_texts(journal)
    for secret in ("shadow 2", "ombre 2", "pm 9", "9→6", "poisoned", "2 → 3"):
        assert secret not in text, secret
    # nor when the GM shows Alduin's details again later: the lines were written private (the
    # table shows them now, but the log does not tell their history)
    shown = play(journal, SetPrivate("alduin", False))
    log = "\n".join([*(ln.en for ln in player_view_of(shown).log), players_markdown_log(shown)])
    assert "poisoned" not in log and "9→6" not in log and "2→3" not in log
    assert "poisoned" in "\n".join(player_view_of(shown).strings())


def test_removing_a_hidden_group_does_not_publish_its_past() -> None:
    journal = play(Journal.start(demo_campaign()), Damage(("arbaletriers",), 3))
    assert "Arbalétriers de Villon: a mook falls" in journal.log[-1].line.en
    assert "Arbalétriers" not in players_texts(journal)
    assert "Arbalétriers" not in players_texts(play(journal, Remove("arbaletriers")))


def test_revealing_a_hidden_group_does_not_publish_its_past() -> None:
    journal = play(Journal.start(demo_campaign()), Damage(("arbaletriers",), 3), SetHidden("arbaletriers", False))
    text = players_texts(journal)
    assert "Arbalétriers de Villon" in text  # in the table now
    assert "a mook falls" not in text and "SetHidden" not in text and "shown to the players" not in text
    later = play(journal, Damage(("arbaletriers",), 1))
    assert "a mook falls (4/6" in players_texts(later)  # what happens once shown is theirs


def test_an_undo_line_is_decided_as_the_line_it_undoes() -> None:
    journal = play(Journal.start(demo_campaign()), SetPrivate("alduin", True), AdjustPm("alduin", -3))
    journal = journal.undo().redo()
    assert [ln.players for ln in journal.log[-2:]] == [False, False]
    journal = play(journal, Damage(("segiere",), 2)).undo()
    assert journal.log[-1].players and journal.log[-1].line.en.startswith("Undone: Segiere takes 2")


# -- the property ------------------------------------------------------------------------------

NOTE = "qzwnote"
#: Five letters no English or French word of the log holds, so a name is found only as itself.
LETTERS = "bcdfgkvxz"
names = st.text(LETTERS, min_size=5, max_size=5).map(str.capitalize)


@st.composite
def tables(draw):
    n = draw(st.integers(2, 5))
    chosen = draw(st.lists(names, min_size=n + 2, max_size=n + 2, unique=True))
    roster = [
        new_character(
            f"c{i}",
            name,
            Characteristics(corps=3, esprit=3, combat=3, ame=4),
            pc=draw(st.booleans()),
            mystic=True,
            hidden=draw(st.booleans()),
            notes=f"{NOTE}{i}",
        )
        for i, name in enumerate(chosen[:n])
    ]
    groups = [
        MookGroup(f"g{i}", name, Grade.STANDARD, 6, 6, hidden=draw(st.booleans())) for i, name in enumerate(chosen[n:])
    ]
    return Campaign(name="Table", roster=roster, groups=groups)


def action_of(data, campaign: Campaign):
    keys = [c.id for c in campaign.combatants]
    pcs = [c.id for c in campaign.roster if c.pc] or ["nobody"]
    key = data.draw(st.sampled_from(keys)) if keys else "nobody"
    return data.draw(
        st.sampled_from(
            [
                Damage((key,), data.draw(st.integers(0, 4))),
                NextTurn(),
                AddCondition(key, Condition("dazed", data.draw(st.sampled_from([None, 1, 2])))),
                SetHidden(key, data.draw(st.booleans())),
                Remove(key),
                SetPrivate(data.draw(st.sampled_from(pcs)), data.draw(st.booleans())),
                SetShown(key, data.draw(st.sampled_from(list(Shown)))),
                ChangeShadow(data.draw(st.sampled_from(pcs)), "story_element", 1),
                AdjustPm(data.draw(st.sampled_from(pcs)), -1),
                SetOption(
                    data.draw(st.sampled_from([Option.CONDITIONS, Option.REVEAL])),
                    data.draw(st.sampled_from([True, False, None])),
                    key,
                ),
                SetOption(data.draw(st.sampled_from(list(Option))), data.draw(st.booleans())),
                SetAlias(key, data.draw(st.sampled_from([*ALIASES, None]))),
            ]
        )
    )


#: Aliases share no five letters with the names (made of LETTERS), so a name is never in one.
ALIASES = ("Wyrm", "Hollow Mask", "Les Ombres")


def secret_when_written(before: Campaign, after: Campaign) -> list[str]:
    """What no line written by this step may show the players (independently of how the
    journal decides): the names of combatants hidden before or after it, and, when a private
    PC's shadow, pm or conditions moved, that PC's name and the words of those details."""
    secrets = [c.name for c in (*before.combatants, *after.combatants) if c.hidden]
    # the real name behind an alias in force before or after
    secrets += [
        c.name
        for state in (before, after)
        for key, _ in state.visibility.aliases
        for c in (before.find(key), after.find(key))
        if c is not None
    ]

    def details(campaign: Campaign, key: str):
        c = campaign.find(key)
        p = campaign.encounter.participant(key) if campaign.encounter is not None else None
        return None if c is None else (c.shadow, c.pm, p.conditions if p is not None else None)

    for key in {*before.visibility.private, *after.visibility.private}:
        if details(before, key) != details(after, key):
            secrets += [before.name_of(key), "shadow", "ombre", "pm", "dazed"]
    # an NPC's or a group's conditions not shown, before or after, that changed
    for c in {*before.combatants, *after.combatants}:
        kept = any(
            state.find(c.id) is not None
            and kind_of(state.find(c.id)) != "pcs"
            and not state.visibility.option(Option.CONDITIONS, c.id)
            for state in (before, after)
        )
        if kept and conditions_of(before, c.id) != conditions_of(after, c.id):
            secrets += ["dazed"]
    return secrets


def conditions_of(campaign: Campaign, key: str):
    p = campaign.encounter.participant(key) if campaign.encounter is not None else None
    return None if p is None else p.conditions


#: The HP fields a row may carry for each choice (a group's "exact" is its standing count).
CARRIED = {
    Shown.EXACT: {"hp", "max_hp", "wounds", "standing", "total"},
    Shown.WOUNDS: {"wounds"},
    Shown.BAR: {"bar"},
    Shown.DAMAGE: {"damage"},
    Shown.NOTHING: set(),
}


def check_rows(journal: Journal, view: PlayerView) -> None:
    """Each row carries what the GM's choices allow and nothing more: its HP fields, its
    conditions, its name (an alias's real name never)."""
    campaign = journal.campaign
    vis = campaign.visibility
    by_name = {}
    for c in campaign.combatants:
        if not c.hidden:
            by_name[vis.alias(c.id) or c.name] = c
    for row in view.rows:
        c = by_name[row.name]
        shown = vis.shown(c.id, kind_of(c))
        carried = {
            f for f in ("hp", "max_hp", "wounds", "standing", "total", "bar", "damage") if getattr(row, f) is not None
        }
        assert carried <= CARRIED[shown], (row, shown)
        if kind_of(c) != "pcs" and not vis.option(Option.CONDITIONS, c.id):
            assert row.conditions == (), row
        if kind_of(c) == "pcs" and vis.is_private(c.id):
            assert (row.shadow, row.pm, row.conditions) == (None, None, ()), row
    aliased = {campaign.name_of(key) for key, _ in vis.aliases if campaign.has(key)}
    assert not aliased & {row.name for row in view.rows} - {a for _, a in vis.aliases}
    assert view.round is None or vis.round_counter
    assert view.next_up is None or vis.next_up
    assert view.your_turn == vis.your_turn


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.data())
def test_no_players_output_ever_holds_what_was_secret_when_written(campaign, data) -> None:
    journal = play(Journal.start(campaign), StartEncounter("Fight", tuple(c.id for c in campaign.combatants)))
    allowed: set[tuple[int, str]] = {(ln.seq, ln.line.en) for ln in journal.log if ln.players}
    for _ in range(data.draw(st.integers(1, 12))):
        before = journal.campaign
        move = data.draw(st.sampled_from(["act", "act", "act", "undo", "redo"]))
        try:
            if move == "undo":
                journal = journal.undo()
            elif move == "redo":
                journal = journal.redo()
            else:
                journal, _ = journal.record(action_of(data, before))
        except RulesError:
            continue
        secrets = [s.casefold() for s in secret_when_written(before, journal.campaign)]
        new_lines = [ln for ln in journal.log if (ln.seq, ln.line.en) not in allowed and ln.players]
        for ln in new_lines:
            words = ln.shown or ln.line  # what the players read
            text = f"{words.en}\n{words.fr}".casefold()
            assert not any(s in text for s in secrets), (ln, secrets)
            if not (before.visibility.round_counter and journal.campaign.visibility.round_counter):
                assert not re.search(r"\bround \d", text), ln  # the round counter hidden
        allowed |= {(ln.seq, ln.line.en) for ln in new_lines}
    view = player_view_of(journal)
    check_rows(journal, decode_view(encode_view(view), "table.players.json"))
    shown_words = {(ln.shown or ln.line).en for ln in journal.log if ln.players}
    assert {ln.en for ln in view.log} <= shown_words
    shown = players_texts(journal)
    assert NOTE not in shown.casefold()
    rows = "\n".join(text for row in view.rows for text in PlayerView(campaign="", rows=(row,)).strings())
    for c in journal.campaign.combatants:
        if c.hidden:  # hidden now: not in the table (lines written while it was visible stay theirs)
            assert c.name not in rows
    markdown_lines = {
        line[2:].replace("\\", "") for line in players_markdown_log(journal, "en").splitlines() if line.startswith("- ")
    }
    assert markdown_lines <= shown_words
