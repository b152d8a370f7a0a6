"""A Les Quatre Pôles spell in the book (RULES 3), and a remembered Quatre Pôles caster.

The spell is kept as :class:`core.poles.PolesRequest` holds it, with an illusion's hold (the
lies held at once, the illusionist's hold, the senses left uncovered): every input of
``calc spell poles``. A caster remembers its caster level, casting modifier and tradition
(:meth:`PolesCaster.fill` puts them into a request) and its blood-mana limit and pool.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from core.breakdown import Line
from core.errors import RulesError
from core.house_rules import HouseRules
from core.poles import BloodMana, Hold, PolesRequest, Tradition, blood_mana, illusion_hold, poles_spell, tradition_of
from core.spellbook.book import CasterInputs, Priced, SpellInputs
from core.validators import at_least, require, whole_number

_COUNT = attrs.validators.optional(at_least(0))


@attrs.frozen
class PolesInputs(SpellInputs):
    """A spell as ``calc spell poles`` takes it."""

    SYSTEM: ClassVar[str] = "poles"

    request: PolesRequest
    lies: int | None = attrs.field(default=None, validator=_COUNT)
    hold: int | None = attrs.field(default=None, validator=_COUNT)
    uncovered: int | None = attrs.field(default=None, validator=_COUNT)

    def __attrs_post_init__(self) -> None:
        poles_spell(self.request)  # the rules' errors (extra dice without a caster level…) now
        given = [name for name in ("hold", "lies", "uncovered") if getattr(self, name) is not None]
        if given:
            require(
                given[0],
                self.request.tradition is Tradition.illusion,
                "only for an illusion",
                fr="seulement pour une illusion",
            )
            for name in ("lies", "hold"):
                require(name, getattr(self, name) is not None, "required with lies, hold or uncovered",
                        fr="requis avec les mensonges, l'emprise ou les sens non couverts")  # fmt: skip

    def held(self) -> Hold | None:
        """The illusion's hold, when its lies and hold are given."""
        if self.lies is None or self.hold is None:
            return None
        return illusion_hold(self.lies, self.hold, self.uncovered or 0)

    def price(self, rules: HouseRules) -> Priced:
        result = poles_spell(self.request, hold_rate=rules.poles_illusion_hold_rate)
        hold = self.held()
        segments = result.segments.total
        if result.reason is not None:
            figure = Line(f"impossible: {result.reason.en}", f"impossible : {result.reason.fr}")
        else:
            cost_en = f"{result.cost} {result.resource.label('en')}"
            cost_fr = f"{result.cost} {result.resource.label('fr')}"
            time_en = "a swift action" if result.swift else f"{segments} segment{'s' * (segments > 1)}"
            time_fr = "action rapide" if result.swift else f"{segments} segment{'s' * (segments > 1)}"
            figure = Line(f"{cost_en}, {time_en}", f"{cost_fr}, {time_fr}")
            if hold is not None:
                figure = Line(
                    f"{figure.en}; {hold.lies} lies of {hold.hold} hold",
                    f"{figure.fr} ; {hold.lies} mensonges sur {hold.hold} d'emprise",
                )
        return Priced(figure, result.possible, (*result.breakdown, *(hold.breakdown if hold else ())), result)

    def cast_by(self, caster: CasterInputs) -> PolesInputs:
        """The spell cast by ``caster`` (:meth:`PolesCaster.fill`)."""
        if not isinstance(caster, PolesCaster):
            raise RulesError("caster", f"a Quatre Pôles spell takes a Quatre Pôles caster, not a {caster.SYSTEM} one",
                             fr=f"un sort des Quatre Pôles prend un lanceur des Quatre Pôles, pas de {caster.SYSTEM}")  # fmt: skip
        return attrs.evolve(self, request=caster.fill(self.request))


@attrs.frozen
class PolesCaster(CasterInputs):
    """A caster: level (≥ 1), casting modifier, tradition; its blood-mana limit and pool, and its
    Intelligence (deadly absorption's escape), when known."""

    SYSTEM: ClassVar[str] = "poles"

    caster_level: int = attrs.field(validator=at_least(1))
    mod: int = attrs.field(validator=whole_number)
    tradition: Tradition = attrs.field(converter=tradition_of)
    blood_limit: int | None = attrs.field(default=None, validator=_COUNT)
    blood_pool: int | None = attrs.field(default=None, validator=_COUNT)
    intelligence: int | None = attrs.field(default=None, validator=attrs.validators.optional(whole_number))

    def fill(self, request: PolesRequest) -> PolesRequest:
        """``request`` cast by this caster: its caster level, modifier, tradition and Intelligence
        (none when not remembered: the spell's was another caster's)."""
        return attrs.evolve(
            request,
            caster_level=self.caster_level,
            mod=self.mod,
            tradition=self.tradition,
            intelligence=self.intelligence,
        )

    def blood(self, mana: int, d100: int | None = None, *, tolerant: bool = False) -> BloodMana:
        """Blood mana (RULES 3.7) for ``mana`` spent this turn, with this caster's limit and pool."""
        for name in ("blood_limit", "blood_pool"):
            require(
                name, getattr(self, name) is not None, "not remembered for this caster", fr="non retenu pour ce lanceur"
            )
        assert self.blood_limit is not None and self.blood_pool is not None
        return blood_mana(mana, self.blood_limit, self.blood_pool, d100, tolerant=tolerant)

    def summary(self) -> Line:
        en = f"caster level {self.caster_level}, modifier {self.mod:+d}, {self.tradition.label('en')}"
        fr = f"niveau de lanceur {self.caster_level}, modificateur {self.mod:+d}, {self.tradition.label('fr')}"
        if self.intelligence is not None:
            en += f", Intelligence {self.intelligence:+d}"
            fr += f", Intelligence {self.intelligence:+d}"
        if self.blood_limit is not None or self.blood_pool is not None:
            limit = "?" if self.blood_limit is None else self.blood_limit
            pool = "?" if self.blood_pool is None else self.blood_pool
            en += f"; blood mana: limit {limit}, pool {pool}"
            fr += f" ; mana de sang : limite {limit}, réserve {pool}"
        return Line(en, fr)


SPELLS = {"poles": PolesInputs}
CASTERS = {"poles": PolesCaster}
