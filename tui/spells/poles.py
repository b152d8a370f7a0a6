"""The Quatre Pôles tab (RULES 3, :mod:`core.poles`): cost, segments and DCs as the GM types.

Tradition and level, the slot / damage / summoning / fluid / blood boxes, the caster's level and
modifier, the enhancements, the techniques as an ordered list (the tab's own:
:class:`tui.widgets.spell_poles.TechniqueList`), the table's moments (a pure-resource
counterspell against a spell of this level, a hit during the incantation, an illusion's hold:
its row shows for an illusion only); then the cost, the DCs (the counterspell's cost among
them), the interruption DC and hold, and the verdict. Blood mana sits below, worked out from its
own fields whatever the spell (its mana, while empty, is the spell's own cost): type the d100,
or Enter in the empty field rolls it; *table 2* starts as the campaign's ``tolerant_backlash``.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.breakdown import Lang
from core.campaign import Campaign
from core.errors import RulesError
from core.poles import (
    TECHNIQUES,
    BloodMana,
    Counter,
    Enhancements,
    PolesRequest,
    Technique,
    Tradition,
    blood_mana,
    illusion_hold,
    interruption,
    number,
    percent,
    poles_spell,
)
from core.poles import PolesSpell as PolesResult
from core.spellbook.poles import PolesInputs
from tui.i18n import decimal_comma, plural_s, t
from tui.i18n import refused as refusal
from tui.spells.description import (
    Check,
    Choice,
    Custom,
    Fields,
    Line,
    Mode,
    Number,
    Pick,
    Row,
    Scored,
    SpellDescription,
    Values,
    Words,
    parsed,
    refused,
)

ENHANCE: dict[str, str] = {
    "range": "poles.enhance.range",
    "duration": "poles.enhance.duration",
    "area": "poles.enhance.area",
    "dice": "poles.enhance.dice",
    "dispel": "poles.enhance.dispel",
}
TOGGLES: dict[str, str] = {
    "slot": "poles.toggle.slot",
    "damage": "poles.toggle.damage",
    "summoning": "poles.toggle.summoning",
    "fluid": "poles.toggle.fluid",
    "blood": "poles.toggle.blood",
}
#: The evoker's first evocation of the fight (RULES 3.8): 2 segments fewer, on the caster's row.
EVOKER = "poles.evoker"
TRADITIONS = tuple((tr.value, (tr.label("en"), tr.label("fr"))) for tr in Tradition)
#: Whose spell the counterspell is against (RULES 3.6): the counterer's own list, +1 not on it, +2 another class's.
WHO: tuple[tuple[str, str], ...] = (
    ("known", "poles.who.known"),
    ("not-known", "poles.who.not_known"),
    ("other", "poles.who.other"),
)
ADD = tuple(
    (
        tech.value,
        (
            f"{tech.label('en')} {percent(TECHNIQUES[tech].with_feat)}",
            f"{tech.label('fr')} {percent(TECHNIQUES[tech].with_feat)}",
        ),
    )
    for tech in Technique
)


def request(values: Values) -> PolesInputs:
    """The spell as typed (what the book stores of it); a RulesError naming the field if it
    cannot be."""
    level = parsed(values, "level")
    if level is None:
        raise refusal("level", "poles.type_level")
    who = values.get("counter-who")
    counter = (
        Counter(who == "other", who == "not-known", parsed(values, "counter-spent") or 0)
        if values.get("counter")
        else None
    )
    illusion = values["tradition"] == Tradition.illusion.value
    held = {name: parsed(values, name) if illusion else None for name in ("lies", "hold", "uncovered")}
    return PolesInputs(PolesRequest(
        level, str(values["tradition"]),
        slot=values["slot"], damage=values["damage"], summoning=values["summoning"], fluid=values["fluid"], blood=values["blood"],
        evoker=values["evoker"],
        caster_level=parsed(values, "caster-level"), mod=parsed(values, "mod"), intelligence=parsed(values, "intelligence"),
        enhance=Enhancements(**{name: parsed(values, f"enhance-{name}") or 0 for name in ENHANCE}),
        extend_active=parsed(values, "extend-active") or 0, techniques=tuple(values["techniques"]), counter=counter,
    ), **held)  # fmt: skip


def filled(spell: PolesInputs) -> Values:
    """The tab's fields for a stored spell (a count of 0 as an empty field, as typed)."""
    r, c = spell.request, spell.request.counter
    who = "known" if c is None else "other" if c.other_class else "not-known" if c.not_known else "known"
    return {
        "counter": c is not None, "counter-who": who, "counter-spent": c.spent or None if c else None,
        "lies": spell.lies, "hold": spell.hold, "uncovered": spell.uncovered,
        "level": r.level, "tradition": r.tradition.value, **{name: getattr(r, name) for name in TOGGLES}, "evoker": r.evoker,
        "caster-level": r.caster_level, "mod": r.mod, "intelligence": r.intelligence, "extend-active": r.extend_active or None, "techniques": r.techniques,
        **{f"enhance-{name}": getattr(r.enhance, name) or None for name in ENHANCE},
    }  # fmt: skip


def price(spell: PolesInputs, campaign: Campaign, fractions: bool = False) -> PolesResult:
    """The spell priced, its breakdown's figures exact fractions or decimals (``fractions``, the
    tab's ctrl+f: only how they are written differs)."""
    return poles_spell(spell.request, fractions=fractions, hold_rate=campaign.rules.poles_illusion_hold_rate)


def cost_line(result: PolesResult, lang: Lang, fractions: bool = False) -> str:
    seg = result.segments
    time = (
        t("poles.swift", lang)
        if result.swift
        else t(
            "poles.segments", lang, total=seg.total, s=plural_s(seg.total, lang), inc=seg.incantation, rec=seg.recovery
        )
    )
    if result.cost is None:
        head = t("poles.no_cost", lang) if result.possible else ""
    else:
        unit = result.resource.label(lang)
        exact = result.exact
        head = (
            t("poles.cost", lang, cost=result.cost, unit=unit)
            if exact is None or exact.denominator == 1 or not fractions
            else t("poles.cost_exact", lang, cost=result.cost, unit=unit, exact=number(exact))
        )
    return " · ".join(part for part in (head, time) if part)


def dcs_line(result: PolesResult, lang: Lang) -> str:
    parts = []
    if result.save_dc is not None:
        parts.append(t("poles.save", lang, dc=result.save_dc))
    if result.absorption_dc is not None:
        parts.append(t("poles.absorption", lang, dc=result.absorption_dc))
    parts.append(t("poles.identify", lang, dc=result.identify_dc))
    if result.ranges is not None:
        spans = result.ranges
        shown = [decimal_comma(number(span), lang) for span in (spans.short, spans.medium, spans.long)]
        parts.append(t("poles.ranges", lang, short=shown[0], medium=shown[1], long=shown[2]))
    if result.counter_cost is not None:
        parts.append(t("poles.counter", lang, cost=result.counter_cost))
    if result.heals is not None:
        parts.append(t("poles.heals", lang, hp=result.heals))
    return " · ".join(parts)


def shown(result: PolesResult, lang: Lang, fractions: bool = False, **_: object) -> Scored:
    reason = t("poles.impossible", lang, reason=result.reason.text(lang)) if result.reason else ""
    lines = {
        "cost": cost_line(result, lang, fractions), "dcs": dcs_line(result, lang), "verdict": reason,
        "breakdown": "\n".join(ln.text(lang) for ln in result.breakdown),
    }  # fmt: skip
    return Scored(lines, result.possible)


def not_priced(error: RulesError, lang: Lang) -> Scored:
    return refused(error, lang, field="level", summary="verdict", clear=("cost", "dcs", "breakdown"))


def own_cost(values: Values) -> int | None:
    """The spell's own cost in mana or faith as typed (None: it cannot be priced, or is paid in
    HP or hold, which blood mana never is)."""
    try:
        spell = request(values).request
    except RulesError:
        return None
    return poles_spell(spell).cost if spell.tradition.fluid else None


def blood(values: Values) -> BloodMana | None:
    """Blood mana and its backlash as typed, the mana being the spell's own cost while its field
    is empty (None until mana, limit and pool are)."""
    mana = parsed(values, "blood-mana")
    mana = own_cost(values) if mana is None else mana
    limit, pool = (parsed(values, f"blood-{name}") for name in ("limit", "pool"))
    if mana is None or limit is None or pool is None:
        return None
    return blood_mana(mana, limit, pool, parsed(values, "d100"), tolerant=bool(values["tolerant"]))


def blood_text(values: Values, lang: Lang) -> str:
    try:
        mana = blood(values)
    except RulesError as error:
        return error.text(lang)
    if mana is None:
        return t("poles.blood_hint", lang)
    if mana.past_limit == 0:
        return t("poles.blood_none", lang, dice=mana.hp_dice)
    if mana.backlash is None:
        return t("poles.blood_roll", lang, dice=mana.hp_dice, forced=mana.past_limit)
    return t(
        "poles.blood_result",
        lang,
        dice=mana.hp_dice,
        total=mana.backlash_roll,
        table=mana.table,
        backlash=mana.backlash.label(lang),
    )


def table_text(values: Values, lang: Lang) -> str:
    """The table's moments beside the spell: the interruption DC of a hit during the incantation,
    an illusion's hold (what ``calc poles-save --damage`` and ``calc spell poles --lies --hold``
    say)."""
    parts = []
    damage = parsed(values, "hit")
    if damage is not None:
        parts.append(t("poles.interruption", lang, damage=damage, dc=interruption(damage).dc))
    lies, hold = parsed(values, "lies"), parsed(values, "hold")
    if values["tradition"] == Tradition.illusion.value and lies is not None and hold is not None:
        parts += [line.text(lang) for line in illusion_hold(lies, hold, parsed(values, "uncovered") or 0).breakdown]
    return " · ".join(parts)


def extra_lines(values: Values, campaign: Campaign, lang: Lang, **_: object) -> Mapping[str, str]:
    """The lines worked out from the values whatever the spell: blood mana, the table's moments."""
    return {"blood-result": blood_text(values, lang), "table": table_text(values, lang)}


def small(label: str, name: str, restrict: str = r"\d{0,2}") -> tuple[Words, Number]:
    return Words(label, small=True), Number(name, restrict=restrict)


POLES = SpellDescription(
    "poles",
    "poles.title",
    (
        Mode(
            "spell",
            "poles.mode.spell",
            (
                Fields((
                    Row((Words("poles.words.tradition"), Pick("tradition", TRADITIONS, "profane"), *small("poles.field.level", "level", r"\d?"))),
                    Row(tuple(Check(name, label) for name, label in TOGGLES.items()), classes="poles-toggles"),
                    Row((
                        Words("poles.words.caster_lvl"), Number("caster-level"), *small("poles.field.mod", "mod", r"[-+]?\d{0,2}"),
                        *small("poles.field.intelligence", "intelligence", r"[-+]?\d{0,2}"),
                        *small("poles.field.extend_active", "extend-active"), Check("evoker", EVOKER),
                    )),
                    Row((Words("poles.words.enhance"), *(item for name, label in ENHANCE.items() for item in small(label, f"enhance-{name}")))),
                    Row((Words("poles.words.technique"), Pick("add", ADD, prompt="poles.prompt.add"), Check("feat", "poles.field.feat", True))),
                    Custom("techniques", "tui.widgets.spell_poles:TechniqueList"),
                    Row((
                        Check("counter", "poles.field.counter"), Choice("counter-who", WHO, "known"),
                        *small("poles.field.counter_spent", "counter-spent"), *small("poles.field.hit", "hit", r"\d{0,3}"),
                    )),
                    Row((
                        Words("poles.words.illusion"), *small("poles.field.lies", "lies"), *small("poles.field.hold", "hold"),
                        *small("poles.field.uncovered", "uncovered", r"\d?"),
                    ), id="illusion-row"),
                )),
                Line("cost", hide_empty=True),
                Line("dcs", hide_empty=True),
                Line("table", hide_empty=True),
                Line("verdict", hide_empty=True),
                Row((
                    Words("poles.words.blood"), *small("poles.field.blood_mana", "blood-mana", r"\d{0,3}"), *small("poles.field.blood_limit", "blood-limit", r"\d{0,3}"),
                    *small("poles.field.blood_pool", "blood-pool", r"\d{0,3}"), Words("poles.words.d100", small=True),
                    Number("d100", restrict=r"\d{0,3}", widget="tui.widgets.spell_poles:D100Input"),
                ), id="blood-row"),
                Row((Check("tolerant", "poles.field.tolerant", rule="tolerant_backlash"), Line("blood-result", hide_empty=True)), id="blood-line", row_class=False),
                Line("breakdown", hide_empty=True),
            ),
            request, price, shown, not_priced, first="level", verdict="verdict", extra=extra_lines,
            system="poles", filled=filled,
        ),
    ),
    tab="tui.widgets.spell_poles:PolesSpell",
    after_caster="level",
)  # fmt: skip
