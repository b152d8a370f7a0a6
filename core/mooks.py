"""Mook groups (chair à canon, RULES 1.5): one line for many weak enemies of one grade."""

from __future__ import annotations

import attrs

from core.combat import Grade
from core.errors import RulesError
from core.opposed import to_grade
from core.validators import Whole, at_least, whole_number

#: How many mooks one group may hold. **Decision**: a battle's worth (the seeds' groups are 5 to
#: 30); a bigger crowd is several groups.
MOOKS = Whole(1, 9999)


def _standing(instance: MookGroup, attribute: attrs.Attribute[int], value: int) -> None:
    at_least(0)(instance, attribute, value)
    if value > instance.total:
        raise RulesError(
            "standing",
            f"{value} standing but only {instance.total} in all",
            f"0…{instance.total}",
            f"{value} debout mais seulement {instance.total} en tout",
        )


@attrs.frozen
class MookGroup:
    """A group of mooks: each has 1 HP, so the group is counted, not tracked one by one."""

    id: str
    name: str
    grade: Grade = attrs.field(converter=to_grade)
    total: int = attrs.field(validator=MOOKS)
    standing: int = attrs.field(validator=_standing)
    #: RULES 1.4 Decision: a mook group has no combat score; its initiative defaults to its
    #: grade's value (civil 0, standard 5, veteran 10, elite 15), which the GM can change.
    initiative: int = attrs.field(
        default=attrs.Factory(lambda self: self.grade.difficulty, takes_self=True), validator=whole_number
    )
    hidden: bool = False

    @property
    def felled(self) -> int:
        return self.total - self.standing
