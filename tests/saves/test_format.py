"""The save format: round trips, strictness, errors that name the field, golden files, the encoder."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import attrs
import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.actions import (
    ALL_ACTIONS,
    ActNow,
    AddCharacter,
    AddCondition,
    AddGroup,
    AddMany,
    AdjustPm,
    AttackGroup,
    AttackNamedGroup,
    AttackOpponent,
    AwardXp,
    BoostInitiative,
    CastSpell,
    ChangeShadow,
    Damage,
    DefendGroup,
    DefendOpponent,
    Delay,
    EndEncounter,
    Exhaust,
    Heal,
    Join,
    MoveInOrder,
    NewSession,
    NextTurn,
    PreviousTurn,
    RaiseCharacteristic,
    Remove,
    RemoveCaster,
    RemoveCondition,
    RemoveSpell,
    RenameSpell,
    RepairArmour,
    Rest,
    Roll,
    SaveCaster,
    SaveSpell,
    SetAlias,
    SetHidden,
    SetInitiative,
    SetOption,
    SetPrivate,
    SetShown,
    SetShownDefault,
    SetStanding,
    SetStigmaEffect,
    Stabilise,
    StartEncounter,
    UpdateCharacter,
    UpdateGroup,
)
from core.actions.base import Action
from core.characteristics import Characteristics
from core.combat import Grade, Range
from core.demo import demo_campaign
from core.encounter import Condition
from core.errors import RulesError
from core.journal import Journal
from core.magic import SpellRequest
from core.mooks import MookGroup
from core.roster import new_character
from core.shadow import EffectKind, StigmaEffect
from core.visibility import Shown
from saves.envelope import CAMPAIGN, CURRENT_VERSION, FORMAT, EnvelopeFormat
from saves.errors import BadFieldError, FutureVersionError
from saves.format import (
    CONVERTER,
    TAG,
    Encoder,
    History,
    SaveFile,
    decode,
    detailed_converter,
    encode,
    read_journal,
    unstructure,
)
from tests.golden import reworded
from tests.golden.make_campaign_v1 import golden_journal
from tests.golden.make_campaign_v5 import golden_book
from tests.present import present

GOLDEN = Path(__file__).parents[1] / "golden"
PATH = Path("/campagnes/villon.json")
DEMO = demo_campaign()
KEYS = ("arsouille", "alduin", "segiere", "morvan", "romuald", "brunvir", "capitaine")
PCS = KEYS[:6]
TARGETS = (*KEYS, "veterans", "arbaletriers")
dice = st.tuples(st.integers(-9, 10)) | st.tuples(st.integers(-9, 10), st.integers(-9, 10))

ACTIONS = st.one_of(
    st.just(NextTurn()),
    st.just(PreviousTurn()),
    st.builds(Damage, st.tuples(st.sampled_from(TARGETS)), st.integers(0, 9), st.booleans(), st.booleans()),
    st.builds(Heal, st.tuples(st.sampled_from(TARGETS)), st.integers(0, 5)),
    st.builds(AttackGroup, st.sampled_from(["veterans", "arbaletriers"]), st.integers(0, 25), dice,
              st.sampled_from(list(Range)), st.sampled_from((None, *KEYS)), st.sampled_from([-1, 0, 1])),
    st.builds(AttackOpponent, st.sampled_from(KEYS), st.sampled_from(KEYS), st.integers(0, 20), st.integers(0, 20), dice),
    st.builds(DefendGroup, st.sampled_from(KEYS), st.sampled_from(list(Grade)), st.integers(1, 4), st.integers(0, 20), dice),
    st.builds(ChangeShadow, st.sampled_from(PCS), st.just("gm"), st.integers(-6, 6), st.text(st.characters(blacklist_categories=("Cc", "Cf")), max_size=8)),  # a save refuses controls
    st.builds(AddCondition, st.sampled_from(TARGETS),
              st.builds(Condition, st.sampled_from(["stunned", "prone", "à terre"]), st.none() | st.integers(1, 3))),
    st.builds(RemoveCondition, st.sampled_from(TARGETS), st.sampled_from(["stunned", "prone"])),
    st.builds(SetInitiative, st.sampled_from(TARGETS), st.integers(-5, 25)),
    st.builds(BoostInitiative, st.sampled_from(PCS)),
    st.builds(Delay, st.sampled_from(TARGETS)),
    st.builds(ActNow, st.sampled_from(TARGETS)),
    st.builds(MoveInOrder, st.sampled_from(TARGETS), st.integers(-3, 3)),
    st.builds(SetStanding, st.sampled_from(["veterans", "arbaletriers"]), st.integers(0, 12)),
    st.builds(SetHidden, st.sampled_from(TARGETS), st.booleans()),
    st.builds(CastSpell, st.just("alduin"), st.builds(SpellRequest, st.integers(1, 6), st.integers(0, 2)),
              st.booleans(), st.tuples(st.sampled_from(TARGETS))),
    st.builds(Roll, st.sampled_from((None, *KEYS)), st.integers(0, 20), st.integers(0, 25), dice),
    st.builds(AwardXp, st.tuples(st.sampled_from(PCS)), st.integers(1, 20)),
    st.just(NewSession()),
    st.builds(Stabilise, st.sampled_from(KEYS)),
)  # fmt: skip
#: ``"undo"`` and ``"redo"`` mixed with the actions, and a few undos last so saves hold a redo stack.
STEPS = st.builds(
    lambda steps, undos: [*steps, *["undo"] * undos],
    st.lists(ACTIONS | st.sampled_from(["undo", "redo"]), max_size=20),
    st.integers(0, 3),
)

#: One instance of every action a save can hold (a new action needs an example here).
EXAMPLES: dict[type[Action], Action] = {
    AddCharacter: AddCharacter(new_character("zed", "Zed", Characteristics(2, 3, 4, 5), mystic=True, shadow=4)),
    UpdateCharacter: UpdateCharacter(attrs.evolve(DEMO.character("segiere"), hp=3, notes="bandaged")),
    AddGroup: AddGroup(MookGroup("rats", "Rats", Grade.CIVIL, total=5, standing=4, hidden=True)),
    UpdateGroup: UpdateGroup(attrs.evolve(DEMO.group("veterans"), standing=7)),
    Remove: Remove("capitaine"),
    SetHidden: SetHidden("veterans", True),
    SetShown: SetShown("capitaine", Shown.NOTHING),
    SetShownDefault: SetShownDefault("npcs", Shown.EXACT),
    SetPrivate: SetPrivate("alduin", True),
    SetOption: SetOption("reveal", True, "arbaletriers"),
    SetAlias: SetAlias("capitaine", "L'homme au masque"),
    AddMany: AddMany(
        (new_character("vet-1", "Vétéran 1", Characteristics(5, 3, 5, 1), pc=False, notes="weapon: épée"),),
        (MookGroup("gardes", "Gardes", Grade.STANDARD, total=12, standing=12, initiative=5),),
        join=True,
    ),
    StartEncounter: StartEncounter("Duel", ("romuald", "capitaine")),
    EndEncounter: EndEncounter(),
    Join: Join("zed", 4),
    SetInitiative: SetInitiative("alduin", 12),
    BoostInitiative: BoostInitiative("brunvir"),
    NextTurn: NextTurn(),
    PreviousTurn: PreviousTurn(),
    Delay: Delay("morvan"),
    ActNow: ActNow("morvan"),
    MoveInOrder: MoveInOrder("segiere", -2),
    AddCondition: AddCondition("brunvir", Condition("stunned", None)),
    RemoveCondition: RemoveCondition("brunvir", "stunned"),
    Damage: Damage(("segiere", "veterans"), 6, pugilat=True),
    Heal: Heal(("segiere",), 2),
    Stabilise: Stabilise("segiere"),
    RepairArmour: RepairArmour("segiere", None),
    Rest: Rest(("alduin", "morvan"), 3),
    Roll: Roll("arsouille", 7, 15, (4, -2), affect=-1, what="crochetage"),
    AttackGroup: AttackGroup("veterans", 17, (5,), Range.LONG, attacker="morvan", affect=1),
    DefendGroup: DefendGroup("segiere", Grade.ELITE, 3, 12, ()),
    AttackOpponent: AttackOpponent(None, "capitaine", 14, 12, (10,), pugilat=True),
    SetStanding: SetStanding("veterans", 3),
    ChangeShadow: ChangeShadow(
        "alduin",
        "story_element",
        2,
        note="the harbour fire",
        confirm=True,
        effect=StigmaEffect(EffectKind.compulsion, text="gambling"),
    ),
    CastSpell: CastSpell(
        "alduin", SpellRequest(5, 1, 2, 3), inspired=True, victims=("veterans",), aimed=(("veterans", 3),)
    ),
    DefendOpponent: DefendOpponent("segiere", 14, 9, (2, 4), attacker="capitaine", weapon="magic", affect=1),
    AttackNamedGroup: AttackNamedGroup(
        ("capitaine", "brunvir"), Grade.VETERAN, 17, (5,), touched=("brunvir",), attacker="morvan"
    ),
    SetStigmaEffect: SetStigmaEffect("alduin", 0, StigmaEffect(EffectKind.weakening, "corps", taken=1)),
    AdjustPm: AdjustPm("alduin", -3),
    Exhaust: Exhaust("alduin", 2, 1),
    AwardXp: AwardXp(("arsouille", "alduin"), 5),
    RaiseCharacteristic: RaiseCharacteristic("brunvir", "ame", override=True),
    NewSession: NewSession(),
    SaveSpell: SaveSpell(golden_book().spells[4], replace=True),
    RenameSpell: RenameSpell("d6", "Soin rapide", "Soin très rapide"),
    RemoveSpell: RemoveSpell("poles", "Mirage"),
    SaveCaster: SaveCaster(golden_book().casters[1]),
    RemoveCaster: RemoveCaster("mage", "Dante"),
}


def play(steps: list[Any], start: Journal | None = None) -> Journal:
    """Apply the steps that the rules accept (a refused action or an empty undo is skipped)."""
    journal = start or Journal.start(DEMO)
    for step in steps:
        try:
            if step == "undo":
                journal = journal.undo()
            elif step == "redo":
                journal = journal.redo()
            else:
                journal, _ = journal.record(step)
        except RulesError:
            continue
    return journal


def payload_of(journal: Journal) -> dict[str, Any]:
    return orjson.loads(encode(journal))


def bad(payload: dict[str, Any]) -> BadFieldError:
    with pytest.raises(BadFieldError) as caught:
        read_journal(orjson.dumps(payload), PATH)
    assert str(caught.value).startswith(f"{PATH}: {caught.value.field}: ")
    return caught.value


# -- round trips -----------------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(STEPS)
def test_any_valid_actions_saved_and_loaded_give_the_same_state(steps) -> None:
    journal = play(steps)
    loaded = read_journal(encode(journal), PATH)
    assert loaded.note is None
    assert loaded.journal == journal
    assert loaded.journal.campaign == journal.campaign
    back = loaded.journal
    while back.can_undo:
        back = back.undo()
    assert back.campaign == DEMO


def test_every_action_has_an_example_and_each_round_trips_tagged_with_its_class() -> None:
    assert set(EXAMPLES) == set(ALL_ACTIONS)
    for cls, action in EXAMPLES.items():
        data = orjson.loads(orjson.dumps(unstructure(action, Action)))
        assert next(iter(data)) == TAG and data[TAG] == cls.__name__
        assert CONVERTER.structure(data, Action) == action
        assert detailed_converter().structure(data, Action) == action


def test_lines_are_saved_as_en_and_fr() -> None:
    data = payload_of(golden_journal())
    assert data["history"]["log"][0]["line"] == {
        "en": "Capitaine de la garde's turn (round 1)",
        "fr": "Au tour du Capitaine de la garde (round 1)",
    }


def test_campaign_is_the_current_state_readable_without_replay() -> None:
    journal = golden_journal()
    data = payload_of(journal)
    assert list(data) == ["format", "version", "campaign", "history"]
    assert (data["format"], data["version"]) == (FORMAT, CURRENT_VERSION)
    campaign = decode(encode(journal), PATH).campaign
    assert campaign == journal.campaign
    hidden = {g["id"]: g["hidden"] for g in data["campaign"]["groups"]}
    assert hidden == {"veterans": False, "arbaletriers": True}


def test_saved_bytes_are_the_converters_unstructured_data() -> None:
    journal = golden_journal()
    expected = unstructure(
        SaveFile(journal.campaign, History(journal.base, tuple(journal.done), journal.undone, tuple(journal.log)))
    )
    data = payload_of(journal)
    del data["format"], data["version"]
    assert data == orjson.loads(orjson.dumps(expected))


def test_a_save_keeps_the_last_500_actions_at_least_and_loads_to_the_same_state() -> None:
    journal = Journal.start(DEMO)
    for _ in range(560):
        journal, _ = journal.record(NextTurn())
    loaded = read_journal(encode(journal), PATH).journal
    assert len(loaded.done) == 500 and loaded.done[0].seq == 61
    assert loaded.campaign == journal.campaign
    assert loaded.base == journal.states[59]


# -- the encoder keeps what did not change ---------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.lists(STEPS, min_size=1, max_size=6))
def test_an_encoder_used_again_and_again_writes_exactly_the_journal_it_is_given(bursts) -> None:
    encoder = Encoder(keep=3, slack=2)
    journal = Journal.start(DEMO)
    for steps in bursts:
        journal = play(steps, journal)
        raw = encoder.encode(journal)
        kept = encoder.window(journal)
        assert min(len(journal.done), 3) <= len(kept.done) <= 5
        assert kept.done == journal.done[len(journal.done) - len(kept.done) :]
        expected = unstructure(
            SaveFile(kept.campaign, History(kept.base, tuple(kept.done), kept.undone, tuple(kept.log)))
        )
        data = orjson.loads(raw)
        del data["format"], data["version"]
        assert data == orjson.loads(orjson.dumps(expected))
        assert read_journal(raw, PATH).journal.campaign == journal.campaign


def test_the_base_moves_once_every_slack_actions() -> None:
    encoder = Encoder(keep=10, slack=5)
    journal, bases = Journal.start(DEMO), []
    for _ in range(40):
        journal, _ = journal.record(NextTurn())
        encoder.encode(journal)
        bases.append(encoder.window(journal).base)
    moves = sum(1 for a, b in zip(bases, bases[1:], strict=False) if a is not b)
    assert moves == 5  # at 16, 22, 28, 34 and 40 actions


# -- strict: no coercion, every field named --------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "found"),
    [("5", 'a string "5"'), (3.7, "a number 3.7"), (True, "true"), (None, "null"), ([5], "an array")],
)
def test_a_whole_number_given_as_anything_else_is_refused(value, found) -> None:
    data = payload_of(golden_journal())
    data["campaign"]["roster"][3]["hp"] = value
    error = bad(data)
    assert error.field == "$.campaign.roster[3].hp"
    assert error.reason == f"expected a whole number, found {found}"


def test_true_false_given_as_a_number_is_refused() -> None:
    data = payload_of(golden_journal())
    data["campaign"]["roster"][0]["pc"] = 1
    assert (bad(data).field, bad(data).reason) == (
        "$.campaign.roster[0].pc",
        "expected true or false, found a number 1",
    )


WRONG_FIELDS = [
    (lambda d: d["campaign"]["groups"][0].update(grade="vétéran"), "$.campaign.groups[0].grade",
     "unknown value 'vétéran' (allowed: civil, standard, veteran, elite)"),
    (lambda d: d["campaign"]["roster"][0].pop("name"), "$.campaign.roster[0].name", "is missing"),
    (lambda d: d["campaign"]["roster"][0].update(hpp=3), "$.campaign.roster[0].hpp", "unknown field 'hpp'"),
    (lambda d: d["campaign"]["roster"][0].update(affects="goût"), "$.campaign.roster[0].affects",
     'expected an array, found a string "goût"'),
    (lambda d: d["campaign"].update(rules=[]), "$.campaign.rules", "expected an object, found an array"),
    (lambda d: d["campaign"]["roster"][1]["shadow"]["ledger"][0].update(event="bribe"),
     "$.campaign.roster[1].shadow.ledger[0].event", "unknown value 'bribe'"),
    (lambda d: d["campaign"]["roster"][1]["shadow"]["ledger"][0].update(event=3),
     "$.campaign.roster[1].shadow.ledger[0].event", "expected a string, found a number 3"),
    (lambda d: d["campaign"]["visibility"].update(pcs="EXACT"), "$.campaign.visibility.pcs", "unknown value 'EXACT'"),
    (lambda d: d["campaign"]["roster"][0].update(raises=[["corps", 1, 2]]), "$.campaign.roster[0].raises[0]",
     "expected an array of 2"),
    (lambda d: d["history"]["done"][1]["action"].update(type="Teleport"), "$.history.done[1].action",
     "unknown action type 'Teleport'"),
    (lambda d: d["history"]["done"][1]["action"].pop("type"), "$.history.done[1].action.type", "is missing"),
    (lambda d: d["history"]["done"][1]["action"].update(dice=["5"]), "$.history.done[1].action.dice[0]",
     'expected a whole number, found a string "5"'),
    (lambda d: d["history"]["log"][0]["line"].pop("fr"), "$.history.log[0].line.fr", "is missing"),
    (lambda d: d["history"]["undone"][0].update(seq=6.0), "$.history.undone[0].seq", "found a number 6.0"),
    (lambda d: d.update(extra={}), "$.extra", "unknown field 'extra'"),
]  # fmt: skip
#: Values of the right type that the model's own validators refuse (a RulesError inside structuring).
RULES_REFUSALS = [
    (lambda d: d["campaign"]["groups"][0].update(standing=99), "$.campaign.groups[0].standing",
     "99 standing but only 12 in all (allowed: 0…12)"),
    (lambda d: d["campaign"]["roster"][2]["characteristics"].update(corps=-1),
     "$.campaign.roster[2].characteristics.corps", "must be between 0 and 99, got -1"),
    (lambda d: d["history"]["base"]["rules"].update(kult_die="d6"), "$.history.base.rules.kult_die",
     "unknown value 'd6'"),
    (lambda d: d["campaign"].update(name=" "), "$.campaign.name", "must not be empty"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "field", "words"), [pytest.param(*case, id=case[1]) for case in WRONG_FIELDS + RULES_REFUSALS]
)
def test_a_wrong_field_is_named_with_its_json_path(change, field, words) -> None:
    data = payload_of(golden_journal())
    change(data)
    error = bad(data)
    assert error.field == field
    assert words in error.reason


def test_an_action_that_cannot_be_replayed_is_named_by_a_full_check() -> None:
    data = payload_of(golden_journal())
    data["history"]["done"][2]["action"]["targets"] = ["nobody"]
    with pytest.raises(BadFieldError) as caught:
        read_journal(orjson.dumps(data), PATH, replay=True)
    assert caught.value.field == "$.history.done[2].action"
    assert "cannot be replayed" in caught.value.reason and "nobody" in caught.value.reason


def test_a_history_that_cannot_be_replayed_opens_and_undo_stops_at_the_campaign_saying_why() -> None:
    journal = golden_journal()
    data = payload_of(journal)
    data["history"]["done"][2]["action"]["targets"] = ["nobody"]
    loaded = read_journal(orjson.dumps(data), PATH).journal
    assert loaded.campaign == journal.campaign
    with pytest.raises(RulesError) as caught:
        loaded.undo()
    assert caught.value.field == "undo" and "cannot be replayed" in caught.value.reason
    assert "nobody" in caught.value.reason


def test_several_problems_name_the_first_and_count_the_rest() -> None:
    data = payload_of(golden_journal())
    data["campaign"]["roster"][0]["hp"] = "9"
    data["campaign"]["roster"][1]["hp"] = "8"
    data["campaign"]["session"] = "1"
    error = bad(data)
    assert error.field == "$.campaign.roster[0].hp"
    assert error.reason.endswith("(and 2 more problems)")


def test_a_campaign_edited_by_hand_wins_over_its_history_and_keeps_the_log() -> None:
    journal = golden_journal()
    data = payload_of(journal)
    data["campaign"]["roster"][2]["hp"] = 1
    loaded = read_journal(orjson.dumps(data), PATH, replay=True)
    assert loaded.journal.campaign.character("segiere").hp == 1
    assert "undo starts from here" in present(loaded.note)
    assert not loaded.journal.can_undo and loaded.journal.log == journal.log
    assert loaded.journal.next_seq == journal.next_seq


def test_a_campaign_edited_by_hand_wins_and_undo_stops_there_when_it_gets_there() -> None:
    journal = golden_journal()
    data = payload_of(journal)
    data["campaign"]["roster"][2]["hp"] = 1
    loaded = read_journal(orjson.dumps(data), PATH)
    assert loaded.note is None  # the history is replayed only when undo needs it
    assert loaded.journal.campaign.character("segiere").hp == 1
    assert loaded.journal.log == journal.log and loaded.journal.next_seq == journal.next_seq
    later, _ = loaded.journal.record(Damage(("segiere",), 1))
    assert later.undo().campaign.character("segiere").hp == 1  # what was done since can be undone
    for stuck in (loaded.journal, later.undo()):
        with pytest.raises(RulesError, match="edited outside apotheose.*undo starts from where"):
            stuck.undo()
    assert later.trimmed(1).base == loaded.journal.campaign  # a save's window drops that history


def leaves(data: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in leaves(v, (*path, k))] + [path]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in leaves(v, (*path, i))] + [path]
    return [path]


GOLDEN_PAYLOAD = payload_of(golden_journal())
del GOLDEN_PAYLOAD["format"], GOLDEN_PAYLOAD["version"]
LEAVES = [p for p in leaves(GOLDEN_PAYLOAD) if p]
json_values: st.SearchStrategy[Any] = (
    st.none()
    | st.booleans()
    | st.integers(-20, 20)
    | st.floats(-3, 3)
    | st.text(max_size=5)
    | st.just([])
    | st.just({})
)


def loads_with(converter, data) -> bool:
    try:
        converter.structure(data, SaveFile)
    except Exception:  # noqa: BLE001
        return False
    return True


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.sampled_from(LEAVES), json_values)
def test_the_fast_and_the_detailed_converter_accept_and_refuse_the_same(where, value) -> None:
    data = copy.deepcopy(GOLDEN_PAYLOAD)
    target = data
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = value
    assert loads_with(CONVERTER, data) == loads_with(detailed_converter(), data)


# -- golden files and the migration chain ----------------------------------------------------------


def golden_files() -> list[Path]:
    return sorted(GOLDEN.glob("campaign_v*.json"))


def test_every_format_version_has_a_golden_file() -> None:
    versions = sorted(int(present(re.fullmatch(r"campaign_v(\d+)\.json", p.name)).group(1)) for p in golden_files())
    assert versions == list(range(1, CURRENT_VERSION + 1))


@pytest.mark.parametrize("golden", golden_files(), ids=lambda p: p.name)
def test_golden_files_of_every_version_still_load(golden) -> None:
    loaded = read_journal(golden.read_bytes(), golden, replay=True)
    assert loaded.note is None, "its history no longer replays to its campaign: did a rule change?"
    c = loaded.journal.campaign
    assert c.name == "Démo — Villon"
    assert (c.group("veterans").standing, c.character("segiere").hp, present(c.character("alduin").shadow).value) == (
        9,
        12,
        4,
    )
    assert present(present(c.encounter).participant("brunvir")).conditions == (Condition("stunned", 2),)
    assert (len(loaded.journal.done), len(loaded.journal.undone), len(loaded.journal.log)) == (5, 1, 9)
    assert loaded.journal.redo().campaign.group("arbaletriers").hidden is False


def worded_today(journal: Journal) -> dict[str, Any]:
    """The journal's payload with its old French lines as they are worded today."""
    return orjson.loads(reworded(encode(journal)))


def test_golden_v1_is_what_its_actions_make_today() -> None:
    loaded = read_journal((GOLDEN / "campaign_v1.json").read_bytes(), PATH)
    today = golden_journal()
    # Before version 4 nothing said which log lines the players may read: none, after the upgrade.
    unread = attrs.evolve(today, log=tuple(attrs.evolve(ln, players=False) for ln in today.log))
    assert worded_today(loaded.journal) == payload_of(unread)
    assert worded_today(read_journal((GOLDEN / "campaign_v4.json").read_bytes(), PATH).journal) == payload_of(today)
    # Version 6's display choices and the players' words of a line: a version-4 file gets the
    # defaults (what it showed then), so it loads as the same journal as version 6's.
    assert worded_today(read_journal((GOLDEN / "campaign_v6.json").read_bytes(), PATH).journal) == payload_of(today)
    assert any(ln.players for ln in today.log) and not all(ln.players for ln in today.log)


def test_how_a_migration_chain_is_tested_on_the_golden_files() -> None:
    """When the format reaches version 2: register ``@migration(1)`` in saves, add
    ``campaign_v2.json``, and the parametrized test above runs v1 through the real chain. Here a
    made-up chain (v1 → v2 renames ``hp`` to ``pv``, v2 → v3 renames it back) shows the pattern."""
    ran: list[int] = []
    chain = EnvelopeFormat(FORMAT, current_version=3)

    def rename(old: str, new: str, version: int):
        def migrate(payload):
            ran.append(version)
            data = copy.deepcopy(payload)
            for campaign in (data["campaign"], data["history"]["base"]):
                for character in campaign["roster"]:
                    character[new] = character.pop(old)
            return data

        return migrate

    chain.migration(2)(rename("pv", "hp", 2))
    chain.migration(1)(rename("hp", "pv", 1))
    raw = (GOLDEN / "campaign_v1.json").read_bytes()
    assert read_journal(raw, PATH, chain).journal == read_journal(raw, PATH).journal
    assert ran == [1, 2]
    assert CAMPAIGN.missing_migrations() == []


def test_a_file_from_a_newer_apotheose_is_refused_by_version() -> None:
    data = payload_of(golden_journal())
    data["version"] = CURRENT_VERSION + 1
    with pytest.raises(FutureVersionError) as caught:
        read_journal(orjson.dumps(data), PATH)
    assert caught.value.field == "$.version" and str(PATH) in str(caught.value)
