"""Starting a fight with many combatants, and opening a big campaign (issue 15, item 9).

    .venv/bin/python benchmarks/start_fight.py [--combatants 5000] [--actions 2000]

Prints, in seconds:
- start: ``StartEncounter`` with every combatant, through the journal (what the app does);
- join: one more combatant ``Join``-ing that fight;
- open: ``open_campaign`` (lock, read, check, journal) of a file holding those combatants in
  the fight and ``--actions`` actions recorded after the start (damage, healing, turns).
Targets: start under 1 s at 5,000; open under 2.3 s at 5,000 combatants and 2,000 actions.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.actions import Damage, Heal, Join, NextTurn, StartEncounter
from core.campaign import Campaign
from core.characteristics import Characteristics
from core.demo import demo_campaign
from core.errors import RulesError
from core.journal import Journal
from core.roster import new_character
from saves.format import Encoder
from saves.store import create_campaign, open_campaign

PCS = ("arsouille", "alduin", "segiere", "morvan", "romuald", "brunvir")


def roster_of(npcs: int) -> tuple[Campaign, list[str]]:
    """The demo campaign, no fight active, with ``npcs`` more characters."""
    campaign = demo_campaign()
    rng = random.Random(npcs)
    extra = tuple(
        new_character(
            f"npc-{i}",
            f"Garde {i}",
            Characteristics(corps=rng.randint(2, 6), esprit=2, combat=rng.randint(1, 5), ame=1),
            pc=False,
        )
        for i in range(npcs + 1)
    )
    campaign = attrs.evolve(campaign, roster=campaign.roster + extra, active=None)
    return campaign, [c.id for c in campaign.roster]


def in_fight(campaign: Campaign) -> int:
    """How many take part in the fight under way."""
    assert campaign.encounter is not None, "no fight under way"
    return len(campaign.encounter.participants)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--combatants", type=int, default=5000)
    p.add_argument("--actions", type=int, default=2000)
    args = p.parse_args(argv)
    campaign, keys = roster_of(args.combatants)
    late, keys = keys[-1], keys[:-1]
    keys = keys[-args.combatants :]
    journal = Journal.start(campaign)

    start = time.perf_counter()
    journal, _ = journal.record(StartEncounter("Le pont de Villon", tuple(keys)))
    started = time.perf_counter() - start
    start = time.perf_counter()
    joined_journal, _ = journal.record(Join(late))
    joined = time.perf_counter() - start
    assert in_fight(journal.campaign) == len(keys)
    assert in_fight(joined_journal.campaign) == len(keys) + 1
    print(f"start: {len(keys)} combatants in {started:.3f} s; join one more: {joined * 1e3:.1f} ms")

    rng = random.Random(2)
    steps = (lambda: NextTurn(), lambda: Damage((rng.choice(PCS),), 1), lambda: Heal((rng.choice(PCS),), 1))
    building = time.perf_counter()
    done = i = 0
    while done < args.actions:
        i += 1
        try:
            journal, _ = journal.record(steps[i % 3]())
        except RulesError:  # healing a PC at full health, say: skipped
            continue
        done += 1
    building = time.perf_counter() - building
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "villon.json"
        create_campaign(path, campaign)
        raw = Encoder().encode(journal)
        path.write_bytes(raw)
        times = []
        for _ in range(3):
            t = time.perf_counter()
            opened = open_campaign(path)
            times.append(time.perf_counter() - t)
            assert in_fight(opened.journal.campaign) == len(keys)
            opened.close()
    print(
        f"open: {len(keys)} combatants, {args.actions} actions ({len(raw) / 1e6:.1f} MB, "
        f"{len(opened.journal.done)} kept in the history) in {min(times):.3f} s best, "
        f"{max(times):.3f} s worst of 3 (recording the actions took {building:.1f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
