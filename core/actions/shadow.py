"""Shadow actions (RULES 1.3): every change goes to the character's ledger with its reason."""

from __future__ import annotations

import attrs

from core.actions.base import Action, Outcome
from core.breakdown import Line, line
from core.campaign import Campaign
from core.choices import enum_converter
from core.errors import RulesError
from core.shadow import ShadowEvent, change_shadow


class NeedsConfirmation(RulesError):
    """The action would turn a PC into an NPC (6th stigma or grace): ask the GM, then resend
    the action with ``confirm=True``."""


def record_shadow(
    campaign: Campaign,
    key: str,
    delta: int | None,
    event: ShadowEvent,
    note: str = "",
    *,
    confirm: bool = False,
) -> tuple[Campaign, tuple[Line, ...]]:
    """Apply a shadow change to character ``key``; returns the campaign and the log lines."""
    character = campaign.character(key)
    if character.shadow is None:
        raise RulesError("shadow", f"{character.name} is an NPC: NPCs have no shadow", fr=f"{character.name} est un PNJ : les PNJ n'ont pas d'ombre")
    change = change_shadow(character.shadow, delta, event, note)
    updated = attrs.evolve(character, shadow=change.state)
    lines = [
        line(
            f"{character.name}: shadow {change.before}→{change.after} ({event.label('en')})",
            f"{character.name} : ombre {change.before}→{change.after} ({event.label('fr')})",
        )
    ]
    if change.becomes_npc:
        if not confirm:
            raise NeedsConfirmation(
                "confirm", f"{character.name} would gain a 6th mark and become an NPC: confirm to apply",
                fr=f"{character.name} gagnerait une 6e marque et deviendrait un PNJ : confirmez pour appliquer",
            )
        updated = attrs.evolve(updated, pc=False)
        lines.append(line(f"{character.name} becomes an NPC", f"{character.name} devient un PNJ"))
    lines.extend(change.breakdown[1:] if len(change.breakdown) > 1 else ())
    return campaign.with_character(updated), tuple(lines)


@attrs.frozen
class ChangeShadow(Action):
    """A shadow change for a reason of the RULES 1.3 table (``delta`` None: the event's own)."""

    key: str
    event: ShadowEvent = attrs.field(converter=enum_converter(ShadowEvent, "event"))
    delta: int | None = None
    note: str = ""
    confirm: bool = False

    def apply(self, campaign: Campaign) -> Outcome:
        before = campaign.character(self.key).shadow
        campaign, lines = record_shadow(campaign, self.key, self.delta, self.event, self.note, confirm=self.confirm)
        after = campaign.character(self.key).shadow
        breakdown = after.ledger[-1:] if after is not None and before is not None else ()
        return Outcome(campaign, lines, tuple(e.reason for e in breakdown))
