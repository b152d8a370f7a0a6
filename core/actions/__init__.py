"""GM actions: each a frozen attrs value; :func:`apply` turns a campaign into the next one.

Dice are part of an action (typed by the GM or rolled by the app before the action is made), so
applying an action is deterministic: a journal of actions can be replayed, undone and saved.
Each family lives in its own module; ``ALL_ACTIONS`` lists every concrete action (the tagged
union a save holds).

A family's module is imported when one of its actions is first asked for here (``from
core.actions import Damage``) or ``ALL_ACTIONS`` is: the journal needs only :mod:`core.actions.base`
to open a campaign, and the fight, magic and duel rules behind the other families (about a
fifth of the project's imports) wait until an action of theirs is made or read (issue 37).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from core.actions.base import Action, NeedsConfirmation, Outcome, RolledBy, apply, trial

if TYPE_CHECKING:
    from core.actions.book import RemoveCaster, RemoveSpell, RenameSpell, SaveCaster, SaveSpell
    from core.actions.duel import AttackNamedGroup, DefendOpponent
    from core.actions.encounter import (
        ActNow,
        AddCondition,
        BoostInitiative,
        Delay,
        EndEncounter,
        Join,
        MoveInOrder,
        NextTurn,
        PreviousTurn,
        RemoveCondition,
        SetInitiative,
        StartEncounter,
    )
    from core.actions.fight import (
        AttackGroup,
        AttackOpponent,
        DefendGroup,
        Roll,
        SetStanding,
    )
    from core.actions.health import Damage, Heal, RepairArmour, Rest, Stabilise
    from core.actions.magic import AdjustPm, CastSpell, Exhaust
    from core.actions.progression import AwardXp, NewSession, RaiseCharacteristic
    from core.actions.roster import (
        AddCharacter,
        AddGroup,
        AddMany,
        Remove,
        SetHidden,
        UpdateCharacter,
        UpdateGroup,
    )
    from core.actions.shadow import ChangeShadow, SetStigmaEffect
    from core.actions.visibility import SetAlias, SetOption, SetPrivate, SetShown, SetShownDefault

    ALL_ACTIONS: tuple[type[Action], ...]

#: Each family's module (``core.actions.<family>``) and the actions it holds.
FAMILIES: dict[str, tuple[str, ...]] = {
    "book": ("RemoveCaster", "RemoveSpell", "RenameSpell", "SaveCaster", "SaveSpell"),
    "duel": ("AttackNamedGroup", "DefendOpponent"),
    "encounter": (
        "ActNow",
        "AddCondition",
        "BoostInitiative",
        "Delay",
        "EndEncounter",
        "Join",
        "MoveInOrder",
        "NextTurn",
        "PreviousTurn",
        "RemoveCondition",
        "SetInitiative",
        "StartEncounter",
    ),
    "fight": ("AttackGroup", "AttackOpponent", "DefendGroup", "Roll", "SetStanding"),
    "health": ("Damage", "Heal", "RepairArmour", "Rest", "Stabilise"),
    "magic": ("AdjustPm", "CastSpell", "Exhaust"),
    "progression": ("AwardXp", "NewSession", "RaiseCharacteristic"),
    "roster": ("AddCharacter", "AddGroup", "AddMany", "Remove", "SetHidden", "UpdateCharacter", "UpdateGroup"),
    "shadow": ("ChangeShadow", "SetStigmaEffect"),
    "visibility": ("SetAlias", "SetOption", "SetPrivate", "SetShown", "SetShownDefault"),
}
_HOME = {name: family for family, names in FAMILIES.items() for name in names}
#: The order of ALL_ACTIONS (the save's tagged union).
_ORDER = (
    "AddCharacter", "UpdateCharacter", "AddGroup", "UpdateGroup", "Remove", "SetHidden", "AddMany",
    "StartEncounter", "EndEncounter", "Join", "SetInitiative", "BoostInitiative", "NextTurn", "PreviousTurn",
    "Delay", "ActNow", "MoveInOrder", "AddCondition", "RemoveCondition",
    "Damage", "Heal", "Stabilise", "RepairArmour", "Rest",
    "Roll", "AttackGroup", "DefendGroup", "AttackOpponent", "SetStanding",
    "ChangeShadow",
    "CastSpell",
    "DefendOpponent", "AttackNamedGroup", "SetStigmaEffect", "AdjustPm", "Exhaust",
    "AwardXp", "RaiseCharacteristic", "NewSession",
    "SetShown", "SetShownDefault", "SetPrivate", "SetOption", "SetAlias",
    "SaveSpell", "RenameSpell", "RemoveSpell", "SaveCaster", "RemoveCaster",
)  # fmt: skip


def __getattr__(name: str) -> Any:
    """An action (its family's module imported) or ``ALL_ACTIONS`` (every family), kept here once made."""
    if name == "ALL_ACTIONS":
        value: Any = tuple(__getattr__(action) for action in _ORDER)
    elif name in _HOME:
        value = getattr(importlib.import_module(f"core.actions.{_HOME[name]}"), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


# Written out, not computed from FAMILIES, so that a type checker sees each re-export (a test
# checks the three agree).
__all__ = [
    "ALL_ACTIONS",
    "Action",
    "NeedsConfirmation",
    "Outcome",
    "RolledBy",
    "apply",
    "trial",
    "ActNow",
    "AddCharacter",
    "AddCondition",
    "AddGroup",
    "AddMany",
    "AdjustPm",
    "AttackGroup",
    "AttackNamedGroup",
    "AttackOpponent",
    "AwardXp",
    "BoostInitiative",
    "CastSpell",
    "ChangeShadow",
    "Damage",
    "DefendGroup",
    "DefendOpponent",
    "Delay",
    "EndEncounter",
    "Exhaust",
    "Heal",
    "Join",
    "MoveInOrder",
    "NewSession",
    "NextTurn",
    "PreviousTurn",
    "RaiseCharacteristic",
    "Remove",
    "RemoveCaster",
    "RemoveCondition",
    "RemoveSpell",
    "RenameSpell",
    "RepairArmour",
    "Rest",
    "Roll",
    "SaveCaster",
    "SaveSpell",
    "SetAlias",
    "SetHidden",
    "SetInitiative",
    "SetOption",
    "SetPrivate",
    "SetShown",
    "SetShownDefault",
    "SetStanding",
    "SetStigmaEffect",
    "Stabilise",
    "StartEncounter",
    "UpdateCharacter",
    "UpdateGroup",
]
