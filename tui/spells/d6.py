"""The Système D6 tab (RULES 4, :mod:`core.d6`): a spell's difficulty from its effect and a list of
aspects, a psionic power's difficulty, a magic skill's cost (ctrl+t switches).

Each aspect is a row of the tab's own (:class:`tui.widgets.spell_d6.AspectList`): the scale's
choice (its values shown) and the value, which the GM may overwrite with any value. The total
and the difficulty stay on the tab's second line and follow every key. Nothing here changes the
campaign.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.breakdown import Lang, signed
from core.campaign import Campaign
from core.choices import parse_choice
from core.d6.psionics import MediumContact
from core.d6.scales import Depth, EffectKind, Power, Wound
from core.d6.skills import magic_attribute_cost, magic_skill_cost
from core.d6.spell import effect_value, typed_effect
from core.errors import RulesError
from core.spellbook.d6 import D6Inputs, PsionicInputs
from tui.i18n import t
from tui.spells.description import (
    Check,
    Custom,
    Fields,
    Line,
    Mode,
    Number,
    Pair,
    Pick,
    Row,
    Scored,
    SpellDescription,
    Text,
    Values,
    Words,
    parsed,
    prompt,
    refused,
)


def _pair(make: Any) -> Pair:
    return make("en"), make("fr")


def _power(power: Power, lang: Lang) -> str:
    label = power.label.text(lang)
    if power is Power.empathy:
        return f"{label} {t('d6.opposed', lang)}"
    if power is Power.healing:
        return f"{label} {t('d6.by_option', lang, option=t('d6.wound', lang).lower())}"
    if power is Power.psychometry:
        return f"{label} {t('d6.by_option', lang, option=t('d6.depth', lang).lower())}"
    return f"{label} {power.number}"


KINDS = tuple(
    (k.value, _pair(lambda lang, k=k: k.label.text(lang) + (f" ×{k.number}" if k.number > 1 else "")))
    for k in EffectKind
)
POWERS = tuple((p.value, _pair(lambda lang, p=p: _power(p, lang))) for p in Power)
WOUNDS = tuple((w.value, _pair(lambda lang, w=w: f"{w.label.text(lang)} {w.number}")) for w in Wound)
DEPTHS = tuple((d.value, _pair(lambda lang, d=d: f"{d.label.text(lang)} {d.number}")) for d in Depth)


def result(text: str, breakdown: str = "", ok: bool = True) -> Scored:
    return Scored({"result": text, "breakdown": breakdown}, ok)


def not_priced(error: RulesError, lang: Lang) -> Scored:
    return refused(error, lang, summary="result", clear=("breakdown",))


# -- a spell --------------------------------------------------------------------------------------------
def effect_of(values: Values) -> Any:
    """The effect typed: a value (``13``) or a die code of a kind (``4D+2``); None when blank."""
    text = str(values["effect"]).replace(" ", "")
    if text.isdigit():
        return typed_effect(int(text))
    return effect_value(text, str(values["kind"])) if text else None


def spell(values: Values) -> D6Inputs:
    """The spell as typed (what the book stores of it)."""
    text = str(values["effect"]).replace(" ", "")
    if not text:
        raise prompt("effect", "d6.type_effect")
    typed = {"effect_value": int(text)} if text.isdigit() else {"effect": text, "kind": str(values["kind"])}
    return D6Inputs(
        **typed,
        aspects=values["spell-aspects"],
        unskilled=bool(values["unskilled"]),
        magic_level=parsed(values, "magic-level") or 0,
    )


def spell_filled(spell: D6Inputs) -> Values:
    """The tab's fields for a stored spell (halving stays the campaign's house rule, as set)."""
    effect = str(spell.effect_value) if spell.effect is None else spell.effect
    return {
        "effect": effect,
        "kind": spell.kind,
        "spell-aspects": spell.aspects,
        "unskilled": spell.unskilled,
        "magic-level": spell.magic_level,
    }


def price_spell(spell: D6Inputs, campaign: Campaign, halve: bool | None = None) -> tuple[D6Inputs, Any]:
    """The difficulty, halved as the tab's box says (the campaign's ``d6_halve`` by default)."""
    return spell, spell.difficulty(campaign.rules.d6_halve if halve is None else halve)


def spell_shown(priced: tuple[D6Inputs, Any], lang: Lang, **_: object) -> Scored:
    spell, outcome = priced
    head = t("d6.spell_result", lang, total=outcome.total, difficulty=outcome.difficulty)
    if outcome.roll_modifier:
        head += t("d6.roll", lang, modifier=signed(outcome.roll_modifier))
    # The aspects are on screen: the breakdown from the total on.
    shown = outcome.breakdown[len(spell.effect_read().breakdown) + len(spell.aspects) :]
    return result(head, "\n".join(ln.text(lang) for ln in shown))


def effect_line(values: Values, campaign: Campaign, lang: Lang, **_: object) -> Mapping[str, str]:
    """``= 14`` beside the effect typed (nothing while it is not one)."""
    try:
        effect = effect_of(values)
    except RulesError:
        return {}
    return {"effect-value": f"= {effect.value}" if effect is not None else ""}


# -- a psionic power ------------------------------------------------------------------------------------
def psionic(values: Values) -> PsionicInputs:
    """The power as typed (what the book stores of it)."""
    power = parse_choice(Power, values["power"], "power")
    medium = MediumContact()
    if power is Power.medium:
        medium = MediumContact(
            bool(values["assassinated"]), parsed(values, "years-dead") or 0, bool(values["known-personally"]),
            bool(values["has-information"]), bool(values["place-of-death"]),
        )  # fmt: skip
    wound = str(values["wound"]) if power is Power.healing else None
    depth = str(values["depth"]) if power is Power.psychometry else None
    return PsionicInputs(power.value, wound, depth, medium, values["psionic-aspects"])


def psionic_filled(power: PsionicInputs) -> Values:
    m = power.medium
    return {
        "power": power.power, "psionic-aspects": power.aspects, "assassinated": m.assassinated, "years-dead": m.years_dead,
        "known-personally": m.known_personally, "has-information": m.has_information, "place-of-death": m.place_of_death,
        **({"wound": power.wound} if power.wound else {}), **({"depth": power.depth} if power.depth else {}),
    }  # fmt: skip


def price_psionic(power: PsionicInputs, campaign: Campaign, **_: object) -> Any:
    return power.difficulty()


def psionic_shown(outcome: Any, lang: Lang, **_: object) -> Scored:
    if outcome.difficulty is None:
        head = t("d6.opposed_result", lang, modifier=signed(outcome.modifier))
    else:
        head = t("d6.psionic_result", lang, difficulty=outcome.difficulty)
    return result(head, "\n".join(ln.text(lang) for ln in outcome.breakdown))


# -- a magic skill's cost -------------------------------------------------------------------------------
def skill(values: Values) -> tuple[bool, int | None, bool]:
    attribute = bool(values["attribute"])
    usual = parsed(values, "usual-cost")
    if not attribute and usual is None:
        raise prompt("usual_cost", "d6.type_cost")
    return attribute, usual, bool(values["master"])


def price_skill(typed: tuple[bool, int | None, bool], campaign: Campaign, **_: object) -> tuple[bool, Any]:
    attribute, usual, master = typed
    if attribute:
        return True, magic_attribute_cost()
    assert usual is not None
    return False, magic_skill_cost(usual, master=master)


def skill_shown(priced: tuple[bool, Any], lang: Lang, **_: object) -> Scored:
    attribute, cost = priced
    key = "d6.attribute_result" if attribute else "d6.skill_result"
    return result(t(key, lang, cost=cost.cost), "\n".join(ln.text(lang) for ln in cost.breakdown))


D6 = SpellDescription(
    "d6",
    "d6.title",
    (
        Mode(
            "spell",
            "d6.mode.spell",
            (
                Row((
                    Words("d6.words.effect"), Text("effect", placeholder="4D+2 / 13", restrict=r"[0-9dD+ ]{0,8}"),
                    Pick("kind", KINDS, "skill"), Line("effect-value", classes="d6-hint"),
                )),
                Custom("spell-aspects", "tui.widgets.spell_d6:SpellAspects"),
                Row((
                    Check("unskilled", "d6.field.unskilled"), Check("halve", "d6.field.halve", True, rule="d6_halve"),
                    Words("d6.words.magic_lvl", small=True), Number("magic-level", restrict=r"[-+]?\d{0,2}", value="0"),
                ), id="options"),
            ),
            spell, price_spell, spell_shown, not_priced, first="effect", verdict="result", extra=effect_line,
            system="d6", filled=spell_filled,
        ),
        Mode(
            "psionic",
            "d6.mode.psionic",
            (
                Row((Words("d6.words.power"), Pick("power", POWERS, "astral"))),
                Row((Words("d6.wound"), Pick("wound", WOUNDS, "stunned")), classes="d6-for-healing"),
                Row((Words("d6.depth"), Pick("depth", DEPTHS, "vague")), classes="d6-for-psychometry"),
                Row((
                    Number("years-dead", "d6.field.years_dead", restrict=r"\d{0,4}", value="0"),
                    Check("assassinated", "d6.field.assassinated"),
                ), classes="d6-for-medium", id="medium-years"),
                Row((
                    Check("known-personally", "d6.field.known_personally"), Check("has-information", "d6.field.has_information"),
                    Check("place-of-death", "d6.field.place_of_death"),
                ), classes="d6-for-medium", id="medium-more"),
                Custom("psionic-aspects", "tui.widgets.spell_d6:PsionicAspects"),
            ),
            psionic, price_psionic, psionic_shown, not_priced, first="power", verdict="result",
            system="d6-psionic", filled=psionic_filled,
        ),
        Mode(
            "skill",
            "d6.mode.skill",
            (
                Row((Number("usual-cost", "d6.field.usual_cost", restrict=r"\d{0,4}"),)),
                Check("master", "d6.field.master", True),
                Check("attribute", "d6.field.attribute"),
            ),
            skill, price_skill, skill_shown, not_priced, first="usual-cost", verdict="result",
        ),
    ),
    head=(Fields((Line("mode"), Line("result")), name="head"),),
    tail=(Line("breakdown"),),
    number_class="value",
    small_class="label-short",
    tab="tui.widgets.spell_d6:D6Spell",
)  # fmt: skip
