"""A campaign: the whole table in one value — roster, mook groups, encounters, house rules."""

from __future__ import annotations

import functools
import re
import unicodedata

import attrs

from core.converters import as_tuple
from core.encounter import Encounter
from core.errors import RulesError
from core.house_rules import HouseRules
from core.mooks import MookGroup
from core.roster import Character
from core.validators import at_least, non_empty
from core.visibility import Visibility


@attrs.frozen
class Campaign:
    name: str = attrs.field(validator=non_empty)
    rules: HouseRules = HouseRules()
    roster: tuple[Character, ...] = attrs.field(default=(), converter=as_tuple)
    groups: tuple[MookGroup, ...] = attrs.field(default=(), converter=as_tuple)
    encounters: tuple[Encounter, ...] = attrs.field(default=(), converter=as_tuple)
    #: Id of the encounter being fought, if any.
    active: str | None = None
    #: Game session number (mystical exhaustion is once per session).
    session: int = attrs.field(default=1, validator=at_least(1))
    #: What the players are shown of each combatant (core.visibility, core.player_view).
    visibility: Visibility = Visibility()

    @property
    def combatants(self) -> tuple[Character | MookGroup, ...]:
        """Every character, then every mook group."""
        return (*self.roster, *self.groups)

    # -- look-ups (by id, through an index built once per campaign value) ------------------
    @functools.cached_property
    def _index(self) -> dict[str, Character | MookGroup]:
        return {item.id: item for item in self.combatants}

    def character(self, id: str) -> Character:
        found = self._index.get(id)
        if isinstance(found, Character):
            return found
        raise RulesError("character", f"no character {id!r}", [c.id for c in self.roster], f"aucun personnage {id!r}")

    def group(self, id: str) -> MookGroup:
        found = self._index.get(id)
        if isinstance(found, MookGroup):
            return found
        raise RulesError("group", f"no mook group {id!r}", [g.id for g in self.groups], f"aucun groupe de sbires {id!r}")

    def find(self, id: str) -> Character | MookGroup | None:
        """The character or the mook group with this id, if any."""
        return self._index.get(id)

    def has(self, id: str) -> bool:
        return id in self._index

    def name_of(self, id: str) -> str:
        found = self._index.get(id)
        return id if found is None else found.name

    @property
    def encounter(self) -> Encounter | None:
        for e in self.encounters:
            if e.id == self.active:
                return e
        return None

    # -- replacing one part -----------------------------------------------------------------
    def with_character(self, character: Character) -> Campaign:
        return attrs.evolve(self, roster=tuple(character if c.id == character.id else c for c in self.roster))

    def with_group(self, group: MookGroup) -> Campaign:
        return attrs.evolve(self, groups=tuple(group if g.id == group.id else g for g in self.groups))

    def with_encounter(self, encounter: Encounter) -> Campaign:
        return attrs.evolve(
            self, encounters=tuple(encounter if e.id == encounter.id else e for e in self.encounters)
        )

    def unique_id(self, name: str) -> str:
        """A short id made from ``name`` that no character, group or encounter uses yet."""
        base = slug(name) or "x"
        taken = {c.id for c in self.roster} | {g.id for g in self.groups} | {e.id for e in self.encounters}
        candidate, n = base, 2
        while candidate in taken:
            candidate, n = f"{base}-{n}", n + 1
        return candidate


def slug(name: str) -> str:
    """``"Soldats vétérans de Villon"`` → ``"soldats-veterans-de-villon"``."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
