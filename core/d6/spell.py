"""RULES 4: a Système D6 spell's difficulty, built from its effect and its aspects.

The effect's value comes from a die code (3 per die, any pips 1, doubled for damage, protection
or an attribute bonus) or is typed as a value; each aspect is a row of a scale
(:mod:`core.d6.scales`) or a free value. The difficulty is the sum, halved and rounded up under
the house rule ``d6_halve``, then +5 for an unmastered skill. The world's magic level is a roll
modifier: it does not change the difficulty.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import attrs

from core.breakdown import Breakdown, Lang, Line, signed
from core.choices import parse_choice
from core.d6.scales import DURATION, TITLES, EffectKind, Row, Scale, duration_hours_row, duration_row
from core.errors import RulesError
from core.sums import Term, sum_line, whole
from core.validators import require

#: +5 to the difficulty for a spell of an unmastered skill (after halving).
UNSKILLED = 5
#: The world's magic level: −10 … +15 on every magic roll (RULES 4).
MAGIC_LEVELS = (-10, 15)
#: The most pips a die code has: three pips are a die.
MAX_PIPS = 2
#: The most aspects a spell or a psionic power takes (**Decision**): the source's 11 scales, each
#: once, and free values beyond them. A longer list is refused wherever it comes from (the tab,
#: ``calc``, a book, a saved last spell): no spell of the sources has more than 7.
MAX_ASPECTS = 30


def check_aspect_count(count: int, field: str = "aspects") -> None:
    """A RulesError naming ``field`` when ``count`` aspects are more than :data:`MAX_ASPECTS`."""
    require(
        field,
        count <= MAX_ASPECTS,
        f"at most {MAX_ASPECTS} aspects, got {count}",
        f"≤ {MAX_ASPECTS}",
        f"au plus {MAX_ASPECTS} aspects, pas {count}",
    )


@attrs.frozen
class DieCode:
    """``4D+2``: dice and pips."""

    dice: int
    pips: int = 0

    def __str__(self) -> str:
        return f"{self.dice}D+{self.pips}" if self.pips else f"{self.dice}D"


_CODE = re.compile(r"\s*(\d+)\s*[dD]\s*(?:\+\s*(\d+))?\s*")


def parse_die_code(text: object, field: str = "effect") -> DieCode:
    """``"4D+2"`` → DieCode(4, 2); ``ND`` or ``ND+P`` (1 die or more, 0–2 pips), else a RulesError
    naming ``field``."""
    if isinstance(text, DieCode):
        return text
    match = _CODE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise RulesError(
            field,
            f"not a die code: {text!r}",
            "ND or ND+P, e.g. 4D+2",
            f"pas un code de dés : {text!r}",
            allowed_fr="ND ou ND+P, par ex. 4D+2",
        )
    dice, pips = int(match[1]), int(match[2] or 0)
    require(field, dice >= 1, f"at least 1 die, got {text!r}", "1D or more", f"au moins 1 dé, pas {text!r}")
    require(
        field,
        pips <= MAX_PIPS,
        f"at most {MAX_PIPS} pips (three are a die), got {text!r}",
        "+0…+2",
        f"au plus {MAX_PIPS} pips (trois font un dé), pas {text!r}",
    )
    return DieCode(dice, pips)


#: What a free value reads (an aspect the GM values).
FREE = Line("free value", "valeur libre")


@attrs.frozen
class Aspect:
    """One term of a spell's sum: its ``name`` (``range``, ``effect`` or the GM's own), its value,
    what it reads (the row's label, or "free value") and the row's name when it is one."""

    name: str
    value: int = attrs.field(validator=lambda _i, _a, v: whole("value", v))
    label: Line = FREE
    choice: str | None = None
    title: Line | None = None

    def term(self) -> Term:
        title = self.title or Line(self.name, self.name)
        return Term(title.en, title.fr, self.value)

    def text(self, lang: Lang = "en") -> str:
        """``range: short (same room) +5``, ``duration +7 (free value)``, ``assassinated -2``."""
        title = (self.title or Line(self.name, self.name)).text(lang)
        colon = " : " if lang == "fr" else ": "
        if self.choice is not None:
            return f"{title}{colon}{self.label.text(lang)} {signed(self.value)}"
        label = self.label.text(lang)
        return f"{title} {signed(self.value)}" + (f" ({label})" if label else "")


def from_row(scale: Scale, row: Row | str, value: int | None = None) -> Aspect:
    """The aspect read from ``scale``'s row (by name or label); ``value`` within a span row."""
    found = scale.row(row)
    if value is None:
        value = found.value
    else:
        whole(scale.name, value)
        require(
            scale.name,
            found.accepts(value),
            f"{found.name} is {found.value_text()}, not {value:+d}",
            found.value_text(),
            f"{found.name} vaut {found.value_text()}, pas {value:+d}",
        )
    return Aspect(scale.name, value, found.label, found.name, scale.label)


def duration(rounds: int) -> Aspect:
    """The duration aspect for ``rounds`` (2 or more): 2 rounds 0, +1 per extra round."""
    row = duration_row(rounds)
    return Aspect(DURATION.name, row.value, row.label, row.name, DURATION.label)


def duration_hours(hours: int) -> Aspect:
    """The duration aspect for ``hours`` (1 or more): 1 hour +18, +1 per additional hour."""
    row = duration_hours_row(hours)
    return Aspect(DURATION.name, row.value, row.label, row.name, DURATION.label)


def free(name: str, value: int, title: Line | None = None) -> Aspect:
    """An aspect the GM values: an aspect without a scale (speed), a value the scales do not
    give (60 m → +9 from D6 Fantasy's chart) or the GM's own aspect."""
    require(
        "aspect",
        isinstance(name, str) and bool(name.strip()),
        "an aspect needs a name",
        "NAME=VALUE",
        "un aspect a besoin d'un nom",
    )
    whole("aspect", value)
    name = name.strip()
    return Aspect(name, value, title=title or TITLES.get(name))


@attrs.frozen
class Effect:
    """The effect's value and how it was read."""

    value: int
    code: DieCode | None
    kind: EffectKind | None
    breakdown: Breakdown

    def aspect(self) -> Aspect:
        label = (
            Line(f"{self.code} {self.kind.en}", f"{self.code} {self.kind.fr}")
            if self.code and self.kind
            else Line("value", "valeur")
        )
        return Aspect("effect", self.value, label, None, Line("effect", "effet"))


def effect_value(code: DieCode | str, kind: EffectKind | str = EffectKind.skill) -> Effect:
    """3 per die, 1 for any pips (Decision, RULES 4: 4D+2 → 13), doubled for damage, protection
    or an attribute bonus (3D damage → 18)."""
    code = parse_die_code(code)
    kind = parse_choice(EffectKind, kind, "kind")
    pip = 1 if code.pips else 0
    base = 3 * code.dice + pip
    value = base * kind.number
    sum_text = f"{code.dice} × 3" + (" + 1 (pips)" if pip else "")
    if kind.number > 1:
        sum_text = f"({sum_text}) × {kind.number}"
    en, fr = f"effect {code} ({kind.en}): {sum_text} = {value}", f"effet {code} ({kind.fr}) : {sum_text} = {value}"
    return Effect(value, code, kind, (Line(en, fr),))


def typed_effect(value: int) -> Effect:
    """An effect that is not a die code (Nourriture's 1): its value as the GM gives it."""
    whole("effect_value", value)
    return Effect(value, None, None, (Line(f"effect: value {value}", f"effet : valeur {value}"),))


@attrs.frozen
class SpellDifficulty:
    """A spell's difficulty.

    - ``aspects``: the effect first, then the aspects as given.
    - ``total``: their sum; ``difficulty``: ceil(total / 2) when ``halved`` (the house rule), the
      total otherwise, +5 when ``unskilled``.
    - ``roll_modifier``: the world's magic level, added to the casting roll (not the difficulty).
    """

    aspects: tuple[Aspect, ...]
    total: int
    halved: bool
    unskilled: bool
    difficulty: int
    roll_modifier: int
    breakdown: Breakdown


def spell_difficulty(
    effect: Effect | int,
    aspects: Sequence[Aspect] = (),
    *,
    halve: bool = True,
    unskilled: bool = False,
    magic_level: int = 0,
) -> SpellDifficulty:
    """The difficulty of a spell of ``effect`` (an :class:`Effect` or its value) and ``aspects``."""
    check_aspect_count(len(aspects), "aspect")
    if not isinstance(effect, Effect):
        effect = typed_effect(effect)
    whole("magic_level", magic_level)
    low, high = MAGIC_LEVELS
    require(
        "magic_level",
        low <= magic_level <= high,
        f"must be between {low} and {high}, got {magic_level}",
        f"{low}…{high}",
        f"doit être entre {low} et {high}, pas {magic_level}",
    )
    terms = (effect.aspect(), *aspects)
    total = sum(a.value for a in terms)
    lines = [*effect.breakdown, *(Line(f"  {a.text('en')}", f"  {a.text('fr')}") for a in aspects)]
    lines.append(
        sum_line([a.term() for a in terms], "total: ", "total : ")
        if aspects
        else Line(f"total: {total}", f"total : {total}")
    )
    difficulty, halving = _halved(total, halve)
    lines.append(halving)
    if unskilled:
        difficulty += UNSKILLED
        lines.append(
            Line(
                f"unmastered skill +{UNSKILLED}: difficulty {difficulty}",
                f"compétence non maîtrisée +{UNSKILLED} : difficulté {difficulty}",
            )
        )
    if magic_level:
        lines.append(
            Line(
                f"world's magic level {signed(magic_level)} on the casting roll",
                f"niveau de magie du monde {signed(magic_level)} au jet de lancement",
            )
        )
    return SpellDifficulty(terms, total, halve, unskilled, difficulty, magic_level, tuple(lines))


def _halved(total: int, halve: bool) -> tuple[int, Line]:
    """The difficulty from the aspects' total: halved, rounded up, by the house rule, or not."""
    difficulty = math.ceil(total / 2) if halve else total
    if halve:
        return difficulty, Line(
            f"difficulty = ceil({total} / 2) = {difficulty} (house rule: halved)",
            f"difficulté = arrondi sup.({total} / 2) = {difficulty} (règle maison : divisée par 2)",
        )
    return difficulty, Line(f"difficulty = {total} (not halved)", f"difficulté = {total} (non divisée)")
