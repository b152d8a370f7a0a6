"""Shadow actions (RULES 1.3): every change goes to the character's ledger with its reason."""

from __future__ import annotations

from typing import ClassVar

import attrs

from core.actions.base import Action, NeedsConfirmation, Outcome
from core.breakdown import Line, line
from core.campaign import Campaign
from core.errors import RulesError
from core.roster import Character
from core.shadow import NPC_AT, ShadowChange, ShadowEvent, StigmaEffect, change_shadow
from core.shadow_events import to_shadow_event
from core.stigmata import give_back, set_effect
from core.validators import require


def _stigma_effects(
    character: Character, change: ShadowChange, effect: StigmaEffect | None
) -> tuple[Character, list[Line]]:
    """The losses of each stigma removed given back; ``effect`` given to the first stigma gained."""
    lines: list[Line] = []
    for mark in change.stigmata_removed:
        character, back = give_back(character, mark)
        lines.extend([back] if back is not None else [])
    if effect is not None:
        require(
            "effect",
            bool(change.stigmata_gained),
            "no stigma gained: nothing to give this effect to",
            fr="aucun stigmate gagné : rien à qui donner cet effet",
        )
        first = len(change.state.stigmata) - len(change.stigmata_gained)
        character, applied = set_effect(character, first, effect)
        lines.extend(applied)
    return character, lines


def _sixth_mark(name: str, change: ShadowChange) -> NeedsConfirmation:
    """The question a 6th stigma or grace asks before the PC becomes an NPC."""
    grace = len(change.state.graces) >= NPC_AT and bool(change.graces_gained)
    en, fr = ("grace", "grâce") if grace else ("stigma", "stigmate")
    return NeedsConfirmation(
        "confirm",
        f"{name} would gain a 6th mark and become an NPC: confirm to apply",
        fr=f"{name} gagnerait une 6e marque et deviendrait un PNJ : confirmez pour appliquer",
        question=line(f"6th {en}: {name} becomes an NPC — confirm?", f"6e {fr} : {name} devient un PNJ — confirmer ?"),
        answer={"confirm": True},
    )


def record_shadow(
    campaign: Campaign,
    key: str,
    delta: int | None,
    event: ShadowEvent,
    note: str = "",
    *,
    confirm: bool = False,
    effect: StigmaEffect | None = None,
) -> tuple[Campaign, tuple[Line, ...]]:
    """Apply a shadow change to character ``key``; returns the campaign and the log lines.

    A stigma removed on the way (cancelled by a grace, renounced) gives back the losses of its
    permanent effect; ``effect``, if given, is the permanent effect of the first stigma gained
    (RULES 1.3), applied to the character."""
    character = campaign.character(key)
    if character.shadow is None:
        raise RulesError(
            "shadow",
            f"{character.name} is an NPC: NPCs have no shadow",
            fr=f"{character.name} est un PNJ : les PNJ n'ont pas d'ombre",
        )
    change = change_shadow(character.shadow, delta, event, note)
    updated = attrs.evolve(character, shadow=change.state)
    lines = [
        line(
            f"{character.name}: shadow {change.before}→{change.after} ({event.label('en')})",
            f"{character.name} : ombre {change.before}→{change.after} ({event.label('fr')})",
        )
    ]
    updated, effect_lines = _stigma_effects(updated, change, effect)
    if change.becomes_npc:
        if not confirm:
            raise _sixth_mark(character.name, change)
        updated = attrs.evolve(updated, pc=False)
        lines.append(line(f"{character.name} becomes an NPC", f"{character.name} devient un PNJ"))
    lines.extend(change.breakdown[1:] if len(change.breakdown) > 1 else ())
    lines.extend(line(x.en, x.fr) for x in effect_lines)
    return campaign.with_character(updated), tuple(lines)


@attrs.frozen
class ChangeShadow(Action):
    """A shadow change for a reason of the RULES 1.3 table (``delta`` None: the event's own)."""

    TELLS: ClassVar[tuple[tuple[str, str], ...]] = (("key", "shadow"),)

    key: str
    event: ShadowEvent = attrs.field(converter=to_shadow_event)
    delta: int | None = None
    note: str = ""
    confirm: bool = False
    #: The permanent effect of the stigma this change gives (RULES 1.3), picked in the same dialog.
    effect: StigmaEffect | None = None

    def apply(self, campaign: Campaign) -> Outcome:
        before = campaign.character(self.key).shadow
        campaign, lines = record_shadow(
            campaign, self.key, self.delta, self.event, self.note, confirm=self.confirm, effect=self.effect
        )
        after = campaign.character(self.key).shadow
        breakdown = after.ledger[-1:] if after is not None and before is not None else ()
        return Outcome(campaign, lines, tuple(e.reason for e in breakdown))


@attrs.frozen
class SetStigmaEffect(Action):
    """Give a stigma the PC holds its permanent effect, applied to the character (RULES 1.3): for
    a stigma gained by overflow, a roll or a spell, picked in the dialog that follows."""

    TELLS: ClassVar[tuple[tuple[str, str], ...]] = (("key", "shadow"),)

    key: str
    index: int
    effect: StigmaEffect

    def apply(self, campaign: Campaign) -> Outcome:
        c = campaign.character(self.key)
        updated, lines = set_effect(c, self.index, self.effect)
        assert updated.shadow is not None
        mark = updated.shadow.stigmata[self.index].describe()
        head = line(f"{c.name}: effect of the {mark.en}", f"{c.name} : effet du {mark.fr.removeprefix('le ')}")
        return Outcome(campaign.with_character(updated), (head, *(line(x.en, x.fr) for x in lines)))
