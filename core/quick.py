"""Quick add: a new character typed on one line.

    Garde 8/4/6/2 soldat:épée cotte bouclier ×3

Words up to the characteristics are the name; ``corps/esprit/combat/âme`` are four whole numbers
separated by ``/``; after them, in any order:

- an armour word (``light``/``cuir``, ``medium``/``cotte``, ``heavy``/``plates``, ``shield``/
  ``bouclier``, ``magic_armour``, ``magic_shield``, or their labels with ``_`` for spaces);
- ``×3``, ``x3`` or ``*3``: that many numbered copies ("Garde 1…3");
- ``pj`` / ``pc`` (a player character; the default is an NPC), ``mystique`` / ``mystic``,
  ``caché`` / ``hidden``;
- ``arme:épée`` / ``weapon:épée`` (``arme:épée!`` for a magic or charged weapon);
- any other word is a trade, ``trade:speciality,speciality`` (``_`` for a space).

A part that does not parse is a :class:`RulesError` naming it, so the GM sees what to fix.
"""

from __future__ import annotations

import re

import attrs

from core.armour import ArmourPiece
from core.breakdown import Line
from core.campaign import Campaign
from core.characteristics import CHARACTERISTIC, CHARACTERISTIC_NAMES, CHARACTERISTICS, Characteristics
from core.choices import _folded
from core.errors import RulesError
from core.notation import armour_piece, format_armour, format_trades, is_armour_word
from core.roster import Character, Trade
from core.templates import COPIES, Template, copies
from core.validators import require

_CHARS = re.compile(r"\d+(?:/\d+)+|\d+/.*|.*\d/.*")
_COUNT = re.compile(r"[×x*]([0-9]+)", re.IGNORECASE)
FLAGS = {"pj": "pc", "pc": "pc", "mystique": "mystic", "mystic": "mystic", "cache": "hidden", "hidden": "hidden"}
WEAPON_WORDS = ("arme", "weapon")

SYNTAX = Line(
    "Name corps/esprit/combat/âme trade:speciality armour [×N] [pc] [mystic] [weapon:épée]",
    "Nom corps/esprit/combat/âme métier:spécialité armure [×N] [pj] [mystique] [arme:épée]",
)


@attrs.frozen
class QuickAdd:
    """What a quick-add line says: a stat block, how many copies, PC or NPC, hidden or not."""

    template: Template
    count: int = 1
    pc: bool = False
    hidden: bool = False

    def characters(self, campaign: Campaign) -> tuple[Character, ...]:
        return copies(self.template, self.count, campaign, pc=self.pc, hidden=self.hidden)

    def preview(self, campaign: Campaign) -> tuple[Line, ...]:
        """What will be added, in both languages: names, then the stat block."""
        made = self.characters(campaign)
        first = made[0]
        names = ", ".join(c.name for c in made)
        kind = ("PC", "PJ") if self.pc else ("NPC", "PNJ")
        c = self.template.characteristics
        chars = " ".join(f"{CHARACTERISTIC_NAMES[n][1]} {getattr(c, n)}" for n in CHARACTERISTICS)
        armour = format_armour(self.template.armour_pieces)
        armour_fr = format_armour(self.template.armour_pieces, "fr")
        trades = format_trades(self.template.trades) or "—"
        lines = [
            Line(f"{names} ({kind[0]})", f"{names} ({kind[1]})"),
            Line(f"{chars} · HP {first.max_hp} · armour {first.max_armour}" + (f" ({armour})" if armour else ""),
                 f"{chars} · PV {first.max_hp} · armure {first.max_armour}" + (f" ({armour_fr})" if armour_fr else "")),
            Line(f"trades: {trades}" + (f" · pm {first.max_pm}" if first.mystic else ""),
                 f"métiers : {trades}" + (f" · pm {first.max_pm}" if first.mystic else "")),
        ]  # fmt: skip
        if self.template.weapon:
            magic = (" (magic)", " (magique)") if self.template.magic_weapon else ("", "")
            lines.append(Line(f"weapon: {self.template.weapon}{magic[0]}", f"arme : {self.template.weapon}{magic[1]}"))
        return tuple(lines)


def _part_error(part: str, en: str, fr: str, allowed: str | None = None) -> RulesError:
    return RulesError(part, en, allowed, fr)


def parse_characteristics(part: str) -> Characteristics:
    numbers = part.split("/")
    if len(numbers) != 4 or not all(re.fullmatch(r"[0-9]+", n) for n in numbers):
        raise _part_error(
            part,
            "corps/esprit/combat/âme must be four whole numbers, e.g. 8/4/6/2",
            "corps/esprit/combat/âme : quatre nombres entiers, par ex. 8/4/6/2",
            "8/4/6/2",
        )
    return Characteristics(*(CHARACTERISTIC.parse(name, n) for name, n in zip(CHARACTERISTICS, numbers, strict=True)))


def _trade(part: str) -> Trade:
    name, _, specialities = part.partition(":")
    if not name.strip():
        raise _part_error(
            part, "a trade needs a name before ':'", "un métier a besoin d'un nom avant « : »", "soldat:épée"
        )
    specs = tuple(s.replace("_", " ").strip() for s in specialities.split(",") if s.strip())
    return Trade(name.replace("_", " "), specs)


def parse_quick(line: str) -> QuickAdd:
    """A :class:`QuickAdd` from one line, or a RulesError naming the part that does not parse."""
    words = line.split()
    require(
        "line", bool(words), f"type e.g. {SYNTAX.en}", SYNTAX.en, f"tapez par ex. {SYNTAX.fr}", allowed_fr=SYNTAX.fr
    )
    at = next((i for i, w in enumerate(words) if _CHARS.fullmatch(w)), None)
    if at is None:
        raise _part_error(
            line.strip(),
            "no corps/esprit/combat/âme: add four numbers like 8/4/6/2 after the name",
            "pas de corps/esprit/combat/âme : ajoutez quatre nombres comme 8/4/6/2 après le nom",
            SYNTAX.en,
        )
    if at == 0:
        raise _part_error(words[0], "a name comes first", "le nom vient d'abord", SYNTAX.en)
    name = " ".join(words[:at])
    chars = parse_characteristics(words[at])
    trades: list[Trade] = []
    pieces: list[ArmourPiece] = []
    flags: set[str] = set()
    count, weapon, magic = 1, "", False
    for word in words[at + 1 :]:
        folded = _folded(word)
        if (m := _COUNT.fullmatch(word)) is not None:
            count = _count(word, m.group(1))
        elif folded in FLAGS:
            flags.add(FLAGS[folded])
        elif ":" in word and _folded(word.partition(":")[0]) in WEAPON_WORDS:
            weapon, magic = _weapon(word)
        elif ":" not in word and is_armour_word(word):
            pieces.append(armour_piece(word))
        elif re.search(r"\d", word) and ":" not in word:
            raise _part_error(
                word, "not understood (a count is written ×3)", "pas compris (un nombre de copies s'écrit ×3)"
            )
        else:
            trades.append(_trade(word))
    try:
        template = Template(name, chars, tuple(trades), tuple(pieces), weapon, magic, "mystic" in flags)
    except RulesError as error:
        words_of = " ".join(w for w in words[at + 1 :] if ":" not in w and is_armour_word(w))
        raise RulesError(
            words_of or error.field, error.reason, error.allowed, error.reason_fr, allowed_fr=error.allowed_fr
        ) from None
    return QuickAdd(template, count, "pc" in flags, "hidden" in flags)


def _count(word: str, digits: str) -> int:
    """The number of copies a ``×3`` word asks for, within the allowed range."""
    try:
        return COPIES.parse("count", digits)
    except RulesError:
        lo, hi = COPIES.minimum, COPIES.maximum
        raise _part_error(
            word, f"between ×{lo} and ×{hi} copies", f"entre ×{lo} et ×{hi} copies", f"×{lo}…×{hi}"
        ) from None


def _weapon(word: str) -> tuple[str, bool]:
    """The weapon an ``arme:épée`` word names, and whether it is magic (a trailing ``!``)."""
    weapon = word.partition(":")[2].replace("_", " ").strip()
    magic = weapon.endswith("!")
    weapon = weapon.rstrip("!").strip()
    if not weapon:
        raise _part_error(
            word, "name the weapon after ':', e.g. arme:épée", "nommez l'arme après « : », par ex. arme:épée"
        )
    return weapon, magic
