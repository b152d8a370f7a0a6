"""How a GM types a character's lists on one line: trades, affects and armour.

``"soldat: épée, arc; voleur"`` is two trades (soldat with two specialities, voleur with none);
``"sa sœur, la mer"`` two affects; ``"medium, shield"`` (or ``"cotte, bouclier"``) the armour
worn. The forms, the quick add, the template library and roster files all read these.
"""

from __future__ import annotations

import functools

from core.armour import ArmourPiece, armour_points
from core.choices import _folded, parse_choice
from core.errors import RulesError
from core.roster import Trade
from core.validators import require

#: Words a GM uses for an armour piece besides its labels (RULES 1.6 names them so).
ARMOUR_WORDS: dict[str, ArmourPiece] = {
    "cuir": ArmourPiece.LIGHT,
    "leather": ArmourPiece.LIGHT,
    "pourpoint": ArmourPiece.LIGHT,
    "cotte": ArmourPiece.MEDIUM,
    "mailles": ArmourPiece.MEDIUM,
    "chain": ArmourPiece.MEDIUM,
    "chainmail": ArmourPiece.MEDIUM,
    "plates": ArmourPiece.HEAVY,
    "plate": ArmourPiece.HEAVY,
    "harnois": ArmourPiece.HEAVY,
    "legere": ArmourPiece.LIGHT,
    "intermediaire": ArmourPiece.MEDIUM,
    "lourde": ArmourPiece.HEAVY,
    "bouclier": ArmourPiece.SHIELD,
}


def parse_list(text: str) -> tuple[str, ...]:
    """Comma-separated words, blanks dropped."""
    return tuple(word.strip() for word in text.split(",") if word.strip())


@functools.lru_cache(maxsize=256)
def parse_trades(text: str) -> tuple[Trade, ...]:
    """``"soldat: épée, arc; voleur"`` → soldat (épée, arc) and voleur (no speciality)."""
    trades = []
    for part in text.split(";"):
        if not part.strip():
            continue
        name, _, specialities = part.partition(":")
        require(
            "trades",
            bool(name.strip()),
            f"a trade needs a name before ':' in {part.strip()!r}",
            fr=f"un métier a besoin d'un nom avant « : » dans {part.strip()!r}",
        )
        trades.append(Trade(name.strip(), parse_list(specialities)))
    return tuple(trades)


def format_trades(trades: tuple[Trade, ...]) -> str:
    return "; ".join(tr.name + (": " + ", ".join(tr.specialities) if tr.specialities else "") for tr in trades)


@functools.lru_cache(maxsize=256)
def armour_piece(word: str) -> ArmourPiece:
    """One piece by value, English or French label, or a usual word (``cotte``, ``bouclier``)."""
    piece = ARMOUR_WORDS.get(_folded(word))
    return piece if piece is not None else parse_choice(ArmourPiece, word, "armour")


def is_armour_word(word: str) -> bool:
    try:
        armour_piece(word)
    except RulesError:
        return False
    return True


@functools.lru_cache(maxsize=256)
def parse_armour(text: str) -> tuple[ArmourPiece, ...]:
    """Pieces separated by commas or, as in quick add, by spaces (``cotte bouclier``; see
    :func:`armour_piece`); a worn set that makes sense. (Cached: a roster file repeats the same
    few texts on every row.)"""
    pieces = []
    for part in parse_list(text):
        words = part.split() if not is_armour_word(part) else [part]
        for word in words:
            if not is_armour_word(word):
                allowed = ", ".join([*(p.value for p in ArmourPiece), *ARMOUR_WORDS])
                raise RulesError(
                    "armour",
                    f"unknown armour piece {word!r} (pieces are separated by commas or spaces: "
                    f"'cotte, bouclier' or 'cotte bouclier')",
                    allowed,
                    f"pièce d'armure inconnue {word!r} (les pièces se séparent par des virgules ou des espaces : "
                    f"« cotte, bouclier » ou « cotte bouclier »)",
                )
            pieces.append(armour_piece(word))
    armour_points(tuple(pieces))
    return tuple(pieces)


def format_armour(pieces: tuple[ArmourPiece, ...], lang: str = "en") -> str:
    return ", ".join(piece.fr if lang == "fr" else piece.en for piece in pieces)
