"""RULES 3.7, blood mana and backlash: mana forced past the per-turn limit and the pool, its HP and its backlash."""

from __future__ import annotations

import enum
import random

import attrs

from core.breakdown import Breakdown, Lang, Line
from core.validators import require, whole_at_least


class Backlash(enum.StrEnum):
    """What forced mana does to its caster, mildest first."""

    none = "none"
    fatigued = "fatigued"
    exhausted = "exhausted"
    staggered = "staggered"
    confused = "confused"
    unconscious = "unconscious"

    def label(self, lang: Lang = "en") -> str:
        return _BACKLASH_LABELS[self].text(lang)

    @property
    def severity(self) -> int:
        return list(Backlash).index(self)


_BACKLASH_LABELS = {
    Backlash.none: Line("no backlash", "aucun"),
    Backlash.fatigued: Line("fatigued", "fatigué"),
    Backlash.exhausted: Line("exhausted", "épuisé"),
    Backlash.staggered: Line("staggered", "vacillant"),
    Backlash.confused: Line("confused", "confus"),
    Backlash.unconscious: Line("unconscious", "inconscient"),
}

#: Rows by mana forced past the limit (highest of the row; the last row has no top): the highest
#: total of each outcome in turn, none first; above the last, the next outcome.
_ROWS = (5, 10, 15, 20, None)
_ROW_LABELS = (
    Line("under 6", "moins de 6"),
    Line("6–10", "6 à 10"),
    Line("11–15", "11 à 15"),
    Line("16–20", "16 à 20"),
    Line("over 20", "plus de 20"),
)
BACKLASH_TABLES: dict[int, tuple[tuple[int, ...], ...]] = {
    1: ((50, 90, 100), (40, 75, 90, 100), (30, 60, 75, 90, 100), (20, 45, 60, 75, 90), (10, 30, 45, 60, 75)),
    2: ((60, 100), (50, 90, 100), (40, 75, 90, 100), (30, 60, 75, 90, 100), (20, 45, 60, 75, 90)),
}


def backlash_row(forced: int) -> int:
    """The row (0…4) of the mana forced past the limit (≥ 1)."""
    return next(i for i, top in enumerate(_ROWS) if top is None or forced <= top)


def backlash(forced: int, total: int, tolerant: bool = False) -> Backlash:
    """The row of ``forced`` mana read at ``total`` (d100 + forced): table 1, or 2 if tolerant."""
    whole_at_least("forced", forced)
    if forced == 0:
        return Backlash.none
    bounds = BACKLASH_TABLES[2 if tolerant else 1][backlash_row(forced)]
    index = next((i for i, top in enumerate(bounds) if total <= top), len(bounds))
    return list(Backlash)[index]


@attrs.frozen
class BloodMana:
    """Mana forced past the per-turn limit and past the pool, its price in HP dice, its backlash."""

    mana: int
    limit: int
    pool: int
    past_limit: int
    past_pool: int
    #: d6 of HP: one per point past the limit, one per point past the pool (2 for a point past both).
    hp_dice: int
    d100: int | None
    #: d100 + mana − limit, read on the table; None without a d100 or with nothing forced.
    backlash_roll: int | None
    backlash: Backlash | None
    table: int
    breakdown: Breakdown


def blood_mana(
    mana: int,
    limit: int,
    pool: int,
    d100: int | None = None,
    *,
    tolerant: bool = False,
    rng: random.Random | None = None,
) -> BloodMana:
    """Blood mana (8.7): ``d100`` as rolled at the table, or rolled with ``rng``, or None (no backlash yet)."""
    whole_at_least("mana", mana)
    whole_at_least("limit", limit)
    whole_at_least("pool", pool)
    past_limit, past_pool = max(0, mana - limit), max(0, mana - pool)
    dice = past_limit + past_pool
    table = 2 if tolerant else 1
    lines = [
        Line(
            f"{mana} mana, limit {limit}, pool {pool}: {past_limit} past the limit + {past_pool} past the pool = {dice}d6 HP",
            f"{mana} mana, limite {limit}, réserve {pool} : {past_limit} au-delà de la limite + {past_pool} au-delà de la réserve = {dice}d6 PV",
        )
    ]
    if past_limit == 0:
        lines.append(
            Line("nothing forced past the limit: no backlash", "rien de forcé au-delà de la limite : pas de retour")
        )
        return BloodMana(mana, limit, pool, 0, past_pool, dice, d100, None, Backlash.none, table, tuple(lines))
    if d100 is None and rng is not None:
        d100 = rng.randint(1, 100)
    if d100 is None:
        lines.append(
            Line(f"roll d100 + {past_limit} on table {table}", f"jetez d100 + {past_limit} sur la table {table}")
        )
        return BloodMana(mana, limit, pool, past_limit, past_pool, dice, None, None, None, table, tuple(lines))
    require("d100", isinstance(d100, int) and not isinstance(d100, bool) and 1 <= d100 <= 100, f"a d100 shows 1…100, got {d100!r}", "1…100",
            f"un d100 montre 1…100, pas {d100!r}")  # fmt: skip
    total = d100 + mana - limit
    result = backlash(past_limit, total, tolerant)
    row = _ROW_LABELS[backlash_row(past_limit)]
    tolerant_en, tolerant_fr = (" (tolerant)", " (tolérante)") if tolerant else ("", "")
    lines.append(
        Line(
            f"d100 {d100} + {mana} − {limit} = {total} on table {table}{tolerant_en}, row {row.en}: {result.label('en')}",
            f"d100 {d100} + {mana} − {limit} = {total} sur la table {table}{tolerant_fr}, ligne {row.fr} : {result.label('fr')}",
        )
    )
    return BloodMana(mana, limit, pool, past_limit, past_pool, dice, d100, total, result, table, tuple(lines))
