"""RULES 1.3, the table of shadow events: every reason a PC's shadow changes, with the change
each allows (fixed, a range the GM chooses in, or free), checked by :func:`event_delta`.
:mod:`core.shadow` applies them."""

from __future__ import annotations

import enum

import attrs

from core.breakdown import Lang, Line, signed
from core.choices import parse_enum
from core.errors import RulesError
from core.validators import not_whole, require


class ShadowEvent(enum.StrEnum):
    """Every reason shadow changes (the table of RULES 1.3, the voluntary moves, a free GM change)."""

    favourable_affect = "favourable_affect"
    unfavourable_affect = "unfavourable_affect"
    reroll = "reroll"
    attune_minor = "attune_minor"
    attune_major = "attune_major"
    story_element = "story_element"
    critical_failure = "critical_failure"
    enchant_minor = "enchant_minor"
    enchant_major = "enchant_major"
    concede = "concede"
    fail_affect = "fail_affect"
    initiative_boost = "initiative_boost"
    exceed_intensity = "exceed_intensity"
    exhaustion = "exhaustion"
    vow_kept = "vow_kept"
    vow_broken = "vow_broken"
    resist_compulsion = "resist_compulsion"
    voluntary_stigma = "voluntary_stigma"
    voluntary_grace = "voluntary_grace"
    renounce_grace = "renounce_grace"
    renounce_stigma = "renounce_stigma"
    gm = "gm"

    def label(self, lang: Lang = "en") -> str:
        return _EVENTS[self].label.text(lang)

    @property
    def words(self) -> Line:
        """Its name in English and French."""
        return _EVENTS[self].label

    @property
    def low(self) -> int | None:
        """The smallest delta allowed (None: no bound)."""
        return _EVENTS[self].low

    @property
    def high(self) -> int | None:
        """The largest delta allowed (None: no bound)."""
        return _EVENTS[self].high

    @property
    def default(self) -> int | None:
        """The delta when none is given; None when the GM or the rules must choose one."""
        return _EVENTS[self].default


@attrs.frozen
class _EventRule:
    label: Line
    low: int | None
    high: int | None
    default: int | None = None


def _fixed(en: str, fr: str, delta: int) -> _EventRule:
    return _EventRule(Line(en, fr), delta, delta, delta)


_E = ShadowEvent
_EVENTS: dict[ShadowEvent, _EventRule] = {
    _E.favourable_affect: _fixed("favourable affect", "affect favorable", +1),
    _E.unfavourable_affect: _fixed("unfavourable affect", "affect défavorable", -1),
    _E.reroll: _fixed("reroll after a failure", "relance après un échec", +1),
    _E.attune_minor: _fixed("attune a minor magic item", "harmoniser un objet magique mineur", +1),
    _E.attune_major: _fixed("attune a major magic item", "harmoniser un objet magique majeur", +2),
    _E.story_element: _EventRule(Line("bring an element into the story", "amener un élément dans le récit"), 1, 3),
    _E.critical_failure: _fixed("critical failure", "échec critique", -1),
    _E.enchant_minor: _fixed("minor enchantment", "enchantement mineur", +5),
    _E.enchant_major: _fixed("major enchantment", "enchantement majeur", +10),
    _E.concede: _fixed("concede a conflict", "concéder un conflit", -1),
    _E.fail_affect: _fixed("choose to fail an affect-linked action", "échouer une action liée à un affect", -1),
    _E.initiative_boost: _EventRule(Line("initiative boost (+5 each)", "initiative (+5 chacun)"), 1, None, 1),
    _E.exceed_intensity: _EventRule(Line("exceed max spell intensity", "dépasser l'intensité maximum"), 1, None),
    _E.exhaustion: _EventRule(Line("mystical exhaustion", "épuisement mystique"), 0, None),
    _E.vow_kept: _EventRule(Line("asceticism vow kept", "vœu d'ascèse respecté"), -3, -1),
    _E.vow_broken: _EventRule(Line("asceticism vow broken", "vœu d'ascèse brisé"), 1, 3),
    _E.resist_compulsion: _EventRule(Line("resist a compulsion", "résister à une compulsion"), 1, 3),
    _E.voluntary_stigma: _fixed("choose a stigma", "choisir un stigmate", -5),
    _E.voluntary_grace: _fixed("choose a grace", "choisir une grâce", +5),
    _E.renounce_grace: _fixed("renounce a grace", "renoncer à une grâce", -5),
    _E.renounce_stigma: _fixed("renounce a stigma", "renoncer à un stigmate", +5),
    _E.gm: _EventRule(Line("GM change", "changement du MJ"), None, None),
}


#: Each event by its value: a ledger entry's event is converted on every load (hundreds a save).
_BY_VALUE = {event.value: event for event in ShadowEvent}


def to_shadow_event(value: object) -> ShadowEvent:
    """attrs converter of an ``event`` field (a member or its value)."""
    if type(value) is ShadowEvent:
        return value
    found = _BY_VALUE.get(value) if type(value) is str else None
    return found if found is not None else parse_enum(ShadowEvent, value, "event")


def event_delta(event: ShadowEvent, value: int | None = None) -> int:
    """The delta for ``event``: ``value`` checked against its range, or its default.

    A GM-chosen range (story_element 1…3, vows, compulsions…) has no default: ``value`` is
    then required. Errors name ``delta``.
    """
    event = to_shadow_event(event)
    low, high = event.low, event.high
    allowed = f"{'' if low is None else low}…{'' if high is None else high}"
    if value is None:
        default = event.default
        if default is None:
            raise RulesError(
                "delta", f"{event.label()} needs a value", allowed, f"{event.label('fr')} : il faut une valeur"
            )
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise not_whole("delta", value)
    ok = (low is None or value >= low) and (high is None or value <= high)
    require(
        "delta",
        ok,
        f"{event.label()} cannot change shadow by {signed(value)}",
        allowed,
        f"{event.label('fr')} ne peut pas changer l'ombre de {signed(value)}",
    )
    return value
