"""Format version 9 (issue 38): whether players may send their rolls (``visibility.sending`` and
a PC's own), and the player a roll's die was taken from (``rolled_by``); a version-8 file lets
players send and its rolls were the GM's."""

from __future__ import annotations

from pathlib import Path

import orjson

from core.visibility import Option
from saves.envelope import CURRENT_VERSION
from saves.format import encode, read_journal
from saves.migrations import migrate_8_to_9
from tests.golden import make_campaign_v8, make_campaign_v9, reworded

GOLDEN = Path(__file__).parents[1] / "golden"
PATH = Path("/campagnes/villon.json")


def test_golden_v9_keeps_who_rolled_and_who_may_send() -> None:
    loaded = read_journal((GOLDEN / "campaign_v9.json").read_bytes(), PATH, replay=True)
    assert loaded.note is None and loaded.journal == make_campaign_v9.golden_journal()
    vis = loaded.journal.campaign.visibility
    assert vis.sending and not vis.option(Option.SENDING, "romuald") and vis.option(Option.SENDING, "alduin")
    attack = loaded.journal.done[1].action
    assert getattr(attack, "rolled_by", None) == make_campaign_v9.MORVAN
    assert loaded.journal.log[1].line.en.endswith("(Morvan's player rolled +5)")


def test_a_version_8_file_opens_with_sending_on_and_the_gms_rolls() -> None:
    loaded = read_journal(reworded((GOLDEN / "campaign_v8.json").read_bytes()), PATH, replay=True)
    assert loaded.note is None and loaded.journal == make_campaign_v8.golden_journal()
    raw = orjson.loads(encode(loaded.journal))
    assert raw["version"] == CURRENT_VERSION == 9
    assert raw["campaign"]["visibility"]["sending"] is True
    assert raw["history"]["base"]["visibility"]["sending"] is True


def test_the_migration_sets_the_defaults_everywhere_a_file_holds_them() -> None:
    payload = {
        "campaign": {"visibility": {"pcs": "exact"}},
        "history": {
            "base": {"visibility": {}},
            "done": [
                {"seq": 1, "action": {"type": "AttackOpponent", "dice": [3]}},
                {"seq": 2, "action": {"type": "Damage", "amount": 3}},
            ],
            "undone": [{"seq": 3, "action": {"type": "DefendOpponent"}}],
        },
    }
    migrated = migrate_8_to_9(payload)
    assert migrated["campaign"]["visibility"] == {"pcs": "exact", "sending": True}
    assert migrated["history"]["base"]["visibility"] == {"sending": True}
    assert migrated["history"]["done"][0]["action"]["rolled_by"] is None
    assert "rolled_by" not in migrated["history"]["done"][1]["action"]
    assert migrated["history"]["undone"][0]["action"]["rolled_by"] is None
    assert migrate_8_to_9({"campaign": "nonsense", "history": []}) == {"campaign": "nonsense", "history": []}
