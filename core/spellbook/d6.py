"""A Système D6 spell and a psionic power in the book (RULES 4).

Each aspect is kept as given (:class:`D6Aspect`): a scale's row by its name (``range`` →
``contact``; the duration by its rounds, ``5``, or hours, ``4h``; the preparation time by its rounds), with the value a span row
takes, or a free value under any name (``speed`` 0, ``casting time`` −4). Pricing reads them
through the scales again, so the difficulty is the rules' of the day (house rule ``d6_halve``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

import attrs

from core.breakdown import Line, signed
from core.converters import as_tuple
from core.d6.psionics import MediumContact, PsionicDifficulty, psionic_difficulty
from core.d6.scales import DURATION, HOURS, PSIONIC_SCALES, SPELL_SCALES, EffectKind, Scale
from core.d6.spell import (
    Aspect,
    Effect,
    SpellDifficulty,
    check_aspect_count,
    duration,
    duration_hours,
    effect_value,
    free,
    from_row,
    spell_difficulty,
    typed_effect,
)
from core.errors import RulesError
from core.house_rules import HouseRules
from core.spellbook.book import Priced, SpellInputs, check_name, trimmed
from core.validators import require, whole_number

_SCALES: dict[str, Scale] = {scale.name: scale for scale in SPELL_SCALES}
_PSIONIC: dict[str, Scale] = {scale.name: scale for scale in PSIONIC_SCALES}


def _aspect_name(_instance: Any, attribute: Any, value: Any) -> None:
    check_name(attribute.name, value)
    require(attribute.name, "=" not in value, "cannot hold '=' (NAME=VALUE is how a free value is typed)",
            fr="ne peut pas contenir '=' (NOM=VALEUR est la façon de taper une valeur libre)")  # fmt: skip


T = TypeVar("T")


def _renamed(field: str, read: Callable[[], T]) -> T:
    """``read()``, its RulesError naming ``field`` (the key a save holds) instead of the scale."""
    try:
        return read()
    except RulesError as error:
        raise RulesError(field, error.reason, error.allowed, error.reason_fr, allowed_fr=error.allowed_fr) from None


@attrs.frozen
class D6Aspect:
    """One aspect: ``D6Aspect("range", row="contact")``, ``D6Aspect("duration", row="5")`` (5
    rounds), ``D6Aspect("concentration", row="very_busy_public_place", value=10)``, or a free
    value ``D6Aspect("speed", value=0)``."""

    name: str = attrs.field(converter=trimmed, validator=_aspect_name)
    row: str | None = None
    value: int | None = attrs.field(default=None, validator=attrs.validators.optional(whole_number))

    def __attrs_post_init__(self) -> None:
        self.resolve(_SCALES)  # the rules' errors now, naming the field

    @property
    def scaled(self) -> bool:
        """Whether it is a scale's row (not a free value)."""
        return self.row is not None

    def resolve(self, scales: dict[str, Scale]) -> Aspect:
        """The calculator's aspect, read on ``scales`` (the spell's or the psionic lists)."""
        if self.row is None:
            require(
                "value",
                self.value is not None,
                "a free aspect needs its value",
                "a whole number",
                "un aspect libre a besoin de sa valeur",
            )
            assert self.value is not None
            return free(self.name, self.value)
        if self.name == DURATION.name:
            require(
                "value",
                self.value is None,
                "a duration's value comes from its rounds",
                fr="la valeur d'une durée vient de ses rounds",
            )
            rounds = self.row.strip()
            hours = rounds.endswith(HOURS)
            count = rounds.removesuffix(HOURS)
            require("row", count.isascii() and count.isdigit() and len(count) <= 9,
                    f"a number of rounds ≥ 2 or of hours ≥ 1 (4h), got {self.row!r}", "≥ 2, or 1h…",
                    f"un nombre de rounds ≥ 2 ou d'heures ≥ 1 (4h), pas {self.row!r}")  # fmt: skip
            return _renamed("row", lambda: duration_hours(int(count)) if hours else duration(int(count)))
        scale = scales.get(self.name)
        if scale is None:
            raise RulesError("name", f"no scale is named {self.name!r} here (a free value has no row)", tuple(scales),
                             f"aucune échelle ne s'appelle {self.name!r} ici (une valeur libre n'a pas de ligne)")  # fmt: skip
        row = next((r for r in scale.rows if r.name == self.row), None)  # as saved: no folding of every label
        found = row if row is not None else _renamed("row", lambda: scale.row(self.row))
        return _renamed("value", lambda: from_row(scale, found, self.value))

    def words(self) -> Line:
        """``range: contact``, ``speed 0``: the aspect as typed, for a list."""
        if self.row is None:
            return Line(f"{self.name} {signed(self.value or 0)}", f"{self.name} {signed(self.value or 0)}")
        value = "" if self.value is None else f"={self.value}"
        return Line(f"{self.name}: {self.row}{value}", f"{self.name} : {self.row}{value}")


def _aspects(scales: dict[str, Scale]) -> Any:
    """Every aspect reads on ``scales``, and no scale is given twice."""

    def check(_instance: Any, _attribute: Any, aspects: tuple[D6Aspect, ...]) -> None:
        check_aspect_count(len(aspects))
        rows: dict[str, int] = {}
        for i, aspect in enumerate(aspects):
            try:
                if scales is not _SCALES:  # each aspect reads on the spell's scales already (its own check)
                    aspect.resolve(scales)
            except RulesError as error:
                raise RulesError(
                    f"aspects[{i}].{error.field}",
                    error.reason,
                    error.allowed,
                    error.reason_fr,
                    allowed_fr=error.allowed_fr,
                ) from None
            if aspect.scaled:
                if aspect.name in rows:
                    raise RulesError(f"aspects[{i}].name", f"{aspect.name} is already given at aspects[{rows[aspect.name]}]",
                                     fr=f"{aspect.name} est déjà donné en aspects[{rows[aspect.name]}]")  # fmt: skip
                rows[aspect.name] = i

    return check


def _difficulty_figure(difficulty: int) -> Line:
    return Line(f"difficulty {difficulty}", f"difficulté {difficulty}")


@attrs.frozen
class D6Inputs(SpellInputs):
    """A spell as ``calc spell d6`` takes it: the effect as a die code (and its kind) or a value,
    the aspects in order, an unmastered skill, the world's magic level."""

    SYSTEM: ClassVar[str] = "d6"

    effect: str | None = None
    kind: str = "skill"
    effect_value: int | None = attrs.field(default=None, validator=attrs.validators.optional(whole_number))
    aspects: tuple[D6Aspect, ...] = attrs.field(default=(), converter=as_tuple, validator=_aspects(_SCALES))
    unskilled: bool = False
    magic_level: int = attrs.field(default=0, validator=whole_number)

    def __attrs_post_init__(self) -> None:
        require("effect", (self.effect is None) != (self.effect_value is None), "give the effect's dice or its value, one of them",
                "effect or effect_value", "donnez les dés de l'effet ou sa valeur, l'un des deux")  # fmt: skip
        require("kind", self.effect is not None or self.kind == EffectKind.skill, "applies to dice, not to a value",
                fr="s'applique aux dés, pas à une valeur")  # fmt: skip
        spell_difficulty(
            self.effect_read(), magic_level=self.magic_level
        )  # the rules' errors (a die code, a kind, the magic level) now

    def effect_read(self) -> Effect:
        if self.effect is None:
            assert self.effect_value is not None
            return typed_effect(self.effect_value)
        return effect_value(self.effect, self.kind)

    def difficulty(self, halve: bool) -> SpellDifficulty:
        aspects = [aspect.resolve(_SCALES) for aspect in self.aspects]
        return spell_difficulty(
            self.effect_read(), aspects, halve=halve, unskilled=self.unskilled, magic_level=self.magic_level
        )

    def price(self, rules: HouseRules) -> Priced:
        result = self.difficulty(rules.d6_halve)
        return Priced(_difficulty_figure(result.difficulty), True, result.breakdown, result)


@attrs.frozen
class PsionicInputs(SpellInputs):
    """A psionic power as ``calc d6-psionic`` takes it: the power, the wound (healing) or the
    depth (psychometry), the Médium's contact, the aspects of the psionic lists."""

    SYSTEM: ClassVar[str] = "d6-psionic"

    power: str
    wound: str | None = None
    depth: str | None = None
    medium: MediumContact = MediumContact()
    aspects: tuple[D6Aspect, ...] = attrs.field(default=(), converter=as_tuple, validator=_aspects(_PSIONIC))

    def __attrs_post_init__(self) -> None:
        self.difficulty()  # the rules' errors (an unknown power, a wound it does not take…) now

    def difficulty(self) -> PsionicDifficulty:
        aspects = [aspect.resolve(_PSIONIC) for aspect in self.aspects]
        return psionic_difficulty(self.power, aspects, wound=self.wound, depth=self.depth, medium=self.medium)

    def price(self, rules: HouseRules) -> Priced:
        result = self.difficulty()
        if result.difficulty is None:
            figure = Line(
                f"opposed by the target's Volonté, modifier {signed(result.modifier)}",
                f"en opposition contre la Volonté de la cible, modificateur {signed(result.modifier)}",
            )
        else:
            figure = _difficulty_figure(result.difficulty)
        return Priced(figure, True, result.breakdown, result)


SPELLS = {"d6": D6Inputs, "d6-psionic": PsionicInputs}
CASTERS: dict[str, type] = {}
