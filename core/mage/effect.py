"""RULES 2: a Mage effect as the GM describes it, each number checked against its limits."""

from __future__ import annotations

import attrs

from core.choices import parse_enum
from core.converters import as_tuple
from core.mage.limits import (
    ACOLYTES,
    ASSISTANTS,
    DOTS,
    EXTRAS,
    ROLLS,
    SUCCESSES,
    WHEEL,
)
from core.mage.successes import Connection, Duration
from core.validators import at_least, between, require


def _duration(value: object) -> Duration:
    return parse_enum(Duration, value, "duration")


def _connection(value: object) -> Connection | None:
    return None if value is None else parse_enum(Connection, value, "connection")


@attrs.frozen
class MageEffect:
    """A Mage effect as the GM describes it (RULES 2). ``needed``: the Sphere level the effect
    needs (None: the caster's ``sphere``, no free successes)."""

    sphere: int = attrs.field(validator=between(1, 10))
    rote: bool = False
    attribute: int | None = attrs.field(default=None, validator=attrs.validators.optional(DOTS))
    ability: int | None = attrs.field(default=None, validator=attrs.validators.optional(DOTS))
    arete: int | None = attrs.field(default=None, validator=attrs.validators.optional(between(1, 10)))
    needed: int | None = attrs.field(default=None, validator=attrs.validators.optional(between(1, 10)))
    resistance: int = attrs.field(default=0, validator=DOTS)
    power: int = attrs.field(default=0, validator=EXTRAS)
    targets: int = attrs.field(default=1, validator=at_least(1))
    radius: int = attrs.field(default=0, validator=at_least(0))
    duration: Duration = attrs.field(default=Duration.scene, converter=_duration)
    connection: Connection | None = attrs.field(default=None, converter=_connection)
    as_difficulty: int = attrs.field(default=0, validator=EXTRAS)
    difficulty: int | None = attrs.field(default=None, validator=attrs.validators.optional(at_least(2)))
    quintessence: int = attrs.field(default=0, validator=WHEEL)
    avatar: int | None = attrs.field(default=None, validator=attrs.validators.optional(DOTS))
    vulgar: bool = False
    witnesses: bool = False
    sleepers: bool = False
    paradox_pool: int = attrs.field(default=0, validator=WHEEL)
    paradox_rolls: int = attrs.field(default=0, validator=ROLLS)
    willpower: int | None = attrs.field(default=None, validator=attrs.validators.optional(DOTS))
    foci: int = attrs.field(default=0, validator=SUCCESSES)
    assistants: tuple[int, ...] = attrs.field(default=(), converter=as_tuple)
    acolytes: int = attrs.field(default=0, validator=ACOLYTES)

    def __attrs_post_init__(self) -> None:
        if self.rote:
            for name in ("attribute", "ability"):
                require(name, getattr(self, name) is not None, "required for a rote", fr="requis pour une routine")
        else:
            require("arete", self.arete is not None, "required for an improvised effect (or give a rote)",
                    fr="requise pour un effet improvisé (ou donnez une routine)")  # fmt: skip
        require("willpower", self.willpower is None or self.arete is not None, "a ritual's interval needs the arete",
                fr="l'intervalle d'un rituel demande l'entéléchie")  # fmt: skip
        require("assistants", len(self.assistants) <= ASSISTANTS.maximum,
                f"at most {ASSISTANTS.maximum} assistants, got {len(self.assistants)}", f"0…{ASSISTANTS.maximum} of {SUCCESSES.allowed}",
                f"au plus {ASSISTANTS.maximum} assistants, pas {len(self.assistants)}")  # fmt: skip
        for successes in self.assistants:
            SUCCESSES.check("assistants", successes)
