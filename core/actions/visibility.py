"""Actions on what the players see (core.visibility): per combatant, the defaults, private PCs,
the options (conditions, reveal, cues, round counter) and aliases. Each is the GM's only
(``GM_ONLY``): its log line never reaches the players."""

from __future__ import annotations

from typing import ClassVar

import attrs

from core.actions.base import Action, Outcome
from core.breakdown import line
from core.campaign import Campaign
from core.errors import RulesError
from core.french import de
from core.mooks import MookGroup
from core.roster import Character
from core.visibility import KIND_LABELS, Option, Shown, check_alias, kind_of, to_option, to_shown


def _combatant(campaign: Campaign, key: str) -> Character | MookGroup:
    item = campaign.find(key)
    if item is None:
        raise RulesError("key", f"no combatant {key!r}", fr=f"aucun combattant {key!r}")
    return item


def _optional_shown(value: object) -> Shown | None:
    return None if value is None else to_shown(value)


@attrs.frozen
class SetShown(Action):
    """Show the players this combatant's HP exactly, its wound level or nothing; ``None``: the
    campaign's default for its kind."""

    GM_ONLY: ClassVar[bool] = True

    key: str
    shown: Shown | None = attrs.field(default=None, converter=_optional_shown)

    def apply(self, campaign: Campaign) -> Outcome:
        item = _combatant(campaign, self.key)
        vis = campaign.visibility.with_override(self.key, self.shown)
        shown = vis.shown(self.key, kind_of(item))
        default = (" (default)", " (par défaut)") if self.shown is None else ("", "")
        return Outcome(
            attrs.evolve(campaign, visibility=vis),
            (
                line(
                    f"What the players see of {item.name}: {shown.en}{default[0]}",
                    f"Ce que les joueurs voient {de(item.name)} : {shown.fr}{default[1]}",
                ),
            ),
        )


@attrs.frozen
class SetShownDefault(Action):
    """What the players see of every PC, NPC or mook group (``kind``) without a choice of its own."""

    GM_ONLY: ClassVar[bool] = True

    kind: str
    shown: Shown = attrs.field(converter=to_shown)

    def apply(self, campaign: Campaign) -> Outcome:
        vis = campaign.visibility.with_default(self.kind, self.shown)
        en, fr = KIND_LABELS[self.kind]
        return Outcome(
            attrs.evolve(campaign, visibility=vis),
            (
                line(
                    f"What the players see of all {en}: {self.shown.en}",
                    f"Ce que les joueurs voient des {fr} : {self.shown.fr}",
                ),
            ),
        )


@attrs.frozen
class SetPrivate(Action):
    """Keep a PC's shadow, pm and conditions from the other players (or show them again)."""

    GM_ONLY: ClassVar[bool] = True

    key: str
    private: bool = True

    def apply(self, campaign: Campaign) -> Outcome:
        c = campaign.character(self.key)
        if not c.pc:
            raise RulesError("key", f"{c.name} is not a PC", fr=f"{c.name} n'est pas un PJ")
        vis = campaign.visibility.with_private(self.key, self.private)
        text = (
            (
                f"{c.name}: shadow, pm and conditions kept from the players",
                f"{c.name} : ombre, pm et états cachés aux joueurs",
            )
            if self.private
            else (
                f"{c.name}: shadow, pm and conditions shown to the players",
                f"{c.name} : ombre, pm et états montrés aux joueurs",
            )
        )
        return Outcome(attrs.evolve(campaign, visibility=vis), (line(*text),))


def _optional_bool(value: object) -> bool | None:
    if value is None or isinstance(value, bool):
        return value
    raise RulesError(
        "on", f"expected true, false or nothing, found {value!r}", fr=f"vrai, faux ou rien attendu, trouvé {value!r}"
    )


#: An option's words for on and off, when not "shown" and "not shown".
YES_NO: dict[Option, tuple[tuple[str, str], tuple[str, str]]] = {
    Option.REVEAL: (("yes", "oui"), ("no", "non")),
    Option.SENDING: (("on", "activé"), ("off", "coupé")),
}


@attrs.frozen
class SetOption(Action):
    """An option of what the players see (:class:`core.visibility.Option`): its default, the
    whole table's value (``key`` None), or one combatant's own (``on`` None: back to the default)."""

    GM_ONLY: ClassVar[bool] = True

    option: Option = attrs.field(converter=to_option)
    on: bool | None = attrs.field(default=True, converter=_optional_bool)
    key: str | None = None

    def apply(self, campaign: Campaign) -> Outcome:
        yes_no = YES_NO.get(self.option, (("shown", "montré"), ("not shown", "caché")))
        if self.key is None:
            vis = campaign.visibility.with_option(self.option, self.on)
            en, fr = yes_no[0] if self.on else yes_no[1]
            return Outcome(
                attrs.evolve(campaign, visibility=vis),
                (line(f"Players, {self.option.en}: {en}", f"Joueurs, {self.option.fr} : {fr}"),),
            )
        item = _combatant(campaign, self.key)
        if self.option is Option.SENDING and kind_of(item) != "pcs":
            raise RulesError(
                "key",
                f"{item.name} is not a PC: only a PC's player sends rolls",
                fr=f"{item.name} n'est pas un PJ : seul le joueur d'un PJ envoie des jets",
            )
        if self.option is Option.CONDITIONS and kind_of(item) == "pcs":
            raise RulesError(
                "key",
                f"{item.name} is a PC: keep its details private instead",
                fr=f"{item.name} est un PJ : gardez plutôt ses détails privés",
            )
        vis = campaign.visibility.with_option(self.option, self.on, self.key)
        en, fr = yes_no[0] if vis.option(self.option, self.key) else yes_no[1]
        default = (" (default)", " (par défaut)") if self.on is None else ("", "")
        return Outcome(
            attrs.evolve(campaign, visibility=vis),
            (
                line(
                    f"Players, {self.option.en} of {item.name}: {en}{default[0]}",
                    f"Joueurs, {self.option.fr} {de(item.name)} : {fr}{default[1]}",
                ),
            ),
        )


def _optional_alias(value: object) -> str | None:
    return None if value is None else check_alias(value)


@attrs.frozen
class SetAlias(Action):
    """The name players see instead of an NPC's or a mook group's own (None: its own name again).
    A line of the log is written for the players with the aliases in force then
    (:func:`core.players_log.players_lines`)."""

    GM_ONLY: ClassVar[bool] = True

    key: str
    alias: str | None = attrs.field(default=None, converter=_optional_alias)

    def apply(self, campaign: Campaign) -> Outcome:
        item = _combatant(campaign, self.key)
        if kind_of(item) == "pcs":
            raise RulesError(
                "key",
                f"{item.name} is a PC: players know their names",
                fr=f"{item.name} est un PJ : les joueurs connaissent leur nom",
            )
        vis = campaign.visibility.with_alias(self.key, self.alias)
        if self.alias is None:
            text = (
                f"{item.name}: shown to the players by its own name",
                f"{item.name} : montré aux joueurs sous son propre nom",
            )
        else:
            text = (
                f"{item.name}: shown to the players as {self.alias}",
                f"{item.name} : montré aux joueurs comme {self.alias}",
            )
        return Outcome(attrs.evolve(campaign, visibility=vis), (line(*text),))
