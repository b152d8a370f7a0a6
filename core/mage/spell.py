"""RULES 2, the whole effect: :func:`mage_spell` answers everything the rules say of a
:class:`MageEffect`, step by step: the dice pool, the successes needed, the dice rolled, the odds,
Paradox and the ritual. Each step is a function that returns its answers with its breakdown lines
(and the reasons the rules forbid it, if any).

Nothing is rolled here: the GM gives the difficulty per die and sees the exact chance before the
table rolls. An effect the rules cannot cast as asked (an unknown target's connection, a scope past
the tables, a pool below 1…) is not an error: its :class:`MageSpell` says ``possible=False`` and
why, with everything else still computed.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from core.breakdown import Breakdown, Line
from core.mage.connection import Connection
from core.mage.dice import chance, percent
from core.mage.effect import Extras, MageEffect
from core.mage.limits import MAX_DIFFICULTY, QUINTESSENCE_PER_ROLL
from core.mage.rituals import ritual_interval, ritual_max_rolls
from core.mage.scope import scope_line, scope_row
from core.sums import Term, plural, sum_line


@attrs.frozen
class MageSpell:
    """What a Mage effect takes. Values that cannot be known (an impossible scope, no
    difficulty given) are None; ``possible`` False says why in ``reason``."""

    effect: MageEffect
    pool: int
    dice_rolled: int
    free_successes: int
    free_used: int
    extras: Extras
    successes_needed: int | None
    difficulty: int | None
    chance: Fraction | None
    quintessence_dice: int
    quintessence_spent: int
    paradox_pool: int | None
    paradox_level: int
    ritual_interval_minutes: int | None
    ritual_max_rolls: int | None
    possible: bool
    reason: Line | None
    breakdown: Breakdown


def dice_pool(e: MageEffect) -> tuple[int, Line, list[Line]]:
    """Attribute + Ability + Sphere for a rote, Arete + Sphere improvised, − the resistance."""
    if e.rote:
        terms = [Term("attribute", "attribut", e.attribute or 0), Term("ability", "compétence", e.ability or 0)]
        head = ("rote: ", "routine : ")
    else:
        terms = [Term("arete", "entéléchie", e.arete or 0)]
        head = ("improvised: ", "improvisé : ")
    terms.append(Term("sphere", "sphère", e.sphere))
    if e.resistance:
        terms.append(Term("resistance", "résistance", -e.resistance))
    pool = sum(term.value for term in terms)
    reasons = []
    if pool < 1:
        reasons.append(Line(f"a pool of {pool}: at least 1 die is needed", f"un groupement de {pool} : il faut au moins 1 dé"))
    return pool, sum_line(terms, *head), reasons


def extra_successes(e: MageEffect, scope_separate: bool) -> tuple[Extras, list[Line], list[Line]]:
    """The power, scope and connection rows (the scope: their sum, or the highest row)."""
    targets_row, radius_row, duration_row = scope_row(e.targets), scope_row(e.radius), e.duration.row
    reasons = []
    if targets_row is None:
        reasons.append(Line(f"{e.targets} targets: past 500, not one spell", f"{e.targets} cibles : au-delà de 500, pas un seul sort"))
    if radius_row is None:
        reasons.append(Line(f"radius {e.radius} m: past 500 m, not one spell", f"rayon {e.radius} m : au-delà de 500 m, pas un seul sort"))
    scope = None
    if targets_row is not None and radius_row is not None:
        scope = targets_row + radius_row + duration_row if scope_separate else max(targets_row, radius_row, duration_row)
    connection_row = e.connection.row if e.connection is not None else None
    if e.connection is Connection.unknown:
        reasons.append(Line("unknown target: no connection, impossible", "cible inconnue : aucune connexion, impossible"))
    extras = Extras(e.power, targets_row, radius_row, duration_row, connection_row, scope)
    line = scope_line(e, extras, scope_separate)
    return extras, [] if line is None else [line], reasons


@attrs.frozen
class Needed:
    """The successes needed, once the free successes and the extras taken as difficulty are counted."""

    level: int
    free: int
    free_used: int
    successes: int | None
    lines: tuple[Line, ...]
    reasons: tuple[Line, ...]


def successes_needed(e: MageEffect, extras: Extras) -> Needed:
    """1 + the extras, less the free successes of a higher Sphere and the extras taken as difficulty."""
    total = None if extras.scope is None or e.connection is Connection.unknown else e.power + extras.scope + (extras.connection or 0)
    level = e.sphere if e.needed is None else e.needed
    free = max(0, e.sphere - level)
    lines, reasons = [], []
    if e.needed is not None and e.needed > e.sphere:
        reasons.append(Line(f"the effect needs sphere {e.needed}, the caster has {e.sphere}", f"l'effet demande sphère {e.needed}, le lanceur a {e.sphere}"))
    free_used = min(free, total) if total is not None else 0
    successes = None
    if total is not None:
        lines.append(needed_line(e, extras, total))
        left = total - free_used
        if free:
            lines.append(
                Line(
                    f"sphere {e.sphere} for a level-{level} effect: {free} free, {free_used} used on extras → {1 + left}",
                    f"sphère {e.sphere} pour un effet de niveau {level} : {free} gratuits, {free_used} utilisés sur les extras → {1 + left}",
                )
            )
        if e.as_difficulty > left:
            reasons.append(
                Line(f"{e.as_difficulty} extras taken as difficulty, only {left} to take", f"{e.as_difficulty} extras pris en difficulté, seulement {left} à prendre")
            )
        else:
            successes = 1 + left - e.as_difficulty
            if e.as_difficulty:
                lines.append(
                    Line(
                        f"{plural(e.as_difficulty, 'extra{s}', 'extra{s}').en} taken as +1 difficulty each → {successes_text(successes)}",
                        f"{plural(e.as_difficulty, 'extra{s}', 'extra{s}').fr} pris en +1 difficulté chacun → {successes} succès",
                    )
                )
    return Needed(level, free, free_used, successes, tuple(lines), tuple(reasons))


def dice_rolled(e: MageEffect, pool: int) -> tuple[int, int, list[Line]]:
    """The pool + quintessence (at most 3 a roll, and the Avatar), foci, assistants, acolytes:
    the quintessence dice, the dice rolled and the lines."""
    q_cap = QUINTESSENCE_PER_ROLL if e.avatar is None else min(QUINTESSENCE_PER_ROLL, e.avatar)
    q_dice = min(e.quintessence, q_cap)
    lines = []
    if e.quintessence:
        avatar = "" if e.avatar is None else f", avatar {e.avatar} a turn"
        avatar_fr = "" if e.avatar is None else f", avatar {e.avatar} par tour"
        lines.append(
            Line(
                f"quintessence {e.quintessence}: +{q_dice} dice, {q_dice} spent (at most 3 a roll{avatar})",
                f"quintessence {e.quintessence} : +{q_dice} dés, {q_dice} dépensés (au plus 3 par jet{avatar_fr})",
            )
        )
    added = [
        Term("quintessence", "quintessence", q_dice),
        Term("foci", "foci", e.foci),
        Term("assistants", "assistants", sum(e.assistants)),
        Term("acolytes", "acolytes", e.acolytes),
    ]
    added = [term for term in added if term.value]
    dice = max(pool, 0) + sum(term.value for term in added)
    if added:
        lines.append(sum_line([Term("pool", "groupement", max(pool, 0)), *added], "dice rolled: ", "dés lancés : "))
    return q_dice, dice, lines


def odds(e: MageEffect, successes: int | None, pool: int, dice: int, ones_cancel: bool) -> tuple[int | None, Fraction | None, list[Line], list[Line]]:
    """The difficulty per die (+ the extras taken as difficulty) and the exact chance."""
    if e.difficulty is None:
        return None, None, [], []
    difficulty = e.difficulty + (e.as_difficulty if successes is not None else 0)
    if difficulty > MAX_DIFFICULTY:
        return difficulty, None, [], [Line(f"difficulty {difficulty}: past {MAX_DIFFICULTY}", f"difficulté {difficulty} : au-delà de {MAX_DIFFICULTY}")]
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


def paradox(e: MageEffect, needed: Needed) -> tuple[int | None, list[Line]]:
    """The Paradox pool of a vulgar (or witnessed) effect, which counts at its level + the free
    successes used."""
    if not (e.vulgar or e.witnesses):
        return None, []
    terms = [Term("paradox", "paradoxe", e.paradox_pool)]
    if e.paradox_rolls:
        terms.append(Term("earlier rolls", "jets précédents", e.paradox_rolls))
    if e.sleepers and e.vulgar:
        terms.append(Term("sleepers", "dormeurs", 2))
    if e.rote:
        terms.append(Term("rote", "routine", -1))
    level = needed.level + needed.free_used
    counted = Line(
        f"counts as level {level} for Paradox ({needed.level} + {needed.free_used} free used)",
        f"compte comme niveau {level} pour le Paradoxe ({needed.level} + {needed.free_used} gratuits utilisés)",
    )
    return max(0, sum(term.value for term in terms)), [sum_line(terms, "paradox pool: ", "groupement de paradoxe : "), counted]


def ritual(e: MageEffect) -> tuple[int | None, int | None, list[Line]]:
    """A ritual's interval (by Arete) and its most rolls (by Willpower)."""
    if e.willpower is None or e.arete is None:
        return None, None, []
    interval, rolls = ritual_interval(e.arete), ritual_max_rolls(e.arete, e.willpower)
    line = Line(
        f"ritual: arete {e.arete} → one roll per {minutes_text(interval)} interval; willpower {e.willpower} h → at most {rolls} rolls",
        f"rituel : entéléchie {e.arete} → un jet par intervalle de {minutes_text(interval)} ; volonté {e.willpower} h → au plus {rolls} jets",
    )
    return interval, rolls, [line]


def mage_spell(effect: MageEffect, *, ones_cancel: bool = True, scope_separate: bool = True) -> MageSpell:
    """Everything RULES 2 says about ``effect``: house rules ``mage_ones_cancel`` and
    ``mage_scope_separate`` (both on by default)."""
    e = effect
    pool, pool_line, reasons = dice_pool(e)
    extras, lines, scope_reasons = extra_successes(e, scope_separate)
    needed = successes_needed(e, extras)
    q_dice, dice, dice_lines = dice_rolled(e, pool)
    difficulty, chance_of, odds_lines, odds_reasons = odds(e, needed.successes, pool, dice, ones_cancel)
    paradox_pool, paradox_lines = paradox(e, needed)
    interval, rolls, ritual_lines = ritual(e)
    reasons += scope_reasons + list(needed.reasons) + odds_reasons
    lines = [pool_line, *lines, *needed.lines, *dice_lines, *odds_lines, *paradox_lines, *ritual_lines]
    reason = reasons[0] if reasons else None
    if reason is not None:
        lines.append(Line(f"impossible: {reason.en}", f"impossible : {reason.fr}"))
    return MageSpell(
        e, pool, dice, needed.free, needed.free_used, extras, needed.successes, difficulty, chance_of, q_dice, q_dice,
        paradox_pool, needed.level + needed.free_used, interval, rolls, reason is None, reason, tuple(lines),
    )  # fmt: skip


def successes_text(count: int) -> str:
    return f"{count} success" + ("" if count == 1 else "es")


def minutes_text(minutes: int) -> str:
    return f"{minutes // 60} h" if minutes >= 60 else f"{minutes} min"


def needed_line(e: MageEffect, x: Extras, total: int) -> Line:
    """``successes needed: 1 + power 2 + scope 6 + connection met 4 = 13``."""
    en, fr = ["1"], ["1"]
    if x.power:
        en.append(f"power {x.power}")
        fr.append(f"puissance {x.power}")
    if x.scope:
        en.append(f"scope {x.scope}")
        fr.append(f"ampleur {x.scope}")
    if e.connection is not None:
        en.append(f"connection {e.connection.label('en')} {x.connection}")
        fr.append(f"connexion {e.connection.label('fr')} {x.connection}")
    sum_en = " + ".join(en) + (f" = {1 + total}" if len(en) > 1 else "")
    sum_fr = " + ".join(fr) + (f" = {1 + total}" if len(fr) > 1 else "")
    return Line(f"successes needed: {sum_en}", f"succès requis : {sum_fr}")
