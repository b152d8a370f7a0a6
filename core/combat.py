"""RULES 1.5: attack and defence scores, attacking and defending against a group.

Each resolution takes a final value (int) or a rolled :class:`~core.rolls.Check`; the ``*_roll``
functions roll one (or use the dice typed at the table) through :func:`~core.rolls.check`, so
criticals and rerolls apply. Grades and ranges live in :mod:`core.opposed`, duels against one
opponent in :mod:`core.duel`; all are exported here.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from core.breakdown import Breakdown, Line, line
from core.choices import parse_choice
from core.dice import DEFAULT_DIE, KultDie, RandomSource
from core.duel import (
    Duel,
    attack_opponent,
    attack_opponent_roll,
    defend_opponent,
    defend_opponent_roll,
)
from core.opposed import Grade, Range, Resolution, resolve
from core.rolls import Check, Score, check, score
from core.sums import Term, plural, sum_line, whole
from core.validators import require

__all__ = [
    "ADVANTAGE",
    "NUMBERS_CAP",
    "PER_ATTACKER",
    "Duel",
    "Grade",
    "GroupAttack",
    "GroupDefence",
    "GroupDifficulty",
    "NamedGroupAttack",
    "Range",
    "Resolution",
    "attack_group",
    "attack_group_roll",
    "attack_named_group",
    "attack_opponent",
    "attack_opponent_roll",
    "attack_score",
    "defence_difficulty",
    "defence_score",
    "defend_group",
    "defend_group_roll",
    "defend_opponent",
    "defend_opponent_roll",
    "group_difficulty",
    "resolve",
]

#: A notable situation or equipment advantage.
ADVANTAGE = 5
#: Defending against a group: +5 per attacker beyond the first, at most +20.
PER_ATTACKER = 5
NUMBERS_CAP = 20


def attack_score(
    combat: int,
    *,
    trade: bool | str = False,
    speciality: bool | str = False,
    advantage: bool = False,
    affect: int = 0,
    modifiers: int = 0,
) -> Score:
    """combat + 3 (trade) + 2 (speciality) + 5 (advantage) ± affect; a defence score is built the
    same way (Arthurus: 9, spear against a knife → 14)."""
    require(
        "advantage",
        isinstance(advantage, bool),
        f"must be true or false, got {advantage!r}",
        "true, false",
        f"doit être vrai ou faux, pas {advantage!r}",
        allowed_fr="vrai, faux",
    )
    bonuses = [Term("advantage", "avantage", ADVANTAGE)] if advantage else []
    return score(
        combat, trade=trade, speciality=speciality, affect=affect, modifiers=modifiers, name="combat", bonuses=bonuses
    )


defence_score = attack_score


# --- attacking a group ---------------------------------------------------------------------


@attrs.frozen
class GroupAttack:
    """An attack on a group of mooks: each hit fells one, each success rank one more."""

    attack: int
    grade: Grade
    range: Range
    difficulty: int
    margin: int
    hit: bool
    success_ranks: int
    felled: int
    standing: int | None
    check: Check | None
    chance: Fraction | None
    breakdown: Breakdown


@attrs.frozen
class GroupDifficulty:
    """An attack on a group's difficulty: the grade's, plus the range's (RULES 1.5)."""

    grade: Grade
    range: Range
    value: int
    line: Line


def group_difficulty(grade: Grade | str, range: Range | str = Range.SHORT) -> GroupDifficulty:
    """Veterans at medium range: 10 + 3 = 13, with its line (``difficulty: veterans 10 + medium 3 = 13``)."""
    grade, range = parse_choice(Grade, grade, "grade"), parse_choice(Range, range, "range")
    terms = [Term(grade.en, grade.fr, grade.difficulty)]
    if range.modifier:
        terms.append(Term(range.en, range.fr, range.modifier))
    return GroupDifficulty(
        grade, range, grade.difficulty + range.modifier, sum_line(terms, "difficulty: ", "difficulté : ")
    )


def attack_group(
    attack: int | Check, grade: Grade | str, range: Range | str = Range.SHORT, standing: int | None = None
) -> GroupAttack:
    """felled = 1 + success ranks on a hit, at most ``standing`` (Morvan 22 vs veterans: 3)."""
    asked = group_difficulty(grade, range)
    grade, range, difficulty, difficulty_line = asked.grade, asked.range, asked.value, asked.line
    if standing is not None:
        whole("standing", standing, 1)
    result = resolve(attack, difficulty, "attack", ("attack", "attaque"))
    felled = 1 + result.success_ranks if result.success else 0
    if standing is not None:
        felled = min(felled, standing)
    if result.success:
        cap = (
            (f", capped at {standing} standing", f", limité aux {standing} debout")
            if standing is not None and felled < 1 + result.success_ranks
            else ("", "")
        )
        ranks = plural(result.success_ranks, "rank{s}", "rang{s}")
        outcome = line(
            f"hit: 1 + {ranks.en} = {felled} felled{cap[0]}",
            f"touché : 1 + {ranks.fr} = {felled} hors de combat{cap[1]}",
        )
    else:
        outcome = line("miss: no one felled", "raté : personne hors de combat")
    return GroupAttack(
        result.final,
        grade,
        range,
        difficulty,
        result.margin,
        result.success,
        result.success_ranks,
        felled,
        standing,
        result.check,
        result.check.chance if result.check else None,
        (difficulty_line, *result.lines, outcome),
    )


def attack_group_roll(
    attack_score: int,
    grade: Grade | str,
    range: Range | str = Range.SHORT,
    standing: int | None = None,
    kult: Sequence[int] | int | None = None,
    rng: RandomSource | None = None,
    die: KultDie = DEFAULT_DIE,
    *,
    rerolls_allowed: int = 1,
) -> GroupAttack:
    """:func:`attack_group` with the kult die rolled (or typed in ``kult``) on ``attack_score``."""
    asked = group_difficulty(grade, range)
    rolled_check = check(attack_score, asked.value, kult, rng=rng, die=die, rerolls_allowed=rerolls_allowed)
    return attack_group(rolled_check, asked.grade, asked.range, standing)


# --- defending against a group --------------------------------------------------------------


@attrs.frozen
class GroupDefence:
    """A PC's defence against several attackers: hit below the difficulty, 1 HP + 1 per failure rank."""

    defence: int
    grade: Grade
    attackers: int
    difficulty: int
    hit: bool
    failure_ranks: int
    damage: int
    check: Check | None
    chance: Fraction | None
    breakdown: Breakdown


def defence_difficulty(grade: Grade | str, attackers: int) -> tuple[Grade, int, Line]:
    """grade + 5 per attacker beyond the first, the numbers part at most +20."""
    grade = parse_choice(Grade, grade, "grade")
    whole("attackers", attackers, 1)
    numbers = min(PER_ATTACKER * (attackers - 1), NUMBERS_CAP)
    terms = [Term(grade.en, grade.fr, grade.difficulty)]
    if attackers > 1:
        capped = " (max)" if numbers < PER_ATTACKER * (attackers - 1) else ""
        more = plural(attackers - 1, "more attacker{s}", "assaillant{s} de plus")
        terms.append(Term(more.en + capped, more.fr + capped, numbers))
    return grade, grade.difficulty + numbers, sum_line(terms, "difficulty: ", "difficulté : ")


def defend_group(defence: int | Check, grade: Grade | str, attackers: int) -> GroupDefence:
    """Morvan defends 7 against 3 veterans: difficulty 20, short by 13 → loses 3 HP."""
    grade, difficulty, difficulty_line = defence_difficulty(grade, attackers)
    result = resolve(defence, difficulty, "defence", ("defence", "défense"))
    hit = not result.success
    damage = 1 + result.failure_ranks if hit else 0
    outcome = (
        line(
            f"hit: loses 1 + {result.failure_ranks} = {damage} HP (armour first)",
            f"touché : perd 1 + {result.failure_ranks} = {damage} PV (armure d'abord)",
        )
        if hit
        else line("not hit", "pas touché")
    )
    return GroupDefence(
        result.final,
        grade,
        attackers,
        difficulty,
        hit,
        result.failure_ranks,
        damage,
        result.check,
        result.check.chance if result.check else None,
        (difficulty_line, *result.lines, outcome),
    )


def defend_group_roll(
    defence_score: int,
    grade: Grade | str,
    attackers: int,
    kult: Sequence[int] | int | None = None,
    rng: RandomSource | None = None,
    die: KultDie = DEFAULT_DIE,
    *,
    rerolls_allowed: int = 1,
) -> GroupDefence:
    """:func:`defend_group` with the optional kult die added to the defence."""
    grade, difficulty, _ = defence_difficulty(grade, attackers)
    return defend_group(
        check(defence_score, difficulty, kult, rng=rng, die=die, rerolls_allowed=rerolls_allowed), grade, attackers
    )


# --- attacking a group that is not mooks ------------------------------------------------------


@attrs.frozen
class NamedGroupAttack:
    """An attack on a group of named NPCs (RULES 1.5): a hit touches ``1 + ranks`` of them, at most
    the group's size; each one touched takes the weapon's base damage (no rank bonus)."""

    attack: GroupAttack
    touched: int
    damage: int
    breakdown: Breakdown


def attack_named_group(
    attack: int | Check, grade: Grade | str, size: int, *, range: Range | str = Range.SHORT, weapon: str = "normal"
) -> NamedGroupAttack:
    """ "chaque 5 points (rang) au-delà de la difficulté permet de toucher un adversaire
    supplémentaire": touched = 1 + ranks (at most ``size``); Decision: each takes the weapon's
    base damage, 1 (2 magic or charged), through armour."""
    from core.damage import Weapon

    weapon_ = parse_choice(Weapon, weapon, "weapon")
    whole("size", size, 1)
    result = attack_group(attack, grade, range)
    touched = min(1 + result.success_ranks, size) if result.hit else 0
    if result.hit:
        cap = (
            (f", at most the {size} in the group", f", au plus les {size} du groupe")
            if touched < 1 + result.success_ranks
            else ("", "")
        )
        ranks = plural(result.success_ranks, "rank{s}", "rang{s}")
        outcome: tuple[Line, ...] = (
            line(
                f"hit: 1 + {ranks.en} = {touched} touched{cap[0]}",
                f"touché : 1 + {ranks.fr} = {touched} touchés{cap[1]}",
            ),
            line(
                f"each takes the {weapon_.en}'s base damage {weapon_.base}, no rank bonus, armour first",
                f"chacun subit les dégâts de base de l'{weapon_.fr} : {weapon_.base}, sans bonus de rang, armure d'abord",
            ),
        )
    else:
        outcome = (line("miss: no one touched", "raté : personne n'est touché"),)
    return NamedGroupAttack(result, touched, weapon_.base if result.hit else 0, (*result.breakdown[:-1], *outcome))
