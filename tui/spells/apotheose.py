"""The Apothéose tab (RULES 1.7, :mod:`core.magic`): a spell's cost in pm as the GM types, for the
caster the tab follows (whose turn it is, else the selected mystic), and whether it can cast.

Four levels — intensity, duration, range, targets — each with what it means beside it, and the
inspiration box; then the sum, the verdict and the breakdown. Casting, the caster line and the
resistance roll are the tab's own (:class:`tui.widgets.spell.ApotheoseSpell`).
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from core.breakdown import Lang
from core.campaign import Campaign
from core.errors import RulesError
from core.magic import DURATION, RANGE, TARGETS, Effect, Scale, SpellCost, SpellRequest, max_spell_intensity
from core.roster import Character
from core.spellbook.apotheose import ApotheoseInputs
from tui.i18n import refused as refusal
from tui.i18n import t
from tui.spells.description import (
    Check,
    Fields,
    Line,
    Mode,
    Number,
    Row,
    Scored,
    SpellDescription,
    Values,
    parsed,
    refused,
)

FIELDS = ("intensity", "duration", "range", "targets")
LABELS = {
    "intensity": "apotheose.label.intensity",
    "duration": "apotheose.label.duration",
    "range": "apotheose.label.range",
    "targets": "apotheose.label.targets",
}
SCALES: dict[str, Scale] = {"duration": DURATION, "range": RANGE, "targets": TARGETS}


def scale_hint(scale: Scale, level: int, lang: Lang) -> str:
    """``1 = 10 minutes`` at an anchor, ``1 (10 minutes) … 5 (24 hours)`` between two."""
    label = scale.label(level)
    if label is not None:
        return f"{level} = {label.text(lang)}"
    anchors = sorted(scale.anchors)
    lower = max(a for a in anchors if a < level)
    higher = [a for a in anchors if a > level]
    lo_label = scale.anchors[lower].text(lang)
    if not higher:
        return t("spell.beyond", lang, top=lower, label=lo_label)
    hi = higher[0]
    return t("spell.between", lang, lo=lower, lo_label=lo_label, hi=hi, hi_label=scale.anchors[hi].text(lang))


@attrs.frozen
class Priced:
    """A spell priced for its caster (None: nobody to cast it), and whether it is inspired."""

    cost: SpellCost
    caster: Character | None
    inspired: bool


def request(values: Values) -> ApotheoseInputs:
    """The spell as typed (its levels, 0 when empty): what the book stores of it."""
    if values.get("intensity") is None:
        raise refusal("intensity", "spell.type_intensity")
    spell = SpellRequest(*(parsed(values, name) or 0 for name in FIELDS))  # the calculator's own checks first
    return ApotheoseInputs(
        spell.intensity, spell.duration, spell.range, spell.targets, invisible=bool(values.get("invisible"))
    )


def filled(spell: ApotheoseInputs) -> Values:
    """The tab's fields for a stored spell (not inspired: an affect is of the moment)."""
    return {**{name: getattr(spell, name) for name in FIELDS}, "inspired": False, "invisible": spell.invisible}


def price(
    spell: ApotheoseInputs, campaign: Campaign, caster: Character | None = None, inspired: bool = False
) -> Priced:
    """The cost of the spell, with the caster's âme, pm and shadow when it is a mystic."""
    return Priced(spell.cost(caster if caster is not None and caster.mystic else None), caster, inspired)


def max_hint(c: Character | None, cost: SpellCost | None, lang: Lang) -> str:
    if c is None or not c.mystic:
        return ""
    if cost is not None and cost.shadow_needed:
        return t("spell.max_limit", lang, max=cost.max_intensity, limit=cost.limit)
    return t("spell.max", lang, max=max_spell_intensity(c.characteristics.ame))


def verdict(c: Character | None, cost: SpellCost, inspired: bool, lang: Lang) -> tuple[str, bool]:
    if c is None:
        return t("spell.no_caster", lang), False
    if not c.mystic:
        return t("spell.not_mystic", lang, name=c.name), False
    if cost.invisible:
        return t(
            "spell.invisible" if cost.affordable is not False else "spell.no_grace", lang
        ), cost.affordable is not False
    if not cost.affordable:
        return t("spell.not_enough_pm", lang, pm=c.pm, total=cost.total), False
    needed = cost.shadow_needed or 0
    after = c.pm - cost.total
    if not needed:
        return t("spell.can_cast", lang, pm=c.pm, after=after), True
    if c.shadow is None:
        return t("spell.npc_cannot_exceed", lang, max=cost.max_intensity), False
    if not inspired:
        return t("spell.needs_inspiration", lang, max=cost.max_intensity, shadow=needed), False
    return t("spell.can_cast_inspired", lang, pm=c.pm, after=after, shadow=needed), True


def shown(priced: Priced, lang: Lang, **_: object) -> Scored:
    cost = priced.cost
    key = "spell.total_beyond" if cost.effect is Effect.beyond else "spell.total"
    # The sum first, as calc prints it: "intensity 3 + targets 2 (2 targets) = 5 pm".
    total = t(key, lang, total=cost.total, effect=cost.effect.label(lang), tier=cost.tier.label(lang))
    summed = f"{cost.breakdown[0].text(lang)} · {total.split(' · ', 1)[1]}"
    if cost.invisible:
        summed = t("spell.total_invisible", lang, usual=cost.breakdown[0].text(lang))
    said, ok = verdict(priced.caster, cost, priced.inspired, lang)
    return Scored(
        {
            "intensity-hint": max_hint(priced.caster, cost, lang),
            "total": summed,
            "verdict": said,
            "breakdown": "\n".join(ln.text(lang) for ln in cost.breakdown[2:]),
        },
        ok,
    )


def not_priced(error: RulesError, lang: Lang) -> Scored:
    return refused(error, lang, field="intensity", summary="verdict", clear=("total", "breakdown"))


def caster_line(c: Character | None, lang: Lang) -> str:
    if c is None:
        return t("spell.no_caster", lang)
    if not c.mystic:
        return t("spell.caster_not_mystic", lang, name=c.name)
    shadow = t("spell.npc", lang) if c.shadow is None else c.shadow.value
    stats = t("spell.caster_stats", lang, ame=c.characteristics.ame, pm=c.pm, max=c.max_pm, shadow=shadow)
    return t("spell.caster", lang, name=c.name) + stats


def around(
    values: Values, campaign: Campaign, lang: Lang, caster: Character | None = None, inspired: bool = False
) -> Mapping[str, str]:
    """The caster line and what each level typed means (``1 = 10 minutes``), priced or not."""
    lines = {"caster": caster_line(caster, lang), "intensity-hint": max_hint(caster, None, lang)}
    for name, scale in SCALES.items():
        level = parsed(values, name)
        lines[f"{name}-hint"] = scale_hint(scale, level, lang) if level is not None else ""
    return lines


def level(name: str) -> Row:
    return Row((
        Number(name, LABELS[name], restrict=r"\d{0,3}", value="" if name == "intensity" else "0"),
        Line(f"{name}-hint", classes="spell-hint"),
    ))  # fmt: skip


APOTHEOSE = SpellDescription(
    "apotheose",
    "apotheose.title",
    (
        Mode(
            "spell",
            "apotheose.mode.spell",
            (
                Line("caster", hide_empty=True),
                Fields(
                    (*(level(name) for name in FIELDS), Check("inspired", "apotheose.field.inspired"),
                     Check("invisible", "apotheose.field.invisible")),
                    widget="tui.widgets.spell:CostFields",
                ),
                Line("total", hide_empty=True),
                Line("verdict", hide_empty=True),
                Line("breakdown", hide_empty=True),
            ),
            request, price, shown, not_priced, first="intensity", verdict="verdict", extra=around,
            system="apotheose", filled=filled,
        ),
    ),
    style="spell",
    number_class="level",
    tab="tui.widgets.spell:ApotheoseSpell",
)  # fmt: skip
