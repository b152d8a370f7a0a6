"""RULES 2, "Counter-magic": the counter pool's score against the effect's successes."""

from __future__ import annotations

from fractions import Fraction

import attrs

from core.breakdown import Breakdown, Line
from core.mage.dice import chance, percent
from core.mage.limits import POOL, WHEEL
from core.validators import require, whole_at_least


@attrs.frozen
class CounterMagic:
    """Counter-magic against an effect: the score (successes + quintessence points) against the
    effect's successes. ``result`` None until the successes are given."""

    pool: int
    quintessence: int
    effect_successes: int
    successes: int | None
    score: int
    result: str | None
    effect_successes_left: int | None
    #: With a difficulty: the chance to cancel it (score ≥ effect) and to turn it (score > effect).
    chance_cancel: Fraction | None
    chance_turn: Fraction | None
    breakdown: Breakdown


def counter_magic(
    pool: int,
    effect_successes: int,
    *,
    quintessence: int = 0,
    successes: int | None = None,
    difficulty: int | None = None,
    ones_cancel: bool = True,
) -> CounterMagic:
    """The counter pool (Arete + Sphere or Prime, or the counter-magic rote's pool), and, given
    the successes rolled, whether the effect is ``reduced``, ``cancelled`` or ``turned``."""
    POOL.check("pool", pool)
    whole_at_least("effect_successes", effect_successes)
    WHEEL.check("quintessence", quintessence)
    lines = [Line(f"counter-magic pool {pool} dice", f"groupement de contre-magie {pool} dés")]
    if quintessence:
        lines.append(Line(f"quintessence {quintessence}: +{quintessence} to the score this turn",
                          f"quintessence {quintessence} : +{quintessence} au score ce tour"))  # fmt: skip
    cancel = turn = None
    if difficulty is not None:
        short = max(0, effect_successes - quintessence)
        cancel = chance(pool, difficulty, short, ones_cancel=ones_cancel)
        turn = chance(pool, difficulty, short + 1, ones_cancel=ones_cancel)
        lines.append(
            Line(
                f"difficulty {difficulty}: cancels on {short}+ successes: {percent(cancel)}, turns it back on {short + 1}+: {percent(turn)}",
                f"difficulté {difficulty} : annule sur {short}+ succès : {percent(cancel, 'fr')}, le retourne sur {short + 1}+ : {percent(turn, 'fr')}",
            )
        )
    score, result, left = quintessence, None, None
    if successes is not None:
        whole_at_least("successes", successes)
        require("successes", successes <= pool, f"at most the pool, {pool}, got {successes}", f"0…{pool}",
                f"au plus le groupement, {pool}, pas {successes}")  # fmt: skip
        score = successes + quintessence
        left = max(0, effect_successes - score)
        result = "turned" if score > effect_successes else "cancelled" if score == effect_successes else "reduced"
        lines.append(_result_line(successes, quintessence, effect_successes, result, left))
    return CounterMagic(
        pool, quintessence, effect_successes, successes, score, result, left, cancel, turn, tuple(lines)
    )


def _result_line(successes: int, quintessence: int, effect_successes: int, result: str, left: int) -> Line:
    """The counter's score against the effect's successes, and what it does to the effect."""
    score = successes + quintessence
    words = {
        "turned": ("the effect turns back on its caster", "l'effet se retourne contre son lanceur"),
        "cancelled": ("the effect is cancelled", "l'effet est annulé"),
        "reduced": (f"the effect keeps {left} successes", f"l'effet garde {left} succès"),
    }[result]
    return Line(
        f"score {successes} + {quintessence} = {score} against {effect_successes}: {words[0]}",
        f"score {successes} + {quintessence} = {score} contre {effect_successes} : {words[1]}",
    )
