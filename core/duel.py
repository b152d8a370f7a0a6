"""RULES 1.5 against one opponent: an attack against a defence score, a PC's defence against
one attacker's final attack. A hit costs the weapon's damage + 1 per rank (RULES 1.6)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import attrs

from core.breakdown import Breakdown, Line, line
from core.choices import parse_choice
from core.damage import Weapon, weapon_damage
from core.dice import DEFAULT_DIE, KultDie, RandomSource
from core.opposed import Range, Resolution, resolve
from core.rolls import Check, check
from core.sums import Term, sum_line, whole


@attrs.frozen
class Duel:
    """One exchange. ``final`` is the roller's value (attack or defence), ``margin`` its margin;
    ``hit`` means the defender is hit, ``ranks`` are the attacker's success ranks (for a defence,
    the defender's failure ranks) and ``damage`` what the hit costs before armour."""

    final: int
    difficulty: int
    margin: int
    hit: bool
    ranks: int
    damage: int
    weapon: Weapon
    check: Check | None
    chance: Fraction | None
    breakdown: Breakdown


def _duel(result: Resolution, hit: bool, ranks: int, weapon: Weapon, head: tuple[Line, ...]) -> Duel:
    if hit:
        amount = weapon_damage(ranks, weapon)
        damage, outcome = amount.value, amount.breakdown
    else:
        damage, outcome = 0, (line("no hit", "pas de touche"),)
    lines = (*head, *result.lines, *outcome)
    chance = result.check.chance if result.check else None
    return Duel(result.final, result.difficulty, result.margin, hit, ranks, damage, weapon, result.check, chance, lines)


def attack_difficulty(defence_final: int, range: Range | str) -> tuple[Range, int, Line]:
    """An attack's difficulty against one opponent: its defence, +3 at medium range, +5 long."""
    whole("defence", defence_final)
    range = parse_choice(Range, range, "range")
    terms = [Term("defence", "défense", defence_final)]
    if range.modifier:
        terms.append(Term(range.en, range.fr, range.modifier))
    return range, defence_final + range.modifier, sum_line(terms, "difficulty: ", "difficulté : ")


def attack_opponent(
    attack: int | Check, defence_final: int, *, weapon: Weapon | str = Weapon.NORMAL, range: Range | str = Range.SHORT
) -> Duel:
    """The attack hits on margin ≥ 0 against the defence (+3 medium, +5 long range)."""
    weapon = parse_choice(Weapon, weapon, "weapon")
    range, difficulty, head = attack_difficulty(defence_final, range)
    result = resolve(attack, difficulty, "attack", ("attack", "attaque"))
    return _duel(result, result.success, result.success_ranks, weapon, (head,))


def attack_opponent_roll(
    attack_score: int,
    defence_final: int,
    kult: Sequence[int] | int | None = None,
    rng: RandomSource | None = None,
    die: KultDie = DEFAULT_DIE,
    *,
    weapon: Weapon | str = Weapon.NORMAL,
    range: Range | str = Range.SHORT,
    rerolls_allowed: int = 1,
) -> Duel:
    """:func:`attack_opponent` with the kult die rolled (or typed in ``kult``)."""
    _, difficulty, _ = attack_difficulty(defence_final, range)
    rolled = check(attack_score, difficulty, kult, rng=rng, die=die, rerolls_allowed=rerolls_allowed)
    return attack_opponent(rolled, defence_final, weapon=weapon, range=range)


def defend_opponent(defence: int | Check, attack_final: int, *, weapon: Weapon | str = Weapon.NORMAL) -> Duel:
    """A PC's defence against one attacker: hit below the attack's final; the failed defence costs
    what the attacker's hit would (Decision, RULES 1.5): weapon + 1 per failure rank."""
    weapon = parse_choice(Weapon, weapon, "weapon")
    whole("attack", attack_final)
    head = line(f"difficulty: attack {attack_final}", f"difficulté : attaque {attack_final}")
    result = resolve(defence, attack_final, "defence", ("defence", "défense"))
    return _duel(result, not result.success, result.failure_ranks, weapon, (head,))


def defend_opponent_roll(
    defence_score: int,
    attack_final: int,
    kult: Sequence[int] | int | None = None,
    rng: RandomSource | None = None,
    die: KultDie = DEFAULT_DIE,
    *,
    weapon: Weapon | str = Weapon.NORMAL,
    rerolls_allowed: int = 1,
) -> Duel:
    """:func:`defend_opponent` with the optional kult die added to the defence."""
    whole("attack", attack_final)
    rolled = check(defence_score, attack_final, kult, rng=rng, die=die, rerolls_allowed=rerolls_allowed)
    return defend_opponent(rolled, attack_final, weapon=weapon)
