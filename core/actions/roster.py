"""Actions on the roster: add, edit, remove characters and mook groups; hide and show."""

from __future__ import annotations

from typing import ClassVar

import attrs

from core.actions.base import Action, Outcome
from core.breakdown import Line, line
from core.campaign import Campaign
from core.converters import as_tuple
from core.errors import RulesError
from core.mooks import MookGroup
from core.roster import Character


def _without_participant(campaign: Campaign, key: str) -> Campaign:
    encounters = []
    for enc in campaign.encounters:
        if enc.participant(key) is None:
            encounters.append(enc)
            continue
        keys = enc.keys
        current = enc.current
        if current == key:
            following = keys[keys.index(key) + 1 :] + keys[: keys.index(key)]
            current = following[0] if following else None
        encounters.append(
            attrs.evolve(enc, participants=tuple(p for p in enc.participants if p.key != key), current=current)
        )
    return attrs.evolve(campaign, encounters=tuple(encounters))


@attrs.frozen
class AddCharacter(Action):
    character: Character

    def apply(self, campaign: Campaign) -> Outcome:
        if campaign.has(self.character.id):
            raise RulesError("id", f"{self.character.id!r} is already used", fr=f"{self.character.id!r} est déjà pris")
        kind = ("PC", "PJ") if self.character.pc else ("NPC", "PNJ")
        name = self.character.name
        return Outcome(
            attrs.evolve(campaign, roster=(*campaign.roster, self.character)),
            (line(f"{name} joins the roster ({kind[0]})", f"{name} rejoint la liste ({kind[1]})"),),
        )


@attrs.frozen
class UpdateCharacter(Action):
    """Replace a character by an edited version (the edit form)."""

    character: Character

    def apply(self, campaign: Campaign) -> Outcome:
        campaign.character(self.character.id)
        name = self.character.name
        return Outcome(campaign.with_character(self.character), (line(f"{name} edited", f"{name} modifié"),))


def _group_line(g: MookGroup) -> Line:
    """``Gardes: 12 veteran mooks`` / ``Gardes : 12 sbires (soldats vétérans)``: the grade in each language."""
    return line(f"{g.name}: {g.total} {g.grade.value} mooks", f"{g.name} : {g.total} sbires ({g.grade.fr})")


@attrs.frozen
class AddGroup(Action):
    group: MookGroup

    def apply(self, campaign: Campaign) -> Outcome:
        if campaign.has(self.group.id):
            raise RulesError("id", f"{self.group.id!r} is already used", fr=f"{self.group.id!r} est déjà pris")
        g = self.group
        return Outcome(
            attrs.evolve(campaign, groups=(*campaign.groups, g)),
            (_group_line(g),),
        )


@attrs.frozen
class UpdateGroup(Action):
    group: MookGroup

    def apply(self, campaign: Campaign) -> Outcome:
        campaign.group(self.group.id)
        name = self.group.name
        return Outcome(campaign.with_group(self.group), (line(f"{name} edited", f"{name} modifié"),))


@attrs.frozen
class Remove(Action):
    """Remove a character or a mook group from the campaign and from every encounter."""

    id: str

    def apply(self, campaign: Campaign) -> Outcome:
        if not campaign.has(self.id):
            raise RulesError("id", f"no character or group {self.id!r}", fr=f"aucun personnage ni groupe {self.id!r}")
        name = campaign.name_of(self.id)
        campaign = _without_participant(campaign, self.id)
        campaign = attrs.evolve(
            campaign,
            roster=tuple(c for c in campaign.roster if c.id != self.id),
            groups=tuple(g for g in campaign.groups if g.id != self.id),
            visibility=campaign.visibility.without(self.id),  # a newcomer given its id inherits nothing
        )
        return Outcome(campaign, (line(f"{name} removed", f"{name} retiré"),))


@attrs.frozen
class SetHidden(Action):
    """Hide a character or group from the players (the player view never shows it), or show it."""

    GM_ONLY: ClassVar[bool] = True

    id: str
    hidden: bool

    def apply(self, campaign: Campaign) -> Outcome:
        name = campaign.name_of(self.id)
        if any(c.id == self.id for c in campaign.roster):
            campaign = campaign.with_character(attrs.evolve(campaign.character(self.id), hidden=self.hidden))
        else:
            campaign = campaign.with_group(attrs.evolve(campaign.group(self.id), hidden=self.hidden))
        word = (
            ("hidden from the players", "caché aux joueurs")
            if self.hidden
            else ("shown to the players", "montré aux joueurs")
        )
        return Outcome(campaign, (line(f"{name} {word[0]}", f"{name} {word[1]}"),))


#: How many names the log line of an :class:`AddMany` lists (an import may add hundreds).
SHOWN = 8


@attrs.frozen
class AddMany(Action):
    """Add characters and mook groups in one step (copies of a template, a quick-add line, a
    roster file): one undo removes them all. With ``join``, each also joins the fight under way.
    All or nothing: an id already used refuses the whole addition."""

    characters: tuple[Character, ...] = attrs.field(default=(), converter=as_tuple)
    groups: tuple[MookGroup, ...] = attrs.field(default=(), converter=as_tuple)
    join: bool = False

    def apply(self, campaign: Campaign) -> Outcome:
        from core.actions.encounter import Join

        items: tuple[Character | MookGroup, ...] = (*self.characters, *self.groups)
        if not items:
            raise RulesError("roster", "nothing to add", fr="rien à ajouter")
        seen: set[str] = set()
        for item in items:
            if campaign.has(item.id) or item.id in seen:
                raise RulesError("id", f"{item.id!r} is already used", fr=f"{item.id!r} est déjà pris")
            seen.add(item.id)
        campaign = attrs.evolve(
            campaign, roster=(*campaign.roster, *self.characters), groups=(*campaign.groups, *self.groups)
        )
        names = ", ".join(item.name for item in items[:SHOWN])
        more = (
            ("", "") if len(items) <= SHOWN else (f" and {len(items) - SHOWN} more", f" et {len(items) - SHOWN} autres")
        )
        lines = [line(f"{len(items)} added: {names}{more[0]}", f"{len(items)} ajoutés : {names}{more[1]}")]
        for g in self.groups:
            lines.append(_group_line(g))
        fight = campaign.encounter
        if self.join and fight is not None:
            for item in items:
                joined = Join(item.id).apply(campaign)
                campaign = joined.campaign
            enc = fight.name
            lines.append(line(f"they join the fight: {enc}", f"ils entrent dans le combat : {enc}"))
        return Outcome(campaign, tuple(lines))
