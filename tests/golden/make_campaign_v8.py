"""How ``campaign_v8.json`` was made (kept for the record: a golden file is never remade).

    .venv/bin/python tests/golden/make_campaign_v8.py

The same fight and book as ``campaign_v7.json`` (:mod:`tests.golden.make_campaign_v7`), with
what version 8 adds: the house rule ``mage_counter_flat`` (on here, the GM keeping the old
reading of counter-magic), a Quatre Pôles spell that names its caster's Intelligence (a divine
*Étreinte funeste* with deadly absorption: Wisdom 3 for the save, Intelligence 1 for the escape)
a remembered divine caster with his (Orin, Intelligence +2), the house rule
``poles_illusion_hold_rate`` at 3, an evoker's Quatre Pôles spell (*Trait de l'évocateur*) and an
invisible Apothéose spell (*Festin de Dara*), written by the version-8 encoder.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from core.demo import demo_campaign
from core.house_rules import HouseRules
from core.journal import Journal
from core.poles import PolesRequest
from core.spellbook.apotheose import ApotheoseInputs
from core.spellbook.book import BookCaster, BookSpell, SpellBook
from core.spellbook.poles import PolesCaster, PolesInputs
from saves.format import encode
from tests.golden.make_campaign_v1 import golden_journal as golden_journal_v1
from tests.golden.make_campaign_v7 import golden_book as golden_book_v7

ETREINTE = BookSpell(
    "Étreinte funeste",
    PolesInputs(PolesRequest(3, "divine", mod=3, intelligence=1, caster_level=5, techniques=["absorption"])),
)

TRAIT = BookSpell("Trait de l'évocateur", PolesInputs(PolesRequest(2, "profane", slot=True, evoker=True)))

FESTIN = BookSpell("Festin de Dara", ApotheoseInputs(1, invisible=True))

ORIN = BookCaster("Orin", PolesCaster(7, 3, "divine", intelligence=2))


def golden_book() -> SpellBook:
    book = golden_book_v7()
    return attrs.evolve(book, spells=(*book.spells, ETREINTE, TRAIT, FESTIN), casters=(*book.casters, ORIN))


def golden_journal() -> Journal:
    campaign = attrs.evolve(
        demo_campaign(), book=golden_book(), rules=HouseRules(mage_counter_flat=True, poles_illusion_hold_rate=3)
    )
    return golden_journal_v1(campaign)


if __name__ == "__main__":
    target = Path(__file__).with_name("campaign_v8.json")
    if target.exists():
        raise SystemExit(f"{target} exists: golden files are never remade")
    target.write_bytes(encode(golden_journal()))
    print(target)
