"""How ``campaign_v4.json`` was made (kept for the record: a golden file is never remade).

    .venv/bin/python tests/golden/make_campaign_v4.py

The same fight as ``campaign_v1.json`` (version 4 keeps with each log line whether the players
may read it, ``players``), written by the version-4 encoder.
"""

from __future__ import annotations

from pathlib import Path

from saves.format import encode
from tests.golden.make_campaign_v1 import golden_journal

if __name__ == "__main__":
    target = Path(__file__).with_name("campaign_v4.json")
    if target.exists():
        raise SystemExit(f"{target} exists: golden files are never remade")
    target.write_bytes(encode(golden_journal()))
    print(target)
