"""NPC templates, quick add, the template library and roster files (core, saves, command line)."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Literal

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.actions import AddMany, apply
from core.armour import ArmourPiece
from core.campaign import Campaign, slug
from core.characteristics import Characteristics
from core.combat import Grade
from core.demo import demo_campaign
from core.errors import RulesError
from core.journal import Journal
from core.quick import parse_quick
from core.roster import Trade
from core.templates import (
    BUILT_IN,
    Template,
    copies,
    copy_names,
    find,
    grade_prefix,
    group_of,
    parse_group_line,
    split_count,
    template_fields,
    template_from_fields,
    template_of,
)
from saves.errors import BadFieldError, NotJsonError
from saves.roster_file import RosterFileError, parse_roster, roster_text
from saves.store import load_campaign
from saves.templates import encode, library_path, load_library, save_template
from tests.present import present
from tui.cli import main

VETERAN = next(t for t in BUILT_IN if t.name == "Vétéran")
EMPTY = Campaign(name="Vide")


# -- templates and copies ------------------------------------------------------------------------


def test_three_veterans_are_numbered_each_with_its_own_hp_and_armour() -> None:
    vets = copies(VETERAN, 3, EMPTY)
    assert [v.name for v in vets] == ["Vétéran 1", "Vétéran 2", "Vétéran 3"]
    assert len({v.id for v in vets}) == 3
    assert all((v.hp, v.armour, v.pc, v.shadow) == (10, 3, False, None) for v in vets)
    campaign = apply(EMPTY, AddMany(vets)).campaign
    hurt = attrs.evolve(campaign.roster[0], hp=2, armour=0)
    campaign = campaign.with_character(hurt)
    assert [(c.hp, c.armour) for c in campaign.roster] == [(2, 0), (10, 3), (10, 3)]


def test_numbering_goes_on_from_the_copies_already_there() -> None:
    campaign = apply(EMPTY, AddMany(copies(VETERAN, 3, EMPTY))).campaign
    assert [c.name for c in copies(VETERAN, 2, campaign)] == ["Vétéran 4", "Vétéran 5"]
    assert copy_names(EMPTY, "Garde", 1) == ["Garde"]
    assert copy_names(EMPTY, "Garde", 1, also=["Garde"]) == ["Garde 1"]
    with pytest.raises(RulesError, match="count"):
        copies(VETERAN, 0, EMPTY)


def test_ready_soldiers_defend_at_their_grades_difficulty() -> None:
    """RULES 1.5: civil 0, standard 5, veteran 10, elite 15 = combat + trade 3 + speciality 2."""
    by_name = {t.name: t for t in BUILT_IN}
    for name, grade in (
        ("Soldat standard", Grade.STANDARD),
        ("Vétéran", Grade.VETERAN),
        ("Soldat d'élite", Grade.ELITE),
    ):
        t = by_name[name]
        score = t.characteristics.combat + 3 + (2 if t.trades[0].specialities else 0)
        assert score == grade.difficulty, name
    assert by_name["Villageois"].characteristics.combat == Grade.CIVIL.difficulty
    mage = copies(by_name["Mage"], 1, EMPTY)[0]
    assert (mage.mystic, mage.max_pm, mage.max_intensity) == (True, 9, 5)  # like Alduin (E3)


def test_a_template_refuses_two_body_armours_naming_the_field() -> None:
    with pytest.raises(RulesError) as error:
        Template("X", armour_pieces=(ArmourPiece.LIGHT, ArmourPiece.HEAVY))
    assert error.value.field == "armour"


def test_saving_a_copy_as_a_template_gives_back_the_template() -> None:
    copy = copies(attrs.evolve(VETERAN, magic_weapon=True), 2, EMPTY)[1]
    assert copy.notes.startswith("weapon: épée (magic)\n")
    assert template_of(copy) == attrs.evolve(VETERAN, magic_weapon=True)


def test_find_by_part_of_a_name_best_first() -> None:
    assert [t.name for t in find(BUILT_IN, "vet")] == ["Vétéran"]
    assert [t.name for t in find(BUILT_IN, "v")][0] == "Vétéran"
    assert [t.name for t in find(BUILT_IN, "standard")] == ["Soldat standard"]
    assert [t.name for t in find(BUILT_IN, "ÉLITE")] == ["Soldat d'élite"]
    assert find(BUILT_IN, "dragon") == []
    assert len(find(BUILT_IN, "")) == len(BUILT_IN)


@pytest.mark.parametrize(
    "line, expected",
    [("3 × vet", (3, "vet")), ("3x vet", (3, "vet")), ("3vet", (3, "vet")), ("vet", (1, "vet")), ("12", (12, ""))],
)
def test_split_count(line, expected) -> None:
    assert split_count(line) == expected


def test_a_mook_group_from_a_count_and_a_grade_in_one_line() -> None:
    assert parse_group_line("12 s") == (12, Grade.STANDARD, "")
    assert parse_group_line("12 × vét Gardes de Villon") == (12, Grade.VETERAN, "Gardes de Villon")
    assert [grade_prefix(w) for w in ("c", "élite", "V")] == [Grade.CIVIL, Grade.ELITE, Grade.VETERAN]
    group = group_of(demo_campaign(), Grade.ELITE, 4, "")
    assert (group.name, group.total, group.standing, group.initiative) == ("Elite soldiers", 4, 4, 15)
    for bad, field in (("s", "total"), ("12", "grade"), ("12 dragons", "grade"), ("0 s", "total")):
        with pytest.raises(RulesError) as error:
            group_of(EMPTY, *parse_group_line(bad)[1::-1])
        assert error.value.field == field, bad


# -- quick add -----------------------------------------------------------------------------------


def test_quick_add_the_issue_example() -> None:
    quick = parse_quick("Garde 8/4/6/2 soldat:épée cotte")
    t = quick.template
    assert (t.name, t.characteristics) == ("Garde", Characteristics(8, 4, 6, 2))
    assert t.trades == (Trade("soldat", ("épée",)),)
    assert t.armour_pieces == (ArmourPiece.MEDIUM,)
    (garde,) = quick.characters(EMPTY)
    assert (garde.name, garde.pc, garde.hp, garde.armour) == ("Garde", False, 13, 2)
    assert quick.preview(EMPTY)[1].en == "corps 8 esprit 4 combat 6 âme 2 · HP 13 · armour 2 (medium armour)"


def test_quick_add_options() -> None:
    quick = parse_quick(
        "Iseult la Blanche 5/6/4/3 mage:glace,soins_légers bouclier cuir pj mystique caché arme:dague! ×2"
    )
    t = quick.template
    assert t.name == "Iseult la Blanche" and t.mystic and t.magic_weapon and t.weapon == "dague"
    assert t.trades == (Trade("mage", ("glace", "soins légers")),)
    assert set(t.armour_pieces) == {ArmourPiece.LIGHT, ArmourPiece.SHIELD}
    assert (quick.count, quick.pc, quick.hidden) == (2, True, True)
    assert [c.shadow_value for c in quick.characters(EMPTY)] == [0, 0]


@pytest.mark.parametrize(
    "line, part",
    [
        ("Garde 8/4/6 soldat", "8/4/6"),
        ("Garde 8/4/x/2", "8/4/x/2"),
        ("Garde soldat cotte", "Garde soldat cotte"),
        ("8/4/6/2 soldat", "8/4/6/2"),
        ("Garde 8/4/6/2 cotte plates", "cotte plates"),
        ("Garde 8/4/6/2 ×0", "×0"),
        ("Garde 8/4/6/2 :épée", ":épée"),
        ("Garde 8/4/6/2 soldat 12", "12"),
        ("   ", "line"),
    ],
)
def test_quick_add_names_the_part_that_does_not_parse(line, part) -> None:
    with pytest.raises(RulesError) as error:
        parse_quick(line)
    assert error.value.field == part
    assert error.value.text("fr") != error.value.text("en")


@given(st.tuples(*[st.integers(0, 30)] * 4), st.integers(1, 20))
def test_quick_add_characteristics_and_count_round_trip(chars, count) -> None:
    quick = parse_quick(f"Garde {'/'.join(map(str, chars))} ×{count}")
    assert quick.template.characteristics == Characteristics(*chars)
    made = quick.characters(EMPTY)
    assert len(made) == count and all(c.max_hp == chars[0] + 5 for c in made)


names = st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=12).filter(
    lambda s: s.strip() == s and s
)
LETTERS: tuple[Literal["L"]] = ("L",)
words = st.text(st.characters(categories=LETTERS), min_size=1, max_size=8)


@given(
    name=names,
    chars=st.tuples(*[st.integers(0, 20)] * 4),
    trades=st.lists(st.tuples(words, st.lists(words, max_size=2)), max_size=2),
    mystic=st.booleans(),
    armour=st.sampled_from(
        [
            (),
            (ArmourPiece.LIGHT,),
            (ArmourPiece.MEDIUM, ArmourPiece.SHIELD),
            (ArmourPiece.HEAVY, ArmourPiece.MAGIC_ARMOUR),
        ]
    ),
)
def test_template_fields_round_trip(name, chars, trades, mystic, armour) -> None:
    t = Template(
        name,
        Characteristics(*chars),
        tuple(Trade(n, tuple(s)) for n, s in trades),
        armour,
        "épée",
        False,
        mystic,
        ("honneur",),
        "a\nb",
    )
    assert template_from_fields(json.loads(json.dumps(template_fields(t)))) == t


# -- the action --------------------------------------------------------------------------------


def test_add_many_is_one_undo_and_all_or_nothing() -> None:
    demo = demo_campaign()
    action = AddMany(copies(VETERAN, 3, demo), (group_of(demo, "standard", 12, ""),), join=True)
    journal, outcome = Journal.start(demo).record(action)
    campaign = journal.campaign
    assert len(campaign.roster) == len(demo.roster) + 3 and len(campaign.groups) == len(demo.groups) + 1
    assert {"veteran-1", "standard-soldiers"} <= set(present(campaign.encounter).keys)
    assert outcome.lines[0].en.startswith("4 added: Vétéran 1, Vétéran 2, Vétéran 3, Standard soldiers")
    assert journal.undo().campaign == demo
    clash = AddMany((*copies(VETERAN, 1, demo), attrs.evolve(demo.roster[0])))
    with pytest.raises(RulesError, match="already used"):
        apply(demo, clash)
    with pytest.raises(RulesError):
        apply(demo, AddMany())
    crowd = apply(EMPTY, AddMany(copies(VETERAN, 12, EMPTY))).lines[0]
    assert crowd.en.endswith("Vétéran 8 and 4 more") and crowd.fr.endswith("Vétéran 8 et 4 autres")


# -- the library ---------------------------------------------------------------------------------


@pytest.fixture
def saves(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "campaigns"
    monkeypatch.setenv("APOTHEOSE_SAVES", str(folder))
    monkeypatch.delenv("APOTHEOSE_TEMPLATES", raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    return folder


def test_library_lives_beside_the_campaigns_and_starts_with_the_ready_templates(saves) -> None:
    path = library_path()
    assert path == saves / "templates" / "templates.json"
    assert load_library(path) == BUILT_IN and not path.exists()
    mine = attrs.evolve(VETERAN, name="Garde de Villon")
    assert save_template(path, mine)[-1] == mine
    assert load_library(path) == (*BUILT_IN, mine)
    with pytest.raises(RulesError, match="already named"):
        save_template(path, attrs.evolve(mine, notes="other"))
    assert load_library(path)[-1] == mine
    assert library_path(env={"APOTHEOSE_TEMPLATES": "/x/t.json"}) == Path("/x/t.json")


def test_library_file_is_plain_json_a_gm_can_edit(saves) -> None:
    path = library_path()
    path.parent.mkdir(parents=True)
    path.write_text(
        '{"format": "apotheose.templates", "version": 1, "templates": [\n'
        ' {"name": "Loup", "corps": 4, "combat": 4, "trades": "bête: morsure"}]}', encoding="utf-8"
    )  # fmt: skip
    (wolf,) = load_library(path)
    assert (wolf.name, wolf.characteristics, wolf.trades) == (
        "Loup",
        Characteristics(4, 0, 4, 0),
        (Trade("bête", ("morsure",)),),
    )


@pytest.mark.parametrize(
    "templates, field, reason",
    [
        ('[{"name": "Loup", "corps": "four"}]', "$.templates[0].corps", "whole number"),
        ('[{"name": "A"}, {"name": "B", "armour": "plates, cotte"}]', "$.templates[1].armour", "one body armour"),
        ('[{"name": "A", "colour": "grey"}]', "$.templates[0].colour", "unknown field"),
        ('[{"name": ""}]', "$.templates[0].name", "empty"),
        ('[{"name": "A"}, {"name": "a"}]', "$.templates[1].name", "already the name"),
        ('[{"name": "A", "mystic": "perhaps"}]', "$.templates[0].mystic", "true or false"),
        ('{"name": "A"}', "$.templates", "array"),
    ],
)
def test_a_bad_library_names_file_and_field_and_is_never_overwritten(saves, templates, field, reason) -> None:
    path = library_path()
    path.parent.mkdir(parents=True)
    raw = f'{{"format": "apotheose.templates", "version": 1, "templates": {templates}}}'.encode()
    path.write_bytes(raw)
    with pytest.raises(BadFieldError) as error:
        load_library(path)
    assert error.value.field == field and reason in error.value.reason
    assert str(error.value).startswith(f"{path}: {field}: ")
    with pytest.raises(BadFieldError):
        save_template(path, VETERAN)
    assert path.read_bytes() == raw


def test_a_library_that_is_not_json(saves) -> None:
    path = library_path()
    path.parent.mkdir(parents=True)
    path.write_text("name = 'Loup'")
    with pytest.raises(NotJsonError):
        load_library(path)
    assert json.loads(encode(BUILT_IN))["templates"][2]["name"] == "Vétéran"


# -- roster files --------------------------------------------------------------------------------

CSV = """kind,name,count,corps,esprit,combat,ame,trades,armour,weapon,grade
,Garde,3,8,4,6,2,soldat: épée,cotte,hallebarde,
group,Gardes de Villon,12,,,,,,,,standard
character,Sergent,,7,4,8,2,soldat: épée,"medium, shield",,
"""


def test_a_csv_roster_adds_numbered_copies_and_groups() -> None:
    action = parse_roster(CSV, "csv", EMPTY)
    assert [c.name for c in action.characters] == ["Garde 1", "Garde 2", "Garde 3", "Sergent"]
    assert action.characters[0].notes == "weapon: hallebarde"
    (group,) = action.groups
    assert (group.name, group.grade, group.total, group.initiative) == ("Gardes de Villon", Grade.STANDARD, 12, 5)


@pytest.mark.parametrize(
    "text, fmt, line, field",
    [
        ("name,corps\nA,3\nB,huit\n", "csv", 3, "corps"),
        ("name,colour\nA,grey\n", "csv", 1, "colour"),
        ("kind,name,count\ngroup,Rats,5\n", "csv", 2, "grade"),
        ("kind,name,grade\ngroup,Rats,standard\n", "csv", 2, "count"),
        ("kind,name,grade,count,corps\ngroup,Rats,standard,5,3\n", "csv", 2, "corps"),
        ("kind,name\nhorde,Rats\n", "csv", 2, "kind"),
        ("name,pc,shadow\nA,false,3\n", "csv", 2, "shadow"),
        ("name,count\nA,0\n", "csv", 2, "count"),
        ('[\n  {"name": "A"},\n  {"name": "B",\n   "armour": "plates, cotte"}\n]', "json", 3, "armour"),
        ('[\n  {"name": "A"},\n  {"name": "B", "mystic": "yes please"}\n]', "json", 3, "mystic"),
        ('[\n  {"name": "A"}\n  {"name": "B"}\n]', "json", 3, None),
        ('{"name": "A"}', "json", 1, None),
        ("name\n", "csv", None, None),
    ],
)
def test_a_bad_roster_names_the_line_and_field_and_adds_nothing(text, fmt, line, field) -> None:
    with pytest.raises(RosterFileError) as error:
        parse_roster(text, fmt, EMPTY, "r." + fmt)
    assert (error.value.line, error.value.field) == (line, field)
    assert str(error.value).startswith("r." + fmt + (f": line {line}" if line else ""))


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=12) | st.text(alphabet="AbZ é-_ 09.ﬁ", max_size=12))
def test_an_id_is_the_name_decomposed_to_ascii_in_lower_case_and_dashed(name) -> None:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    assert slug(name) == re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def test_an_ascii_name_is_its_own_decomposition(monkeypatch) -> None:
    import core.campaign

    class NoDecomposition:
        def normalize(self, form, text):
            raise AssertionError(f"{text!r} decomposed")

    monkeypatch.setattr(core.campaign, "unicodedata", NoDecomposition())
    assert [slug(n) for n in ("Garde 12", "  Sergent--Rouge! ", "x")] == ["garde-12", "sergent-rouge", "x"]


def test_rows_naming_the_same_template_make_it_once(monkeypatch) -> None:
    import saves.roster_file

    made = []

    def counted(fields, extra=()):
        made.append(dict(fields))
        return template_from_fields(fields, extra)

    monkeypatch.setattr(saves.roster_file, "template_from_fields", counted)
    text = "name,corps,count\nGarde,8,2\nGarde,8,1\nGarde,8,\nSergent,7,\nGarde,8,\n"
    action = parse_roster(text, "csv", EMPTY)
    assert [c.name for c in action.characters] == ["Garde 1", "Garde 2", "Garde 3", "Garde 4", "Sergent", "Garde 5"]
    assert {c.characteristics.corps for c in action.characters} == {7, 8}
    assert made == [{"name": "Garde", "corps": "8"}, {"name": "Sergent", "corps": "7"}, {"name": "Garde", "corps": "8"}]


@pytest.mark.parametrize(
    "first, second, field",
    [
        ('"corps": 1', '"corps": true', "corps"),
        ('"mystic": true', '"mystic": 1', "mystic"),
        ('"corps": 8', '"corps": 8.0', "corps"),
    ],
)
def test_a_row_equal_to_the_last_but_for_its_types_is_read_again(first, second, field) -> None:
    """``true == 1`` and ``8.0 == 8`` in Python: a row is not taken for the last one's template
    unless its values are also of the same types, so each is refused as when read alone."""
    text = f'[\n  {{"name": "A", {first}}},\n  {{"name": "A", {second}}}\n]'
    with pytest.raises(RosterFileError) as error:
        parse_roster(text, "json", EMPTY, "r.json")
    assert (error.value.line, error.value.field) == (3, field)


@given(
    st.lists(st.tuples(st.sampled_from(["", " ", "\n", "\n\n  ", "\r\n\t"]), st.booleans()), min_size=1, max_size=6),
    st.data(),
)
def test_a_refused_json_entry_is_named_by_the_line_it_starts_on(spacing, data) -> None:
    """Each entry preceded by some space or newlines (some spread over two lines): the refused
    one, wherever it is, is named by the line of its "{", found only then."""
    bad = data.draw(st.integers(0, len(spacing) - 1))
    text, line = "[", None
    for n, (space, spread) in enumerate(spacing):
        text += ("," if n else "") + space
        if n == bad:
            line = text.count("\n") + 1
        corps = '"huit"' if n == bad else "3"
        text += "{" + '"name": "A",' + ("\n" if spread else " ") + f'"corps": {corps}' + "}"
    with pytest.raises(RosterFileError) as error:
        parse_roster(text + "\n]\n", "json", EMPTY, "r.json")
    assert (error.value.line, error.value.field) == (line, "corps")


def test_an_accepted_json_roster_is_decoded_once(monkeypatch) -> None:
    import json

    decoded = []

    class Counting(json.JSONDecoder):
        def raw_decode(self, s, idx=0):
            decoded.append(idx)
            return super().raw_decode(s, idx)

    monkeypatch.setattr(json, "JSONDecoder", Counting)
    action = parse_roster('[\n  {"name": "A"},\n  {"name": "B", "count": 2}\n]\n', "json", EMPTY)
    assert [c.name for c in action.characters] == ["A", "B 1", "B 2"]
    assert decoded == []  # the lines of the entries are looked for only when one is refused
    with pytest.raises(RosterFileError) as error:
        parse_roster('[\n  {"name": "A"},\n  {"name": "B", "count": 0}\n]\n', "json", EMPTY, "r.json")
    assert (error.value.line, error.value.field) == (3, "count")


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_export_then_import_gives_the_same_roster(fmt) -> None:
    demo = demo_campaign()
    demo = apply(demo, AddMany(copies(attrs.evolve(VETERAN, magic_weapon=True), 2, demo))).campaign
    action = parse_roster(roster_text(demo, fmt), fmt, Campaign(name="Copie"))
    again = apply(Campaign(name="Copie"), action).campaign

    def stat_block(c):
        return (
            c.name,
            c.pc,
            c.characteristics,
            c.trades,
            c.affects,
            c.armour_pieces,
            c.mystic,
            c.notes,
            c.hidden,
            c.shadow_value,
            c.max_hp,
        )

    assert [stat_block(c) for c in again.roster] == [stat_block(c) for c in demo.roster]
    assert [(g.name, g.grade, g.total, g.initiative, g.hidden) for g in again.groups] == [
        (g.name, g.grade, g.total, g.initiative, g.hidden) for g in demo.groups
    ]
    assert roster_text(again, fmt) == roster_text(demo, fmt)


# -- the command line ----------------------------------------------------------------------------


def test_cli_import_then_export_round_trip(saves, tmp_path, capsys) -> None:
    roster = tmp_path / "embuscade.csv"
    roster.write_text(CSV, encoding="utf-8")
    assert main(["new", "Nuit"]) == 0
    assert main(["import", "Nuit", str(roster)]) == 0
    out = capsys.readouterr().out
    assert "5 added: Garde 1, Garde 2, Garde 3, Sergent, Gardes de Villon" in out
    loaded = load_campaign(saves / "nuit.json")
    assert len(loaded.journal.done) == 1  # one action: one undo in the app
    out_json = tmp_path / "out.json"
    assert main(["export", "Nuit", "--roster", "-o", str(out_json)]) == 0
    assert main(["new", "Copie"]) == 0
    assert main(["import", "Copie", str(out_json)]) == 0
    copy = load_campaign(saves / "copie.json").journal.campaign
    assert [c.name for c in copy.roster] == [c.name for c in loaded.journal.campaign.roster]
    capsys.readouterr()
    assert main(["export", "Copie", "--roster"]) == 0
    assert capsys.readouterr().out == roster_text(loaded.journal.campaign, "csv")


def test_cli_import_error_names_line_and_field_and_changes_nothing(saves, tmp_path, capsys) -> None:
    assert main(["new", "Nuit"]) == 0
    before = (saves / "nuit.json").read_bytes()
    bad = tmp_path / "bad.csv"
    bad.write_text("name,corps\nA,3\nB,huit\n")
    capsys.readouterr()
    assert main(["import", "Nuit", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"apotheose import: {bad}: line 3: corps: must be a whole number, got 'huit' (allowed: 0…99)"
    assert (saves / "nuit.json").read_bytes() == before
    assert main(["import", "Nuit", str(tmp_path / "none.csv")]) == 1
    assert "none.csv" in capsys.readouterr().err
    assert main(["import", "Nuit", str(tmp_path / "roster.txt")]) == 1
    assert "unknown format 'txt'" in capsys.readouterr().err
    assert main(["export", "Nuit"]) == 2
    assert "--roster" in capsys.readouterr().err


def test_cli_templates_writes_the_ready_ones_for_the_gm_to_edit(saves, capsys) -> None:
    assert main(["templates"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == str(saves / "templates" / "templates.json")
    assert "  Vétéran: 5/3/5/1 — soldat: épée; medium armour, shield" in out
    assert load_library(Path(out[0])) == BUILT_IN


def test_cli_import_refuses_a_campaign_open_elsewhere(saves, tmp_path, capsys) -> None:
    from saves.lock import CampaignLock

    assert main(["new", "Nuit"]) == 0
    roster = tmp_path / "r.csv"
    roster.write_text(CSV, encoding="utf-8")
    with CampaignLock(saves / "nuit.json"):
        assert main(["import", "Nuit", str(roster)]) == 1
    assert "nuit.json" in capsys.readouterr().err
