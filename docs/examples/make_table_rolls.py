"""How ``table-rolls.json`` was made (the guide's example of players' rolls reads it):

    PYTHONPATH=. .venv/bin/python docs/examples/make_table_rolls.py

The demo fight, where the GM took two rolls players sent from their view (issue 38): Brunvir's
player typed the +7 they rolled at home; Alduin's asked the table to roll for them (+4). Each
action carries who rolled (``rolled_by``), and its log line says so, in the GM's log and in the
players' (``apotheose log --players``).
"""

from __future__ import annotations

from pathlib import Path

from core.actions import AttackGroup, AttackOpponent, RolledBy
from core.demo import demo_campaign
from core.journal import Journal
from saves.players_feed import feed_path
from saves.store import save_campaign

ACTIONS = (
    AttackOpponent("brunvir", "capitaine", 12, 3, (7,), rolled_by=RolledBy("marie", "Brunvir", 7)),
    AttackGroup("veterans", 12, (4,), attacker="alduin", rolled_by=RolledBy("paul", "Alduin", 4, by_table=True)),
)


def played() -> Journal:
    journal = Journal.start(demo_campaign("table-rolls"))
    for action in ACTIONS:
        journal, _ = journal.record(action)
    return journal


if __name__ == "__main__":
    target = Path(__file__).with_name("table-rolls.json")
    save_campaign(target, played())
    feed_path(target.with_name("table-rolls.players.json")).unlink(missing_ok=True)
    print(target)
