"""RULES 1.7, resistance: the GM allows it; the pm spent against the target's characteristic."""

from __future__ import annotations

from typing import Literal

import attrs

from core.breakdown import Breakdown, Line
from core.characteristics import Characteristics
from core.dice import KultDie, RandomSource, kult_die
from core.errors import RulesError
from core.validators import require, whole_at_least

Affects = Literal["matter", "mind", "soul"]
_AFFECTED = {"matter": "corps", "mind": "esprit", "soul": "ame"}


@attrs.frozen
class Resistance:
    """A resisted spell: the pm spent + kult against the target's value; the spell wins on ≥."""

    #: The spell's total pm (RULES 1.7: "Il dépense 5 points de magie … un score final de 8").
    pm: int
    kult: int
    score: int
    target: int
    #: The characteristic the target used ("" when a value was typed).
    characteristic: str
    critical: Literal["success", "failure"] | None
    spell_wins: bool
    breakdown: Breakdown

    @property
    def resisted(self) -> bool:
        return not self.spell_wins

    @property
    def intensity(self) -> int:
        """The former name of :attr:`pm` (for a one-target, instant, touch spell they are equal)."""
        return self.pm


def resist(
    pm: int,
    kult: int | None,
    target: Characteristics | int,
    affects: Affects = "soul",
    *,
    rng: RandomSource | None = None,
    die: KultDie | None = None,
) -> Resistance:
    """Resolve a resistance the GM allowed (never automatic; an indirect spell cannot be resisted).

    ``pm`` is the spell's total pm spent, the caster's score (RULES 1.7: both examples of the source
    score the pm spent; for a one-target, instant, touch spell it equals the intensity).

    ``target`` is the target's characteristics (it uses the higher of âme and corps for matter /
    esprit for the mind) or the value to beat. ``kult`` is the caster's die as rolled at the
    table, or None to roll it with ``rng``. A natural +10 / −9 decides (RULES 1.2).
    """
    whole_at_least("pm", pm, 1)
    require("affects", affects in _AFFECTED, f"unknown value {affects!r}", _AFFECTED, f"valeur inconnue {affects!r}")
    die = die or kult_die()
    kult = _kult(kult, rng, die)
    name, value = _value_to_beat(target, affects)
    score = pm + kult
    critical: Literal["success", "failure"] | None = (
        "success" if kult == die.critical_success else "failure" if kult == die.critical_failure else None
    )
    wins = critical == "success" or (critical is None and score >= value)
    against = f" ({'âme' if name == 'ame' else name})" if name else ""
    lines = [
        Line(
            f"pm spent {pm} + kult {kult:+d} = {score} against {value}{against}",
            f"pm dépensés {pm} + kult {kult:+d} = {score} contre {value}{against}",
        )
    ]
    if critical:
        fr = "réussite" if wins else "échec"
        lines.append(Line(f"natural {kult:+d}: critical {critical}", f"{kult:+d} naturel : {fr} critique"))
    lines.append(Line("the spell takes effect" if wins else "resisted", "le sortilège agit" if wins else "résisté"))
    return Resistance(pm, kult, score, value, name, critical, wins, tuple(lines))


def _kult(kult: int | None, rng: RandomSource | None, die: KultDie) -> int:
    """The caster's kult die: as rolled at the table (checked), or rolled with ``rng``."""
    if kult is None:
        if rng is None:
            raise RulesError(
                "kult", "give the die rolled or a random source", fr="donnez le dé lancé ou une source de hasard"
            )
        return die.roll(rng)
    die.check_face(kult, "kult")
    return kult


def _value_to_beat(target: Characteristics | int, affects: Affects) -> tuple[str, int]:
    """The characteristic the target resists with (its name, "" for a plain value) and its value."""
    if isinstance(target, Characteristics):
        own = _AFFECTED[affects]
        name = max(dict.fromkeys(("ame", own)), key=target.get)
        value = target.get(name)
    else:
        whole_at_least("target", target)
        name, value = "", target
    return name, value
