"""NPC templates: a stat block kept once, added as many numbered characters as a fight needs.

``copies(VETERAN, 3, campaign)`` gives "Vétéran 1", "Vétéran 2", "Vétéran 3": three NPCs, each
with its own HP, willpower, pm and armour points, at full strength (RULES 1.1, 1.6). Numbering
goes on from the copies already in the campaign ("Vétéran 4" next time).

The ready templates follow the seed's grades (RULES 1.5: civil 0, standard soldier 5, veteran
10, elite 15): a soldier's defence with its trade and speciality (+3 +2, RULES 1.2) meets the
difficulty of its grade — standard combat 2 + soldat 3 = 5, veteran 5 + 3 + 2 = 10, elite
10 + 3 + 2 = 15 — and the mage is built like the seed's Alduin (âme 4, 9 pm). **Decision**: the
other characteristics and the armour (the seed gives none) are plausible values a GM can edit.

A template's weapon is text ("épée") and whether it is magic or charged (RULES 1.6: 1 or 2
damage). A character has no weapon field (the weapon is chosen per attack), so a copy carries
it as the first line of its notes, ``weapon: épée`` / ``weapon: épée (magic)``, which
:func:`template_of` reads back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

import attrs

from core.armour import ArmourPiece, armour_points, wearable
from core.campaign import Campaign, slug
from core.characteristics import CHARACTERISTIC, CHARACTERISTICS, Characteristics
from core.choices import _folded, parse_choice
from core.combat import Grade
from core.converters import as_tuple
from core.errors import RulesError
from core.mooks import MookGroup
from core.notation import parse_armour, parse_list, parse_trades
from core.roster import Character, Trade, new_character
from core.validators import Whole, non_empty, require, text

#: How many copies one addition makes (a bigger crowd is a mook group).
COPIES = Whole(1, 100)
WEAPON_NOTE = "weapon: "


def _pieces(value: Iterable[ArmourPiece | str]) -> tuple[ArmourPiece, ...]:
    return tuple(parse_choice(ArmourPiece, piece, "armour") for piece in value)


@attrs.frozen
class Template:
    """An NPC's stat block: everything a copy needs except its id, number and counters."""

    name: str = attrs.field(validator=non_empty)
    characteristics: Characteristics = Characteristics()
    trades: tuple[Trade, ...] = attrs.field(default=(), converter=as_tuple)
    armour_pieces: tuple[ArmourPiece, ...] = attrs.field(default=(), converter=_pieces, validator=wearable("armour"))
    weapon: str = attrs.field(default="", validator=text)
    magic_weapon: bool = False
    mystic: bool = False
    affects: tuple[str, ...] = attrs.field(default=(), converter=as_tuple)
    notes: str = attrs.field(default="", validator=text)

    @property
    def max_hp(self) -> int:
        return self.characteristics.corps + 5

    @property
    def armour(self) -> int:
        return armour_points(self.armour_pieces).value

    def character_notes(self) -> str:
        """The notes a copy gets: the weapon line, then the template's notes."""
        if not self.weapon:
            return self.notes
        weapon = f"{WEAPON_NOTE}{self.weapon}{' (magic)' if self.magic_weapon else ''}"
        return f"{weapon}\n{self.notes}" if self.notes else weapon


def template_of(character: Character, name: str | None = None) -> Template:
    """A template from a character as it stands (its stat block, not its wounds)."""
    notes, weapon, magic = character.notes, "", False
    first, _, rest = notes.partition("\n")
    if first.startswith(WEAPON_NOTE):
        weapon, notes = first[len(WEAPON_NOTE) :].strip(), rest
        if weapon.endswith(" (magic)"):
            weapon, magic = weapon[: -len(" (magic)")].strip(), True
    return Template(
        name=(name or _unnumbered(character.name)).strip(),
        characteristics=character.characteristics,
        trades=character.trades,
        armour_pieces=character.armour_pieces,
        weapon=weapon,
        magic_weapon=magic,
        mystic=character.mystic,
        affects=character.affects,
        notes=notes,
    )


def _unnumbered(name: str) -> str:
    """``"Vétéran 3"`` → ``"Vétéran"`` (a copy's number is not part of its template's name)."""
    return re.sub(r"\s+\d+$", "", name) or name


class Book:
    """The names and ids a campaign uses, and those given since by one addition: so that copies
    made in several steps (the rows of a roster file) are numbered on and never share an id.
    Built once per addition (a look-up per copy, not a pass over the roster)."""

    _NUMBERED = re.compile(r"(.*\S) (\d+)")

    def __init__(self, campaign: Campaign) -> None:
        self.campaign = campaign
        self.ids = {item.id for item in campaign.combatants} | {e.id for e in campaign.encounters}
        self.plain: set[str] = set()
        #: The highest number each name is taken with ("Garde 12" → 12 for "Garde").
        self.numbers: dict[str, int] = {}
        #: The next suffix to try for each slug (``garde-7``): each id costs one look-up or two,
        #: however many copies share a slug (a loop from 2 was quadratic in a 20,000-row import).
        self.suffix: dict[str, int] = {}
        for item in campaign.combatants:
            self.note(item.name)

    def note(self, name: str) -> None:
        """``name`` is taken from now on."""
        self.plain.add(name)
        if (m := self._NUMBERED.fullmatch(name)) is not None and len(m.group(2)) <= 9:
            base, number = m.group(1), int(m.group(2))
            self.numbers[base] = max(number, self.numbers.get(base, 0))

    def names(self, name: str, count: int) -> list[str]:
        """``count`` names for copies of ``name`` (see :func:`copy_names`), now taken."""
        COPIES.check("count", count)
        if count == 1 and name not in self.plain and name not in self.numbers:
            out = [name]
        else:
            start = self.numbers.get(name, 0) + 1
            out = [f"{name} {n}" for n in range(start, start + count)]
        for each in out:
            self.note(each)
        return out

    def id_for(self, name: str) -> str:
        """A short id made from ``name`` (as :meth:`Campaign.unique_id` makes it), now taken."""
        base = slug(name) or "x"
        key, n = base, self.suffix.get(base, 2)
        if key in self.ids:
            key = f"{base}-{n}"
            while key in self.ids:
                key, n = f"{base}-{n + 1}", n + 1
            self.suffix[base] = n + 1
        self.ids.add(key)
        return key


def copy_names(campaign: Campaign, name: str, count: int, also: Iterable[str] = ()) -> list[str]:
    """``count`` names for copies of ``name``: the name alone for a single copy not yet in the
    campaign (nor in ``also``), else ``name 1…count`` numbered on from the copies already there."""
    book = Book(campaign)
    for each in also:
        book.note(each)
    return book.names(name, count)


def copies(
    template: Template, count: int, campaign: Campaign, *, pc: bool = False, hidden: bool = False,
    shadow: int = 0, book: Book | None = None, name: str | None = None,
) -> tuple[Character, ...]:  # fmt: skip
    """``count`` characters made from ``template``, named and given ids not used in ``campaign``
    (nor in ``book``, which holds those given earlier in the same addition), each at full HP,
    willpower, pm and armour."""
    book = book if book is not None else Book(campaign)
    notes = template.character_notes()
    out = []
    for each in book.names(name or template.name, count):
        out.append(
            new_character(
                book.id_for(each), each, template.characteristics, pc=pc, mystic=template.mystic, trades=template.trades,
                affects=template.affects, armour_pieces=template.armour_pieces, shadow=shadow if pc else 0,
                notes=notes, hidden=hidden,
            )
        )  # fmt: skip
    return tuple(out)


def group_of(campaign: Campaign, grade: Grade | str, total: int, name: str = "", *, lang: str = "en",
             initiative: int | None = None, hidden: bool = False, book: Book | None = None) -> MookGroup:  # fmt: skip
    """A mook group of ``total`` at ``grade``, all standing; named after the grade unless
    ``name`` is given; initiative defaults to the grade's value (RULES 1.4)."""
    from core.mooks import MOOKS

    grade = parse_choice(Grade, grade, "grade")
    MOOKS.check("total", total)
    label = name.strip() or (grade.fr.capitalize() if lang == "fr" else grade.en.capitalize())
    book = book if book is not None else Book(campaign)
    key = book.id_for(label)
    book.note(label)
    init = grade.difficulty if initiative is None else initiative
    return MookGroup(key, label, grade, total, total, init, hidden)


# -- finding a template by part of its name ------------------------------------------------------


def find(templates: Iterable[Template], query: str) -> list[Template]:
    """The templates whose name holds ``query`` (case and accent blind), best first: those whose
    name starts with it, then those with a word starting with it, then the others; by name."""
    q = _folded(query).replace("_", " ")
    ranked = []
    for template in templates:
        name = _folded(template.name).replace("_", " ")
        if q not in name:
            continue
        rank = 0 if name.startswith(q) else 1 if any(w.startswith(q) for w in name.split()) else 2
        ranked.append((rank, name, template))
    ranked.sort(key=lambda r: (r[0], r[1]))
    return [r[2] for r in ranked]


def count_and_rest(line: str) -> tuple[str | None, str]:
    """``"3 × vet"``, ``"3x vet"``, ``"3 vet"`` → ``("3", "vet")``; ``"vet"`` → ``(None, "vet")``:
    the syntax alone, the count's digits as typed."""
    m = re.match(r"^\s*([0-9]+)\s*[×x*]?\s*(.*)$", line, re.IGNORECASE | re.DOTALL)
    if m is None:
        return None, line.strip()
    return m.group(1), m.group(2).strip()


def split_count(line: str, bound: Whole = COPIES, field: str = "count") -> tuple[int, str]:
    """``"3 × vet"``, ``"3x vet"``, ``"3 vet"`` → ``(3, "vet")``; ``"vet"`` → ``(1, "vet")``; a
    count outside ``bound`` is a RulesError naming ``field``."""
    digits, rest = count_and_rest(line)
    return (1 if digits is None else bound.parse(field, digits)), rest


def parse_group_line(line: str) -> tuple[int, Grade, str]:
    """``"12 standard"``, ``"12 × vét Gardes de Villon"`` → (12, grade, name). The grade may be
    shortened to its first letters (``st``, ``vet``, ``él``, ``civ``) in English or French."""
    from core.mooks import MOOKS

    require("total", bool(re.match(r"^\s*\d", line)), "start with how many, e.g. 12 standard",
            "12 standard", "commencez par le nombre, par ex. 12 standard")  # fmt: skip
    count, rest = split_count(line, MOOKS, "total")
    word, _, name = rest.partition(" ")
    require("grade", bool(word), "a grade after the number: civil, standard, veteran, elite",
            [g.value for g in Grade], "un rang après le nombre : civil, standard, vétéran, élite",
            allowed_fr=[g.fr for g in Grade])  # fmt: skip
    return count, grade_prefix(word), name.strip()


#: The words each grade answers to, English and French (a shortened one is taken too).
GRADE_WORDS: dict[Grade, tuple[str, ...]] = {
    Grade.CIVIL: ("civil", "civils", "civilian", "civilians"),
    Grade.STANDARD: ("standard", "std"),
    Grade.VETERAN: ("veteran", "veterans"),
    Grade.ELITE: ("elite", "elites"),
}


def grade_prefix(word: str) -> Grade:
    """A grade from its name or the start of one (``s``, ``vét``, ``él``, ``civ``)."""
    folded = _folded(word)
    found = [g for g, words in GRADE_WORDS.items() if folded and any(w.startswith(folded) for w in words)]
    if len(found) == 1:
        return found[0]
    raise RulesError(
        "grade",
        f"{word!r} is no grade",
        [g.value for g in Grade],
        f"{word!r} n'est pas un rang",
        allowed_fr=[g.fr for g in Grade],
    )


# -- a template from plain fields (a template file, a roster file) ------------------------------

#: The fields of a template as a file holds them, with what each takes.
FIELDS: dict[str, str] = {
    "name": "text, required",
    "corps": "whole number ≥ 0",
    "esprit": "whole number ≥ 0",
    "combat": "whole number ≥ 0",
    "ame": "whole number ≥ 0",
    "trades": 'text: "soldat: épée, arc; voleur"',
    "armour": 'text: "medium, shield" (or light, heavy, magic armour, magic shield; cuir, cotte, plates, bouclier)',
    "weapon": "text",
    "magic_weapon": "true or false",
    "mystic": "true or false",
    "affects": 'text: "honour, his sister"',
    "notes": "text",
}


def whole_field(field: str, value: object, bound: Whole) -> int:
    """A whole number within ``bound`` from a number or its text (a CSV cell)."""
    return bound.parse(field, value) if isinstance(value, str) else bound.check(field, value)


def bool_field(field: str, value: object) -> bool:
    """true/false from a boolean or its text (``true``, ``yes``, ``oui``, ``1``, empty = false)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = _folded(value)
        if word in ("true", "yes", "oui", "vrai", "1", "x"):
            return True
        if word in ("false", "no", "non", "faux", "0", ""):
            return False
    raise RulesError(field, f"must be true or false, got {value!r}", "true, false", f"doit être vrai ou faux, pas {value!r}",
                     allowed_fr="vrai, faux")  # fmt: skip


def text_field(field: str, value: object) -> str:
    if not isinstance(value, str):
        raise RulesError(field, f"must be text, got {value!r}", fr=f"doit être du texte, pas {value!r}")
    return value


T = TypeVar("T")


def _within(field: str, read: Callable[[], T]) -> T:
    """``read()``, its RulesError renamed to ``field`` (what the file calls it)."""
    try:
        return read()
    except RulesError as error:
        raise RulesError(field, error.reason, error.allowed, error.reason_fr, allowed_fr=error.allowed_fr) from None


def template_from_fields(fields: Mapping[str, object], extra: Iterable[str] = ()) -> Template:
    """A template from a mapping of :data:`FIELDS` (missing ones take their default); an unknown
    key or a bad value is a RulesError naming the field."""
    unknown = [k for k in fields if k not in FIELDS and k not in set(extra)]
    require(unknown[0] if unknown else "", not unknown, "unknown field", [*FIELDS, *extra], "champ inconnu")
    name = text_field("name", fields.get("name", ""))
    require("name", bool(name.strip()), "must not be empty", fr="ne doit pas être vide")
    chars = Characteristics(**{c: whole_field(c, fields.get(c, 0), CHARACTERISTIC) for c in CHARACTERISTICS})
    return Template(
        name=name.strip(),
        characteristics=chars,
        trades=_within("trades", lambda: parse_trades(text_field("trades", fields.get("trades", "")))),
        armour_pieces=_within("armour", lambda: parse_armour(text_field("armour", fields.get("armour", "")))),
        weapon=text_field("weapon", fields.get("weapon", "")).strip(),
        magic_weapon=bool_field("magic_weapon", fields.get("magic_weapon", False)),
        mystic=bool_field("mystic", fields.get("mystic", False)),
        affects=parse_list(text_field("affects", fields.get("affects", ""))),
        notes=text_field("notes", fields.get("notes", "")),
    )


def template_fields(template: Template) -> dict[str, object]:
    """The template as :data:`FIELDS` (what a file holds), the inverse of :func:`template_from_fields`."""
    from core.notation import format_trades

    c = template.characteristics
    return {
        "name": template.name,
        "corps": c.corps, "esprit": c.esprit, "combat": c.combat, "ame": c.ame,
        "trades": format_trades(template.trades),
        "armour": ", ".join(p.value for p in template.armour_pieces),
        "weapon": template.weapon,
        "magic_weapon": template.magic_weapon,
        "mystic": template.mystic,
        "affects": ", ".join(template.affects),
        "notes": template.notes,
    }  # fmt: skip


# -- the ready ones ------------------------------------------------------------------------------

C, A = Characteristics, ArmourPiece

BUILT_IN: tuple[Template, ...] = (
    Template("Villageois", C(corps=3, esprit=3, combat=0, ame=2), (Trade("paysan"),), weapon="fourche",
             notes="civil: a group of them is difficulty 0 (RULES 1.5)"),
    Template("Soldat standard", C(corps=4, esprit=2, combat=2, ame=1), (Trade("soldat"),), (A.LIGHT,), weapon="lance",
             notes="defence 2 + soldat 3 = 5, a standard soldier's difficulty"),
    Template("Vétéran", C(corps=5, esprit=3, combat=5, ame=1), (Trade("soldat", ("épée",)),), (A.MEDIUM, A.SHIELD),
             weapon="épée", notes="defence 5 + soldat 3 + épée 2 = 10, a veteran's difficulty"),
    Template("Soldat d'élite", C(corps=7, esprit=4, combat=10, ame=2), (Trade("soldat", ("épée",)),), (A.HEAVY, A.SHIELD),
             weapon="épée", notes="defence 10 + soldat 3 + épée 2 = 15, an elite soldier's difficulty"),
    Template("Mage", C(corps=3, esprit=5, combat=2, ame=4), (Trade("mage", ("pyromancie", "oniromancie")),),
             weapon="bâton", mystic=True, notes="built like Alduin: âme 4, 9 pm, max intensity 5 (RULES 1.7)"),
)  # fmt: skip
