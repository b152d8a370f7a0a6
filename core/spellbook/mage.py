"""A Mage effect in the book (RULES 2), and a remembered Mage caster.

The effect is kept as :class:`core.mage.MageEffect` holds it (every input of ``calc spell mage``);
it is priced under the campaign's house rules ``mage_ones_cancel`` and ``mage_scope_separate``.
A caster remembers what belongs to the mage rather than to one effect: Arete, Avatar,
Willpower and its level in each Sphere; :meth:`MageCaster.fill` puts them into an effect.
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from core.breakdown import Line
from core.converters import as_tuple
from core.errors import RulesError
from core.house_rules import HouseRules
from core.mage import DOTS, MageEffect, mage_spell, percent
from core.spellbook.book import CasterInputs, Priced, SpellInputs, book_name, name_key, trimmed
from core.text import quote
from core.validators import between


@attrs.frozen
class MageInputs(SpellInputs):
    """An effect as ``calc spell mage`` takes it."""

    SYSTEM: ClassVar[str] = "mage"

    effect: MageEffect

    def price(self, rules: HouseRules) -> Priced:
        result = mage_spell(self.effect, ones_cancel=rules.mage_ones_cancel, scope_separate=rules.mage_scope_separate)
        if result.reason is not None:
            figure = Line(f"impossible: {result.reason.en}", f"impossible : {result.reason.fr}")
        else:
            needed = result.successes_needed
            en = f"{needed} success{'es' * (needed != 1)} on {result.dice_rolled} dice"
            fr = f"{needed} succès sur {result.dice_rolled} dés"
            if result.chance is not None:
                en += f", {percent(result.chance)} at difficulty {result.difficulty}"
                fr += f", {percent(result.chance, 'fr')} à difficulté {result.difficulty}"
            if result.ritual_max_rolls is not None:
                en += f"; ritual: at most {result.ritual_max_rolls} rolls, one per {result.ritual_interval_minutes} min"
                fr += f" ; rituel : au plus {result.ritual_max_rolls} jets, un par {result.ritual_interval_minutes} min"
            figure = Line(en, fr)
        return Priced(figure, result.possible, result.breakdown, result)

    def cast_by(self, caster: CasterInputs, sphere: str | None = None) -> MageInputs:
        """The effect cast by ``caster`` (:meth:`MageCaster.fill`)."""
        if not isinstance(caster, MageCaster):
            raise RulesError(
                "caster",
                f"a Mage effect takes a Mage caster, not a {caster.SYSTEM} one",
                fr=f"un effet de Mage prend un lanceur de Mage, pas de {caster.SYSTEM}",
            )
        return MageInputs(caster.fill(self.effect, sphere))


@attrs.frozen
class Sphere:
    """A caster's level in one Sphere (the names are the GM's: ``Forces``, ``Prime``…)."""

    name: str = attrs.field(converter=trimmed, validator=book_name)
    level: int = attrs.field(validator=between(1, 10))


def _spheres(_instance: object, _attribute: object, spheres: tuple[Sphere, ...]) -> None:
    seen: set[str] = set()
    for i, sphere in enumerate(spheres):
        if name_key(sphere.name) in seen:
            raise RulesError(
                f"spheres[{i}].name",
                f"{quote(sphere.name)} is given twice",
                fr=f"{quote(sphere.name)} est donnée deux fois",
            )
        seen.add(name_key(sphere.name))


@attrs.frozen
class MageCaster(CasterInputs):
    """A mage: Arete (1…10), Avatar and Willpower (0…10, when known), its Spheres."""

    SYSTEM: ClassVar[str] = "mage"

    arete: int = attrs.field(validator=between(1, 10))
    avatar: int | None = attrs.field(default=None, validator=attrs.validators.optional(DOTS))
    willpower: int | None = attrs.field(default=None, validator=attrs.validators.optional(DOTS))
    spheres: tuple[Sphere, ...] = attrs.field(default=(), converter=as_tuple, validator=_spheres)

    def sphere(self, name: str) -> int | None:
        """The caster's level in the Sphere ``name`` (case-insensitively), None when it has none."""
        return next((s.level for s in self.spheres if name_key(s.name) == name_key(name)), None)

    def fill(self, effect: MageEffect, sphere: str | None = None) -> MageEffect:
        """``effect`` cast by this mage: its Arete and Avatar; its level in ``sphere`` when it has
        that Sphere; its Willpower only for a ritual (an effect that already has one)."""
        changes: dict[str, Any] = {"arete": self.arete, "avatar": self.avatar}
        if effect.willpower is not None and self.willpower is not None:
            changes["willpower"] = self.willpower
        level = None if sphere is None else self.sphere(sphere)
        if level is not None:
            changes["sphere"] = level
        return attrs.evolve(effect, **changes)

    def summary(self) -> Line:
        parts_en, parts_fr = [f"arete {self.arete}"], [f"entéléchie {self.arete}"]
        if self.avatar is not None:
            parts_en.append(f"avatar {self.avatar}")
            parts_fr.append(f"avatar {self.avatar}")
        if self.willpower is not None:
            parts_en.append(f"willpower {self.willpower}")
            parts_fr.append(f"volonté {self.willpower}")
        spheres = ", ".join(f"{s.name} {s.level}" for s in self.spheres)
        en, fr = ", ".join(parts_en), ", ".join(parts_fr)
        return Line(f"{en}; spheres: {spheres}" if spheres else en, f"{fr} ; sphères : {spheres}" if spheres else fr)


SPELLS = {"mage": MageInputs}
CASTERS = {"mage": MageCaster}
