"""How ``campaign_v5.json`` was made (kept for the record: a golden file is never remade).

    .venv/bin/python tests/golden/make_campaign_v5.py

The same fight as ``campaign_v1.json`` (:func:`golden_journal_v1`), on the demo campaign with a spell book (version 5 keeps
each campaign's ``book``: a spell of each system and two remembered casters), written by the
version-5 encoder.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from core.d6.psionics import MediumContact
from core.demo import demo_campaign
from core.journal import Journal
from core.mage import MageEffect
from core.poles import PolesRequest
from core.spellbook.apotheose import ApotheoseInputs
from core.spellbook.book import BookCaster, BookSpell, SpellBook
from core.spellbook.d6 import D6Aspect, D6Inputs, PsionicInputs
from core.spellbook.mage import MageCaster, MageInputs, Sphere
from core.spellbook.poles import PolesCaster, PolesInputs
from saves.format import encode
from tests.golden.make_campaign_v1 import golden_journal as golden_journal_v1


def golden_book() -> SpellBook:
    return SpellBook(
        spells=(
            BookSpell("Boule de feu", ApotheoseInputs(5, range=1, targets=3), note="Alduin's favourite"),
            BookSpell("Bouclier de forces", MageInputs(MageEffect(sphere=3, arete=3, needed=2, radius=5, difficulty=6))),
            BookSpell("Flèche rapide", PolesInputs(PolesRequest(2, "profane", slot=True, techniques=["quicken", "silent:nofeat"], caster_level=5, mod=3))),
            BookSpell("Mirage", PolesInputs(PolesRequest(1, "illusion"), lies=2, hold=3, uncovered=1)),
            BookSpell("Soin rapide", D6Inputs(effect="3D+1", aspects=(D6Aspect("range", row="room"), D6Aspect("duration", row="4"),
                                                                       D6Aspect("concentration", row="very_busy_public_place", value=10),
                                                                       D6Aspect("speed", value=2)))),
            BookSpell("Le vieux Jacques", PsionicInputs("medium", medium=MediumContact(assassinated=True, years_dead=6))),
        ),
        casters=(
            BookCaster("Dante", MageCaster(3, avatar=2, willpower=5, spheres=(Sphere("Forces", 3), Sphere("Prime", 2)))),
            BookCaster("Elric", PolesCaster(5, 3, "profane", blood_limit=4, blood_pool=20)),
        ),
    )  # fmt: skip


def golden_journal() -> Journal:
    return golden_journal_v1(attrs.evolve(demo_campaign(), book=golden_book()))


if __name__ == "__main__":
    target = Path(__file__).with_name("campaign_v5.json")
    if target.exists():
        raise SystemExit(f"{target} exists: golden files are never remade")
    target.write_bytes(encode(golden_journal()))
    print(target)
