"""How ``campaign_v7.json`` was made (kept for the record: a golden file is never remade).

    .venv/bin/python tests/golden/make_campaign_v7.py

The same fight and book as ``campaign_v5.json`` (:mod:`tests.golden.make_campaign_v5`), two of
its spells naming their caster (version 7 adds a book spell's ``caster``: Alduin's *Boule de
feu*, the roster key; the remembered mage Dante's *Bouclier de forces*, the caster's name),
written by the version-7 encoder.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from core.demo import demo_campaign
from core.journal import Journal
from core.spellbook.book import SpellBook
from saves.format import encode
from tests.golden.make_campaign_v1 import golden_journal as golden_journal_v1
from tests.golden.make_campaign_v5 import golden_book as golden_book_v5

CASTERS = {"Boule de feu": "alduin", "Bouclier de forces": "Dante"}


def golden_book() -> SpellBook:
    book = golden_book_v5()
    spells = tuple(attrs.evolve(s, caster=CASTERS.get(s.name)) for s in book.spells)
    return attrs.evolve(book, spells=spells)


def golden_journal() -> Journal:
    return golden_journal_v1(attrs.evolve(demo_campaign(), book=golden_book()))


if __name__ == "__main__":
    target = Path(__file__).with_name("campaign_v7.json")
    if target.exists():
        raise SystemExit(f"{target} exists: golden files are never remade")
    target.write_bytes(encode(golden_journal()))
    print(target)
