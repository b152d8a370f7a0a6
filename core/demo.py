"""The demo campaign: the seeds' characters against veteran soldiers of Villon, ready to fight.

Numbers come from the seed's examples where it gives them (Arsouille corps 4 voleur/cambrioleur,
Alduin âme 4 fire mage, Segiere corps 9 with chain mail and a magic shield, Morvan, Romuald
combat 7 fencer, Brunvir 6/3/11/0); the rest are plausible values for a first fight.
"""

from __future__ import annotations

from core.actions.base import apply
from core.actions.encounter import NextTurn, StartEncounter
from core.campaign import Campaign
from core.characteristics import Characteristics as C
from core.combat import Grade
from core.damage import ArmourPiece as A
from core.mooks import MookGroup
from core.roster import Character, Trade, new_character

# The demo's characters, a table of frozen values shared by every demo campaign.
DEMO_ROSTER = (
    new_character(
        "arsouille",
        "Arsouille",
        C(corps=4, esprit=4, combat=3, ame=1),
        trades=(Trade("voleur", ("cambrioleur",)),),
        affects=("goût pour la liberté",),
        armour_pieces=(A.LIGHT,),
        shadow=3,
    ),
    new_character(
        "alduin",
        "Alduin",
        C(corps=3, esprit=5, combat=2, ame=4),
        mystic=True,
        trades=(Trade("mage", ("pyromancie", "oniromancie", "domination mentale")),),
        affects=("ses amis",),
        shadow=2,
    ),
    new_character(
        "segiere",
        "Segiere",
        C(corps=9, esprit=3, combat=6, ame=2),
        trades=(Trade("chevalier", ("épée",)),),
        affects=("honneur",),
        armour_pieces=(A.MEDIUM, A.SHIELD, A.MAGIC_SHIELD),
        shadow=1,
    ),
    new_character(
        "morvan",
        "Morvan",
        C(corps=6, esprit=3, combat=5, ame=1),
        trades=(Trade("soldat", ("arbalète",)),),
        affects=("haine de l'armée royale",),
        armour_pieces=(A.LIGHT,),
        shadow=4,
    ),
    new_character(
        "romuald",
        "Romuald",
        C(corps=4, esprit=4, combat=7, ame=1),
        trades=(Trade("escrimeur", ("rapière",)),),
        affects=("orgueil",),
        shadow=2,
    ),
    new_character(
        "brunvir",
        "Brunvir",
        C(corps=6, esprit=3, combat=11, ame=0),
        trades=(Trade("guerrière de Dasein", ("hache", "lutte")),),
        affects=("son clan",),
        armour_pieces=(A.HEAVY,),
        shadow=5,
    ),
    new_character(
        "capitaine",
        "Capitaine de la garde",
        C(corps=6, esprit=4, combat=9, ame=2),
        pc=False,
        trades=(Trade("soldat", ("épée",)),),
        armour_pieces=(A.HEAVY, A.SHIELD),
        notes="Commands the veterans. Flees when half of them fall.",
    ),
)


def demo_roster() -> tuple[Character | MookGroup, ...]:
    return DEMO_ROSTER


def demo_campaign(name: str = "Démo — Villon") -> Campaign:
    """A campaign with an encounter under way: round 1, the first to act has the turn."""
    campaign = Campaign(
        name=name,
        roster=demo_roster(),
        groups=(
            MookGroup("veterans", "Vétérans de Villon", Grade.VETERAN, total=12, standing=12, initiative=8),
            MookGroup(
                "arbaletriers", "Arbalétriers de Villon", Grade.STANDARD, total=6, standing=6, initiative=5, hidden=True
            ),
        ),
    )
    keys = ("arsouille", "alduin", "segiere", "morvan", "romuald", "brunvir", "capitaine", "veterans", "arbaletriers")
    campaign = apply(campaign, StartEncounter("Embuscade à Leda", keys)).campaign
    campaign = apply(campaign, NextTurn()).campaign
    return campaign
