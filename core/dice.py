"""Dice: the kult die (RULES 1.2) and the injected random source.

Randomness always comes from a :class:`RandomSource` passed in by the caller
(``random.Random(seed)`` in tests, ``random.SystemRandom()`` in the app). Anywhere a die is
rolled, a value the GM rolled at the table can be typed instead.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

import attrs

from core.errors import RulesError


class RandomSource(Protocol):
    """What the engine needs of a random generator; ``random.Random`` fits."""

    def randint(self, a: int, b: int) -> int: ...


@attrs.frozen
class KultDie:
    """A kult die: its equally likely faces and the naturals that are critical."""

    name: str
    faces: tuple[int, ...]
    critical_success: int = 10
    critical_failure: int = -9

    @property
    def lowest(self) -> int:
        return min(self.faces)

    @property
    def highest(self) -> int:
        return max(self.faces)

    def probability(self, face: int) -> Fraction:
        return Fraction(self.faces.count(face), len(self.faces))

    def check_face(self, value: int, field: str = "kult") -> int:
        """``value`` if the die can show it, else a :class:`RulesError` naming ``field``."""
        if isinstance(value, bool) or not isinstance(value, int) or value not in self.faces:
            raise RulesError(
                field,
                f"a {self.name} kult die cannot show {value!r}",
                f"{self.lowest}…{self.highest}",
                f"un dé kult {self.name} ne peut pas faire {value!r}",
            )
        return value

    def roll(self, rng: RandomSource) -> int:
        return self.faces[rng.randint(0, len(self.faces) - 1)]


#: The kult dice a campaign can choose (house rule ``kult_die``); RULES 1.2 default ``d20-10``.
KULT_DICE: dict[str, KultDie] = {
    "d20-10": KultDie("d20-10", tuple(range(-9, 11))),
}
DEFAULT_KULT_DIE = "d20-10"
#: That die itself: the default argument of every roll (a frozen value, safe to share).
DEFAULT_DIE = KULT_DICE[DEFAULT_KULT_DIE]


def kult_die(name: str = DEFAULT_KULT_DIE) -> KultDie:
    try:
        return KULT_DICE[name]
    except KeyError:
        raise RulesError("kult_die", f"unknown kult die {name!r}", KULT_DICE, f"dé kult inconnu {name!r}") from None
