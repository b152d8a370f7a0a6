"""Actions on what the players see (core.visibility): per combatant, the defaults, private PCs."""

from __future__ import annotations

from typing import ClassVar

import attrs

from core.actions.base import Action, Outcome
from core.breakdown import line
from core.campaign import Campaign
from core.errors import RulesError
from core.french import de
from core.mooks import MookGroup
from core.visibility import KIND_LABELS, Shown, to_shown


def _optional_shown(value: object) -> Shown | None:
    return None if value is None else to_shown(value)


@attrs.frozen
class SetShown(Action):
    """Show the players this combatant's HP exactly, its wound level or nothing; ``None``: the
    campaign's default for its kind."""

    GM_ONLY: ClassVar[bool] = True

    key: str
    shown: Shown | None = attrs.field(default=None, converter=_optional_shown)

    def apply(self, campaign: Campaign) -> Outcome:
        item = campaign.find(self.key)
        if item is None:
            raise RulesError("key", f"no combatant {self.key!r}", fr=f"aucun combattant {self.key!r}")
        vis = campaign.visibility.with_override(self.key, self.shown)
        kind = "groups" if isinstance(item, MookGroup) else ("pcs" if item.pc else "npcs")
        shown = vis.shown(self.key, kind)
        default = (" (default)", " (par défaut)") if self.shown is None else ("", "")
        return Outcome(
            attrs.evolve(campaign, visibility=vis),
            (line(f"What the players see of {item.name}: {shown.en}{default[0]}",
                  f"Ce que les joueurs voient {de(item.name)} : {shown.fr}{default[1]}"),),
        )


@attrs.frozen
class SetShownDefault(Action):
    """What the players see of every PC, NPC or mook group (``kind``) without a choice of its own."""

    GM_ONLY: ClassVar[bool] = True

    kind: str
    shown: Shown = attrs.field(converter=to_shown)

    def apply(self, campaign: Campaign) -> Outcome:
        vis = campaign.visibility.with_default(self.kind, self.shown)
        en, fr = KIND_LABELS[self.kind]
        return Outcome(
            attrs.evolve(campaign, visibility=vis),
            (line(f"What the players see of all {en}: {self.shown.en}", f"Ce que les joueurs voient des {fr} : {self.shown.fr}"),),
        )


@attrs.frozen
class SetPrivate(Action):
    """Keep a PC's shadow, pm and conditions from the other players (or show them again)."""

    GM_ONLY: ClassVar[bool] = True

    key: str
    private: bool = True

    def apply(self, campaign: Campaign) -> Outcome:
        c = campaign.character(self.key)
        if not c.pc:
            raise RulesError("key", f"{c.name} is not a PC", fr=f"{c.name} n'est pas un PJ")
        vis = campaign.visibility.with_private(self.key, self.private)
        text = (
            (f"{c.name}: shadow, pm and conditions kept from the players", f"{c.name} : ombre, pm et états cachés aux joueurs")
            if self.private
            else (f"{c.name}: shadow, pm and conditions shown to the players", f"{c.name} : ombre, pm et états montrés aux joueurs")
        )
        return Outcome(attrs.evolve(campaign, visibility=vis), (line(*text),))
