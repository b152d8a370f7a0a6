"""RULES 1.2: scores, the kult die roll, criticals, rerolls and the difficulty ladder."""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from fractions import Fraction

import attrs

from core.breakdown import Breakdown, Line, line, percent
from core.characteristics import CHARACTERISTIC_NAMES
from core.dice import DEFAULT_DIE, KultDie, RandomSource
from core.errors import RulesError
from core.sums import Term, plural, sum_line, whole
from core.text import quote
from core.validators import ANY_WHOLE, looks_whole, require

TRADE = 3
SPECIALITY = 2
AFFECT = 5


# --- scores -------------------------------------------------------------------------------


@attrs.frozen
class Score:
    """A score before the dice; ``shadow_delta`` is the affect's ±1 shadow for the caller to log."""

    value: int
    terms: tuple[Term, ...]
    affect: int
    shadow_delta: int
    breakdown: Breakdown


def _applies(field: str, value: object, en: str, fr: str) -> tuple[str, str] | None:
    """A trade or speciality flag: ``True``, ``False`` or the name of the one that applies."""
    require(
        field,
        isinstance(value, (bool, str)),
        f"must be true, false or a name, got {value!r}",
        fr=f"doit être vrai, faux ou un nom, pas {value!r}",
    )
    if not value:
        return None
    return (value, value) if isinstance(value, str) else (en, fr)


def score(
    characteristic: int,
    *,
    trade: bool | str = False,
    speciality: bool | str = False,
    affect: int = 0,
    modifiers: int = 0,
    name: str | None = None,
    bonuses: Sequence[Term] = (),
) -> Score:
    """characteristic + 3 (trade) + 2 (speciality) ± 5 (affect) + bonuses + modifiers.

    ``trade``/``speciality`` may be the trade's or speciality's name, shown in the breakdown;
    ``name`` is the characteristic's (``"corps"``…); ``affect`` is −1, 0 or +1.
    """
    whole("characteristic", characteristic, 0)
    whole("modifiers", modifiers)
    require(
        "affect",
        affect in (-1, 0, 1) and not isinstance(affect, bool),
        f"must be -1, 0 or +1, got {affect!r}",
        "-1, 0, +1",
        f"doit valoir -1, 0 ou +1, pas {affect!r}",
    )
    trade_label = _applies("trade", trade, "trade", "métier")
    speciality_label = _applies("speciality", speciality, "speciality", "spécialisation")
    require(
        "speciality",
        trade_label is not None or speciality_label is None,
        "a speciality belongs to a trade: the trade applies too",
        fr="une spécialisation fait partie d'un métier : le métier s'applique aussi",
    )
    terms = _score_terms(characteristic, name, trade_label, speciality_label, bonuses, affect, modifiers)
    lines = [sum_line(terms)]
    if affect:
        lines.append(line(f"affect: {affect:+d} shadow", f"affect : {affect:+d} ombre"))
    return Score(sum(t.value for t in terms), tuple(terms), affect, affect, tuple(lines))


def _score_terms(
    characteristic: int,
    name: str | None,
    trade_label: tuple[str, str] | None,
    speciality_label: tuple[str, str] | None,
    bonuses: Sequence[Term],
    affect: int,
    modifiers: int,
) -> list[Term]:
    """The terms a score adds up, in the order its breakdown shows them."""
    if name:
        label = CHARACTERISTIC_NAMES.get(name, (name, name))[1]
        terms = [Term(label, label, characteristic)]
    else:
        terms = [Term("characteristic", "caractéristique", characteristic)]
    if trade_label:
        terms.append(Term(*trade_label, TRADE))
    if speciality_label:
        terms.append(Term(*speciality_label, SPECIALITY))
    terms.extend(bonuses)
    if affect:
        terms.append(
            Term(
                *(
                    ("favourable affect", "affect favorable")
                    if affect > 0
                    else ("unfavourable affect", "affect défavorable")
                ),
                AFFECT * affect,
            )
        )
    if modifiers:
        terms.append(Term("modifiers", "modificateurs", modifiers))
    return terms


# --- the difficulty ladder ------------------------------------------------------------------


@attrs.frozen
class Difficulty:
    key: str
    value: int
    en: str
    fr: str


EASY, MEDIUM, HARD, VERY_HARD, EPIC = 0, 5, 10, 15, 20
DIFFICULTIES: dict[str, Difficulty] = {
    d.key: d
    for d in (
        Difficulty("easy", EASY, "easy", "facile"),
        Difficulty("medium", MEDIUM, "medium", "moyen"),
        Difficulty("hard", HARD, "hard", "difficile"),
        Difficulty("very_hard", VERY_HARD, "very hard", "très difficile"),
        Difficulty("epic", EPIC, "epic", "épique"),
    )
}


def difficulty_name(value: int) -> Difficulty | None:
    """The ladder step ``value`` is exactly (20 and more: epic), else None."""
    if value >= EPIC:
        return DIFFICULTIES["epic"]
    return next((d for d in DIFFICULTIES.values() if d.value == value), None)


def parse_difficulty(value: int | str) -> int:
    """A number, or a ladder name in English or French (``"hard"``, ``"très difficile"``)."""
    if isinstance(value, str):
        text = value.strip().lower().replace("_", " ")
        for d in DIFFICULTIES.values():
            if text in (d.en, d.fr):
                return d.value
        if looks_whole(text):
            return ANY_WHOLE.parse("difficulty", text)
        raise RulesError(
            "difficulty",
            f"unknown difficulty {quote(value)}",
            ["a number", *DIFFICULTIES],
            f"difficulté inconnue {quote(value)}",
            allowed_fr=["un nombre", *(d.fr for d in DIFFICULTIES.values())],
        )
    return whole("difficulty", value)


def _vs(difficulty: int) -> tuple[str, str]:
    d = difficulty_name(difficulty)
    return (
        f"difficulty {difficulty}" + (f" ({d.en})" if d else ""),
        f"difficulté {difficulty}" + (f" ({d.fr})" if d else ""),
    )


# --- checks ---------------------------------------------------------------------------------


class Critical(enum.StrEnum):
    SUCCESS = "success"
    FAILURE = "failure"


@attrs.frozen
class Check:
    """A rolled check: the dice (first roll, then rerolls added) and what they give."""

    score: int
    difficulty: int
    dice: tuple[int, ...]
    final: int
    margin: int
    success: bool
    success_ranks: int
    failure_ranks: int
    critical: Critical | None
    rerolls: int
    shadow_delta: int
    chance: Fraction
    rerolls_allowed: int
    die: KultDie
    breakdown: Breakdown

    @property
    def can_reroll(self) -> bool:
        """A failed, non-critical check with a reroll left."""
        return not self.success and self.critical is None and self.rerolls < self.rerolls_allowed


def ranks(margin: int, success: bool) -> tuple[int, int]:
    """(success ranks, failure ranks): floor(margin / 5) on a success with margin ≥ 0,
    floor(−margin / 5) on a failure with margin < 0, else 0 (a critical decided against the margin)."""
    return (margin // 5 if success and margin >= 0 else 0, -margin // 5 if not success and margin < 0 else 0)


def _critical(dice: Sequence[int], die: KultDie) -> Critical | None:
    if die.critical_failure in dice:
        return Critical.FAILURE
    return Critical.SUCCESS if die.critical_success in dice else None


@functools.lru_cache(maxsize=4096)
def chance_of_success(score: int, difficulty: int, die: KultDie = DEFAULT_DIE) -> Fraction:
    """Exact chance that one kult die succeeds; its natural criticals decide on their own.

    Pure and asked again for the same numbers (every attack's breakdown, a journal replay), so
    its answers are memoised."""
    return sum(
        (die.probability(face) for face in set(die.faces) if _succeeds(score, difficulty, (face,), die)),
        Fraction(0),
    )


def _succeeds(score: int, difficulty: int, dice: Sequence[int], die: KultDie) -> bool:
    critical = _critical(dice, die)
    return critical is Critical.SUCCESS or (critical is None and score + sum(dice) >= difficulty)


def _dice(kult: Sequence[int] | int | None, rng: RandomSource | None, die: KultDie) -> tuple[int, ...]:
    if isinstance(kult, int):
        kult = (kult,)
    if kult:
        return tuple(die.check_face(value, "kult") for value in kult)
    if rng is None:
        raise RulesError(
            "kult",
            "type the kult die rolled at the table, or give a random source to roll it",
            f"{die.lowest}…{die.highest}",
            "tapez le dé kult lancé à la table, ou donnez une source de hasard pour le lancer",
        )
    return (die.roll(rng),)


def _check_rerolls(score: int, difficulty: int, dice: tuple[int, ...], die: KultDie, allowed: int) -> None:
    most = plural(allowed, "reroll{s}", "relance{s}")
    require(
        "kult",
        len(dice) <= 1 + allowed,
        f"{len(dice)} dice given: one roll and at most {most.en}",
        f"1…{1 + allowed} dice",
        f"{len(dice)} dés donnés : un jet et au plus {most.fr}",
        allowed_fr=f"1…{1 + allowed} dés",
    )
    for count in range(1, len(dice)):
        before = dice[:count]
        require(
            "kult",
            die.critical_failure not in before,
            "a critical failure cannot be rerolled away",
            fr="un échec critique ne s'efface pas par une relance",
        )
        sum_text = f"{score} + {' + '.join(map(str, before))}"
        require(
            "kult",
            not _succeeds(score, difficulty, before, die),
            f"a reroll comes after a failure; {sum_text} already succeeds",
            fr=f"on ne relance qu'après un échec ; {sum_text} est déjà une réussite",
        )


def check(
    score: int,
    difficulty: int,
    kult: Sequence[int] | int | None = None,
    *,
    rng: RandomSource | None = None,
    die: KultDie = DEFAULT_DIE,
    rerolls_allowed: int = 1,
) -> Check:
    """score + kult dice against difficulty. ``kult``: the dice rolled at the table, the first
    then each reroll's; without them one die is rolled with ``rng``."""
    whole("score", score)
    whole("difficulty", difficulty)
    whole("rerolls_allowed", rerolls_allowed, 0)
    dice = _dice(kult, rng, die)
    _check_rerolls(score, difficulty, dice, die, rerolls_allowed)
    final = score + sum(dice)
    margin = final - difficulty
    critical = _critical(dice, die)
    success = _succeeds(score, difficulty, dice, die)
    success_ranks, failure_ranks = ranks(margin, success)
    rerolls = len(dice) - 1
    shadow = rerolls - (critical is Critical.FAILURE)
    chance = chance_of_success(score, difficulty, die)
    lines = _score_vs_lines(score, difficulty, dice, chance)
    if rerolls:
        lines.append(reroll_shadow_line(rerolls))
    if critical is not None:
        lines.append(_critical_line(critical, die))
    lines.append(outcome_line(margin, success, success_ranks, failure_ranks))
    return Check(
        score,
        difficulty,
        dice,
        final,
        margin,
        success,
        success_ranks,
        failure_ranks,
        critical,
        rerolls,
        shadow,
        chance,
        rerolls_allowed,
        die,
        tuple(lines),
    )


def _score_vs_lines(score: int, difficulty: int, dice: tuple[int, ...], chance: Fraction) -> list[Line]:
    """The chance of success, then score + dice against the difficulty."""
    terms = [Term("score", "score", score), Term("kult", "kult", dice[0], signed=True)]
    terms += [Term("reroll", "relance", value, signed=True) for value in dice[1:]]
    vs_en, vs_fr = _vs(difficulty)
    total = sum_line(terms)
    lines = [
        Line(f"chance of success {percent(chance)}", f"chance de réussite {percent(chance, 'fr')}"),
        Line(f"{total.en} vs {vs_en}", f"{total.fr} contre {vs_fr}"),
    ]
    return lines


def _critical_line(critical: Critical, die: KultDie) -> Line:
    """The line that names a natural critical failure or success."""
    if critical is Critical.FAILURE:
        return critical_failure_line(die)
    return line(
        f"natural +{die.critical_success}: critical success",
        f"+{die.critical_success} naturel : réussite critique",
    )


def reroll_shadow_line(rerolls: int) -> Line:
    """``2 rerolls: +2 shadow`` (what the rerolls cost the roller, RULES 1.3)."""
    count = plural(rerolls, "reroll{s}", "relance{s}")
    return Line(f"{count.en}: +{rerolls} shadow", f"{count.fr} : +{rerolls} ombre")


def critical_failure_line(die: KultDie, *, shadow: bool = True) -> Line:
    """``natural 1: critical failure, -1 shadow`` (``shadow=False``: without what it costs)."""
    cost_en, cost_fr = (", -1 shadow", ", -1 ombre") if shadow else ("", "")
    return line(
        f"natural {die.critical_failure}: critical failure{cost_en}",
        f"{die.critical_failure} naturel : échec critique{cost_fr}",
    )


def outcome_line(margin: int, success: bool, success_ranks: int, failure_ranks: int) -> Line:
    """``margin 6: success, 1 rank`` / ``margin -13: failure, 2 failure ranks``."""
    if success:
        ranks = plural(success_ranks, "rank{s}", "rang{s}")
        return Line(f"margin {margin}: success, {ranks.en}", f"marge {margin} : réussite, {ranks.fr}")
    ranks = plural(failure_ranks, "failure rank{s}", "rang{s} d'échec")
    return Line(f"margin {margin}: failure, {ranks.en}", f"marge {margin} : échec, {ranks.fr}")


_check = check


def reroll(check: Check, kult: int | None = None, rng: RandomSource | None = None) -> Check:
    """The same check with one more kult die added (typed, or rolled with ``rng``)."""
    added = _dice(None if kult is None else (kult,), rng, check.die)
    return _check(
        check.score, check.difficulty, check.dice + added, die=check.die, rerolls_allowed=check.rerolls_allowed
    )
