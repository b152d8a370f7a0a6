"""RULES 1.3: affects and shadow (ombre), stigmata and graces.

Only player characters have a shadow; an NPC has none and uses none of these options (the
campaign model keeps ``None`` for it). Every change goes through :func:`change_shadow` (or one
of the four voluntary moves), which returns the new state with a ledger entry appended.
"""

from __future__ import annotations

import enum

import attrs

from core.breakdown import Breakdown, Lang, Line, line, signed
from core.choices import parse_enum
from core.converters import as_tuple
from core.shadow_events import ShadowEvent, event_delta, to_shadow_event
from core.validators import Whole, at_least, require

SHADOW_MAX = 10
#: What a PC's shadow may be (RULES 1.3).
SHADOW = Whole(0, SHADOW_MAX)
#: The 6th stigma or grace makes the PC an NPC.
NPC_AT = 6
#: How many changes a shadow ledger holds: the newest; the oldest one goes as a new one comes. A
#: ledger is saved with its character, twice (the campaign and its history's base), and encoded
#: again with each change of that character: unbounded, it made saves grow with the campaign.
LEDGER_KEPT = 50


class MarkKind(enum.StrEnum):
    stigma = "stigma"
    grace = "grace"


class MarkLevel(enum.StrEnum):
    minor = "minor"
    major = "major"
    supreme = "supreme"


def _mark_kind(value: object) -> MarkKind:
    return parse_enum(MarkKind, value, "kind")


def _mark_level(value: object) -> MarkLevel:
    return parse_enum(MarkLevel, value, "level")


#: (English, French) names; French adjectives agree with stigmate (m.) and grâce (f.).
_NAMES = {
    MarkKind.stigma: ("stigma", "le stigmate", {"minor": "mineur", "major": "majeur", "supreme": "suprême"}),
    MarkKind.grace: ("grace", "la grâce", {"minor": "mineure", "major": "majeure", "supreme": "suprême"}),
}


#: What a stigma's weakening / wound / wavering-will effect takes, by level (the GM picks one).
PERMANENT_LOSSES: dict[MarkLevel, dict[str, int]] = {
    MarkLevel.minor: {"characteristic": 1, "hp": 2, "willpower": 2},
    MarkLevel.major: {"characteristic": 2, "hp": 4, "willpower": 4},
    MarkLevel.supreme: {"characteristic": 3, "hp": 6, "willpower": 6},
}


class EffectKind(enum.StrEnum):
    """A stigma's permanent effect (RULES 1.3): three losses by level, or a descriptive one."""

    weakening = "weakening"
    wound = "wound"
    wavering_will = "wavering_will"
    mark = "mark"
    compulsion = "compulsion"
    handicap = "handicap"
    pariah = "pariah"
    other = "other"

    def label(self, lang: Lang = "en") -> str:
        return _EFFECT_LABELS[self].text(lang)

    @property
    def loss(self) -> str | None:
        """The :data:`PERMANENT_LOSSES` key of a loss, None for a descriptive effect."""
        return {"weakening": "characteristic", "wound": "hp", "wavering_will": "willpower"}.get(self.value)


def _effect_kind(value: object) -> EffectKind:
    return parse_enum(EffectKind, value, "kind")


_EFFECT_LABELS = {
    EffectKind.weakening: Line(
        "weakening (a characteristic −1/−2/−3)", "affaiblissement (une caractéristique −1/−2/−3)"
    ),
    EffectKind.wound: Line("permanent wound (max HP −2/−4/−6)", "blessure permanente (PV max −2/−4/−6)"),
    EffectKind.wavering_will: Line(
        "wavering will (max willpower −2/−4/−6)", "volonté vacillante (volonté max −2/−4/−6)"
    ),
    EffectKind.mark: Line("mark", "marque"),
    EffectKind.compulsion: Line("compulsion", "compulsion"),
    EffectKind.handicap: Line("handicap", "handicap"),
    EffectKind.pariah: Line("pariah", "paria"),
    EffectKind.other: Line("other", "autre"),
}


@attrs.frozen
class StigmaEffect:
    """A stigma's permanent effect: its kind, the characteristic a weakening takes from, what a
    descriptive one is (the compulsion's object…), and the points actually taken once applied
    (so a cancelling grace gives back exactly those)."""

    kind: EffectKind = attrs.field(converter=_effect_kind)
    characteristic: str = ""
    text: str = ""
    taken: int = attrs.field(default=0, validator=at_least(0))

    def describe(self, lang: Lang = "en") -> str:
        head = self.kind.label(lang).split(" (")[0]
        if self.kind is EffectKind.weakening and self.characteristic:
            head += f" {'âme' if self.characteristic == 'ame' else self.characteristic}"
        if self.kind.loss is not None:
            head += f" −{self.taken}"
        return f"{head}: {self.text}" if self.text else head


def mark_level(number: int) -> MarkLevel:
    """The level of the ``number``-th mark held: 1st minor, 2nd major, 3rd and later supreme."""
    return (MarkLevel.minor, MarkLevel.major)[number - 1] if number <= 2 else MarkLevel.supreme


@attrs.frozen
class Mark:
    """A stigma or a grace, with the level it was gained at and its permanent effect, if any."""

    kind: MarkKind = attrs.field(converter=_mark_kind)
    level: MarkLevel = attrs.field(converter=_mark_level)
    note: str = ""
    effect: str | None = None
    #: The permanent effect the GM picked for a stigma, as applied (RULES 1.3).
    permanent: StigmaEffect | None = None

    @property
    def compulsion(self) -> bool:
        return self.permanent is not None and self.permanent.kind is EffectKind.compulsion

    def describe(self) -> Line:
        """``Line("major stigma", "le stigmate majeur")``."""
        en, fr, levels = _NAMES[self.kind]
        return Line(f"{self.level.value} {en}", f"{fr} {levels[self.level.value]}")


@attrs.frozen
class LedgerEntry:
    """One logged change: the delta asked, the value before and after, why."""

    delta: int
    before: int
    after: int
    reason: Line
    event: ShadowEvent = attrs.field(converter=to_shadow_event)
    note: str = ""


def _one_kind(instance: Shadow, _attribute: object, graces: tuple[Mark, ...]) -> None:
    require(
        "shadow",
        not (instance.stigmata and graces),
        "a character never holds both stigmata and graces",
        fr="un personnage n'a jamais à la fois des stigmates et des grâces",
    )


@attrs.frozen
class Shadow:
    """A PC's shadow: the counter 0…10, the marks held (oldest first) and the ledger (its
    :data:`LEDGER_KEPT` newest changes)."""

    value: int = attrs.field(default=0, validator=SHADOW)
    stigmata: tuple[Mark, ...] = attrs.field(default=(), converter=as_tuple)
    graces: tuple[Mark, ...] = attrs.field(default=(), converter=as_tuple, validator=_one_kind)
    ledger: tuple[LedgerEntry, ...] = attrs.field(default=(), converter=as_tuple)

    @property
    def in_grace(self) -> bool:
        return bool(self.graces)


@attrs.frozen
class ShadowChange:
    """The result of a change: the new state and everything that happened on the way."""

    state: Shadow
    before: int
    after: int
    delta: int
    event: ShadowEvent
    stigmata_gained: tuple[Mark, ...] = ()
    stigmata_removed: tuple[Mark, ...] = ()
    graces_gained: tuple[Mark, ...] = ()
    graces_removed: tuple[Mark, ...] = ()
    #: How many times 5 was taken off a total above 10 / added to one below 0.
    overflow: int = 0
    underflow: int = 0
    #: A 6th stigma or 6th grace: the PC becomes an NPC once the GM confirms.
    becomes_npc: bool = False
    breakdown: Breakdown = ()

    @property
    def entry(self) -> LedgerEntry:
        return self.state.ledger[-1]


_BECOMES_NPC = {
    MarkKind.stigma: Line(
        "6th stigma: becomes a creature of shadow, an NPC (GM to confirm)",
        "6e stigmate : devient une créature de l'ombre, un PNJ (à confirmer par le MJ)",
    ),
    MarkKind.grace: Line(
        "6th grace: leaves this reality, an NPC (GM to confirm)",
        "6e grâce : quitte cette réalité, un PNJ (à confirmer par le MJ)",
    ),
}


class _Marks:
    """The marks being changed during one shadow change, with the lines that say so."""

    def __init__(self, state: Shadow) -> None:
        self.held = {MarkKind.stigma: list(state.stigmata), MarkKind.grace: list(state.graces)}
        self.gained: dict[MarkKind, list[Mark]] = {MarkKind.stigma: [], MarkKind.grace: []}
        self.removed: dict[MarkKind, list[Mark]] = {MarkKind.stigma: [], MarkKind.grace: []}
        self.lines: list[Line] = []

    def step(self, kind: MarkKind) -> None:
        """One step toward ``kind``: cancel the most recent opposite mark, else gain one."""
        other = MarkKind.grace if kind is MarkKind.stigma else MarkKind.stigma
        if self.held[other]:
            self.remove(other, -1, cancelled_by=kind)
            return
        mark = Mark(kind, mark_level(len(self.held[kind]) + 1))
        self.held[kind].append(mark)
        self.gained[kind].append(mark)
        name = mark.describe()
        count = len(self.held[kind])
        self.lines.append(Line(f"gains a {name.en} (#{count})", f"gagne {name.fr} (n° {count})"))
        if count >= NPC_AT:
            self.lines.append(_BECOMES_NPC[kind])

    def remove(self, kind: MarkKind, index: int, cancelled_by: MarkKind | None = None) -> None:
        mark = self.held[kind].pop(index)
        self.removed[kind].append(mark)
        name = mark.describe()
        if cancelled_by is None:
            self.lines.append(Line(f"renounces the {name.en}", f"renonce à {name.fr}"))
        else:
            by = _NAMES[cancelled_by]
            self.lines.append(Line(f"a {by[0]} cancels the {name.en}", f"{by[1]} annule {name.fr}"))


def _apply(
    state: Shadow,
    delta: int,
    event: ShadowEvent,
    note: str,
    step: MarkKind | None = None,
    renounce: tuple[MarkKind, int] | None = None,
) -> ShadowChange:
    """The change itself: an optional renounced mark or voluntary step, then overflow/underflow."""
    marks = _Marks(state)
    label, raw = event.words, state.value + delta
    sum_text = f"{state.value} {signed(delta)} = {raw}"
    marks.lines.append(Line(f"{label.en}: shadow {sum_text}", f"{label.fr} : ombre {sum_text}"))
    if renounce is not None:
        marks.remove(*renounce)
    if step is not None:
        marks.step(step)
    value, overflow, underflow = raw, 0, 0
    while value > SHADOW_MAX:
        value -= 5
        overflow += 1
        marks.lines.append(Line(f"above {SHADOW_MAX}: −5 → {value}", f"au-dessus de {SHADOW_MAX} : −5 → {value}"))
        marks.step(MarkKind.stigma)
    while value < 0:
        value += 5
        underflow += 1
        marks.lines.append(Line(f"below 0: +5 → {value}", f"sous 0 : +5 → {value}"))
        marks.step(MarkKind.grace)
    reason = Line("; ".join(x.en for x in marks.lines), "; ".join(x.fr for x in marks.lines))
    entry = LedgerEntry(delta, state.value, value, reason, event, note)
    stigmata, graces = marks.held[MarkKind.stigma], marks.held[MarkKind.grace]
    kept = state.ledger[max(0, len(state.ledger) + 1 - LEDGER_KEPT) :]
    new = Shadow(value, tuple(stigmata), tuple(graces), (*kept, entry))
    gained = marks.gained
    return ShadowChange(
        state=new,
        before=state.value,
        after=value,
        delta=delta,
        event=event,
        stigmata_gained=tuple(gained[MarkKind.stigma]),
        stigmata_removed=tuple(marks.removed[MarkKind.stigma]),
        graces_gained=tuple(gained[MarkKind.grace]),
        graces_removed=tuple(marks.removed[MarkKind.grace]),
        overflow=overflow,
        underflow=underflow,
        becomes_npc=any(len(marks.held[k]) >= NPC_AT and gained[k] for k in MarkKind),
        breakdown=(*marks.lines, line(f"shadow {state.value} → {value}", f"ombre {state.value} → {value}")),
    )


def change_shadow(state: Shadow, delta: int | None, event: ShadowEvent, note: str = "") -> ShadowChange:
    """Change shadow by ``delta`` for ``event``, with overflow above 10 and underflow below 0.

    ``delta`` must fit the event (:func:`event_delta`; ``None`` takes the event's default).
    A gain that passes 10 gives a stigma, a loss that passes 0 a step toward grace (RULES 1.3).
    The four voluntary events go through
    their own rules (:func:`voluntary_stigma` …), so their delta must be their fixed ±5.
    """
    event = to_shadow_event(event)
    delta = event_delta(event, delta)
    special = _VOLUNTARY.get(event)
    if special is not None:
        return special(state, note)
    return _apply(state, delta, event, note)


def voluntary_stigma(state: Shadow, note: str = "") -> ShadowChange:
    """Lose 5 shadow for a stigma (or to cancel the most recent grace); only with shadow ≥ 5."""
    require(
        "shadow",
        state.value >= 5,
        f"choosing a stigma needs shadow ≥ 5, it is {state.value}",
        "5…10",
        f"choisir un stigmate demande une ombre ≥ 5, elle est à {state.value}",
    )
    return _apply(state, -5, ShadowEvent.voluntary_stigma, note, step=MarkKind.stigma)


def voluntary_grace(state: Shadow, note: str = "") -> ShadowChange:
    """Gain 5 shadow for a grace (or to cancel the most recent stigma); only with shadow ≤ 5."""
    require(
        "shadow",
        state.value <= 5,
        f"choosing a grace needs shadow ≤ 5, it is {state.value}",
        "0…5",
        f"choisir une grâce demande une ombre ≤ 5, elle est à {state.value}",
    )
    return _apply(state, +5, ShadowEvent.voluntary_grace, note, step=MarkKind.grace)


def renounce_grace(state: Shadow, note: str = "", index: int = -1) -> ShadowChange:
    """Give up a grace (the most recent unless ``index`` says) for −5 shadow; needs a grace and shadow ≥ 5."""
    _check_renounce(state.graces, index, "grace")
    require(
        "shadow",
        state.value >= 5,
        f"renouncing a grace needs shadow ≥ 5, it is {state.value}",
        "5…10",
        f"renoncer à une grâce demande une ombre ≥ 5, elle est à {state.value}",
    )
    return _apply(state, -5, ShadowEvent.renounce_grace, note, renounce=(MarkKind.grace, index))


def renounce_stigma(state: Shadow, note: str = "", index: int = -1) -> ShadowChange:
    """Give up a stigma (the most recent unless ``index`` says) for +5 shadow; needs a stigma and shadow ≤ 5."""
    _check_renounce(state.stigmata, index, "stigma")
    require(
        "shadow",
        state.value <= 5,
        f"renouncing a stigma needs shadow ≤ 5, it is {state.value}",
        "0…5",
        f"renoncer à un stigmate demande une ombre ≤ 5, elle est à {state.value}",
    )
    return _apply(state, +5, ShadowEvent.renounce_stigma, note, renounce=(MarkKind.stigma, index))


#: The French for "no grace to renounce" and "no grace at" (and for stigmata).
_NO_MARK_FR = {
    "grace": ("pas de grâce à laquelle renoncer", "pas de grâce à la position"),
    "stigma": ("pas de stigmate auquel renoncer", "pas de stigmate à la position"),
}


def _check_renounce(marks: tuple[Mark, ...], index: int, kind: str) -> None:
    none_fr, at_fr = _NO_MARK_FR[kind]
    require("shadow", bool(marks), f"no {kind} to renounce", fr=none_fr)
    ok = isinstance(index, int) and not isinstance(index, bool) and -len(marks) <= index < len(marks)
    require("index", ok, f"no {kind} at {index!r}", f"{-len(marks)}…{len(marks) - 1}", f"{at_fr} {index!r}")


_VOLUNTARY = {
    ShadowEvent.voluntary_stigma: voluntary_stigma,
    ShadowEvent.voluntary_grace: voluntary_grace,
    ShadowEvent.renounce_grace: renounce_grace,
    ShadowEvent.renounce_stigma: renounce_stigma,
}


def tainted(shadow: Shadow | int, threshold: int = 6) -> bool:
    """A tainted soul: shadow ≥ ``threshold`` (house rule ``taint_threshold``, default 6)."""
    value = shadow.value if isinstance(shadow, Shadow) else shadow
    return value >= threshold


__all__ = [
    "EffectKind",
    "LedgerEntry",
    "Mark",
    "MarkKind",
    "MarkLevel",
    "PERMANENT_LOSSES",
    "Shadow",
    "ShadowChange",
    "ShadowEvent",
    "StigmaEffect",
    "change_shadow",
    "event_delta",
    "mark_level",
    "renounce_grace",
    "renounce_stigma",
    "tainted",
    "voluntary_grace",
    "voluntary_stigma",
]
