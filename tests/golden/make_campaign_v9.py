"""How ``campaign_v9.json`` was made (kept for the record: a golden file is never remade).

    .venv/bin/python tests/golden/make_campaign_v9.py

The fight of ``campaign_v1.json`` (:mod:`tests.golden.make_campaign_v1`) on the campaign and
book of ``campaign_v8.json`` (:mod:`tests.golden.make_campaign_v8`), with what version 9 adds
(issue 38, players send their rolls): sending turned off for Romuald's player (a PC's own
``sending``), and Morvan's attack on the veterans made with the die the GM took from his player
(+5, typed at home: ``rolled_by``), written by the version-9 encoder.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from core.actions import AddCondition, AttackGroup, ChangeShadow, Damage, NextTurn, RolledBy, SetHidden
from core.demo import demo_campaign
from core.encounter import Condition
from core.house_rules import HouseRules
from core.journal import Journal
from core.visibility import Option
from saves.format import encode
from tests.golden.make_campaign_v8 import golden_book

MORVAN = RolledBy("Marie", "Morvan", 5)


def golden_journal() -> Journal:
    start = demo_campaign()
    campaign = attrs.evolve(
        start,
        book=golden_book(),
        rules=HouseRules(mage_counter_flat=True, poles_illusion_hold_rate=3),
        visibility=start.visibility.with_option(Option.SENDING, False, "romuald"),
    )
    journal = Journal.start(campaign)
    for action in (
        NextTurn(),
        AttackGroup("veterans", 17, (5,), attacker="morvan", affect=1, rolled_by=MORVAN),
        Damage(("segiere",), 6),
        ChangeShadow("alduin", "story_element", 2, note="the harbour fire"),
        AddCondition("brunvir", Condition("stunned", 2)),
        SetHidden("arbaletriers", False),
    ):
        journal, _ = journal.record(action)
    return journal.undo()


if __name__ == "__main__":
    target = Path(__file__).with_name("campaign_v9.json")
    if target.exists():
        raise SystemExit(f"{target} exists: golden files are never remade")
    target.write_bytes(encode(golden_journal()))
    print(target)
