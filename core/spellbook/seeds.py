"""The source texts' spells, built into every campaign's book (never copied into a save).

- Système D6 (RULES 4): every spell the source prints (*Soin, Puissance, Nourriture, Ouverture,
  Contre-sort, Balle mortelle*) with the aspect values it prints, and every psionic power (one
  entry per wound level for *Soins*, per depth for *Psychométrie*: each a figure it prints).
- The worked examples of the Apothéose (RULES 1.7), Mage (RULES 2) and Quatre Pôles (RULES 3)
  source texts that are spells; P3, P5 and P8 are a save, daily slots and a backlash, not spells.
  The Apothéose source's other two spells: Alduin's enchanted sleep (8 pm) and Dara's feast, of
  invisible magic (0 pm).

Each entry priced by the tool gives the source's figure (a test each, tests/rules/test_spellbook_seeds.py),
except where the source's printed difficulty cannot come from its own rule: the entry's
:attr:`Seed.printed` says so beside the tool's figure (*Balle mortelle*, *Contre-sort*, RULES 4.3).
A duration in hours follows the hour rule (4 hours → +21, RULES 4.2); a value the source prints
from a chart it does not contain (60 m → +9, 5 rounds → +7), or
against its own scale (a casting time of 1 round −4), is a free value (RULES 4.2).
"""

from __future__ import annotations

import attrs

from core.breakdown import Line
from core.d6.psionics import MediumContact
from core.errors import RulesError
from core.mage import MageEffect
from core.poles import PolesRequest
from core.spellbook.apotheose import ApotheoseInputs
from core.spellbook.book import SYSTEMS, BookSpell, SpellBook, SpellInputs, closest, name_key
from core.spellbook.d6 import D6Aspect, D6Inputs, PsionicInputs
from core.spellbook.mage import MageInputs
from core.spellbook.poles import PolesInputs
from core.text import quote


@attrs.frozen
class Seed:
    """A built-in spell: the spell, the worked example it is (``D2``; "" when none) and, where the
    source prints another figure than its own rule gives, what it prints and why."""

    spell: BookSpell
    example: str = ""
    printed: Line | None = None


def _seed(name: str, inputs: SpellInputs, example: str = "", printed: Line | None = None, note: str = "") -> Seed:
    return Seed(BookSpell(name, inputs, note), example, printed)


def _aspects(*items: tuple[str, int] | tuple[str, str]) -> tuple[D6Aspect, ...]:
    """``("speed", 0)`` a free value, ``("range", "contact")`` a scale's row."""
    return tuple(D6Aspect(name, value=v) if isinstance(v, int) else D6Aspect(name, row=v) for name, v in items)


def _d6(name: str, example: str = "", printed: Line | None = None, **fields: object) -> Seed:
    return _seed(name, D6Inputs(**fields), example, printed)  # type: ignore[arg-type]  # the fields of D6Inputs


def _psionic(name: str, power: str, **fields: object) -> Seed:
    return _seed(name, PsionicInputs(power, **fields))  # type: ignore[arg-type]  # the fields of PsionicInputs


#: The casting time the worked spells print as "1 round (−4)" (the preparation scale gives +4).
_CAST = ("casting time", -4)

D6_SPELLS: tuple[Seed, ...] = (
    _d6("Soin", "D2", effect="5D+2",
        aspects=_aspects(("range", "contact"), ("speed", 0), ("duration", 1), _CAST, ("contact with the patient", -3))),
    _d6("Puissance", "D3", effect="1D", kind="attribute",
        aspects=_aspects(("range", 0), ("speed", 0), ("duration", 7), _CAST, ("gestures", -3))),
    _d6("Nourriture", "D4", effect_value=1,
        aspects=_aspects(("range", 0), ("speed", 0), ("duration", "4h"), _CAST, ("gestures", "large"),
                         ("incantations", "complex"), ("components (cutlery, tablecloths…)", -6))),
    _d6("Ouverture", "D5", effect_value=18,
        aspects=_aspects(("range", 0), ("speed", 0), ("duration", 4), _CAST, ("components (key)", -3),
                         ("gestures", "large"), ("incantations", "complex"), ("contact with the key", -1))),
    _d6("Contre-sort", "", Line(
            "the source prints difficulty 19: its values add up to 42, which halved gives 21 and added gives 42; "
            "neither reading of its rule gives 19 (RULES 4.3)",
            "la source imprime une difficulté de 19 : ses valeurs font 42, soit 21 divisé par deux et 42 additionné ; "
            "aucune lecture de sa règle ne donne 19 (RÈGLES 4.3)"),
        effect_value=29,
        aspects=_aspects(("range", 9), ("speed", 9), ("duration", 4), _CAST, ("concentration (3 s, Volonté 7)", -1),
                         ("gestures", -1), ("incantations", -3))),
    _d6("Balle mortelle", "", Line(
            "the source prints difficulty 15: its values added without halving, with 4D of damage read as 18; "
            "the rule makes 4D of damage 24 (RULES 4.1): 24 + 10 + 10 + 7 − 18 − 11 − 1 = 21, halved 11 (RULES 4.3)",
            "la source imprime une difficulté de 15 : ses valeurs additionnées sans division, 4D de dégâts comptés 18 ; "
            "la règle fait de 4D de dégâts 24 (RÈGLES 4.1) : 24 + 10 + 10 + 7 − 18 − 11 − 1 = 21, divisé par deux 11 (RÈGLES 4.3)"),
        effect="4D", kind="damage",
        aspects=_aspects(("range", 10), ("speed", 10), ("duration", 7), ("casting time", -18),
                         ("components (obsidian…)", -11), ("incantations", -1))),
)  # fmt: skip

PSIONIC_POWERS: tuple[Seed, ...] = (
    _psionic("Projection astrale", "astral"),
    _psionic("Empathie", "empathy"),
    _psionic("Sens lointains", "far_senses"),
    _psionic("Soins (choqué)", "healing", wound="stunned"),
    _psionic("Soins (blessé)", "healing", wound="wounded"),
    _psionic("Soins (gravement blessé)", "healing", wound="severely_wounded"),
    _psionic("Soins (incapacité)", "healing", wound="incapacitated"),
    _psionic("Soins (mortellement blessé)", "healing", wound="mortally_wounded"),
    _psionic("Médium", "medium", medium=MediumContact()),
    _psionic("Protection", "protection"),
    _psionic("Psychométrie (impressions)", "psychometry", depth="vague"),
    _psionic("Psychométrie (informations générales)", "psychometry", depth="general"),
    _psionic("Psychométrie (dernières 24 heures)", "psychometry", depth="last_24_hours"),
    _psionic("Psychométrie (motivations profondes)", "psychometry", depth="motivations"),
)

APOTHEOSE_EXAMPLES: tuple[Seed, ...] = (
    _seed("Phénix de flammes mordorées", ApotheoseInputs(9), "E3"),
    _seed(
        "Sortilège terrible",
        ApotheoseInputs(14),
        "E4",
        note=(
            "The source's +3 shadow is for Alduin with âme 10 (15 pm, max intensity 8): price it with a caster of "
            "âme 10; the demo's Alduin (âme 4, max 5) needs +5. — Le +3 d'ombre de la source est pour Alduin à "
            "âme 10 (15 pm, intensité max 8) : chiffrez-le avec un lanceur d'âme 10 ; l'Alduin de la démo (âme 4, "
            "max 5) en demande +5."
        ),
    ),
    _seed("Sommeil enchanté", ApotheoseInputs(8)),
    _seed(
        "Festin de Dara",
        ApotheoseInputs(1, invisible=True),
        note=(
            "Invisible magic costs 0 pm whatever the effect: the source gives the feast no parameters, "
            "intensity 1 stands for them. — La magie invisible ne coûte aucun pm quel que soit l'effet : "
            "la source ne donne pas de paramètres au festin, l'intensité 1 en tient lieu."
        ),
    ),
    _seed("Torches humaines", ApotheoseInputs(5, targets=3), "E14"),
    _seed("Lire l'esprit", ApotheoseInputs(5), "E15"),
    _seed("Élémentaire du feu", ApotheoseInputs(5), "E16"),
)

MAGE_EXAMPLES: tuple[Seed, ...] = (
    _seed("Dix cibles pour un mois, une personne rencontrée",
          MageInputs(MageEffect(sphere=3, arete=3, targets=10, duration="month", connection="met")), "M1"),
    _seed("Rituel, Entéléchie 3 et Volonté 5", MageInputs(MageEffect(sphere=2, arete=3, willpower=5)), "M2"),
    _seed("Cinq points de Quintessence, Avatar 4", MageInputs(MageEffect(sphere=2, arete=3, quintessence=5, avatar=4)), "M3"),
)  # fmt: skip

POLES_EXAMPLES: tuple[Seed, ...] = (
    _seed("Sort improvisé de niveau 3 (profane)", PolesInputs(PolesRequest(3, "profane")), "P1"),
    _seed("Sort improvisé de niveau 3 (divin)", PolesInputs(PolesRequest(3, "divine")), "P1"),
    _seed("Sort improvisé de niveau 3 (magie du corps)", PolesInputs(PolesRequest(3, "body")), "P1"),
    _seed("Sort de dégâts de niveau 5, emplacement", PolesInputs(PolesRequest(5, "profane", slot=True, damage=True)), "P2"),
    _seed("Sort de dégâts de niveau 5, emplacement, incantation rapide",
          PolesInputs(PolesRequest(5, "profane", slot=True, damage=True, techniques=["quicken"])), "P2"),
    _seed("Sort de niveau 3, Intelligence +4", PolesInputs(PolesRequest(3, "profane", mod=4)), "P4"),
    _seed("Sort de niveau 1, niveau de lanceur 5", PolesInputs(PolesRequest(1, "profane", caster_level=5)), "P6"),
    _seed("Sort de niveau 2, emplacement, incantation rapide",
          PolesInputs(PolesRequest(2, "profane", slot=True, techniques=["quicken"])), "P7"),
)  # fmt: skip

#: Every built-in spell, by system in the order of :data:`~core.spellbook.book.SYSTEMS`.
SEEDS: tuple[Seed, ...] = tuple(
    sorted((*APOTHEOSE_EXAMPLES, *MAGE_EXAMPLES, *POLES_EXAMPLES, *D6_SPELLS, *PSIONIC_POWERS),
           key=lambda seed: list(SYSTEMS).index(seed.spell.system))
)  # fmt: skip
_BY_KEY = {(seed.spell.system, name_key(seed.spell.name)): seed for seed in SEEDS}


def built_in(system: str, name: str) -> Seed | None:
    """The built-in spell of ``system`` named ``name`` (case-insensitively), if any."""
    return _BY_KEY.get((system, name_key(name)))


# -- the whole book: the campaign's spells, then the built-in ones ---------------------------------


@attrs.frozen
class Entry:
    """A spell of the book as the GM sees it: the campaign's own (``seed`` None) or a built-in one."""

    spell: BookSpell
    seed: Seed | None = None

    @property
    def built_in(self) -> bool:
        return self.seed is not None


def entries(book: SpellBook) -> tuple[Entry, ...]:
    """Every spell of the book: by system, the campaign's own first, then the built-in ones."""
    rank = {system: i for i, system in enumerate(SYSTEMS)}
    found = [Entry(spell) for spell in book.spells] + [Entry(seed.spell, seed) for seed in SEEDS]
    return tuple(sorted(found, key=lambda entry: rank[entry.spell.system]))  # stable: the campaign's first


def find(book: SpellBook, name: str, system: str | None = None) -> Entry:
    """The spell named ``name`` (of ``system`` when given): the exact name (case-insensitively),
    else the one name that matches it case and accent blind. A RulesError naming ``name`` says
    when there is none (with the closest names) or several (with their systems)."""
    from core.spellbook.index import index_of  # names looked up in dicts, folded once per book

    index = index_of(book)
    for matches in index.matching(name, system):
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            systems = ", ".join(e.spell.system for e in matches)
            raise RulesError(
                "name", f"{len(matches)} spells are named {quote(name)} ({systems}): say which with --system",
                [e.spell.system for e in matches],
                f"{len(matches)} sorts s'appellent {quote(name)} ({systems}) : précisez lequel avec --system",
            )  # fmt: skip
    systems_of: dict[str, list[str]] = {}
    for e in index.entries if system is None else [e for e in index.entries if e.spell.system == system]:
        systems_of.setdefault(e.spell.name, []).append(e.spell.system)
    near = [f"{quote(n)} ({', '.join(systems_of[n])})" for n in closest(name, systems_of)]
    where = "" if system is None else f" {SYSTEMS[system].label.en}"
    where_fr = "" if system is None else f" {SYSTEMS[system].label.fr}"
    raise RulesError(
        "name", f"no{where} spell named {quote(name)} in the book" + (f"; the closest: {', '.join(near)}" if near else ""),
        fr=f"aucun sort{where_fr} nommé {quote(name)} dans le grimoire" + (f" ; les plus proches : {', '.join(near)}" if near else ""),
    )  # fmt: skip
