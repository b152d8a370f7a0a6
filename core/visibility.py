"""What the players are shown (the GM's choices, saved with the campaign).

HP, per combatant: exactly, only its wound level, a bar only, the damage taken, or nothing (a
mook group's "exact" is its standing count, its "damage" the mooks fallen). Campaign-wide
defaults: PCs exact, NPCs wound level, mook groups standing count; the GM may choose otherwise
for any one of them. A PC's shadow, pm and conditions are shown to the table unless the GM keeps
that PC's details private.

Besides HP (:class:`Option`): the conditions of NPCs and mook groups (shown by default), a hidden
combatant revealed on its first turn (not by default), each a default the GM may override for one
combatant; the *next up* cue, the *your turn* cue and the round counter, for the whole table (all
shown by default); whether players may send their rolls (issue 38: on by default, for the table
or one PC's player). And an alias: a name the players see instead of an NPC's or a group's own.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from core.choices import Choice, parse_enum
from core.errors import RulesError
from core.mooks import MookGroup
from core.text import control_in


class Shown(Choice):
    EXACT = "exact", "exact HP", "PV exacts"
    WOUNDS = "wounds", "wound level", "niveau de blessure"
    BAR = "bar", "a bar only", "une barre seulement"
    DAMAGE = "damage", "damage taken", "dégâts subis"
    NOTHING = "nothing", "nothing", "rien"


class Option(Choice):
    """A yes/no choice of what the players see. The first two are defaults a combatant may
    override (:data:`PER_COMBATANT`); the others are the whole table's."""

    CONDITIONS = "conditions", "NPC and group conditions", "états des PNJ et des groupes"
    REVEAL = "reveal", "a hidden one revealed on its first turn", "un caché révélé à son premier tour"
    NEXT_UP = "next_up", "the next-up cue", "l'annonce du suivant"
    YOUR_TURN = "your_turn", "the your-turn cue", "l'annonce « à toi »"
    ROUND = "round", "the round counter", "le compteur de rounds"
    SENDING = "sending", "sending rolls", "l'envoi des jets"


#: The options a combatant may have its own value of (the rest are the whole table's); a PC's
#: own ``sending`` is whether its player may send rolls (issue 38).
PER_COMBATANT = (Option.CONDITIONS, Option.REVEAL, Option.SENDING)
#: The longest alias (a name as players see it).
ALIAS_MAX = 60


#: The kinds a default applies to: ``pcs``, ``npcs``, ``groups``.
KINDS = ("pcs", "npcs", "groups")
KIND_LABELS = {"pcs": ("PCs", "PJ"), "npcs": ("NPCs", "PNJ"), "groups": ("mook groups", "groupes de sbires")}


def kind_of(item: object) -> str:
    """``groups`` for a mook group, ``pcs`` for a PC, ``npcs`` for an NPC."""
    return "groups" if isinstance(item, MookGroup) else ("pcs" if getattr(item, "pc", False) else "npcs")


def _kind(value: str) -> str:
    if value not in KINDS:
        raise RulesError("kind", f"unknown kind {value!r}", list(KINDS), f"genre inconnu {value!r}")
    return value


def to_shown(value: object) -> Shown:
    """attrs converter of a ``shown`` field (a member, its value or a label)."""
    return parse_enum(Shown, value, "shown")


# The defaults' converters: an unknown value names the default's own field.
def _pcs(value: object) -> Shown:
    return parse_enum(Shown, value, "pcs")


def _npcs(value: object) -> Shown:
    return parse_enum(Shown, value, "npcs")


def _groups(value: object) -> Shown:
    return parse_enum(Shown, value, "groups")


def _overrides(value: Iterable[tuple[object, object]]) -> tuple[tuple[str, Shown], ...]:
    return tuple(sorted((str(k), to_shown(v)) for k, v in value))


def to_option(value: object) -> Option:
    return parse_enum(Option, value, "option")


def _toggles(value: Iterable[tuple[object, object, object]]) -> tuple[tuple[str, Option, bool], ...]:
    out = {}
    for key, option, on in value:
        option = to_option(option)
        if option not in PER_COMBATANT:
            raise RulesError(
                "toggles",
                f"{option.value} is the whole table's, not a combatant's",
                [o.value for o in PER_COMBATANT],
                f"{option.value} vaut pour toute la table, pas pour un combattant",
            )
        if not isinstance(on, bool):
            raise RulesError(
                "toggles", f"expected true or false, found {on!r}", fr=f"vrai ou faux attendu, trouvé {on!r}"
            )
        out[(str(key), option)] = on
    return tuple(sorted((k, o, on) for (k, o), on in out.items()))


def check_alias(alias: object) -> str:
    """An alias: a name of 1 to ALIAS_MAX characters, without control characters."""
    if not isinstance(alias, str) or not alias.strip():
        raise RulesError(
            "alias", "an alias is a name: it cannot be empty", fr="un alias est un nom : il ne peut pas être vide"
        )
    alias = alias.strip()
    if len(alias) > ALIAS_MAX:
        raise RulesError("alias", f"at most {ALIAS_MAX} characters", fr=f"au plus {ALIAS_MAX} caractères")
    if control_in(alias, "alias") is not None:
        raise RulesError(
            "alias",
            "a control character is not part of a name",
            fr="un caractère de contrôle ne fait pas partie d'un nom",
        )
    return alias


def _aliases(value: Iterable[tuple[object, object]]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted({str(k): check_alias(a) for k, a in value}.items()))


def _ids(value: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(set(value)))


@attrs.frozen
class Visibility:
    """The campaign's choices of what players see."""

    pcs: Shown = attrs.field(default=Shown.EXACT, converter=_pcs)
    npcs: Shown = attrs.field(default=Shown.WOUNDS, converter=_npcs)
    groups: Shown = attrs.field(default=Shown.EXACT, converter=_groups)
    #: Per-combatant choices (id, shown), sorted by id; a combatant not listed gets its default.
    overrides: tuple[tuple[str, Shown], ...] = attrs.field(default=(), converter=_overrides)
    #: PCs whose shadow, pm and conditions the GM keeps from the players (sorted ids).
    private: tuple[str, ...] = attrs.field(default=(), converter=_ids)
    #: The defaults of the options (:class:`Option`): NPC and group conditions shown; a hidden
    #: one revealed on its first turn; the next-up cue, the your-turn cue, the round counter.
    conditions: bool = True
    reveal: bool = False
    next_up: bool = True
    your_turn: bool = True
    round_counter: bool = True
    #: Whether players may send their rolls from their view (issue 38); a PC's own value
    #: (:attr:`toggles`) turns it off for that PC's player only.
    sending: bool = True
    #: Per-combatant values of the options of :data:`PER_COMBATANT`: (id, option, on), sorted.
    toggles: tuple[tuple[str, Option, bool], ...] = attrs.field(default=(), converter=_toggles)
    #: The names players see instead of an NPC's or a group's own: (id, alias), sorted by id.
    aliases: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_aliases)

    def default(self, kind: str) -> Shown:
        shown: Shown = getattr(self, _kind(kind))
        return shown

    def override(self, key: str) -> Shown | None:
        for k, shown in self.overrides:
            if k == key:
                return shown
        return None

    def shown(self, key: str, kind: str) -> Shown:
        """What players see of combatant ``key`` of ``kind`` (``pcs``, ``npcs`` or ``groups``)."""
        found = self.override(key)
        return self.default(kind) if found is None else found

    def is_private(self, key: str) -> bool:
        return key in self.private

    def with_override(self, key: str, shown: Shown | None) -> Visibility:
        rest = tuple((k, s) for k, s in self.overrides if k != key)
        return attrs.evolve(self, overrides=rest if shown is None else (*rest, (key, shown)))

    def with_default(self, kind: str, shown: Shown) -> Visibility:
        kind = _kind(kind)
        return attrs.evolve(
            self,
            pcs=shown if kind == "pcs" else self.pcs,
            npcs=shown if kind == "npcs" else self.npcs,
            groups=shown if kind == "groups" else self.groups,
        )

    def with_private(self, key: str, private: bool) -> Visibility:
        rest = tuple(k for k in self.private if k != key)
        return attrs.evolve(self, private=(*rest, key) if private else rest)

    # -- the options ---------------------------------------------------------------------------
    def option(self, option: Option, key: str | None = None) -> bool:
        """The option's value for combatant ``key`` (its own, else the default), or the default
        (the whole table's value) when ``key`` is None."""
        if key is not None:
            for k, o, on in self.toggles:
                if k == key and o is option:
                    return on
        return bool(getattr(self, _FIELDS[option]))

    def own_option(self, option: Option, key: str) -> bool | None:
        """Combatant ``key``'s own value of ``option``, None when it follows the default."""
        return next((on for k, o, on in self.toggles if k == key and o is option), None)

    def with_option(self, option: Option, on: bool | None, key: str | None = None) -> Visibility:
        """The default (``key`` None) set to ``on``, or combatant ``key``'s own value (``on``
        None: back to the default)."""
        if key is None:
            if on is None:
                raise RulesError("on", "a default is on or off", fr="une valeur par défaut est oui ou non")
            return attrs.evolve(
                self,
                conditions=on if option is Option.CONDITIONS else self.conditions,
                reveal=on if option is Option.REVEAL else self.reveal,
                next_up=on if option is Option.NEXT_UP else self.next_up,
                your_turn=on if option is Option.YOUR_TURN else self.your_turn,
                round_counter=on if option is Option.ROUND else self.round_counter,
                sending=on if option is Option.SENDING else self.sending,
            )
        if option not in PER_COMBATANT:
            raise RulesError(
                "option",
                f"{option.en} is the whole table's, not a combatant's",
                [o.value for o in PER_COMBATANT],
                f"{option.fr} vaut pour toute la table, pas pour un combattant",
            )
        rest = tuple(t for t in self.toggles if not (t[0] == key and t[1] is option))
        return attrs.evolve(self, toggles=rest if on is None else (*rest, (key, option, on)))

    def alias(self, key: str) -> str | None:
        return next((a for k, a in self.aliases if k == key), None)

    def with_alias(self, key: str, alias: str | None) -> Visibility:
        rest = tuple((k, a) for k, a in self.aliases if k != key)
        return attrs.evolve(self, aliases=rest if alias is None else (*rest, (key, alias)))

    def without(self, key: str) -> Visibility:
        """These choices once combatant ``key`` has left the campaign (a newcomer given its id
        later inherits none of them)."""
        if not (self.override(key) or key in self.private or self.alias(key) or any(t[0] == key for t in self.toggles)):
            return self  # the same value: what the players see is known unchanged (core.player_view)
        rest = tuple(t for t in self.toggles if t[0] != key)
        return attrs.evolve(self.with_override(key, None).with_private(key, False).with_alias(key, None), toggles=rest)


_FIELDS = {
    Option.CONDITIONS: "conditions",
    Option.REVEAL: "reveal",
    Option.NEXT_UP: "next_up",
    Option.YOUR_TURN: "your_turn",
    Option.ROUND: "round_counter",
    Option.SENDING: "sending",
}
