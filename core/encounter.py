"""An encounter: who takes part, in what order, whose turn, the round, conditions (RULES 1.4)."""

from __future__ import annotations

import functools

import attrs

from core.converters import as_tuple
from core.validators import Whole, at_least, non_empty, whole_number

#: How many rounds a condition may last. **Decision**: a fight rarely passes 10 rounds; 99 is
#: "the whole fight" (a condition without rounds lasts until removed).
ROUNDS = Whole(1, 99)


@attrs.frozen
class Condition:
    """A named condition, for ``rounds`` more rounds (``None``: until removed)."""

    name: str = attrs.field(validator=non_empty)
    rounds: int | None = attrs.field(default=None, validator=attrs.validators.optional(ROUNDS))


@attrs.frozen
class Participant:
    """One line of the initiative order: a character or a mook group, by id."""

    key: str
    initiative: int = attrs.field(validator=whole_number)
    #: Order of entry into the encounter, the last tie-break (RULES 1.4).
    entry: int = 0
    #: Shadow points spent on initiative this fight (+5 each).
    boosts: int = attrs.field(default=0, validator=at_least(0))
    delaying: bool = False
    conditions: tuple[Condition, ...] = attrs.field(default=(), converter=as_tuple)


@attrs.frozen
class Encounter:
    """A fight. ``participants`` is the turn order; ``current`` the key whose turn it is."""

    id: str = attrs.field(validator=non_empty)
    name: str = attrs.field(validator=non_empty)
    participants: tuple[Participant, ...] = attrs.field(default=(), converter=as_tuple)
    current: str | None = None
    round: int = attrs.field(default=1, validator=at_least(1))

    @functools.cached_property
    def keys(self) -> tuple[str, ...]:
        """The participants' keys in order (made once per encounter value: the panes ask on
        every change, and an HP change keeps the encounter)."""
        return tuple(p.key for p in self.participants)

    def participant(self, key: str) -> Participant | None:
        for p in self.participants:
            if p.key == key:
                return p
        return None

    def index(self, key: str) -> int:
        return self.keys.index(key)

    def replace(self, participant: Participant) -> Encounter:
        return attrs.evolve(
            self, participants=tuple(participant if p.key == participant.key else p for p in self.participants)
        )
