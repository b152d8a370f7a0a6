"""GM actions: each a frozen attrs value; :func:`apply` turns a campaign into the next one.

Dice are part of an action (typed by the GM or rolled by the app before the action is made), so
applying an action is deterministic: a journal of actions can be replayed, undone and saved.
Each family lives in its own module; ``ALL_ACTIONS`` lists every concrete action (the tagged
union a save holds).
"""

from core.actions.base import Action, NeedsConfirmation, Outcome, RolledBy, apply, trial
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

ALL_ACTIONS: tuple[type[Action], ...] = (
    AddCharacter, UpdateCharacter, AddGroup, UpdateGroup, Remove, SetHidden, AddMany,
    StartEncounter, EndEncounter, Join, SetInitiative, BoostInitiative, NextTurn, PreviousTurn,
    Delay, ActNow, MoveInOrder, AddCondition, RemoveCondition,
    Damage, Heal, Stabilise, RepairArmour, Rest,
    Roll, AttackGroup, DefendGroup, AttackOpponent, SetStanding,
    ChangeShadow,
    CastSpell,
    DefendOpponent, AttackNamedGroup, SetStigmaEffect, AdjustPm, Exhaust,
    AwardXp, RaiseCharacteristic, NewSession,
    SetShown, SetShownDefault, SetPrivate, SetOption, SetAlias,
    SaveSpell, RenameSpell, RemoveSpell, SaveCaster, RemoveCaster,
)  # fmt: skip

# Written out, not computed from ALL_ACTIONS, so that a type checker sees each re-export (a test
# checks the two agree).
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
