"""House rules: the campaign options of docs/rules.md, with their defaults."""

from __future__ import annotations

import attrs

from core.dice import DEFAULT_KULT_DIE, KULT_DICE, KultDie, kult_die
from core.validators import at_least, between, one_of

#: RULES 3.1, decision: the source says illusion transposes the mana rules « dans [sa] propre
#: monnaie » without a rate; by default 2 mana make 1 point of hold (emprise), so an improvised
#: level-N illusion takes N + 1 hold, next to faith's N, the other scarce resource.
ILLUSION_HOLD_RATE = 2


@attrs.frozen
class HouseRules:
    """Campaign rule options. Each default is the one docs/rules.md gives."""

    #: RULES 1.2: the kult die (d20 − 10).
    kult_die: str = attrs.field(default=DEFAULT_KULT_DIE, validator=one_of(tuple(KULT_DICE)))
    #: RULES 1.2: rerolls allowed per action.
    max_rerolls: int = attrs.field(default=1, validator=at_least(0))
    #: RULES 1.3: shadow from which a soul is tainted.
    taint_threshold: int = attrs.field(default=6, validator=between(0, 10))
    #: RULES 3: Les Quatre Pôles blood-mana backlash, table 2 instead of table 1.
    tolerant_backlash: bool = False
    #: RULES 3.1: Les Quatre Pôles illusion, the mana that make one point of hold (emprise).
    poles_illusion_hold_rate: int = attrs.field(default=ILLUSION_HOLD_RATE, validator=at_least(1))
    #: RULES 4: Système D6 spell difficulty is half the sum of aspects, rounded up.
    d6_halve: bool = True
    #: RULES 2: Mage, each 1 rolled cancels a success.
    mage_ones_cancel: bool = True
    #: RULES 2: Mage scope, targets, radius and duration priced separately and added (off: the highest row).
    mage_scope_separate: bool = True
    #: RULES 2.7: Mage counter-magic's score compared with the effect's successes as it stands
    #: (off: the source's reading, the score rolled as dice against the effect).
    mage_counter_flat: bool = False

    @property
    def die(self) -> KultDie:
        return kult_die(self.kult_die)
