"""RULES 2.6, the dice and the odds: the exact chance of a d10 pool making its successes at a
difficulty (+ the extras taken as difficulty), ones cancelling a success or not."""

from __future__ import annotations

import functools
from fractions import Fraction

from core.breakdown import Lang, Line
from core.breakdown import percent as breakdown_percent
from core.mage.effect import MageEffect
from core.mage.limits import (
    FACES,
    MAX_DIFFICULTY,
)
from core.mage.successes import successes_text
from core.validators import require, whole_at_least


@functools.lru_cache(maxsize=4096)
def _net_counts(dice: int, difficulty: int, ones_cancel: bool) -> tuple[int, ...]:
    """Outcomes of ``dice`` d10 (out of 10**dice) by net successes, from ``-dice`` to ``dice``:
    index ``net + dice``. One die: faces ≥ difficulty succeed, a 1 cancels (if ``ones_cancel``)."""
    hits = FACES + 1 - difficulty
    ones = 1 if ones_cancel and difficulty > 1 else 0
    blank = FACES - hits - ones
    counts = [0] * (2 * dice + 1)
    counts[dice] = 1
    for _ in range(dice):  # one more die: shift the counts by -1, 0, +1
        counts = [
            blank * counts[i]
            + (hits * counts[i - 1] if i else 0)
            + (ones * counts[i + 1] if i + 1 < len(counts) else 0)
            for i in range(len(counts))
        ]
    return tuple(counts)


def chance(dice: int, difficulty: int, needed: int, *, ones_cancel: bool = True) -> Fraction:
    """Exact chance that ``dice`` d10 at ``difficulty`` (2…10) make ``needed`` net successes."""
    whole_at_least("dice", dice)
    whole_at_least("difficulty", difficulty, 2)
    require("difficulty", difficulty <= MAX_DIFFICULTY, f"must be at most {MAX_DIFFICULTY}, got {difficulty}", "2…10",
            f"doit valoir au plus {MAX_DIFFICULTY}, pas {difficulty}")  # fmt: skip
    whole_at_least("needed", needed, 0)
    counts = _net_counts(dice, difficulty, bool(ones_cancel))
    return Fraction(sum(counts[max(0, needed + dice) :]), FACES**dice)


def successes_odds(dice: int, difficulty: int, *, ones_cancel: bool = True) -> tuple[Fraction, ...]:
    """The exact chance of each number of successes ``dice`` d10 make at ``difficulty``: index
    ``n`` for ``n`` successes, 0…``dice``; a roll whose ones cancel more than its successes makes
    none (index 0)."""
    chance(dice, difficulty, 0, ones_cancel=ones_cancel)  # the same checks
    counts = _net_counts(dice, difficulty, bool(ones_cancel))
    total = FACES**dice
    return (Fraction(sum(counts[: dice + 1]), total), *(Fraction(n, total) for n in counts[dice + 1 :]))


def percent(value: Fraction, lang: Lang = "en") -> str:
    """``57.4%`` / ``57,4 %``: one decimal, none when whole (:func:`core.breakdown.percent`)."""
    return breakdown_percent(value, lang, decimals=1)


def odds(
    e: MageEffect, successes: int | None, pool: int, dice: int, ones_cancel: bool
) -> tuple[int | None, Fraction | None, list[Line], list[Line]]:
    """The difficulty per die (+ the extras taken as difficulty) and the exact chance."""
    if e.difficulty is None:
        return None, None, [], []
    difficulty = e.difficulty + (e.as_difficulty if successes is not None else 0)
    if difficulty > MAX_DIFFICULTY:
        return (
            difficulty,
            None,
            [],
            [
                Line(
                    f"difficulty {difficulty}: past {MAX_DIFFICULTY}",
                    f"difficulté {difficulty} : au-delà de {MAX_DIFFICULTY}",
                )
            ],
        )
    if successes is None or pool < 1:
        return difficulty, None, [], []
    value = chance(dice, difficulty, successes, ones_cancel=ones_cancel)
    ones = (", ones cancel", ", les 1 annulent") if ones_cancel else ("", "")
    lines = []
    if successes > dice:
        lines.append(
            Line(
                f"{successes} successes on {dice} dice: not in one roll (a ritual adds up its rolls)",
                f"{successes} succès sur {dice} dés : pas en un jet (un rituel cumule ses jets)",
            )
        )
    lines.append(
        Line(
            f"chance: {successes_text(successes)} on {dice}d10 ≥ {difficulty}{ones[0]}: {percent(value)}",
            f"chance : {successes} succès sur {dice}d10 ≥ {difficulty}{ones[1]} : {percent(value, 'fr')}",
        )
    )
    return difficulty, value, lines, []
