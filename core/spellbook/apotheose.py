"""An Apothéose spell in the book (RULES 1.7): its four parameters. The caster is a character of
the roster, given when the spell is priced or cast, never kept with the spell."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from core.breakdown import Line
from core.house_rules import HouseRules
from core.magic import SpellCost, SpellRequest, invisible_spell, spell_cost
from core.spellbook.book import Priced, SpellInputs
from core.validators import Whole

if TYPE_CHECKING:
    from core.roster import Character

#: A parameter's level, as ``apotheose calc spell apotheose`` takes it (the source's scale stops
#: at 15 pm: past it the calculator warns).
LEVEL = Whole(0, 999)
INTENSITY = Whole(1, 999)


@attrs.frozen
class ApotheoseInputs(SpellInputs):
    """``cost = intensity + duration + range + targets`` (RULES 1.7); ``invisible``: invisible
    magic, 0 pm whatever the effect."""

    SYSTEM: ClassVar[str] = "apotheose"

    intensity: int = attrs.field(validator=INTENSITY)
    duration: int = attrs.field(default=0, validator=LEVEL)
    range: int = attrs.field(default=0, validator=LEVEL)
    targets: int = attrs.field(default=0, validator=LEVEL)
    invisible: bool = False

    @property
    def request(self) -> SpellRequest:
        return SpellRequest(self.intensity, self.duration, self.range, self.targets)

    def cost(self, caster: Character | None = None) -> SpellCost:
        """The calculator's answer; with ``caster`` (a roster character) its âme, pm and shadow
        say whether and how it can cast the spell (invisible magic: its graces, a PC's; an NPC's
        are the GM's call)."""
        if self.invisible:
            graces = None if caster is None or caster.shadow is None else len(caster.shadow.graces)
            return invisible_spell(self.request, graces)
        if caster is None:
            return spell_cost(self.intensity, self.duration, self.range, self.targets)
        return spell_cost(
            self.intensity, self.duration, self.range, self.targets,
            ame=caster.characteristics.ame, pm=caster.pm, shadow=caster.shadow_value,
        )  # fmt: skip

    def price(self, rules: HouseRules, caster: Character | None = None) -> Priced:
        cost = self.cost(caster)
        if cost.invisible:
            figure = Line(
                f"0 pm: invisible magic (usual magic would pay {self.request.total} pm)",
                f"0 pm : magie invisible (la magie usuelle paierait {self.request.total} pm)",
            )
            return Priced(figure, cost.affordable is not False, cost.breakdown, cost)
        figure = Line(
            f"{cost.total} pm: {cost.effect.label('en')}, {cost.tier.label('en')}",
            f"{cost.total} pm : {cost.effect.label('fr')}, {cost.tier.label('fr')}",
        )
        return Priced(figure, cost.affordable is not False, cost.breakdown, cost)


SPELLS = {"apotheose": ApotheoseInputs}
CASTERS: dict[str, type] = {}
