"""``apotheose calc spell … --save NAME --campaign C`` and ``calc spell --book C [NAME]``: a spell
saved then priced as its system's own command prices it, the list, unknown names with the
closest ones, bad flags, the campaign's lock, a hand-edited book; and the property that the
command line and the book agree on any spell's inputs."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import orjson
import pytest
from hypothesis import given, settings

from core.campaign import Campaign
from core.demo import demo_campaign
from core.house_rules import HouseRules
from core.journal import Journal
from core.spellbook.apotheose import ApotheoseInputs
from core.spellbook.book import BookCaster
from core.spellbook.d6 import PsionicInputs
from core.spellbook.mage import MageCaster, Sphere
from core.spellbook.poles import PolesCaster
from core.spellbook.seeds import built_in
from saves.lock import CampaignLock
from saves.players_file import players_path
from saves.store import create_campaign, load_campaign, save_campaign
from tests.cli.test_calc import calc
from tests.present import as_a, present
from tests.rules.test_spellbook import any_inputs, house_rules
from tui.cli.calc_book import inputs_of, system_of, words_of
from tui.cli.calc_commands import commands
from tui.cli.calc_parser import command_key, normalise, parser


@pytest.fixture
def saves(tmp_path, monkeypatch) -> Path:
    """A saves folder with the demo campaign ``villon``."""
    folder = tmp_path / "saves"
    monkeypatch.setenv("APOTHEOSE_SAVES", str(folder))
    create_campaign(folder / "villon.json", demo_campaign("Villon"))
    return folder


def ok(*argv: str) -> str:
    code, out, err = calc(*argv)
    assert (code, err) == (0, ""), err
    return out


def as_json(*argv: str) -> dict:
    return json.loads(ok(*argv, "--json"))


def refused(*argv: str, status: int = 2) -> str:
    code, out, err = calc(*argv)
    assert (code, out) == (status, ""), (code, out, err)
    assert err.count("\n") == 1 and err.startswith("apotheose calc: ")
    return err.strip()


def book_of(saves: Path, name: str = "villon") -> Campaign:
    return load_campaign(saves / f"{name}.json").journal.campaign


D6_WORDS = ("spell", "d6", "--effect", "3D", "--kind", "damage", "--range", "room", "--concentration", "very_busy_public_place=10",
            "--duration-rounds", "4", "--preparation-rounds", "1", "--gestures", "none", "--aspect", "speed=2", "ma règle=-3")  # fmt: skip


# -- save, then price ---------------------------------------------------------------------------------


def test_save_then_price_gives_the_systems_own_answer_and_json(saves) -> None:
    direct = as_json(*D6_WORDS)
    saved = as_json(*D6_WORDS, "--save", "Éclair [rouge]", "--campaign", "villon")
    assert saved.pop("saved") == {"campaign": "Villon", "name": "Éclair [rouge]", "system": "d6", "replaced": False}
    assert saved.pop("breakdown")[-1] == "Spell book: 'Éclair [rouge]' (Système D6) saved"
    assert saved == {k: v for k, v in direct.items() if k != "breakdown"}
    book = as_json("spell", "--book", "villon", "éclair [ROUGE]")
    assert book.pop("book") == {
        "name": "Éclair [rouge]",
        "system": "d6",
        "built_in": False,
        "example": None,
        "printed": None,
    }
    assert book == direct
    assert ok("spell", "--book", "villon", "Éclair [rouge]") == ok(*D6_WORDS)
    journal = load_campaign(saves / "villon.json").journal
    assert [type(e.action).__name__ for e in journal.done] == ["SaveSpell"]  # one action: undo in the app takes it back
    assert journal.undo().campaign.book.spells == ()
    players = players_path(saves / "villon.json").read_text(encoding="utf-8")  # written with the save, as always
    assert (
        "Villon" in players and "clair" not in players and "Spell book" not in players
    )  # the GM's book: never the players'


@pytest.mark.parametrize(
    "words",
    [
        ("spell", "apotheose", "--intensity", "5", "--targets", "3", "--range", "1"),
        ("spell", "mage", "--sphere", "3", "--arete", "3", "--targets", "10", "--duration", "month", "--connection", "met",
         "--difficulty", "6", "--quintessence", "2", "--avatar", "2", "--assistants", "1,3", "--vulgar", "--sleepers"),
        ("spell", "mage", "--rote", "--attribute", "3", "--ability", "2", "--sphere", "2", "--needed", "1", "--radius", "20"),
        ("spell", "poles", "--level", "3", "--tradition", "profane", "--slot", "--technique", "quicken", "silent:nofeat",
         "--enhance", "range=2,dispel=1", "--caster-level", "5", "--mod", "-1"),
        ("spell", "poles", "--level", "2", "--tradition", "divine", "--counter", "--other-class", "--spent", "3"),
        ("spell", "poles", "--level", "1", "--tradition", "illusion", "--lies", "2", "--hold", "3", "--uncovered", "1"),
        ("spell", "d6", "--effect-value", "1", "--aspect", "duration=21", "casting=-4", "--gestures", "large", "--unskilled", "--magic-level", "-3"),
        ("d6-psionic", "--power", "medium", "--assassinated", "--years-dead", "11", "--range", "room", "--duration-rounds", "3"),
        ("d6-psionic", "--power", "healing", "--wound", "wounded"),
        ("d6-psionic", "--power", "psychometry", "--depth", "general", "--familiarity", "known_well"),
        ("d6-psionic", "--power", "Médium", "--range", "Courte (même pièce)", "--willingness", "neutre"),
        ("spell", "d6", "--effect", "2D+1", "--kind", "Dégâts", "--concentration", "un lieu public très fréquenté=12"),
    ],
    ids=["apotheose", "mage", "mage-rote", "poles", "poles-counter", "poles-illusion", "d6-value", "medium", "healing", "psychometry",
         "french-labels", "french-d6"],
)  # fmt: skip
def test_every_system_saved_from_the_shell_prices_from_the_book_as_its_own_command(saves, words) -> None:
    direct = as_json(*words)
    as_json(*words, "--save", "Mon sort", "--campaign", "villon")
    book = as_json("spell", "--book", "villon", "mon sort")
    assert book.pop("book")["built_in"] is False
    assert book == direct


def test_a_row_or_a_power_typed_by_its_label_is_kept_by_its_name(saves) -> None:
    ok("d6-psionic", "--power", "Médium", "--range", "Courte (même pièce)", "--save", "X", "--campaign", "villon")
    (spell,) = book_of(saves).book.spells
    inputs = as_a(PsionicInputs, spell.inputs)
    assert (inputs.power, inputs.aspects[0].row) == ("medium", "room")


def test_calc_spell_book_soin_prices_the_d6_sources_soin(saves) -> None:
    data = as_json("spell", "--book", "villon", "Soin")
    assert (data["difficulty"], data["total"], data["system"]) == (5, 10, "d6")
    assert data["book"] == {"name": "Soin", "system": "d6", "built_in": True, "example": "D2", "printed": None}
    assert (
        ok("spell", "--book", "villon", "soin").splitlines()[-1] == "difficulty = ceil(10 / 2) = 5 (house rule: halved)"
    )


def test_a_seed_whose_source_prints_another_figure_says_so_beside_the_tools(saves) -> None:
    out = ok("spell", "--book", "villon", "Balle mortelle").splitlines()
    assert out[-2] == "difficulty = ceil(21 / 2) = 11 (house rule: halved)"
    assert out[-1].startswith("the source prints difficulty 15: ")
    data = as_json("spell", "--book", "villon", "contre-sort", "--lang", "fr")
    assert data["difficulty"] == 21 and data["book"]["printed"].startswith("la source imprime une difficulté de 19")


def test_the_book_prices_under_the_campaigns_house_rules_of_the_day(saves) -> None:
    path = saves / "villon.json"
    as_json(
        "spell",
        "mage",
        "--sphere",
        "3",
        "--arete",
        "3",
        "--targets",
        "10",
        "--duration",
        "month",
        "--save",
        "Scope",
        "--campaign",
        "villon",
    )
    assert as_json("spell", "--book", "villon", "Scope")["successes_needed"] == 7
    journal = load_campaign(path).journal
    changed = attrs.evolve(journal.campaign, rules=HouseRules(d6_halve=False, mage_scope_separate=False))
    from saves.store import save_campaign

    with CampaignLock(path):
        save_campaign(path, Journal.start(changed))
    assert as_json("spell", "--book", "villon", "Scope")["successes_needed"] == 4
    assert as_json("spell", "--book", "villon", "Soin")["difficulty"] == 10
    soin = words_of(present(built_in("d6", "Soin")).spell.inputs)
    assert as_json("spell", "--book", "villon", "Soin") == {
        **as_json(*soin, "--no-halve"),
        "book": as_json("spell", "--book", "villon", "Soin")["book"],
    }
    err = refused("spell", "d6", "--effect", "3D", "--save", "X", "--campaign", "villon")
    assert err == ("apotheose calc: --no-halve: the campaign's house rule d6_halve is off, and its book prices with it: "
                   "give the flag exactly when the campaign has the rule that way")  # fmt: skip
    ok("spell", "d6", "--effect", "3D", "--no-halve", "--save", "X", "--campaign", "villon")


def test_the_book_prices_an_illusion_at_the_campaigns_hold_rate(saves) -> None:
    """Seed 002 l.7: illusion transposes the mana rules « dans [sa] propre monnaie »; the rate is
    the campaign's house rule poles_illusion_hold_rate, and ``--book`` prices with it."""
    path = saves / "villon.json"
    ok("spell", "poles", "--level", "4", "--tradition", "illusion", "--save", "Voile", "--campaign", "villon")
    assert as_json("spell", "--book", "villon", "Voile")["cost"] == 5  # 9 mana at 2 a point
    journal = load_campaign(path).journal
    with CampaignLock(path):
        save_campaign(path, Journal.start(attrs.evolve(journal.campaign, rules=HouseRules(poles_illusion_hold_rate=3))))
    priced = as_json("spell", "--book", "villon", "Voile")
    assert (priced["cost"], priced["hold_rate"]) == (3, 3)
    err = refused(
        "spell",
        "poles",
        "--level",
        "1",
        "--tradition",
        "illusion",
        "--hold-rate",
        "2",
        "--save",
        "X",
        "--campaign",
        "villon",
    )
    assert err.startswith("apotheose calc: --hold-rate: the campaign's house rule poles_illusion_hold_rate is 3")


# -- the list ------------------------------------------------------------------------------------------


def test_the_list_shows_the_campaigns_spells_first_then_the_built_in_ones_and_the_casters(saves) -> None:
    path = saves / "villon.json"
    ok("spell", "d6", "--effect", "2D", "--save", "[bold]Étincelle[/]", "--campaign", "villon")
    from core.actions import SaveCaster
    from saves.store import save_campaign

    with CampaignLock(path):
        journal = load_campaign(path).journal
        journal, _ = journal.record(SaveCaster(BookCaster("Dante", MageCaster(3, 2, 5, (Sphere("Forces", 3),)))))
        journal, _ = journal.record(
            SaveCaster(BookCaster("Elric", PolesCaster(5, 3, "profane", blood_limit=4, blood_pool=20)))
        )
        save_campaign(path, journal)
    lines = ok("spell", "--book", "villon").splitlines()
    assert lines[0] == "Villon: 1 spell of its own, 38 built in, 2 casters"
    d6 = [line for line in lines if line.startswith("  d6 ")]
    assert d6[0] == "  d6         [bold]Étincelle[/] — difficulty 3"  # shown as typed: data, never markup
    assert d6[1] == "  d6         Soin — difficulty 5 (built in, D2)"
    assert "  d6         Balle mortelle — difficulty 11 (built in; the source prints another figure)" in d6
    assert lines[-3:] == [
        "casters:",
        "  mage       Dante — arete 3, avatar 2, willpower 5; spheres: Forces 3",
        "  poles      Elric — caster level 5, modifier +3, profane; blood mana: limit 4, pool 20",
    ]
    data = as_json("spell", "--book", "villon", "--system", "poles")
    assert [s["name"] for s in data["spells"]][:1] == ["Sort improvisé de niveau 3 (profane)"]
    assert {s["system"] for s in data["spells"]} == {"poles"}
    assert data["casters"] == [{"name": "Elric", "system": "poles", "caster_level": 5, "mod": 3, "tradition": "profane",
                                "blood_limit": 4, "blood_pool": 20, "intelligence": None}]  # fmt: skip
    french = ok("spell", "--book", "villon", "--lang", "fr").splitlines()
    assert french[0] == "Villon : 1 sort à elle, 38 intégrés, 2 lanceurs"
    assert "  d6         Soin — difficulté 5 (intégré, D2)" in french


def test_a_control_character_read_from_the_file_is_shown_escaped_never_obeyed(saves) -> None:
    path = saves / "villon.json"
    payload = orjson.loads(path.read_bytes())
    for campaign in (payload["campaign"], payload["history"]["base"]):
        campaign["book"]["spells"] = [{"name": "Piège", "note": "a\x1b[2Jb", "inputs": {"system": "apotheose", "intensity": 3,
                                       "duration": 0, "range": 0, "targets": 0}}]  # fmt: skip
    path.write_bytes(orjson.dumps(payload))
    refused("spell", "--book", "villon", status=1)  # a save refuses it, naming the field
    assert "$.campaign.book.spells[0].note" in refused("spell", "--book", "villon", "Soin", status=1)


# -- casters ---------------------------------------------------------------------------------------------


def test_a_spell_of_the_book_cast_by_a_roster_character_or_a_remembered_caster(saves) -> None:
    path = saves / "villon.json"
    data = as_json("spell", "--book", "villon", "Torches humaines", "--caster", "Alduin")
    assert (data["total"], data["max_intensity"], data["shadow_needed"], data["affordable"]) == (8, 5, 2, True)
    from core.actions import SaveCaster
    from saves.store import save_campaign

    with CampaignLock(path):
        journal = load_campaign(path).journal
        journal, _ = journal.record(SaveCaster(BookCaster("Dante", MageCaster(5, avatar=1))))
        journal, _ = journal.record(SaveCaster(BookCaster("Elric", PolesCaster(7, 4, "divine"))))
        save_campaign(path, journal)
    mage = as_json("spell", "--book", "villon", "Cinq points de Quintessence, Avatar 4", "--caster", "dante")
    assert (mage["pool"], mage["quintessence_dice"]) == (5 + 2, 1)  # arete 5, avatar 1: one point a turn
    poles = as_json("spell", "--book", "villon", "Sort de niveau 3, Intelligence +4", "--caster", "Elric")
    assert (poles["save_dc"], poles["tradition"], poles["cost"]) == (10 + 3 + 4, "divine", 3)
    assert refused("spell", "--book", "villon", "Soin", "--caster", "Dante") == (
        "apotheose calc: --caster: a Système D6 spell has no remembered casters"
    )
    assert "no mage caster named 'Merlin'" in refused(
        "spell", "--book", "villon", "Rituel, Entéléchie 3 et Volonté 5", "--caster", "Merlin"
    )
    assert "no character 'Gandalf' in the roster (its mystics: Alduin)" in refused(
        "spell", "--book", "villon", "Torches humaines", "--caster", "Gandalf"
    )


# -- unknown names, bad flags, the lock, a bad file --------------------------------------------------------


def test_an_unknown_name_is_one_line_naming_the_closest_entries(saves) -> None:
    assert refused("spell", "--book", "villon", "Soinz") == (
        "apotheose calc: NAME: no spell named 'Soinz' in the book; the closest: 'Soin' (d6) (apotheose calc spell --book villon lists them)"
    )
    err = refused("spell", "--book", "villon", "Psychometrie")
    assert "'Psychométrie (impressions)' (d6-psionic)" in err
    assert "the closest" not in refused("spell", "--book", "villon", "qwxz")
    assert "no Mage spell named 'Soin'" in refused("spell", "--book", "villon", "Soin", "--system", "mage")


def test_two_spells_of_one_name_ask_for_the_system(saves) -> None:
    ok("spell", "apotheose", "--intensity", "2", "--save", "Protection", "--campaign", "villon")
    err = refused("spell", "--book", "villon", "protection")
    assert err == ("apotheose calc: NAME: 2 spells are named 'protection' (apotheose, d6-psionic): say which with --system "
                   "(apotheose calc spell --book villon lists them)")  # fmt: skip
    assert as_json("spell", "--book", "villon", "protection", "--system", "d6-psionic")["difficulty"] == 10
    assert as_json("spell", "--book", "villon", "protection", "--system", "apotheose")["total"] == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("spell", "d6", "--effect", "3D", "--save", "X"), "--campaign: required with --save: the campaign whose book keeps the spell"),
        (("spell", "d6", "--effect", "3D", "--campaign", "villon"), "--campaign: goes with --save NAME"),
        (("spell", "d6", "--effect", "3D", "--replace"), "--replace: goes with --save NAME"),
        (("spell", "d6", "--effect", "3D", "--save", "Soin", "--campaign", "villon"),
         "--save: 'Soin' is a built-in Système D6 spell: choose another name"),
        (("spell", "d6", "--effect", "3D", "--save", "x\x1b[31m", "--campaign", "villon"),
         "--save: cannot hold the control character U+001B ('x\\\\x1b[31m')"),
        (("spell", "d6", "--effect", "3D", "--save", "x" * 61, "--campaign", "villon"), "--save: must be 1 to 60 characters long, got 61"),
        (("spell", "d6", "--effect", "3D", "--save", "  ", "--campaign", "villon"), "--save: must be 1 to 60 characters long, got 0"),
        (("spell", "apotheose", "--intensity", "3", "--ame", "4", "--save", "X", "--campaign", "villon"),
         "--ame: the caster's, not the spell's: the book keeps the spell (price it with --book … --caster WHO)"),
        (("spell", "mage", "--sphere", "2", "--arete", "2", "--scope-combined", "--save", "X", "--campaign", "villon"),
         "--scope-combined: the campaign's house rule mage_scope_separate is on"),
        (("spell", "d6", "--effect", "3D", "--sav", "X"), "--sav: not an option of this command (see --help)"),
        (("spell", "--book", "villon", "--save", "X"), "--save: not an option of this command (see --help)"),
        (("spell", "--book", "villon", "--caster", "Alduin"), "--caster: goes with a spell's NAME"),
        (("spell", "--book", "villon", "Soin", "--system", "gurps"), "--system: unknown value 'gurps'"),
        (("spell", "--book"), "--book: expected one argument"),
        (("d6-skill", "--usual-cost", "3", "--save", "X"), "--save: not an option of this command (see --help)"),
    ],
)  # fmt: skip
def test_bad_flags_are_one_line_and_change_nothing(saves, argv, message) -> None:
    before = (saves / "villon.json").read_bytes()
    assert message in refused(*argv)
    assert (saves / "villon.json").read_bytes() == before


def test_saving_again_under_a_name_asks_for_replace(saves) -> None:
    ok("spell", "apotheose", "--intensity", "3", "--save", "Flamme", "--campaign", "villon")
    assert refused("spell", "apotheose", "--intensity", "4", "--save", "FLAMME", "--campaign", "villon") == (
        "apotheose calc: --save: Villon's book already has an Apothéose spell named 'FLAMME': --replace replaces it"
    )
    data = as_json("spell", "apotheose", "--intensity", "4", "--save", "FLAMME", "--campaign", "villon", "--replace")
    assert data["saved"]["replaced"] is True
    (spell,) = book_of(saves).book.spells
    assert (spell.name, as_a(ApotheoseInputs, spell.inputs).intensity) == ("FLAMME", 4)


def test_saving_is_refused_while_the_gm_app_holds_the_campaign(saves) -> None:
    path = saves / "villon.json"
    before = path.read_bytes()
    with CampaignLock(path):  # what the GM app holds while the campaign is open
        err = refused("spell", "d6", "--effect", "3D", "--save", "X", "--campaign", "villon", status=1)
        assert err.startswith(f"apotheose calc: {path}: is open by ")
        assert err.endswith("close it there to save into its book from here")
        assert as_json("spell", "--book", "villon", "Soin")["difficulty"] == 5  # reading needs no lock
    assert path.read_bytes() == before


def test_a_book_entry_for_an_unknown_system_is_one_line_naming_its_field_and_nothing_is_written(saves) -> None:
    path = saves / "villon.json"
    ok("spell", "d6", "--effect", "3D", "--save", "X", "--campaign", "villon")
    payload = orjson.loads(path.read_bytes())
    payload["campaign"]["book"]["spells"][0]["inputs"]["system"] = "gurps"
    path.write_bytes(orjson.dumps(payload))
    before = path.read_bytes()
    err = refused("spell", "--book", "villon", "X", status=1)
    assert err == (f"apotheose calc: {path}: $.campaign.book.spells[0].inputs.system: "
                   f"unknown system 'gurps' (allowed: apotheose, mage, poles, d6, d6-psionic); the newest backup that loads is {path}.1")  # fmt: skip
    assert "$.campaign.book.spells[0].inputs.system" in refused(
        "spell", "d6", "--effect", "2D", "--save", "Y", "--campaign", "villon", status=1
    )
    assert path.read_bytes() == before


def test_a_hand_edited_out_of_range_value_is_named_by_its_path(saves) -> None:
    path = saves / "villon.json"
    ok("spell", "mage", "--sphere", "3", "--arete", "3", "--save", "X", "--campaign", "villon")
    payload = orjson.loads(path.read_bytes())
    payload["campaign"]["book"]["spells"][0]["inputs"]["effect"]["arete"] = 15
    path.write_bytes(orjson.dumps(payload))
    assert refused("spell", "--book", "villon", status=1) == (
        f"apotheose calc: {path}: $.campaign.book.spells[0].inputs.effect.arete: must be between 1 and 10, got 15 (allowed: 1…10); "
        f"the newest backup that loads is {path}.1"
    )


def test_a_missing_campaign_is_one_line(saves) -> None:
    assert refused("spell", "--book", "nowhere", status=1).endswith("nowhere.json: no such file")


def test_calc_spell_without_book_still_means_apotheose() -> None:
    assert normalise(["spell", "--intensity", "3"]) == ["spell", "apotheose", "--intensity", "3"]
    assert normalise(["spell", "--json", "--book", "c"]) == ["spell", "book", "--json", "--book", "c"]
    assert normalise(["spell", "--book=c", "Soin"]) == ["spell", "book", "--book=c", "Soin"]
    assert normalise(["spell", "d6", "--book", "c"]) == ["spell", "d6", "--book", "c"]


# -- the property: the command line and the book read a spell's inputs alike ------------------------------


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@given(any_inputs, house_rules)
def test_a_spells_inputs_go_through_the_command_line_and_back_unchanged_and_price_alike(inputs, rules) -> None:
    words = words_of(inputs)
    args = parser().parse_args(normalise(words))
    assert inputs_of(system_of(args), args) == inputs
    flags = {"d6": ["--no-halve"] * (not rules.d6_halve),
             "mage": ["--scope-combined"] * (not rules.mage_scope_separate) + ["--ones-dont-cancel"] * (not rules.mage_ones_cancel)
             }.get(inputs.SYSTEM, [])  # fmt: skip
    if inputs.SYSTEM == "poles" and inputs.request.tradition == "illusion":
        flags = [f"--hold-rate={rules.poles_illusion_hold_rate}"]
    args = parser().parse_args(normalise([*words, *flags]))
    answer = commands()[command_key(args)](args)
    assert answer.breakdown == inputs.price(rules).breakdown


def test_save_with_caster_keeps_whose_spell_it_is(saves) -> None:
    ok("spell", "apotheose", "--intensity", "5", "--save", "Trait", "--campaign", "villon", "--caster", "Alduin")
    ok("spell", "mage", "--sphere", "2", "--arete", "3", "--save", "Vent", "--campaign", "villon", "--caster", "alduin")
    book = book_of(saves).book
    assert (present(book.spell("apotheose", "Trait")).caster, present(book.spell("mage", "Vent")).caster) == (
        "alduin",
        "Alduin",
    )
    assert "no character 'Merlin' in the roster" in refused(
        "spell", "apotheose", "--intensity", "5", "--save", "X", "--campaign", "villon", "--caster", "Merlin"
    )
    assert (
        refused("spell", "apotheose", "--intensity", "5", "--caster", "Alduin")
        == "apotheose calc: --caster: goes with --save NAME"
    )
    assert [s.name for s in book_of(saves).book.spells] == ["Trait", "Vent"]
