"""RULES 2.7, counter-magic: the counter pool's successes + Quintessence make a score; the
score is rolled as dice against the effect's successes (the source's reading), or, under the
house rule ``mage_counter_flat``, compared with them as it stands."""

from __future__ import annotations

from fractions import Fraction

import attrs

from core.breakdown import Breakdown, Line
from core.mage.dice import percent, successes_odds
from core.mage.limits import POOL, WHEEL
from core.validators import require, whole_at_least

#: What the counter does to the effect: the words of each result.
RESULTS = {
    "turned": ("the effect turns back on its caster", "l'effet se retourne contre son lanceur"),
    "cancelled": ("the effect is cancelled", "l'effet est annulé"),
}


@attrs.frozen
class CounterMagic:
    """Counter-magic against an effect. ``score`` = the pool's successes + the Quintessence
    points (the Quintessence alone until the successes are given). Rolled (the default), the
    score is a number of dice: ``opposed`` is their successes, each one less for the effect.
    ``result`` (``reduced``, ``cancelled`` or ``turned``) is None until the roll that decides
    it is given."""

    pool: int
    quintessence: int
    effect_successes: int
    successes: int | None
    score: int
    result: str | None
    effect_successes_left: int | None
    #: With a difficulty: the exact chance to cancel the effect (its successes down to 0) and to
    #: turn it back (more successes than the caster's).
    chance_cancel: Fraction | None
    chance_turn: Fraction | None
    breakdown: Breakdown
    #: The score roll's successes, as rolled at the table (the rolled reading only).
    opposed: int | None = None
    #: The house rule ``mage_counter_flat``: the score is compared, not rolled.
    flat: bool = False


def counter_magic(
    pool: int,
    effect_successes: int,
    *,
    quintessence: int = 0,
    successes: int | None = None,
    difficulty: int | None = None,
    ones_cancel: bool = True,
    opposed: int | None = None,
    flat: bool = False,
) -> CounterMagic:
    """The counter pool (Arete + Sphere or Prime, or the counter-magic rote's pool) against an
    effect's successes: the odds with a difficulty (the same for the pool and the score), and,
    given the rolls, whether the effect is ``reduced``, ``cancelled`` or ``turned``."""
    POOL.check("pool", pool)
    whole_at_least("effect_successes", effect_successes)
    WHEEL.check("quintessence", quintessence)
    if successes is not None:
        whole_at_least("successes", successes)
        require("successes", successes <= pool, f"at most the pool, {pool}, got {successes}", f"0…{pool}",
                f"au plus le groupement, {pool}, pas {successes}")  # fmt: skip
    if opposed is not None:
        whole_at_least("opposed", opposed)
        require("opposed", not flat, "the house rule mage_counter_flat compares the score: nothing is rolled against the effect",
                fr="la règle maison mage_counter_flat compare le score : rien n'est lancé contre l'effet")  # fmt: skip
        require("successes", successes is not None, "required with the opposed roll: the score is its dice",
                fr="requis avec le jet en opposition : le score en est les dés")  # fmt: skip
    score = (successes or 0) + quintessence
    if opposed is not None:
        require("opposed", opposed <= score, f"at most the score's dice, {score}, got {opposed}", f"0…{score}",
                f"au plus les dés du score, {score}, pas {opposed}")  # fmt: skip
    lines = [Line(f"counter-magic pool {pool} dice", f"groupement de contre-magie {pool} dés")]
    if quintessence:
        lines.append(Line(f"quintessence {quintessence}: +{quintessence} to the score this turn" + ("" if flat else " (a die each)"),
                          f"quintessence {quintessence} : +{quintessence} au score ce tour" + ("" if flat else " (un dé chacune)")))  # fmt: skip
    if flat:
        return _flat(pool, quintessence, effect_successes, successes, difficulty, ones_cancel, lines)
    lines.append(_score_line(successes, quintessence, effect_successes))
    cancel = turn = None
    if difficulty is not None:
        cancel, turn = _rolled_odds(pool, quintessence, effect_successes, successes, difficulty, ones_cancel)
        lines.append(_odds_line(difficulty, effect_successes, cancel, turn, both=successes is None))
    result = left = None
    if opposed is not None:
        result, left = _outcome(opposed, effect_successes)
        lines.append(
            _result_line(f"opposed roll {opposed}", f"jet en opposition {opposed}", effect_successes, result, left)
        )
    return CounterMagic(pool, quintessence, effect_successes, successes, score, result, left, cancel, turn,
                        tuple(lines), opposed)  # fmt: skip


def _rolled_odds(
    pool: int, quintessence: int, against: int, successes: int | None, difficulty: int, ones_cancel: bool
) -> tuple[Fraction, Fraction]:
    """The exact chance that the score's dice make ``against`` successes (cancel) and one more
    (turn it back): over every score the pool can make when its successes are not given yet."""
    scores = (
        {successes: Fraction(1)}
        if successes is not None
        else dict(enumerate(successes_odds(pool, difficulty, ones_cancel=ones_cancel)))
    )
    cancel = turn = Fraction(0)
    for made, weight in scores.items():
        odds = successes_odds(made + quintessence, difficulty, ones_cancel=ones_cancel)
        cancel += weight * sum(odds[against:], Fraction(0))
        turn += weight * sum(odds[against + 1 :], Fraction(0))
    return cancel, turn


def _score_line(successes: int | None, quintessence: int, against: int) -> Line:
    if successes is None:
        return Line(
            f"score = the pool's successes + {quintessence}, rolled as dice against the effect's {against} successes",
            f"score = les succès du groupement + {quintessence}, lancé en dés contre les {against} succès de l'effet",
        )
    score = successes + quintessence
    return Line(
        f"score {successes} + {quintessence} = {score}: {score} dice rolled against the effect's {against} successes",
        f"score {successes} + {quintessence} = {score} : {score} dés lancés contre les {against} succès de l'effet",
    )


def _odds_line(difficulty: int, against: int, cancel: Fraction, turn: Fraction, *, both: bool) -> Line:
    rolls = (" (both rolls)", " (les deux jets)") if both else ("", "")
    return Line(
        f"difficulty {difficulty}{rolls[0]}: cancels it ({against} successes to 0): {percent(cancel)}, "
        f"turns it back (more than {against}): {percent(turn)}",
        f"difficulté {difficulty}{rolls[1]} : l'annule ({against} succès à 0) : {percent(cancel, 'fr')}, "
        f"le retourne (plus de {against}) : {percent(turn, 'fr')}",
    )


def _outcome(made: int, against: int) -> tuple[str, int]:
    """What ``made`` successes against the effect's ``against`` do, and the successes it keeps."""
    result = "turned" if made > against else "cancelled" if made == against else "reduced"
    return result, max(0, against - made)


def _result_line(en: str, fr: str, against: int, result: str, left: int) -> Line:
    words = RESULTS.get(result, (f"the effect keeps {left} successes", f"l'effet garde {left} succès"))
    return Line(f"{en} against {against}: {words[0]}", f"{fr} contre {against} : {words[1]}")


def _flat(
    pool: int,
    quintessence: int,
    against: int,
    successes: int | None,
    difficulty: int | None,
    ones_cancel: bool,
    lines: list[Line],
) -> CounterMagic:
    """The house rule ``mage_counter_flat``: the score itself against the effect's successes."""
    lines.append(Line("house rule mage_counter_flat: the score is compared with the effect's successes, not rolled",
                      "règle maison mage_counter_flat : le score est comparé aux succès de l'effet, sans jet"))  # fmt: skip
    cancel = turn = None
    if difficulty is not None:
        odds = successes_odds(pool, difficulty, ones_cancel=ones_cancel)
        short = max(0, against - quintessence)
        cancel, turn = sum(odds[short:], Fraction(0)), sum(odds[short + 1 :], Fraction(0))
        lines.append(
            Line(
                f"difficulty {difficulty}: cancels on {short}+ successes: {percent(cancel)}, turns it back on {short + 1}+: {percent(turn)}",
                f"difficulté {difficulty} : annule sur {short}+ succès : {percent(cancel, 'fr')}, le retourne sur {short + 1}+ : {percent(turn, 'fr')}",
            )
        )
    score, result, left = quintessence, None, None
    if successes is not None:
        score = successes + quintessence
        result, left = _outcome(score, against)
        lines.append(_result_line(f"score {successes} + {quintessence} = {score}",
                                  f"score {successes} + {quintessence} = {score}", against, result, left))  # fmt: skip
    return CounterMagic(pool, quintessence, against, successes, score, result, left, cancel, turn, tuple(lines),
                        None, True)  # fmt: skip
