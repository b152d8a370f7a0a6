"""A campaign: the whole table in one value — roster, mook groups, encounters, house rules."""

from __future__ import annotations

import functools
import re
import unicodedata
import weakref

import attrs

from core.converters import as_tuple
from core.encounter import Encounter
from core.errors import RulesError
from core.house_rules import HouseRules
from core.mooks import MookGroup
from core.roster import Character
from core.spellbook.book import SpellBook
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
    #: The GM's own spells and remembered casters (core.spellbook); the built-in spells are not in it.
    book: SpellBook = SpellBook()

    @property
    def combatants(self) -> tuple[Character | MookGroup, ...]:
        """Every character, then every mook group."""
        return (*self.roster, *self.groups)

    # -- look-ups (by id, through an index built once per campaign value) ------------------
    @functools.cached_property
    def _index(self) -> dict[str, Character | MookGroup]:
        self._roster_at  # noqa: B018 - in the same pass over the roster
        return {item.id: item for item in self.combatants}

    @functools.cached_property
    def _roster_at(self) -> dict[str, int]:
        """Each character's position in the roster (shared by the campaigns that only replace
        characters: their positions do not move)."""
        return {c.id: at for at, c in enumerate(self.roster)}

    def _caches_to(self, changed: Campaign, index: dict[str, Character | MookGroup] | None = None) -> Campaign:
        """Give ``changed`` (this campaign with the same roster order) this one's look-ups."""
        object.__setattr__(changed, "_roster_at", self._roster_at)
        object.__setattr__(changed, "_index", self._index if index is None else index)
        return changed

    @functools.cached_property
    def _made_from(self) -> tuple[weakref.ref[Campaign], str] | None:
        """(the campaign this one was made from, the id of the character replaced) when made by
        :meth:`with_character`, else None: lets :func:`changed_characters` tell what changed
        without comparing rosters. Not a field: not compared, not saved."""
        return None

    def character(self, id: str) -> Character:
        found = self._index.get(id)
        if isinstance(found, Character):
            return found
        raise RulesError("character", f"no character {id!r}", [c.id for c in self.roster], f"aucun personnage {id!r}")

    def group(self, id: str) -> MookGroup:
        found = self._index.get(id)
        if isinstance(found, MookGroup):
            return found
        raise RulesError(
            "group", f"no mook group {id!r}", [g.id for g in self.groups], f"aucun groupe de sbires {id!r}"
        )

    def find(self, id: str) -> Character | MookGroup | None:
        """The character or the mook group with this id, if any."""
        return self._index.get(id)

    def has(self, id: str) -> bool:
        return id in self._index

    def position(self, id: str) -> int:
        """The character's place in the roster (-1: no such character)."""
        return self._roster_at.get(id, -1)

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
        """This campaign with ``character`` in place of the one with its id. One copy of the
        roster's references and of the index, not a pass comparing ids: an HP change costs
        about the same with 50 or 5,000 characters."""
        at = self._roster_at.get(character.id)
        if at is None or len(self._roster_at) != len(self.roster):  # no such character, or ids repeated
            return attrs.evolve(self, roster=tuple(character if c.id == character.id else c for c in self.roster))
        changed = attrs.evolve(self, roster=(*self.roster[:at], character, *self.roster[at + 1 :]))
        index = dict(self._index)
        if isinstance(index.get(character.id), Character):  # a group of the same id stays the one found
            index[character.id] = character
        object.__setattr__(changed, "_made_from", (weakref.ref(self), character.id))
        return self._caches_to(changed, index)

    def with_group(self, group: MookGroup) -> Campaign:
        changed = attrs.evolve(self, groups=tuple(group if g.id == group.id else g for g in self.groups))
        index = dict(self._index)
        if any(g is group for g in changed.groups):
            index[group.id] = group
        return self._caches_to(changed, index)

    def with_encounter(self, encounter: Encounter) -> Campaign:
        return self._caches_to(
            attrs.evolve(self, encounters=tuple(encounter if e.id == encounter.id else e for e in self.encounters))
        )

    def with_book(self, book: SpellBook) -> Campaign:
        """This campaign with ``book`` as its spell book (the roster's look-ups kept)."""
        return self._caches_to(attrs.evolve(self, book=book))

    def unique_id(self, name: str) -> str:
        """A short id made from ``name`` that no character, group or encounter uses yet."""
        base = slug(name) or "x"
        taken = {c.id for c in self.roster} | {g.id for g in self.groups} | {e.id for e in self.encounters}
        candidate, n = base, 2
        while candidate in taken:
            candidate, n = f"{base}-{n}", n + 1
        return candidate


def changed_characters(before: Campaign, after: Campaign, *, steps: int = 64) -> frozenset[str] | None:
    """The ids of the characters ``after`` replaced when it was made from ``before`` by
    :meth:`Campaign.with_character` alone (everything else is the same objects), found without a
    pass over the roster; None when it was made otherwise (or from a campaign no longer held),
    and the caller compares as before."""
    ids: set[str] = set()
    campaign = after
    while campaign is not before:
        link = campaign._made_from
        parent = link[0]() if link is not None else None
        if parent is None or len(ids) >= steps:
            return None
        ids.add(link[1])  # type: ignore[index]
        campaign = parent
    return frozenset(ids)


#: What a slug replaces by one "-" (a run of anything but ASCII letters and digits).
_NOT_IN_SLUG = re.compile(r"[^a-z0-9]+")


def slug(name: str) -> str:
    """``"Soldats vétérans de Villon"`` → ``"soldats-veterans-de-villon"``."""
    # An ASCII name is its own decomposition (an import's 100,000 "Garde 1…" skip the three steps).
    plain = name if name.isascii() else unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return _NOT_IN_SLUG.sub("-", plain.lower()).strip("-")
