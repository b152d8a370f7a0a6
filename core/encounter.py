"""An encounter: who takes part, in what order, whose turn, the round, conditions (RULES 1.4)."""

from __future__ import annotations

import enum
import functools

import attrs

from core.converters import as_tuple
from core.errors import RulesError
from core.validators import Whole, at_least, non_empty, whole_number

#: How many rounds a condition may last. **Decision**: a fight rarely passes 10 rounds; 99 is
#: "the whole fight" (a condition without rounds lasts until removed).
ROUNDS = Whole(1, 99)


class Lasts(enum.Enum):
    """How long a condition lasts (the GM chooses; RULES 1.4 leaves conditions to the GM)."""

    #: To the end of its bearer's N-th turn from now (``rounds`` is N, counted down).
    ROUNDS = "rounds"
    #: Until the start of the next turn of the combatant ``of``.
    TURN_START = "turn_start"
    #: Until the end of the next turn of the combatant ``of``.
    TURN_END = "turn_end"
    #: Until the GM removes it.
    REMOVED = "removed"


def _lasts_default(condition: Condition) -> Lasts:
    return Lasts.ROUNDS if condition.rounds is not None else Lasts.REMOVED


@attrs.frozen
class Condition:
    """A named condition and how long it lasts.

    ``Condition("stunned", 2)`` lasts to the end of its bearer's 2nd turn from now;
    ``Condition("blessed")`` until removed; ``Condition("shielded", lasts=Lasts.TURN_START,
    of="alduin")`` until Alduin's next turn starts. ``rounds`` is what is left to count: the
    bearer's turns (ROUNDS), or the starts or ends of ``of``'s turns still to pass (1, or 2 for
    "the end of the next turn" set during that very turn); None until it is put on someone.
    """

    name: str = attrs.field(validator=non_empty)
    rounds: int | None = attrs.field(default=None, validator=attrs.validators.optional(ROUNDS))
    lasts: Lasts = attrs.field(default=attrs.Factory(_lasts_default, takes_self=True))
    of: str | None = None

    def __attrs_post_init__(self) -> None:
        if self.lasts is Lasts.ROUNDS and self.rounds is None:
            raise RulesError(
                "rounds",
                "a condition that lasts rounds needs how many",
                "≥ 1",
                "un état qui dure des rounds en demande le nombre",
            )
        if self.lasts is Lasts.REMOVED and self.rounds is not None:
            raise RulesError(
                "rounds",
                "a condition until removed counts no rounds",
                None,
                "un état jusqu'à retrait ne compte pas de rounds",
            )
        turn = self.lasts in (Lasts.TURN_START, Lasts.TURN_END)
        if turn and not self.of:
            raise RulesError("of", "whose turn ends the condition?", None, "le tour de qui met fin à l'état ?")
        if not turn and self.of is not None:
            raise RulesError(
                "of",
                "only a condition until someone's turn names whose",
                None,
                "seul un état jusqu'au tour de quelqu'un le nomme",
            )


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

    @functools.cached_property
    def with_conditions(self) -> tuple[Participant, ...]:
        """The participants under a condition, in order: made with the encounter value (what the
        players may read asks on every action; an HP change keeps the encounter, so it reads
        none of the places again)."""
        return tuple(p for p in self.participants if p.conditions)

    def __attrs_post_init__(self) -> None:
        self.with_conditions  # noqa: B018 - made with the value, not by the first action

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
