"""The spell book in core and in the save: names, actions and undo, casters, re-pricing under the
house rules, the format (golden file, a hand-edited book's errors by JSON path), and the property
that a saved spell re-prices to what the calculator gives for the same inputs."""

from __future__ import annotations

import copy
from pathlib import Path

import attrs
import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.actions import RemoveCaster, RemoveSpell, RenameSpell, SaveCaster, SaveSpell
from core.d6.psionics import MediumContact, psionic_difficulty
from core.d6.scales import PSIONIC_SCALES, SPELL_SCALES, Depth, Power, Wound
from core.d6.spell import duration, duration_hours, effect_value, free, from_row, spell_difficulty, typed_effect
from core.demo import demo_campaign
from core.errors import RulesError
from core.house_rules import HouseRules
from core.journal import Journal
from core.mage import Connection, Duration, MageEffect, mage_spell
from core.magic import spell_cost
from core.player_view import player_view
from core.poles import Applied, Counter, Enhancements, PolesRequest, Technique, Tradition, poles_spell
from core.spellbook.apotheose import ApotheoseInputs
from core.spellbook.book import NAME_LENGTH, BookCaster, BookSpell, SpellBook
from core.spellbook.d6 import D6Aspect, D6Inputs, PsionicInputs
from core.spellbook.mage import MageCaster, MageInputs, Sphere
from core.spellbook.poles import PolesCaster, PolesInputs
from saves.errors import BadFieldError
from saves.format import CONVERTER, SaveFile, detailed_converter, encode, read_journal
from tests.golden import reworded
from tests.golden.make_campaign_v5 import golden_book, golden_journal
from tests.present import as_a, present

GOLDEN = Path(__file__).parents[1] / "golden"
PATH = Path("/campagnes/villon.json")
FIREBALL = BookSpell("Boule de feu", ApotheoseInputs(5, targets=3))
DANTE = BookCaster("Dante", MageCaster(3, avatar=2, willpower=5, spheres=(Sphere("Forces", 3), Sphere("Prime", 2))))


def record(*actions, campaign=None) -> Journal:
    journal = Journal.start(campaign or demo_campaign())
    for action in actions:
        journal, _ = journal.record(action)
    return journal


def refused(action, journal: Journal | None = None) -> RulesError:
    with pytest.raises(RulesError) as caught:
        (journal or record()).record(action)
    return caught.value


# -- names ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "field", "words"),
    [
        ("Bou\x1b[31mle", "name", "control character U+001B"),
        ("Boule\nde feu", "name", "control character U+000A"),
        ("   ", "name", "must be 1 to 60 characters long, got 0"),
        ("x" * 61, "name", "must be 1 to 60 characters long, got 61"),
        ("\u202eeuqirtcele", "name", "control character U+202E"),
    ],
)
def test_a_name_with_a_control_character_or_past_its_length_is_refused_naming_the_field(name, field, words) -> None:
    with pytest.raises(RulesError) as caught:
        BookSpell(name, ApotheoseInputs(1))
    assert caught.value.field == field and words in caught.value.reason
    assert NAME_LENGTH.maximum == 60


def test_a_name_is_trimmed_and_may_hold_brackets_and_accents() -> None:
    spell = BookSpell("  [Éclair] de *Zeus*  ", ApotheoseInputs(1))
    assert spell.name == "[Éclair] de *Zeus*"
    assert BookSpell("x" * 60, ApotheoseInputs(1)).name == "x" * 60


def test_names_are_unique_per_system_case_aside_and_two_systems_may_share_one() -> None:
    journal = record(SaveSpell(FIREBALL), SaveSpell(BookSpell("Boule de feu", D6Inputs(effect="3D", kind="damage"))))
    assert [s.system for s in journal.campaign.book.spells] == ["apotheose", "d6"]
    error = refused(SaveSpell(BookSpell("BOULE DE FEU ", ApotheoseInputs(2))), journal)
    assert error.field == "name" and "already has an Apothéose spell named 'Boule de feu'" in error.reason


def test_a_built_in_name_of_the_same_system_is_refused_but_free_in_another() -> None:
    error = refused(SaveSpell(BookSpell("soin", D6Inputs(effect="3D"))))
    assert (error.field, error.reason) == ("name", "'Soin' is a built-in Système D6 spell: choose another name")
    assert record(SaveSpell(BookSpell("Soin", ApotheoseInputs(3)))).campaign.book.spell("apotheose", "SOIN") is not None


# -- the actions, undo, the log ------------------------------------------------------------------


def test_save_rename_remove_a_spell_each_one_action_undone_one_at_a_time() -> None:
    journal = record(
        SaveSpell(FIREBALL),
        SaveSpell(attrs.evolve(FIREBALL, inputs=ApotheoseInputs(6, targets=3)), replace=True),
        RenameSpell("apotheose", "boule de feu", "Pyrotechnie"),
        RemoveSpell("apotheose", "Pyrotechnie"),
    )
    assert journal.campaign.book == SpellBook()
    states = [journal.undo().campaign.book.spells]
    states.append(journal.undo().undo().campaign.book.spells)
    states.append(journal.undo().undo().undo().campaign.book.spells)
    assert states[0][0].name == "Pyrotechnie" and as_a(ApotheoseInputs, states[0][0].inputs).intensity == 6
    assert states[1][0].name == "Boule de feu" and as_a(ApotheoseInputs, states[1][0].inputs).intensity == 6
    assert states[2] == (FIREBALL,)
    assert [line.line.en for line in journal.log] == [
        "Spell book: 'Boule de feu' (Apothéose) saved",
        "Spell book: 'Boule de feu' (Apothéose) replaced",
        "Spell book: 'Boule de feu' (Apothéose) renamed 'Pyrotechnie'",
        "Spell book: 'Pyrotechnie' (Apothéose) removed",
    ]
    assert not any(line.players for line in journal.log)  # the GM's book: never the players'


def test_the_book_never_reaches_the_players() -> None:
    journal = record(SaveSpell(BookSpell("Secret de Villon", ApotheoseInputs(5))), SaveCaster(DANTE))
    shown = repr(player_view(journal.campaign))
    assert "Secret de Villon" not in shown and "Dante" not in shown


def test_renaming_and_removing_refuse_what_is_not_the_campaigns_own() -> None:
    journal = record(SaveSpell(FIREBALL), SaveSpell(BookSpell("Pluie", ApotheoseInputs(2))))
    assert "is a built-in Système D6 spell" in refused(RemoveSpell("d6", "Soin"), journal).reason
    assert "is a built-in Système D6 spell" in refused(RenameSpell("d6", "Soin", "Soin 2"), journal).reason
    missing = refused(RemoveSpell("apotheose", "Boule"), journal)
    assert missing.field == "name" and missing.allowed == "Boule de feu, Pluie"
    assert refused(RenameSpell("apotheose", "Pluie", "boule de feu"), journal).field == "to"
    assert refused(RenameSpell("apotheose", "Pluie", "x\x07"), journal).field == "to"
    assert refused(RemoveSpell("gurps", "Pluie"), journal).field == "system"
    renamed = journal.record(RenameSpell("apotheose", "boule de feu", "Boule De Feu"))[0]  # its own name, another case
    assert renamed.campaign.book.spells[0].name == "Boule De Feu"


def test_casters_are_remembered_replaced_and_forgotten() -> None:
    elric = BookCaster("Elric", PolesCaster(5, 3, "profane", blood_limit=4, blood_pool=20))
    journal = record(SaveCaster(DANTE), SaveCaster(elric))
    assert journal.campaign.book.casters == (DANTE, elric)
    assert refused(SaveCaster(DANTE), journal).field == "name"
    older = attrs.evolve(DANTE, inputs=attrs.evolve(as_a(MageCaster, DANTE.inputs), arete=4))
    journal, outcome = journal.record(SaveCaster(older, replace=True))
    assert (
        as_a(MageCaster, present(journal.campaign.book.caster("mage", "dante")).inputs).arete == 4
        and outcome.lines[0].en == "Casters: 'Dante' (Mage) replaced"
    )
    journal, _ = journal.record(RemoveCaster("poles", "ELRIC"))
    assert journal.campaign.book.casters == (older,)
    assert refused(RemoveCaster("d6", "Elric"), journal).field == "system"
    assert refused(RemoveCaster("poles", "Elric"), journal).field == "name"
    assert journal.undo().campaign.book.casters == (older, elric)


def test_a_mage_caster_fills_arete_avatar_its_sphere_and_a_rituals_willpower() -> None:
    caster = as_a(MageCaster, DANTE.inputs)
    effect = MageEffect(sphere=1, arete=1, targets=2)
    filled = caster.fill(effect, "forces")
    assert (filled.arete, filled.avatar, filled.sphere, filled.willpower, filled.targets) == (3, 2, 3, None, 2)
    ritual = caster.fill(attrs.evolve(effect, willpower=1), "Entropie")  # a Sphere it has not: its level stays
    assert (ritual.sphere, ritual.willpower) == (1, 5)
    assert MageInputs(effect).cast_by(caster).effect == caster.fill(effect)
    with pytest.raises(RulesError) as caught:
        Sphere("Forces", 11)
    assert caught.value.field == "level"
    with pytest.raises(RulesError) as caught:
        MageCaster(3, spheres=(Sphere("Forces", 3), Sphere("forces", 2)))
    assert caught.value.field == "spheres[1].name"


def test_a_poles_spell_the_calculator_refuses_is_refused_when_kept() -> None:
    with pytest.raises(RulesError) as caught:
        PolesInputs(PolesRequest(3, "profane", damage=True, enhance=Enhancements(dice=2)))
    assert caught.value.field == "caster_level"
    with pytest.raises(RulesError) as caught:
        PolesInputs(PolesRequest(3, "profane"), lies=2, hold=3)
    assert (caught.value.field, caught.value.reason) == ("hold", "only for an illusion")
    with pytest.raises(RulesError) as caught:
        PolesInputs(PolesRequest(3, "illusion"), uncovered=1)
    assert caught.value.field == "lies"


def test_a_poles_caster_fills_level_modifier_tradition_and_prices_its_blood_mana() -> None:
    caster = PolesCaster(5, 3, "divine", blood_limit=10, blood_pool=30)
    spell = PolesInputs(PolesRequest(2, "profane")).cast_by(caster)
    assert (spell.request.caster_level, spell.request.mod, spell.request.tradition) == (5, 3, Tradition.divine)
    assert spell.price(HouseRules()).result.save_dc == 15
    blood = caster.blood(24, 62)  # P8's figures, with the caster's limit and pool
    assert (blood.past_limit, str(blood.backlash)) == (14, "staggered")
    with pytest.raises(RulesError) as caught:
        PolesCaster(5, 3, "profane").blood(3)
    assert caught.value.field == "blood_limit"
    with pytest.raises(RulesError):
        D6Inputs(effect="3D").cast_by(caster)


# -- the rules of the day ---------------------------------------------------------------------------


def test_a_spell_is_repriced_when_a_house_rule_switches_under_it() -> None:
    soin = D6Inputs(
        effect="5D+2",
        aspects=(D6Aspect("duration", value=1), D6Aspect("casting time", value=-4), D6Aspect("contact", value=-3)),
    )
    assert soin.price(HouseRules()).figure.en == "difficulty 5"
    assert soin.price(HouseRules(d6_halve=False)).figure.en == "difficulty 10"
    scope = MageInputs(MageEffect(sphere=3, arete=3, targets=10, duration="month"))
    assert scope.price(HouseRules()).result.successes_needed == 7  # 1 + 3 + 3
    assert scope.price(HouseRules(mage_scope_separate=False)).result.successes_needed == 4  # 1 + the highest row
    journal = record(SaveSpell(BookSpell("Soin maison", soin)))
    halved_off = attrs.evolve(journal.campaign, rules=HouseRules(d6_halve=False))
    assert halved_off.book.spells[0].price(halved_off.rules).figure.en == "difficulty 10"


def test_an_apotheose_spell_is_priced_for_a_roster_caster() -> None:
    alduin = demo_campaign().character("alduin")
    priced = ApotheoseInputs(5, targets=3).price(HouseRules(), alduin)
    assert (priced.result.total, priced.result.max_intensity, priced.result.shadow_needed) == (8, alduin_max(alduin), 2)
    poor = ApotheoseInputs(15).price(HouseRules(), attrs.evolve(alduin, pm=3))
    assert not poor.possible


def alduin_max(alduin) -> int:
    return -(-(alduin.characteristics.ame + 5) // 2)


# -- the save format -----------------------------------------------------------------------------


def test_golden_v5_holds_the_book_and_every_older_file_opens_with_an_empty_one() -> None:
    loaded = read_journal(reworded((GOLDEN / "campaign_v5.json").read_bytes()), PATH, replay=True)
    assert loaded.note is None and loaded.journal == golden_journal()
    assert loaded.journal.campaign.book == golden_book() == loaded.journal.base.book
    for version in (1, 2, 3, 4):
        old = read_journal((GOLDEN / f"campaign_v{version}.json").read_bytes(), PATH, replay=True).journal
        assert old.campaign.book == SpellBook() == old.base.book


def test_every_spell_of_the_golden_book_prices() -> None:
    figures = [spell.price(HouseRules()).figure.en for spell in golden_book().spells]
    assert figures == [
        "9 pm: very strong effect, major spell",
        "2 successes on 6 dice, 72% at difficulty 6",  # sphere 3 for a level-2 effect: radius 5 m (+2), 1 free
        "4 mana, a swift action",  # 5 × 4/3 × 4/3 − 5 = 35/9 → 4
        "2 hold, 2 segments; 2 lies of 3 hold",  # level 1: 3 mana at 2 a point of hold (seed 002 l.7)
        "difficulty 15",  # 10 + 5 + 2 + 10 + 2 = 29 → 15
        "difficulty 22",
    ]


def book_payload() -> dict:
    return orjson.loads(encode(golden_journal()))


def bad(payload: dict) -> BadFieldError:
    with pytest.raises(BadFieldError) as caught:
        read_journal(orjson.dumps(payload), PATH)
    assert str(caught.value).startswith(f"{PATH}: {caught.value.field}: ")
    assert "\n" not in str(caught.value)
    return caught.value


def spells(payload: dict) -> list:
    return payload["campaign"]["book"]["spells"]


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda p: spells(p)[0]["inputs"].__setitem__("system", "gurps"), "$.campaign.book.spells[0].inputs.system",
         "unknown system 'gurps' (allowed: apotheose, mage, poles, d6, d6-psionic)"),
        (lambda p: spells(p)[0]["inputs"].pop("system"), "$.campaign.book.spells[0].inputs.system", "is missing"),
        (lambda p: spells(p)[0]["inputs"].__setitem__("intensity", 0), "$.campaign.book.spells[0].inputs.intensity",
         "must be between 1 and 999, got 0"),
        (lambda p: spells(p)[1]["inputs"]["effect"].__setitem__("sphere", 12), "$.campaign.book.spells[1].inputs.effect.sphere",
         "must be between 1 and 10, got 12"),
        (lambda p: spells(p)[2]["inputs"]["request"].__setitem__("level", 10), "$.campaign.book.spells[2].inputs.request.level",
         "must be between 0 and 9, got 10"),
        (lambda p: spells(p)[2]["inputs"]["request"]["techniques"][0].__setitem__("technique", "fly"),
         "$.campaign.book.spells[2].inputs.request.techniques[0].technique", "unknown value 'fly'"),
        (lambda p: spells(p)[4]["inputs"]["aspects"][0].__setitem__("row", "moon"), "$.campaign.book.spells[4].inputs.aspects[0].row",
         "unknown value 'moon'"),
        (lambda p: spells(p)[4]["inputs"].__setitem__("magic_level", 40), "$.campaign.book.spells[4].inputs.magic_level",
         "must be between -10 and 15, got 40"),
        (lambda p: spells(p)[5]["inputs"].__setitem__("power", "telekinesis"), "$.campaign.book.spells[5].inputs.power",
         "unknown value 'telekinesis'"),
        (lambda p: spells(p)[0].__setitem__("name", "x" * 100), "$.campaign.book.spells[0].name", "must be 1 to 60 characters long, got 100"),
        (lambda p: spells(p)[0].__setitem__("name", "Boule\x1b[2Jde feu"), "$.campaign.book.spells[0].name", "control character U+001B"),
        (lambda p: spells(p)[1].__setitem__("name", "BOULE DE FEU"), None, None),  # two systems may share a name
        (lambda p: spells(p)[3].__setitem__("name", "flèche RAPIDE"), "$.campaign.book.spells[3].name",
         "'flèche RAPIDE' is already the name of spells[2] (poles)"),
        (lambda p: p["campaign"]["book"]["casters"][0]["inputs"].__setitem__("system", "d6"), "$.campaign.book.casters[0].inputs.system",
         "unknown system 'd6' (allowed: mage, poles)"),
        (lambda p: p["campaign"]["book"]["casters"][1]["inputs"].__setitem__("caster_level", 0),
         "$.campaign.book.casters[1].inputs.caster_level", "must be at least 1, got 0"),
        (lambda p: p["history"]["base"]["book"]["spells"][0]["inputs"].__setitem__("targets", -1),
         "$.history.base.book.spells[0].inputs.targets", "must be between 0 and 999, got -1"),
    ],
)  # fmt: skip
def test_a_hand_edited_book_is_refused_in_one_line_naming_its_json_path(change, field, words) -> None:
    payload = book_payload()
    change(payload)
    if field is None:
        assert read_journal(orjson.dumps(payload), PATH).journal.campaign.book.spells[1].name == "BOULE DE FEU"
        return
    error = bad(payload)
    assert error.field == field and words in error.reason


def test_a_book_entry_for_an_unknown_system_loses_nothing_the_file_is_never_written(tmp_path) -> None:
    from saves.store import load_campaign, refuses, save_campaign

    path = tmp_path / "villon.json"
    payload = book_payload()
    spells(payload)[0]["inputs"]["system"] = "gurps"
    path.write_bytes(orjson.dumps(payload))
    before = path.read_bytes()
    with pytest.raises(BadFieldError) as caught:
        load_campaign(path)
    assert caught.value.field == "$.campaign.book.spells[0].inputs.system"
    assert refuses(path) and path.read_bytes() == before
    save_campaign(tmp_path / "other.json", golden_journal())  # other files are written as usual
    assert path.read_bytes() == before


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([("spells", i) for i in range(6)] + [("casters", 0), ("casters", 1)]),
    st.sampled_from(["system", "name", "inputs", "note", "arete", "level", "aspects"]),
    st.none() | st.booleans() | st.integers(-20, 20) | st.text(max_size=5) | st.just([]) | st.just({}),
)
def test_the_fast_and_the_detailed_converter_agree_on_a_book(where, key, value) -> None:
    payload = {k: v for k, v in book_payload().items() if k in ("campaign", "history")}
    entry = payload["campaign"]["book"][where[0]][where[1]]
    (entry["inputs"] if key not in ("name", "note", "inputs") else entry)[key] = value

    def loads(converter) -> bool:
        try:
            converter.structure(copy.deepcopy(payload), SaveFile)
        except Exception:  # noqa: BLE001 - any refusal
            return False
        return True

    assert loads(CONVERTER) == loads(detailed_converter())


@pytest.mark.slow
def test_an_empty_book_imports_no_calculator_when_a_save_loads() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from saves.format import read_journal; from pathlib import Path; "
        "p = Path('tests/golden/campaign_v4.json'); read_journal(p.read_bytes(), p); "
        "print(sorted(m for m in sys.modules if m.startswith(('core.mage', 'core.poles', 'core.d6', 'core.spellbook.'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path(__file__).parents[2]
    )
    assert out.stdout.strip() == "['core.spellbook.book']"


# -- the property: a saved spell re-prices to what the calculator gives for the same inputs --------

small = st.integers(0, 12)
apotheose_inputs = st.builds(ApotheoseInputs, st.integers(1, 20), small, small, small)
mage_inputs = st.builds(
    lambda rote, sphere, dots, extra, duration, connection, difficulty, quintessence, avatar, flags, assistants: MageInputs(
        MageEffect(
            sphere=sphere, rote=rote, attribute=dots[0] if rote else None, ability=dots[1] if rote else None,
            arete=None if rote and dots[2] == 0 else max(1, dots[2]), needed=extra[0], resistance=dots[3], power=extra[1],
            targets=extra[2], radius=extra[3], duration=duration, connection=connection, as_difficulty=extra[4],
            difficulty=difficulty, quintessence=quintessence, avatar=avatar, vulgar=flags[0], witnesses=flags[1],
            sleepers=flags[2], paradox_pool=extra[5], assistants=assistants,
        )
    ),
    st.booleans(), st.integers(1, 10), st.tuples(*[st.integers(0, 5)] * 4),
    st.tuples(st.none() | st.integers(1, 10), st.integers(0, 4), st.integers(1, 600), st.integers(0, 600), st.integers(0, 3), st.integers(0, 6)),
    st.sampled_from(list(Duration)), st.none() | st.sampled_from(list(Connection)), st.none() | st.integers(2, 12),
    st.integers(0, 6), st.none() | st.integers(0, 5), st.tuples(st.booleans(), st.booleans(), st.booleans()),
    st.lists(st.integers(0, 4), max_size=3).map(tuple),
)  # fmt: skip
poles_inputs = st.builds(
    lambda level, tradition, flags, caster_level, mod, enhance, techniques, counter: PolesInputs(
        PolesRequest(level, tradition, flags[0], flags[1], flags[2], flags[3], flags[4], caster_level=caster_level, mod=mod, techniques=techniques, counter=counter,
                     enhance=enhance if caster_level else attrs.evolve(enhance, dice=0), evoker=flags[5])  # extra dice need a caster level
    ),
    st.integers(0, 9), st.sampled_from(list(Tradition)), st.tuples(*[st.booleans()] * 6),
    st.none() | st.integers(1, 20), st.none() | st.integers(-3, 8),
    st.builds(Enhancements, small, small, small, st.integers(0, 3), st.integers(0, 3)),
    st.lists(st.builds(Applied, st.sampled_from(list(Technique)), st.booleans()), max_size=3),
    st.none() | st.builds(lambda which, spent: Counter(which == 1, which == 2, spent), st.integers(0, 2), small),
)  # fmt: skip


def d6_aspects(scales) -> st.SearchStrategy:
    """Aspects in the order ``calc spell d6`` reads its options: the scales, the rounds, the free values."""
    named = {scale.name: scale for scale in scales}
    first = [n for n in ("range", "concentration", "familiarity", "group", "willingness", "information") if n in named]
    tail = [n for n in ("ingredients", "gestures", "incantations") if n in named]

    def rows(names):
        return st.tuples(*[st.none() | st.sampled_from([r.name for r in named[n].rows if r.name]) for n in names]).map(
            lambda chosen: [D6Aspect(n, row=r) for n, r in zip(names, chosen, strict=True) if r is not None]
        )

    preparation = st.none() | st.integers(1, 4) if "preparation" in named else st.none()
    free = st.lists(
        st.tuples(st.sampled_from(["speed", "casting time", "ma [règle]", "range"]), st.integers(-20, 20)), max_size=3
    )
    return st.builds(
        lambda a, rounds, prep, b, f: (
            *a, *([D6Aspect("duration", row=str(rounds))] if rounds else []),
            *([D6Aspect("preparation", row=str(prep))] if prep else []), *b, *(D6Aspect(n, value=v) for n, v in f),
        ),
        rows(first), st.none() | st.integers(2, 30) | st.integers(1, 30).map(lambda h: f"{h}h"), preparation, rows(tail), free,
    )  # fmt: skip


d6_effects = st.integers(-5, 40) | st.tuples(
    st.builds(lambda d, p: f"{d}D+{p}" if p else f"{d}D", st.integers(1, 8), st.integers(0, 2)),
    st.sampled_from(["skill", "damage", "protection", "attribute"]),
)
d6_inputs = st.builds(
    lambda effect, aspects, unskilled, magic: D6Inputs(
        effect=None if isinstance(effect, int) else effect[0], kind="skill" if isinstance(effect, int) else effect[1],
        effect_value=effect if isinstance(effect, int) else None, aspects=aspects, unskilled=unskilled, magic_level=magic,
    ),
    d6_effects, d6_aspects(SPELL_SCALES), st.booleans(), st.integers(-10, 15),
)  # fmt: skip
psionic_inputs = st.builds(
    lambda power, wound, depth, medium, aspects: PsionicInputs(
        power.value, wound.value if power is Power.healing else None, depth.value if power is Power.psychometry else None,
        medium if power is Power.medium else MediumContact(), aspects,
    ),
    st.sampled_from(list(Power)), st.sampled_from(list(Wound)), st.sampled_from(list(Depth)),
    st.builds(MediumContact, st.booleans(), st.integers(0, 30), st.booleans(), st.booleans(), st.booleans()),
    d6_aspects(PSIONIC_SCALES),
)  # fmt: skip
any_inputs = apotheose_inputs | mage_inputs | poles_inputs | d6_inputs | psionic_inputs
house_rules = st.builds(
    HouseRules, d6_halve=st.booleans(), mage_ones_cancel=st.booleans(), mage_scope_separate=st.booleans(),
    poles_illusion_hold_rate=st.integers(1, 4),
)  # fmt: skip


def calculator(inputs, rules: HouseRules):
    """The calculator's own answer for these inputs, called directly (not through the book)."""
    if isinstance(inputs, ApotheoseInputs):
        return spell_cost(inputs.intensity, inputs.duration, inputs.range, inputs.targets).breakdown
    if isinstance(inputs, MageInputs):
        return mage_spell(
            inputs.effect, ones_cancel=rules.mage_ones_cancel, scope_separate=rules.mage_scope_separate
        ).breakdown
    if isinstance(inputs, PolesInputs):
        return poles_spell(inputs.request, hold_rate=rules.poles_illusion_hold_rate).breakdown
    scales = {scale.name: scale for scale in (SPELL_SCALES if isinstance(inputs, D6Inputs) else PSIONIC_SCALES)}
    aspects = [
        free(a.name, a.value)
        if a.row is None
        else (duration_hours(int(a.row[:-1])) if a.row.endswith("h") else duration(int(a.row)))
        if a.name == "duration"
        else from_row(scales[a.name], a.row, a.value)
        for a in inputs.aspects
    ]
    if isinstance(inputs, PsionicInputs):
        return psionic_difficulty(
            inputs.power, aspects, wound=inputs.wound, depth=inputs.depth, medium=inputs.medium
        ).breakdown
    effect = effect_value(inputs.effect, inputs.kind) if inputs.effect else typed_effect(inputs.effect_value)
    return spell_difficulty(
        effect, aspects, halve=rules.d6_halve, unskilled=inputs.unskilled, magic_level=inputs.magic_level
    ).breakdown


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(
    any_inputs,
    house_rules,
    st.text(st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zl", "Zp")), min_size=1, max_size=20),
)
def test_a_saved_spell_reprices_to_what_the_calculator_gives_for_the_same_inputs(inputs, rules, name) -> None:
    if not name.strip():
        name = "x" + name
    campaign = attrs.evolve(demo_campaign(), rules=rules)
    journal = record(SaveSpell(BookSpell(name, inputs)), campaign=campaign)
    loaded = read_journal(encode(journal), PATH).journal
    assert loaded == journal
    (saved,) = loaded.campaign.book.spells
    assert saved.inputs == inputs
    assert saved.price(loaded.campaign.rules).breakdown == calculator(inputs, rules)
