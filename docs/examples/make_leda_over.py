"""How ``leda-over.json`` and its players' file were made (the pages' examples read them):

    PYTHONPATH=. .venv/bin/python docs/examples/make_leda_over.py

The demo fight, played a little and ended: Brunvir strikes the captain twice (the armour takes
the first blow), Alduin fells veterans and casts a spell, Alduin takes 3 HP, then the GM ends
the fight: its summary is in the log (``apotheose log``), and what the players may read of it in
their file (``apotheose log --players``, ``apotheose view --lines``).
"""

from __future__ import annotations

from pathlib import Path

from core.actions import AttackGroup, AttackOpponent, CastSpell, Damage, EndEncounter
from core.demo import demo_campaign
from core.journal import Journal
from core.magic.cost import SpellRequest
from saves.players_feed import feed_path
from saves.store import save_campaign

ACTIONS = (
    AttackOpponent("brunvir", "capitaine", 12, 3, (10,)),
    AttackOpponent("brunvir", "capitaine", 12, 3, (10,)),
    AttackGroup("veterans", 12, (10,), attacker="alduin"),
    CastSpell("alduin", SpellRequest(2), confirm=True),
    Damage(("alduin",), 3, bypass_armour=True),
    EndEncounter(),
)


def played() -> Journal:
    journal = Journal.start(demo_campaign("leda-over"))
    for action in ACTIONS:
        journal, _ = journal.record(action)
    return journal


if __name__ == "__main__":
    target = Path(__file__).with_name("leda-over.json")
    save_campaign(target, played())
    feed_path(target.with_name("leda-over.players.json")).unlink(missing_ok=True)
    print(target)
