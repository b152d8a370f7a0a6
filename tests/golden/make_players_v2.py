"""How ``players_v2.json`` was made (kept for the record: a golden file is never remade).

    PYTHONPATH=. .venv/bin/python tests/golden/make_players_v2.py

The players' file (format ``apotheose.players`` version 2) of the fight in ``campaign_v5.json``.
"""

from __future__ import annotations

from pathlib import Path

from core.player_view import player_view_of
from saves.players_file import encode_view
from tests.golden.make_campaign_v1 import golden_journal

if __name__ == "__main__":
    target = Path(__file__).with_name("players_v2.json")
    if target.exists():
        raise SystemExit(f"{target} exists: golden files are never remade")
    target.write_bytes(encode_view(player_view_of(golden_journal())))
    print(target)
