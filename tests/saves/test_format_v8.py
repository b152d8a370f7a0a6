"""Format version 8: the house rules ``mage_counter_flat`` (RULES 2.7) and
``poles_illusion_hold_rate`` (RULES 3.1), a Quatre Pôles spell's caster ``intelligence`` (RULES
3.3) and ``evoker`` (RULES 3.8), an Apothéose spell's ``invisible`` (RULES 1.7); a version-7 file
gets the source's counter-magic, the default hold rate and no Intelligence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from core.house_rules import HouseRules
from core.spellbook.apotheose import ApotheoseInputs
from core.spellbook.poles import PolesCaster, PolesInputs
from saves.envelope import CURRENT_VERSION
from saves.format import encode, read_journal
from saves.migrations import migrate_7_to_8
from tests.golden import make_campaign_v7, make_campaign_v8, reworded
from tests.present import as_a, present

GOLDEN = Path(__file__).parents[1] / "golden"
PATH = Path("/campagnes/villon.json")


def test_golden_v8_keeps_the_house_rule_and_the_intelligence() -> None:
    loaded = read_journal((GOLDEN / "campaign_v8.json").read_bytes(), PATH, replay=True)
    assert loaded.note is None and loaded.journal == make_campaign_v8.golden_journal()
    assert loaded.journal.campaign.rules.mage_counter_flat and loaded.journal.base.rules.mage_counter_flat
    spell = loaded.journal.campaign.book.spell("poles", "Étreinte funeste")
    inputs = as_a(PolesInputs, present(spell).inputs)
    assert inputs.request.intelligence == 1
    assert inputs.price(loaded.journal.campaign.rules).result.absorption_dc == 14  # 10 + 3 + 1
    orin = loaded.journal.campaign.book.caster("poles", "Orin")
    assert orin is not None and as_a(PolesCaster, orin.inputs).intelligence == 2
    cast = inputs.cast_by(orin.inputs)  # his level, Wisdom and Intelligence: 10 + 3 + 2
    assert cast.price(HouseRules()).result.absorption_dc == 15 and cast.request.mod == 3
    assert loaded.journal.campaign.rules.poles_illusion_hold_rate == 3
    trait = loaded.journal.campaign.book.spell("poles", "Trait de l'évocateur")
    assert as_a(PolesInputs, present(trait).inputs).request.evoker
    festin = loaded.journal.campaign.book.spell("apotheose", "Festin de Dara")
    assert as_a(ApotheoseInputs, present(festin).inputs).invisible


def test_a_version_7_file_opens_with_the_sources_counter_magic() -> None:
    loaded = read_journal(reworded((GOLDEN / "campaign_v7.json").read_bytes()), PATH, replay=True)
    assert loaded.note is None and loaded.journal == make_campaign_v7.golden_journal()
    assert loaded.journal.campaign.rules == HouseRules() and not HouseRules().mage_counter_flat
    raw = orjson.loads(encode(loaded.journal))
    assert raw["version"] == CURRENT_VERSION
    assert raw["campaign"]["rules"]["mage_counter_flat"] is False
    assert raw["campaign"]["rules"]["poles_illusion_hold_rate"] == 2
    poles = [s for s in raw["campaign"]["book"]["spells"] if s["inputs"]["system"] == "poles"]
    assert poles and all(s["inputs"]["request"]["intelligence"] is None for s in poles)
    assert all(s["inputs"]["request"]["evoker"] is False for s in poles)
    apotheose = [s for s in raw["campaign"]["book"]["spells"] if s["inputs"]["system"] == "apotheose"]
    assert apotheose and all(s["inputs"]["invisible"] is False for s in apotheose)
    casters = [c for c in raw["campaign"]["book"]["casters"] if c["inputs"]["system"] == "poles"]
    assert casters and all(c["inputs"]["intelligence"] is None for c in casters)


def test_the_migration_sets_the_defaults_everywhere_a_file_holds_them() -> None:
    poles: dict[str, Any] = {
        "name": "Flèche",
        "inputs": {"system": "poles", "request": {"level": 2}},
        "note": "",
        "caster": None,
    }
    sort = {"name": "Sort", "inputs": {"system": "apotheose", "intensity": 2}, "note": "", "caster": None}
    mage = {"name": "Bouclier", "inputs": {"system": "mage", "effect": {}}, "note": "", "caster": None}
    payload = {
        "campaign": {
            "rules": {"kult_die": "d20-10"},
            "book": {
                "spells": [dict(poles, inputs={**poles["inputs"]}), mage, sort],
                "casters": [{"inputs": {"system": "poles"}}],
            },
        },
        "history": {
            "base": {"rules": {}, "book": {"spells": []}},
            "done": [
                {"seq": 1, "action": {"type": "SaveSpell", "spell": {"inputs": {"system": "poles", "request": {}}}}},
                {"seq": 2, "action": {"type": "SaveCaster", "caster": {"inputs": {"system": "poles"}}}},
                {"seq": 3, "action": {"type": "SaveCaster", "caster": {"inputs": {"system": "mage"}}}},
            ],
            "undone": [],
        },
    }
    migrated = migrate_7_to_8(payload)
    defaults = {"mage_counter_flat": False, "poles_illusion_hold_rate": 2}
    assert migrated["campaign"]["rules"] == {"kult_die": "d20-10", **defaults}
    assert migrated["history"]["base"]["rules"] == defaults
    assert migrated["campaign"]["book"]["spells"][0]["inputs"]["request"] == {
        "level": 2,
        "intelligence": None,
        "evoker": False,
    }
    assert migrated["campaign"]["book"]["spells"][2]["inputs"] == {
        "system": "apotheose",
        "intensity": 2,
        "invisible": False,
    }
    assert "intelligence" not in migrated["campaign"]["book"]["spells"][1]["inputs"]["effect"]
    assert migrated["campaign"]["book"]["casters"] == [{"inputs": {"system": "poles", "intelligence": None}}]
    assert migrated["history"]["done"][0]["action"]["spell"]["inputs"]["request"] == {
        "intelligence": None,
        "evoker": False,
    }
    assert migrated["history"]["done"][1]["action"]["caster"]["inputs"] == {"system": "poles", "intelligence": None}
    assert migrated["history"]["done"][2]["action"]["caster"]["inputs"] == {"system": "mage"}
    assert migrate_7_to_8({"campaign": "nonsense", "history": []}) == {"campaign": "nonsense", "history": []}
