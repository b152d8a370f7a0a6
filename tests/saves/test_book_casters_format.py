"""Format version 7: a book spell may name its caster (``caster``); older files get none."""

from __future__ import annotations

from pathlib import Path

import attrs
import orjson
import pytest

from core.actions import SaveSpell
from core.errors import RulesError
from core.spellbook.apotheose import ApotheoseInputs
from core.spellbook.book import BookSpell
from saves.envelope import CURRENT_VERSION
from saves.format import encode, read_journal
from saves.migrations import migrate_6_to_7
from tests.golden import make_campaign_v5, make_campaign_v7, reworded

GOLDEN = Path(__file__).parents[1] / "golden"
PATH = Path("/campagnes/villon.json")


def test_golden_v7_keeps_each_spells_caster() -> None:
    loaded = read_journal(reworded((GOLDEN / "campaign_v7.json").read_bytes()), PATH, replay=True)
    assert loaded.note is None and loaded.journal == make_campaign_v7.golden_journal()
    casters = {s.name: s.caster for s in loaded.journal.campaign.book.spells}
    assert casters["Boule de feu"] == "alduin" and casters["Bouclier de forces"] == "Dante"
    assert casters["Mirage"] is None


def test_a_version_6_book_opens_with_no_caster_on_any_spell() -> None:
    raw = orjson.loads(encode(make_campaign_v5.golden_journal()))
    assert raw["version"] == CURRENT_VERSION
    for campaign in (raw["campaign"], raw["history"]["base"]):
        del campaign["rules"]["mage_counter_flat"]  # version 8's
    for spell in raw["campaign"]["book"]["spells"] + raw["history"]["base"]["book"]["spells"]:
        del spell["caster"]  # what version 6 wrote
        spell["inputs"].get("request", {}).pop("intelligence", None)  # version 8's
    for caster in raw["campaign"]["book"]["casters"] + raw["history"]["base"]["book"]["casters"]:
        caster["inputs"].pop("intelligence", None)  # version 8's
    raw["version"] = 6
    loaded = read_journal(orjson.dumps(raw), PATH, replay=True)
    assert loaded.journal.campaign.book == make_campaign_v5.golden_book() == loaded.journal.base.book
    assert all(s.caster is None for s in loaded.journal.campaign.book.spells)


def test_the_migration_gives_a_spell_saved_in_the_history_no_caster() -> None:
    saved = {"name": "Boule de feu", "inputs": {}, "note": ""}
    payload = {
        "campaign": {"book": {"spells": [dict(saved)]}},
        "history": {
            "base": {"book": {"spells": []}},
            "done": [{"seq": 1, "action": {"type": "SaveSpell", "spell": dict(saved), "replace": False}}],
            "undone": [],
        },
    }
    migrated = migrate_6_to_7(payload)
    assert migrated["campaign"]["book"]["spells"][0]["caster"] is None
    assert migrated["history"]["done"][0]["action"]["spell"]["caster"] is None
    assert migrate_6_to_7({"campaign": "nonsense", "history": []}) == {"campaign": "nonsense", "history": []}


def test_a_spell_saved_with_its_caster_round_trips_and_undoes() -> None:
    journal = make_campaign_v5.golden_journal()
    spell = BookSpell("Trait d'Alduin", ApotheoseInputs(3), caster=" alduin ")
    assert spell.caster == "alduin" and spell.cast_by("alduin", "Alduin") and not spell.cast_by("segiere", "Segiere")
    journal, _ = journal.record(SaveSpell(spell))
    loaded = read_journal(encode(journal), PATH, replay=True).journal
    assert loaded.campaign.book.spell("apotheose", "Trait d'Alduin") == spell
    assert loaded.undo().campaign.book.spell("apotheose", "Trait d'Alduin") is None


def test_a_remembered_casters_spell_is_matched_by_name() -> None:
    mage = next(s for s in make_campaign_v7.golden_book().spells if s.system == "mage")
    assert mage.cast_by("dante", "dANTE") and not mage.cast_by("Dante", None)


@pytest.mark.parametrize("bad", ["", "a\nb", "x" * 61, 3])
def test_a_bad_caster_is_refused_naming_the_field(bad: object) -> None:
    with pytest.raises(RulesError) as caught:
        attrs.evolve(BookSpell("Trait", ApotheoseInputs(3)), caster=bad)
    assert caught.value.field == "caster"
