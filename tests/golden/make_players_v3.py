"""How ``players_v3.json`` was made (kept for the record: a golden file is never remade).

    PYTHONPATH=. .venv/bin/python tests/golden/make_players_v3.py

The players' file (format ``apotheose.players`` version 3) of the fight in ``campaign_v5.json``,
with a roll asked of a PC, one waiting for the GM and one PC whose player may not send.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from core.player_send import Ask, Waiting
from core.player_view import PlayerView, player_view_of
from saves.players_file import encode_view
from tests.golden.make_campaign_v1 import golden_journal


def golden_view() -> PlayerView:
    return attrs.evolve(
        player_view_of(golden_journal()),
        asks=(Ask("Segiere", "defence"),),
        muted=("Morvan",),
        waiting=(Waiting("Segiere", "defence", 7), Waiting("Morvan", "initiative", -2, by_table=True)),
    )


if __name__ == "__main__":
    target = Path(__file__).with_name("players_v3.json")
    if target.exists():
        raise SystemExit(f"{target} exists: golden files are never remade")
    target.write_bytes(encode_view(golden_view()))
    print(target)
