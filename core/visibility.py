"""What the players are shown of each combatant (the GM's choice, saved with the campaign).

Per combatant: its HP exactly, only its wound level, or nothing (a mook group's "exact" is its
standing count). Campaign-wide defaults: PCs exact, NPCs wound level, mook groups standing
count; the GM may choose otherwise for any one of them. A PC's shadow, pm and conditions are
shown to the table unless the GM keeps that PC's details private.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from core.choices import Choice, parse_enum
from core.errors import RulesError


class Shown(Choice):
    EXACT = "exact", "exact HP", "PV exacts"
    WOUNDS = "wounds", "wound level", "niveau de blessure"
    NOTHING = "nothing", "nothing", "rien"


#: The kinds a default applies to: ``pcs``, ``npcs``, ``groups``.
KINDS = ("pcs", "npcs", "groups")
KIND_LABELS = {"pcs": ("PCs", "PJ"), "npcs": ("NPCs", "PNJ"), "groups": ("mook groups", "groupes de sbires")}


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


@attrs.frozen
class Visibility:
    """The campaign's choices of what players see."""

    pcs: Shown = attrs.field(default=Shown.EXACT, converter=_pcs)
    npcs: Shown = attrs.field(default=Shown.WOUNDS, converter=_npcs)
    groups: Shown = attrs.field(default=Shown.EXACT, converter=_groups)
    #: Per-combatant choices (id, shown), sorted by id; a combatant not listed gets its default.
    overrides: tuple[tuple[str, Shown], ...] = attrs.field(default=(), converter=_overrides)
    #: PCs whose shadow, pm and conditions the GM keeps from the players (sorted ids).
    private: tuple[str, ...] = attrs.field(default=(), converter=lambda v: tuple(sorted(set(v))))

    def default(self, kind: str) -> Shown:
        return getattr(self, _kind(kind))

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

    def without(self, key: str) -> Visibility:
        """These choices once combatant ``key`` has left the campaign."""
        return self.with_override(key, None).with_private(key, False)
