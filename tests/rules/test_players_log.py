"""What the players may read is decided when a log line is written (issue 23 item 2), by what
the line names, never by whether the action changed anything (issue 33 item 1).

Each reproduction of the issues has its test: a ``W``-private PC's shadow, pm and conditions
never reach the players' log, ``log --players``, the players' file or the views as drawn, not
even from an action that changes nothing (``pm +0``, a condition put again, a rest at full pm,
marks including a PC who already has it); an NPC's condition put again while the players are not
shown NPC conditions stays out; a hidden combatant's lines stay out after it is removed or
revealed. Then a hypothesis property over random action sequences (every action kind with zero
changes, the last action again, conditions on marks and refreshed, removals, hiding and
revealing, private PCs and NPC conditions not shown from the start and changed on the way —
table-wide and per combatant —, every HP choice, reveal on the first turn, aliases, the cues and
the round counter, undo and redo included): no line is readable by the players unless it was
when written, and none of the players' outputs (the view, ``log --players``, the players' file,
the views as drawn) holds a hidden combatant, a note, what the GM kept private at the time, the
real name behind an alias in force then, the conditions of an NPC whose conditions are not
shown, or a number of HP the choice does not show.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.actions import (
    AddCondition,
    AdjustPm,
    CastSpell,
    ChangeShadow,
    Damage,
    Delay,
    EndEncounter,
    Exhaust,
    Heal,
    NextTurn,
    PreviousTurn,
    Remove,
    RemoveCondition,
    Rest,
    Roll,
    SetAlias,
    SetHidden,
    SetOption,
    SetPrivate,
    SetShown,
    StartEncounter,
)
from core.breakdown import Lang, Line
from core.campaign import Campaign
from core.characteristics import Characteristics
from core.combat import Grade
from core.demo import demo_campaign
from core.encounter import Condition
from core.errors import RulesError
from core.journal import Journal
from core.magic.cost import SpellRequest
from core.mooks import MookGroup
from core.player_feed import apply
from core.player_view import PlayerView, player_view_of
from core.players_log import for_players
from core.roster import Character, new_character
from core.visibility import Option, Shown, Visibility, kind_of
from saves.players_feed import Published, decode_delta
from saves.players_file import decode_view, encode_view, read_players, write_players
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


@attrs.frozen
class Nested:
    """An action-like value holding ids in every kind of place: a field, a tuple, a dict, a set."""

    who: str = ""
    many: tuple[object, ...] = ()
    by_key: dict[str, object] = attrs.Factory(dict)
    among: frozenset[str] = frozenset()
    count: int = 0


def test_an_action_naming_a_hidden_id_anywhere_in_it_is_kept_from_the_players() -> None:
    campaign = demo_campaign()  # the "arbaletriers" group is hidden
    lines = (Line("Something happened.", "Il s'est passé quelque chose."),)
    for action in (
        Nested(who="arbaletriers"),
        Nested(many=("alduin", Nested(many=((), "arbaletriers")))),
        Nested(by_key={"a": Nested(), "b": ("arbaletriers",)}),
        Nested(among=frozenset({"alduin", "arbaletriers"})),
    ):
        assert for_players(campaign, campaign, action, lines) == (False,)
    clean = Nested(who="alduin", many=("veterans", Nested(count=3)), by_key={"x": "y"}, among=frozenset({"morvan"}))
    assert for_players(campaign, campaign, clean, lines) == (True,)


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


# -- issue 33 item 1: a line that changes nothing tells as much as one that does ------------


def lines_seen_by_players(journal: Journal) -> str:
    """What the players read of ``journal``: their file's strings, ``log --players`` in both
    languages and the views' text as drawn (wide, phone width)."""
    return "\n".join([players_texts(journal), views_text(journal)])


def views_text(journal: Journal) -> str:
    """The players' view as the terminal and the browser draw it: the table and the log, wide,
    at 120 columns and at a phone's 40, in English and in French."""
    from tui.view.render import log_lines, table_lines

    view = decode_view(encode_view(player_view_of(journal)), "table.players.json")
    out = []
    for lang in ("en", "fr"):
        for width in (None, 120, 40):
            out += [text.plain for text in (*table_lines(view, lang, width), *log_lines(view, lang, width))]
    return "\n".join(out)


def test_a_private_pcs_pm_plus_zero_and_a_repeated_condition_stay_out() -> None:
    journal = play(
        Journal.start(demo_campaign()),
        SetPrivate("alduin", True),
        AdjustPm("alduin", 0),
        AddCondition("alduin", Condition("poisoned", 2)),
        AddCondition("alduin", Condition("poisoned", 2)),
        AddCondition("alduin", Condition("blessed")),
        AddCondition("alduin", Condition("blessed")),
        Rest(("alduin",)),
    )
    gm_log = "\n".join(ln.line.en for ln in journal.log)
    assert "Alduin: pm 9→9" in gm_log and gm_log.count("Alduin: poisoned for 2 rounds") == 2
    assert gm_log.count("Alduin: blessed until removed") == 2 and "pm 9→9" in gm_log.splitlines()[-1]
    text = lines_seen_by_players(journal)
    for secret in ("pm 9", "poisoned", "blessed", "rests"):
        assert secret not in text, secret


def test_a_condition_on_marks_including_a_private_pc_is_not_told_to_the_players() -> None:
    journal = play(
        Journal.start(demo_campaign()),
        SetPrivate("alduin", True),
        AddCondition("alduin", Condition("poisoned", 2)),
        AddCondition("brunvir", Condition("poisoned", 2), also=("alduin",)),
    )
    assert journal.log[-1].line.en == "Brunvir, Alduin: poisoned for 2 rounds"
    assert not journal.log[-1].players  # the whole line: it is not rewritten without Alduin
    text = lines_seen_by_players(journal)
    assert "Alduin: poisoned" not in text and "Brunvir, Alduin" not in text
    assert "poisoned" in views_text(play(journal, SetPrivate("alduin", False)))  # Brunvir's row, and now Alduin's


def test_a_condition_put_again_on_an_npc_whose_conditions_are_not_shown_stays_out() -> None:
    for hide in (SetOption(Option.CONDITIONS, False), SetOption(Option.CONDITIONS, False, "capitaine")):
        journal = play(
            Journal.start(demo_campaign()),
            hide,
            AddCondition("capitaine", Condition("SECRETSTUN")),
            AddCondition("capitaine", Condition("SECRETSTUN")),
            AddCondition("brunvir", Condition("SECRETSTUN"), also=("capitaine",)),
            NextTurn(),
        )
        assert "Capitaine de la garde: SECRETSTUN until removed" in journal.log[-3].line.en
        text = lines_seen_by_players(journal).upper()
        assert "CAPITAINE DE LA GARDE: SECRETSTUN" not in text and "CAPITAINE DE LA GARDE : SECRETSTUN" not in text
        assert "SECRETSTUN" not in players_markdown_log(journal).upper(), hide  # Brunvir's row shows it, not the log


# -- the property ------------------------------------------------------------------------------

NOTE = "qzwnote"
#: Five letters no English or French word of the log holds, so a name is found only as itself.
LETTERS = "bcdfgkvxz"
names = st.text(LETTERS, min_size=5, max_size=5).map(str.capitalize)


#: The conditions the property puts, again and again: none is a word of any log line, so a line
#: holding one speaks of that condition.
CONDITIONS = ("dazed", "qblessed", "secretstun")


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
    keys = [c.id for c in roster] + [g.id for g in groups]
    # the GM's choices from the start: private PCs, NPC conditions not shown (table, per NPC)
    visibility = Visibility(
        private=[c.id for c in roster if c.pc and draw(st.booleans())],
        conditions=draw(st.booleans()),
        toggles=[(k, Option.CONDITIONS, draw(st.booleans())) for k in keys if draw(st.booleans())],
    )
    return Campaign(name="Table", roster=roster, groups=groups, visibility=visibility)


def action_of(data, campaign: Campaign):
    keys = [c.id for c in campaign.combatants]
    pcs = [c.id for c in campaign.roster if c.pc] or ["nobody"]
    key = data.draw(st.sampled_from(keys)) if keys else "nobody"
    marks = tuple(data.draw(st.lists(st.sampled_from(keys), max_size=3))) if keys else ()
    condition = Condition(data.draw(st.sampled_from(CONDITIONS)), data.draw(st.sampled_from([None, 1, 2])))
    pc = data.draw(st.sampled_from(pcs))
    return data.draw(
        st.sampled_from(
            [
                Damage((key,), data.draw(st.integers(0, 4))),
                NextTurn(),
                AddCondition(key, condition),
                AddCondition(key, condition, also=marks),  # on the marked ones
                RemoveCondition(key, condition.name),
                SetHidden(key, data.draw(st.booleans())),
                Remove(key),
                SetPrivate(pc, data.draw(st.booleans())),
                SetShown(key, data.draw(st.sampled_from(list(Shown)))),
                ChangeShadow(pc, "story_element", 1),
                AdjustPm(pc, data.draw(st.sampled_from([-1, 0, 1, -9]))),  # +0 changes nothing
                Rest((pc,)),  # at full pm: "pm 9→9"
                Heal((key,), data.draw(st.integers(0, 2))),  # at full HP: "HP 8→8"
                CastSpell(pc, SpellRequest(1), confirm=True),
                Exhaust(pc, from_hp=1, confirm=True),  # at 0 pm only
                Roll(
                    data.draw(st.sampled_from([pc, key])),
                    3,
                    10,
                    (data.draw(st.sampled_from([-9, 0, 10])),),  # a critical failure, a success
                    affect=data.draw(st.sampled_from([-1, 0, 1])),
                    confirm=True,
                ),
                PreviousTurn(),
                Delay(key),
                SetOption(
                    data.draw(st.sampled_from([Option.CONDITIONS, Option.REVEAL])),
                    data.draw(st.sampled_from([True, False, None])),
                    key,
                ),
                SetOption(data.draw(st.sampled_from(list(Option))), data.draw(st.booleans())),
                SetAlias(key, data.draw(st.sampled_from([*ALIASES, None]))),
                EndEncounter(),  # the fight's summary in the log
            ]
        )
    )


#: Aliases share no five letters with the names (made of LETTERS), so a name is never in one.
ALIASES = ("Wyrm", "Hollow Mask", "Les Ombres")
#: The words of a PC's shadow and pm in a log line.
DETAILS = ("shadow", "ombre", "pm", "stigma", "grace", "grâce")


def guarded(campaign: Campaign) -> dict[str, tuple[str, ...]]:
    """name → the words that must not come with it in a line the players read: a private PC's
    shadow, pm and conditions; the conditions of an NPC or a group not shown them (the GM's
    choices in ``campaign``)."""
    vis = campaign.visibility
    out: dict[str, tuple[str, ...]] = {}
    for c in campaign.combatants:
        if kind_of(c) == "pcs" and vis.is_private(c.id):
            out[c.name] = (*DETAILS, *CONDITIONS)
        elif kind_of(c) != "pcs" and not vis.option(Option.CONDITIONS, c.id):
            out[c.name] = CONDITIONS
    return out


def tells_of(action, campaign: Campaign) -> bool:
    """Whether ``action`` speaks of what ``campaign``'s GM keeps from the players: a condition
    put on or taken off a private PC or an NPC or group whose conditions are not shown, a private
    PC's pm or shadow (whatever it changes, nothing included)."""
    vis = campaign.visibility

    def private(key: str) -> bool:
        return campaign.has(key) and vis.is_private(key)

    def conditions_kept(key: str) -> bool:
        found = campaign.find(key)
        return private(key) or (
            found is not None and kind_of(found) != "pcs" and not vis.option(Option.CONDITIONS, key)
        )

    if isinstance(action, AddCondition):
        return any(conditions_kept(k) for k in action.keys)
    if isinstance(action, RemoveCondition):
        return conditions_kept(action.key)
    if isinstance(action, (AdjustPm, ChangeShadow, Exhaust)):
        return private(action.key)
    if isinstance(action, CastSpell):
        return private(action.caster)
    if isinstance(action, Rest):
        return any(private(k) for k in action.targets)
    return False


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

    # a fight that starts or ends gives everyone conditions or takes them all: that tells nothing
    # of one PC's, so only the shadow and pm count then
    same_fight = (before.encounter is None) == (after.encounter is None)

    def details(campaign: Campaign, key: str):
        c = campaign.find(key)
        p = campaign.encounter.participant(key) if campaign.encounter is not None else None
        if not isinstance(c, Character):
            return None
        return (c.shadow, c.pm, (p.conditions if p is not None else ()) if same_fight else None)

    for key in {*before.visibility.private, *after.visibility.private}:
        if details(before, key) != details(after, key):
            secrets += [before.name_of(key), "shadow", "ombre", "pm", *CONDITIONS]
    # an NPC's or a group's conditions not shown, before or after, that changed
    for c in {*before.combatants, *after.combatants}:
        kept = any(
            state.find(c.id) is not None
            and kind_of(state.find(c.id)) != "pcs"
            and not state.visibility.option(Option.CONDITIONS, c.id)
            for state in (before, after)
        )
        if kept and conditions_of(before, c.id) != conditions_of(after, c.id):
            secrets += list(CONDITIONS)
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


@pytest.mark.slow
@settings(
    max_examples=int(os.environ.get("LEAK_EXAMPLES", "120")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(tables(), st.data())
def test_no_players_output_ever_holds_what_was_secret_when_written(campaign, data) -> None:
    journal = play(Journal.start(campaign), StartEncounter("Fight", tuple(c.id for c in campaign.combatants)))
    allowed: set[tuple[int, str]] = {(ln.seq, ln.line.en) for ln in journal.log if ln.players}
    folder = tempfile.TemporaryDirectory()
    published = write_players(Path(folder.name) / "table.json", journal)
    check_plain_lines(journal, None, published.view)
    for _ in range(data.draw(st.integers(1, 14))):
        before = journal.campaign
        move = data.draw(st.sampled_from(["act", "act", "act", "again", "undo", "redo"]))
        try:
            if move == "undo":
                action = journal.done[-1].action if journal.done else None
                journal = journal.undo()
            elif move == "redo":
                action = journal.undone[-1].action if journal.undone else None
                journal = journal.redo()
            else:  # a new action, or the last one again (a condition put again, pm +0 twice)
                action = journal.done[-1].action if move == "again" and journal.done else action_of(data, before)
                journal, _ = journal.record(action)
        except RulesError:
            continue
        after = journal.campaign
        secrets = [s.casefold() for s in secret_when_written(before, after)]
        kept = {**guarded(before), **guarded(after)}
        new_lines = [ln for ln in journal.log if (ln.seq, ln.line.en) not in allowed and ln.players]
        if tells_of(action, before) or tells_of(action, after):
            assert not new_lines, (action, new_lines)  # by what it names, changed or not
        for ln in new_lines:
            words = ln.shown or ln.line  # what the players read
            text = f"{words.en}\n{words.fr}".casefold()
            assert not any(s in text for s in secrets), (ln, secrets)
            for name, details in kept.items():
                assert not (name.casefold() in text and any(d in text for d in details)), (ln, name)
            if not (before.visibility.round_counter and after.visibility.round_counter):
                assert not re.search(r"\bround \d", text), ln  # the round counter hidden
        allowed |= {(ln.seq, ln.line.en) for ln in new_lines}
        shown_before = published.view
        published = check_feed(journal, published)
        check_plain_lines(journal, shown_before, published.view)
    fed = read_players(published.path)  # the players' file and its feed, as a view reads them
    folder.cleanup()
    view = decode_view(encode_view(player_view_of(journal)), "table.players.json")
    assert fed == view
    check_rows(journal, view)
    shown_words = {(ln.shown or ln.line).en for ln in journal.log if ln.players}
    shown_words_fr = {(ln.shown or ln.line).fr for ln in journal.log if ln.players}
    assert {ln.en for ln in view.log} <= shown_words
    shown = players_texts(journal)
    assert NOTE not in shown.casefold()
    rows = "\n".join(text for row in view.rows for text in PlayerView(campaign="", rows=(row,)).strings())
    for c in journal.campaign.combatants:
        if c.hidden:  # hidden now: not in the table (lines written while it was visible stay theirs)
            assert c.name not in rows
    langs: tuple[tuple[Lang, set[str]], ...] = (("en", shown_words), ("fr", shown_words_fr))
    for lang, in_lang in langs:
        markdown_lines = {
            line[2:].replace("\\", "")
            for line in players_markdown_log(journal, lang).splitlines()
            if line.startswith("- ")
        }
        assert markdown_lines <= in_lang
    check_drawn(journal, view, shown_words | shown_words_fr)


def check_feed(journal: Journal, published: Published) -> Published:
    """The players' feed after this step: its new line, read back, turns the last picture into
    this one, and holds no text this picture does not hold (so whatever this test finds of the
    players' picture holds of the feed too); each picture carries only what the choices allow."""
    before = published.path.with_name(published.path.name.removesuffix(".json") + ".feed")
    size = before.stat().st_size
    now = write_players(published.path.with_name("table.json"), journal, previous=published)
    view = player_view_of(journal)
    assert now.view == view
    check_rows(journal, view)
    added = before.read_bytes()[size:]
    if added and now.feed_inode == published.feed_inode:  # a change, not a new snapshot
        change = decode_delta(added, before)
        assert apply(published.view, change) == view
        carried = PlayerView(campaign=view.campaign, rows=tuple(c.row for c in change.rows), log=change.log)
        assert set(carried.strings()) <= set(view.strings())
        assert {change.campaign, change.encounter, change.next_up} <= {view.campaign, view.encounter, view.next_up}
        assert (change.round, change.your_turn) == (view.round, view.your_turn)
    return now


def check_plain_lines(journal: Journal, before: PlayerView | None, view: PlayerView) -> None:
    """``apotheose view --lines`` (issue 38 item 4): the lines it writes for this step (the
    opening lines at first, then the changes from the last picture), in both languages, hold no
    control character, no note, no combatant hidden now, no real name behind an alias in force, and nothing the GM keeps
    from the players now; each log line they carry is one the players may read."""
    from tui.view.plain import changes, opening

    campaign = journal.campaign
    vis = campaign.visibility
    readable = {(ln.shown or ln.line).text(lang) for ln in journal.log if ln.players for lang in ("en", "fr")}
    hidden = [c.name for c in campaign.combatants if c.hidden]
    aliased = [campaign.name_of(key) for key, _ in vis.aliases if campaign.has(key)]
    kept = guarded(campaign)
    for lang in ("en", "fr"):
        said = opening(view, lang) if before is None else changes(before, view, lang)
        assert said or before is not None
        for text in said:
            assert all(ch.isprintable() for ch in text), text
            assert NOTE not in text.casefold(), text
            for name in hidden:
                assert name not in text or text in readable, (text, name)
            for name in aliased:
                assert name not in text or text in readable, (text, name)
            if text in readable:
                continue  # a log line: checked as the log is
            for name, details in kept.items():
                assert not (name in text and any(d in text.casefold() for d in details)), (text, name)


def check_drawn(journal: Journal, view: PlayerView, words: set[str]) -> None:
    """The views as drawn (the terminal's and the browser's, wide and at a phone's width): every
    log line one the players were allowed, and no row of a combatant whose conditions or details
    are kept from them holding one of the conditions."""
    from tui.view.render import log_lines, row_line

    kept = guarded(journal.campaign)
    for lang in ("en", "fr"):
        assert {text.plain for text in log_lines(view, lang)} <= words
        for row in view.rows:
            drawn = row_line(row, lang).plain.casefold()
            real = next(
                (
                    c.name
                    for c in journal.campaign.combatants
                    if row.name in (c.name, journal.campaign.visibility.alias(c.id))
                ),
                None,
            )
            if real in kept:
                assert not any(cond in drawn for cond in CONDITIONS), (row, drawn)


def test_a_fight_with_a_private_pc_or_a_secret_condition_still_ends_for_the_players() -> None:
    """The fight's end and its summary reach the players when a PC of it is private or an NPC
    had a condition they are not shown: ending a fight takes everyone's conditions away, which
    tells nothing of one combatant's (the private PC's pm and shadow still stay out)."""
    journal = play(
        Journal.start(demo_campaign()),
        SetPrivate("alduin"),
        SetOption(Option.CONDITIONS, False),
        AddCondition("capitaine", Condition("SECRETSTUN")),
        AddCondition("alduin", Condition("SECRETPOISON")),
        Damage(("arsouille",), 3),
        AdjustPm("alduin", -2),
        EndEncounter(),
    )
    text = lines_seen_by_players(journal)
    assert "Fight over: Embuscade à Leda" in text
    assert "Summary of Embuscade à Leda" in text and "Arsouille: dealt" in text
    assert "SECRET" not in text.upper()
    assert not any("alduin" in line.casefold() and re.search(r"\bpm\b", line) for line in text.splitlines())
