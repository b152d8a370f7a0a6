"""How ``campaign_v1.json`` was made (kept for the record: a golden file is never remade).

    .venv/bin/python tests/golden/make_campaign_v1.py

The demo fight with a few actions, one of them undone, written by the version-1 encoder. When
the format moves to version 2, add ``campaign_v2.json`` made the same way by the new encoder
and keep this one: tests/test_format.py loads every golden file through the migration chain.
"""

from __future__ import annotations

from pathlib import Path

from core.actions import (
    AddCondition,
    AttackGroup,
    ChangeShadow,
    Damage,
    NextTurn,
    SetHidden,
)
from core.campaign import Campaign
from core.demo import demo_campaign
from core.encounter import Condition
from core.journal import Journal
from saves.format import encode


def golden_journal(start: Campaign | None = None) -> Journal:
    """The demo fight's actions, one undone, on ``start`` (default: the demo campaign)."""
    journal = Journal.start(start or demo_campaign())
    for action in (
        NextTurn(),
        AttackGroup("veterans", 17, (5,), attacker="morvan", affect=1),
        Damage(("segiere",), 6),
        ChangeShadow("alduin", "story_element", 2, note="the harbour fire"),
        AddCondition("brunvir", Condition("stunned", 2)),
        SetHidden("arbaletriers", False),
    ):
        journal, _ = journal.record(action)
    return journal.undo()


if __name__ == "__main__":
    target = Path(__file__).with_name("campaign_v1.json")
    if target.exists():
        raise SystemExit(f"{target} exists: golden files are never remade")
    target.write_bytes(encode(golden_journal()))
    print(target)
