"""The summary of a fight (issue 38 item 5), built from a played journal of the demo fight: the
damage dealt and taken, mooks felled, spells cast and pm spent, shadow and stigmata gained, the
rounds; each figure with its breakdown; the lines the end of the fight adds to the log, and what
of them the players may read (a hidden group's figures, an NPC's numbers, a private PC's pm and
shadow, the rounds while the round counter is hidden: kept from them)."""

from __future__ import annotations

from core.actions import (
    AttackGroup,
    AttackOpponent,
    CastSpell,
    ChangeShadow,
    Damage,
    EndEncounter,
    NextTurn,
    SetOption,
    SetPrivate,
)
from core.demo import demo_campaign
from core.fight_summary import Combatant, FightSummary, combat_line, summary_of
from core.journal import Journal
from core.magic.cost import SpellRequest
from core.player_view import player_view_of
from core.visibility import Option


def play(journal: Journal, *actions) -> Journal:
    for action in actions:
        journal, _ = journal.record(action)
    return journal


def played() -> Journal:
    """The demo fight: Brunvir and Alduin strike the captain, Alduin fells veterans and a hidden
    crossbowman, casts a spell, gains shadow; Alduin takes 3; a round goes by."""
    journal = Journal.start(demo_campaign())
    journal = play(
        journal,
        AttackOpponent("brunvir", "capitaine", 12, 3, (10,)),  # armour first: no HP
        AttackOpponent("brunvir", "capitaine", 12, 3, (10,)),
        AttackOpponent("alduin", "capitaine", 12, 3, (10,)),
        AttackGroup("veterans", 12, (10,), attacker="alduin"),
        AttackOpponent("alduin", "arbaletriers", 12, 3, (10,)),
        CastSpell("alduin", SpellRequest(2), confirm=True),
        ChangeShadow("alduin", "story_element", 1),
        Damage(("alduin",), 3, bypass_armour=True),
    )
    fight = journal.campaign.encounter
    assert fight is not None
    order = fight.keys
    return play(journal, *(NextTurn() for _ in order))  # into round 2


def figures(summary: FightSummary, key: str) -> Combatant:
    found = summary.of(key)
    assert found is not None, key
    return found


def test_the_summary_counts_what_the_journal_did() -> None:
    journal = played()
    start = demo_campaign()
    now = journal.campaign
    summary = summary_of(journal)
    assert summary is not None
    assert (summary.name, summary.rounds) == ("Embuscade à Leda", 2)
    lost = start.character("capitaine").hp - now.character("capitaine").hp
    captain, brunvir, alduin = (figures(summary, k) for k in ("capitaine", "brunvir", "alduin"))
    assert lost > 0
    assert captain.taken.value == lost == brunvir.dealt.value + alduin.dealt.value
    assert len(captain.taken.breakdown) == 2  # the hit on the armour took no HP
    worn = start.character("capitaine").armour - now.character("capitaine").armour
    assert worn > 0 and captain.taken_armour.value == worn == brunvir.dealt_armour.value  # ... but armour
    assert "took" in (row := combat_line(captain).en) and f"(+{worn} armour)" in row
    assert any("Brunvir" in ln.en for ln in captain.taken.breakdown)
    felled = (start.group("veterans").standing - now.group("veterans").standing) + (
        start.group("arbaletriers").standing - now.group("arbaletriers").standing
    )
    assert felled > 0 and alduin.felled.value == felled
    assert figures(summary, "veterans").taken.value + figures(summary, "arbaletriers").taken.value == felled
    assert alduin.taken.value == 3 and alduin.taken.breakdown[0].en.endswith("? 3")  # nobody named
    assert (alduin.spells.value, alduin.pm.value) == (1, 2)
    assert alduin.shadow.value == 1 and alduin.stigmata.value == 0
    assert all(ln.en.startswith("round 1") for ln in alduin.pm.breakdown)
    assert figures(summary, "morvan") == Combatant("morvan", "Morvan", "pc")  # took no part


def test_ending_the_fight_logs_its_summary_and_keeps_it() -> None:
    journal = played()
    before = summary_of(journal)
    ended = play(journal, EndEncounter())
    assert summary_of(ended) == before  # the last fight it ended
    said = [ln.line.en for ln in ended.log if ln.seq == ended.done[-1].seq]
    assert said[0] == "Fight over: Embuscade à Leda"
    assert said[1] == "Summary of Embuscade à Leda: 2 round(s)"
    assert "Alduin: dealt" in "\n".join(said)
    assert "Alduin: 1 spell(s) cast, 2 pm spent, shadow +1, stigmata +0" in said
    assert not any(line.startswith("Morvan") for line in said)  # took no part
    french = [ln.line.fr for ln in ended.log if ln.seq == ended.done[-1].seq]
    assert "Alduin : 1 sort(s) lancé(s), 2 pm dépensés, ombre +1, stigmates +0" in french


def theirs(journal: Journal) -> list[str]:
    """The summary's lines as the players read them."""
    seq = journal.done[-1].seq
    return [(ln.shown or ln.line).en for ln in journal.log if ln.seq == seq and ln.players]


def test_the_players_read_what_they_could_see() -> None:
    ended = play(played(), EndEncounter())
    read = theirs(ended)
    text = "\n".join(read)
    assert "Summary of Embuscade à Leda: 2 round(s)" in read
    assert "Arbalétriers" not in text  # hidden: its figures stay hidden
    assert "Capitaine" not in text  # an NPC shown by wound level: its numbers are not theirs
    alduin = next(line for line in read if line.startswith("Alduin: dealt"))
    # only what they saw exactly: the veterans' mooks, not the captain's HP nor the crossbowman
    veterans = demo_campaign().group("veterans").standing - ended.campaign.group("veterans").standing
    assert alduin == f"Alduin: dealt 0 HP, took 3 HP, felled {veterans} mook(s)"
    assert "Alduin: 1 spell(s) cast, 2 pm spent, shadow +1, stigmata +0" in read
    assert set(read) <= {ln.text("en") for ln in player_view_of(ended).log}  # and in their view


def test_a_private_pc_and_a_hidden_round_counter_stay_private() -> None:
    journal = played()
    journal = play(journal, SetPrivate("alduin", True), SetOption(Option.ROUND, False), EndEncounter())
    read = theirs(journal)
    # the end of the fight takes every condition away, which tells nothing of the private PC's:
    # the end and the summary are theirs, without Alduin's pm, shadow and stigmata, nor the rounds
    assert "Fight over: Embuscade à Leda" in read and "Summary of Embuscade à Leda" in read
    assert not any("alduin" in line.casefold() and ("pm" in line or "shadow" in line) for line in read)
    assert not any("round" in line for line in read)
    journal = played()
    journal = play(journal, SetOption(Option.ROUND, False), EndEncounter())
    read = theirs(journal)
    assert "Summary of Embuscade à Leda" in read  # without the rounds
    assert not any("round" in line for line in read)
    gm = [ln.line.en for ln in journal.log if ln.seq == journal.done[-1].seq]
    assert "Alduin: 1 spell(s) cast, 2 pm spent, shadow +1, stigmata +0" in gm  # the GM's log has it all


def test_no_fight_no_summary() -> None:
    journal = Journal.start(demo_campaign())
    ended = play(journal, EndEncounter())
    assert summary_of(ended) is not None  # the demo fight, with nothing done
    assert summary_of(Journal.start(ended.campaign)) is None  # nothing in this journal


def test_a_blow_the_armour_took_whole_is_told_not_left_out() -> None:
    """Damage eats armour before HP: a combatant whose armour took a whole blow took part."""
    journal = Journal.start(demo_campaign())
    before = journal.campaign.character("brunvir").armour
    journal = play(journal, Damage(("brunvir",), 2), EndEncounter())
    summary = summary_of(journal)
    assert summary is not None
    brunvir = figures(summary, "brunvir")
    assert (brunvir.taken.value, brunvir.taken_armour.value) == (0, 2) and before >= 2
    assert combat_line(brunvir).en == "Brunvir: dealt 0 HP, took 0 HP (+2 armour), felled 0 mook(s)"
