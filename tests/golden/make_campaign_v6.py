"""How ``campaign_v6.json`` was made (kept for the record: a golden file is never remade).

    .venv/bin/python tests/golden/make_campaign_v6.py

The same fight as ``campaign_v1.json`` (version 6 adds the other display choices to
``visibility`` and, with each log line, the words the players read, ``shown``), written by the
version-6 encoder.
"""

from __future__ import annotations

from pathlib import Path

from saves.format import encode
from tests.golden.make_campaign_v1 import golden_journal

if __name__ == "__main__":
    target = Path(__file__).with_name("campaign_v6.json")
    if target.exists():
        raise SystemExit(f"{target} exists: golden files are never remade")
    target.write_bytes(encode(golden_journal()))
    print(target)
