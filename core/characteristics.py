"""RULES 1.1: characteristics and the values derived from them."""

from __future__ import annotations

import math

import attrs

from core.breakdown import Breakdown, line
from core.validators import Whole

CHARACTERISTICS = ("corps", "esprit", "combat", "ame")
#: What a characteristic may be. **Decision**: the seeds bound none; the heroes sit between 1
#: and 11, and past 99 nothing in the rules means anything (max HP 104, a check always made).
CHARACTERISTIC = Whole(0, 99)
#: How each characteristic is written for a reader.
CHARACTERISTIC_NAMES = {
    "corps": ("body (corps)", "corps"),
    "esprit": ("mind (esprit)", "esprit"),
    "combat": ("combat", "combat"),
    "ame": ("soul (âme)", "âme"),
}


@attrs.frozen
class Characteristics:
    """The four characteristics: corps, esprit, combat, âme. Each is 0…99 (:data:`CHARACTERISTIC`)."""

    corps: int = attrs.field(default=0, validator=CHARACTERISTIC)
    esprit: int = attrs.field(default=0, validator=CHARACTERISTIC)
    combat: int = attrs.field(default=0, validator=CHARACTERISTIC)
    ame: int = attrs.field(default=0, validator=CHARACTERISTIC)

    @property
    def total(self) -> int:
        return self.corps + self.esprit + self.combat + self.ame

    def get(self, name: str) -> int:
        from core.validators import require

        require(
            "characteristic",
            name in CHARACTERISTICS,
            f"unknown characteristic {name!r}",
            CHARACTERISTICS,
            f"caractéristique inconnue {name!r}",
        )
        value: int = getattr(self, name)
        return value


def max_hp(chars: Characteristics, permanent_loss: int = 0) -> int:
    """corps + 5 − permanent HP losses (Segiere: corps 9 → 14)."""
    return chars.corps + 5 - permanent_loss


def max_willpower(chars: Characteristics, permanent_loss: int = 0) -> int:
    """esprit + 5 − permanent willpower losses (Decision: by analogy, RULES 1.1)."""
    return chars.esprit + 5 - permanent_loss


def max_pm(chars: Characteristics, mystic: bool = True) -> int:
    """âme + 5 for a mystic, 0 otherwise (Alduin âme 4 → 9)."""
    return chars.ame + 5 if mystic else 0


def max_intensity(pm_max: int) -> int:
    """ceil(max pm / 2) (Alduin 9 pm → 5)."""
    return math.ceil(pm_max / 2)


def dnd_level(chars: Characteristics) -> int:
    """floor(sum of characteristics / 2) (Brunvir 20 → 10)."""
    return chars.total // 2


@attrs.frozen
class Derived:
    """The derived values with the lines that explain them."""

    max_hp: int
    max_willpower: int
    max_pm: int
    max_intensity: int
    initiative: int
    dnd_level: int
    breakdown: Breakdown


def derive(chars: Characteristics, *, mystic: bool = False, hp_loss: int = 0, willpower_loss: int = 0) -> Derived:
    pm = max_pm(chars, mystic)
    hp = max_hp(chars, hp_loss)
    wp = max_willpower(chars, willpower_loss)
    lines = [
        line(
            f"max HP = corps {chars.corps} + 5" + (f" − {hp_loss} lost" if hp_loss else "") + f" = {hp}",
            f"PV max = corps {chars.corps} + 5" + (f" − {hp_loss} perdus" if hp_loss else "") + f" = {hp}",
        ),
        line(
            f"max willpower = esprit {chars.esprit} + 5"
            + (f" − {willpower_loss} lost" if willpower_loss else "")
            + f" = {wp}",
            f"volonté max = esprit {chars.esprit} + 5"
            + (f" − {willpower_loss} perdus" if willpower_loss else "")
            + f" = {wp}",
        ),
        line(
            f"max pm = âme {chars.ame} + 5 = {pm}" if mystic else "max pm = 0 (not a mystic)",
            f"pm max = âme {chars.ame} + 5 = {pm}" if mystic else "pm max = 0 (pas mystique)",
        ),
        line(
            f"max intensity = ceil({pm} / 2) = {max_intensity(pm)}",
            f"intensité max = arrondi sup.({pm} / 2) = {max_intensity(pm)}",
        ),
        line(f"initiative = combat {chars.combat}"),
        line(
            f"D&D level ≈ {chars.total} / 2 = {dnd_level(chars)}",
            f"niveau D&D ≈ {chars.total} / 2 = {dnd_level(chars)}",
        ),
    ]
    return Derived(hp, wp, pm, max_intensity(pm), chars.combat, dnd_level(chars), tuple(lines))
