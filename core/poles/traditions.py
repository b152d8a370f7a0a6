"""RULES 3.1, traditions and the improvised cost: the four traditions, their resources
and what a spell of a level costs in pure resource."""

from __future__ import annotations

import enum

from core.breakdown import Lang, Line
from core.errors import RulesError
from core.validators import require


class Tradition(enum.StrEnum):
    """The four poles' traditions: mental, spiritual, physical, senses."""

    profane = "profane"
    divine = "divine"
    body = "body"
    illusion = "illusion"

    def label(self, lang: Lang = "en") -> str:
        return _TRADITION_LABELS[self].text(lang)

    @property
    def resource(self) -> Resource:
        return _RESOURCES[self]

    @property
    def fluid(self) -> bool:
        """Whether it is paid in fluid resource (mana, faith): a preparation segment."""
        return self in (Tradition.profane, Tradition.divine)


class Resource(enum.StrEnum):
    mana = "mana"
    faith = "faith"
    hp = "hp"
    hold = "hold"

    def label(self, lang: Lang = "en") -> str:
        return _RESOURCE_LABELS[self].text(lang)


_RESOURCES = {
    Tradition.profane: Resource.mana,
    Tradition.divine: Resource.faith,
    Tradition.body: Resource.hp,
    Tradition.illusion: Resource.hold,
}
_TRADITION_LABELS = {
    Tradition.profane: Line("profane", "profane"),
    Tradition.divine: Line("divine", "divine"),
    Tradition.body: Line("body magic", "magie du corps"),
    Tradition.illusion: Line("illusion", "illusion"),
}
_RESOURCE_LABELS = {
    Resource.mana: Line("mana", "mana"),
    Resource.faith: Line("faith", "foi"),
    Resource.hp: Line("lethal HP", "PV létaux"),
    Resource.hold: Line("hold", "emprise"),
}

TRADITIONS = tuple(Tradition)
LEVELS = range(0, 10)


def tradition_of(value: str | Tradition, field: str = "tradition") -> Tradition:
    """``"profane"`` → :attr:`Tradition.profane`; a RulesError naming ``field`` otherwise."""
    try:
        return Tradition(str(value).strip().lower())
    except ValueError:
        raise RulesError(field, f"unknown value {value!r}", TRADITIONS, f"valeur inconnue {value!r}") from None


def improvised_cost(level: int, tradition: Tradition) -> int | None:
    """A spell of ``level`` paid in pure resource: 2N + 1 mana, N faith, N(N+1)/2 lethal HP;
    None for illusion, whose price is the mana one transposed into hold
    (:func:`core.poles.body_and_illusion.in_hold`)."""
    spell_level(level)
    return {
        Tradition.profane: 2 * level + 1,
        Tradition.divine: level,
        Tradition.body: level * (level + 1) // 2,
    }.get(tradition)


def priced_as(tradition: Tradition) -> Tradition:
    """The tradition whose rules price a spell: illusion is priced as mana (then transposed)."""
    return Tradition.profane if tradition is Tradition.illusion else tradition


def improvised_line(level: int, tradition: Tradition, cost: int | None) -> Line:
    """The improvised cost's line; for illusion ``cost`` is the mana it is priced at."""
    formula = {
        Tradition.profane: f"2×{level} + 1",
        Tradition.divine: f"{level}",
        Tradition.body: f"{level}×{level + 1}/2",
        Tradition.illusion: f"2×{level} + 1",
    }
    name_en = f"level {level} {tradition.label('en')} spell"
    name_fr = f"sort de niveau {level} ({tradition.label('fr')})"
    if tradition is Tradition.illusion:
        return Line(
            f"{name_en}, improvised: priced in mana, {formula[tradition]} = {cost} mana, then transposed into hold",
            f"{name_fr}, improvisé : chiffré en mana, {formula[tradition]} = {cost} mana, puis transposé en emprise",
        )
    unit = tradition.resource
    return Line(
        f"{name_en}, improvised: {formula[tradition]} = {cost} {unit.label('en')}",
        f"{name_fr}, improvisé : {formula[tradition]} = {cost} {unit.label('fr')}",
    )


def spell_level(level: int, field: str = "level") -> int:
    require(
        field, isinstance(level, int) and not isinstance(level, bool) and level in LEVELS,
        f"must be a spell level 0…9, got {level!r}", "0…9", f"doit être un niveau de sort 0…9, pas {level!r}",
    )  # fmt: skip
    return level
