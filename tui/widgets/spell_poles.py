"""The Quatre Pôles tab of the spell-cost pane (RULES 3): cost, segments and DCs as the GM types.

The techniques are an ordered list built from the keyboard: pick one in the "add" list (it goes
to the end, with the feat or without as the "feat" box says); in the list, shift+up / shift+down
move it, ``f`` toggles its feat, delete removes it. Blood mana and its backlash sit below: type the
d100, or press Enter in the empty d100 field to roll it with the app's dice.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from core.errors import RulesError
from core.poles import (
    TECHNIQUES,
    Applied,
    BloodMana,
    Enhancements,
    PolesRequest,
    Technique,
    Tradition,
    blood_mana,
    number,
    percent,
    poles_spell,
)
from core.poles import PolesSpell as PolesResult
from core.validators import ANY_WHOLE
from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.i18n import decimal_comma, refused, register, t
from tui.textual_fixes.checkbox import Checkbox
from tui.widgets.pane import focus_now
from tui.widgets.spell_system import SpellSystem

register(
    {
        "poles.tradition": ("Tradition", "Tradition"),
        "poles.level": ("level", "niveau"),
        "poles.slot": ("slot", "empl."),
        "poles.damage": ("damage", "dégâts"),
        "poles.summoning": ("summon", "convoc."),
        "poles.fluid": ("fluid", "fluide"),
        "poles.blood": ("blood", "sang"),
        "poles.caster": ("Caster lvl", "Niv. lanc."),
        "poles.mod": ("mod", "mod"),
        "poles.extend_active": ("extend active", "prolonger"),
        "poles.enhance": ("Enhance", "Améliorer"),
        "poles.enhance.range": ("rng", "port"),
        "poles.enhance.duration": ("dur", "dur"),
        "poles.enhance.area": ("area", "zone"),
        "poles.enhance.dice": ("d6", "d6"),
        "poles.enhance.dispel": ("disp", "diss"),
        "poles.technique": ("Technique", "Technique"),
        "poles.add": ("add a technique…", "ajouter une technique…"),
        "poles.feat": ("feat", "don"),
        "poles.no_technique": ("no technique (add one above)", "aucune technique (ajoutez-en une au-dessus)"),
        "poles.item": ("{n}. {name} {pct}", "{n}. {name} {pct}"),
        "poles.impossible_item": ("{n}. {name}: impossible", "{n}. {name} : impossible"),
        "poles.type_level": ("Type a spell level (0–9).", "Tapez un niveau de sort (0–9)."),
        "poles.cost": ("Cost {cost} {unit}", "Coût {cost} {unit}"),
        "poles.cost_exact": ("Cost {cost} {unit} ({exact})", "Coût {cost} {unit} ({exact})"),
        "poles.no_cost": ("Illusion: no cost, it holds lies", "Illusion : pas de coût, elle tient des mensonges"),
        "poles.segments": ("{total} segments (incantation {inc} + recovery {rec})", "{total} segments (incantation {inc} + récupération {rec})"),
        "poles.swift": ("0 segments: a swift action", "0 segment : action rapide"),
        "poles.save": ("save DC {dc}", "difficulté {dc}"),
        "poles.identify": ("identify DC {dc}", "identifier {dc}"),
        "poles.ranges": ("ranges {short}/{medium}/{long} m", "portées {short}/{medium}/{long} m"),
        "poles.counter": ("counter {cost}", "contre {cost}"),
        "poles.heals": ("heals {hp}", "soigne {hp}"),
        "poles.impossible": ("Impossible: {reason}", "Impossible : {reason}"),
        "poles.blood_row": ("Blood", "Sang"),
        "poles.mana": ("mana", "mana"),
        "poles.limit": ("lim", "lim"),
        "poles.pool": ("pool", "rés."),
        "poles.d100": ("d100", "d100"),
        "poles.tolerant": ("table 2", "table 2"),
        "poles.blood_hint": ("Blood mana: type mana, limit and pool.", "Mana de sang : tapez mana, limite et réserve."),
        "poles.blood_dice": ("{dice}d6 HP", "{dice}d6 PV"),
        "poles.blood_roll": ("{dice}d6 HP · roll d100 (Enter) + {forced}", "{dice}d6 PV · jetez d100 (Entrée) + {forced}"),
        "poles.blood_none": ("{dice}d6 HP · nothing forced: no backlash", "{dice}d6 PV · rien de forcé : pas de retour"),
        "poles.blood_result": ("{dice}d6 HP · {total} on table {table}: {backlash}", "{dice}d6 PV · {total} sur la table {table} : {backlash}"),
    }
)

TRADITIONS = tuple(Tradition)
ENHANCE = ("range", "duration", "area", "dice", "dispel")
TOGGLES = ("slot", "damage", "summoning", "fluid", "blood")


class TechniqueList(Described, OptionList):
    """The techniques in the order applied: shift+up/down move one, f its feat, delete removes it."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("poles-techniques")

    def action_move(self, step: int) -> None:
        self.query_ancestor(PolesSpell).move_technique(self.highlighted, step)

    def action_feat(self) -> None:
        self.query_ancestor(PolesSpell).toggle_feat(self.highlighted)

    def action_remove(self) -> None:
        self.query_ancestor(PolesSpell).remove_technique(self.highlighted)


class D100Input(Described, Input):
    """The backlash's d100: Enter rolls it when empty."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("poles-d100")

    def action_roll(self) -> None:
        self.query_ancestor(PolesSpell).roll_d100()


def _number_input(name: str, value: str = "", restrict: str = r"\d{0,2}") -> Input:
    return Input(value, restrict=restrict, compact=True, id=f"poles-{name}", classes="poles-number")


class PolesSpell(SpellSystem):
    """Les Quatre Pôles (RULES 3): improvised cost or a slot's surcharge, metamagic, time, DCs."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        #: The techniques in the order applied.
        self.techniques: list[Applied] = []
        self.result: PolesResult | None = None
        self.blood: BloodMana | None = None
        self._shown: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="poles-fields"):
            with Horizontal(classes="poles-row"):
                yield Label(t("poles.tradition", lang), classes="poles-label")
                yield Select[str](
                    [(tr.label(lang), tr.value) for tr in TRADITIONS], value="profane", allow_blank=False, compact=True, id="poles-tradition"
                )
                yield Label(t("poles.level", lang), classes="poles-small")
                yield _number_input("level", "", r"\d?")
            with Horizontal(classes="poles-row poles-toggles"):
                for name in TOGGLES:
                    yield Checkbox(t(f"poles.{name}", lang), id=f"poles-{name}", compact=True)
            with Horizontal(classes="poles-row"):
                yield Label(t("poles.caster", lang), classes="poles-label")
                yield _number_input("caster-level")
                yield Label(t("poles.mod", lang), classes="poles-small")
                yield _number_input("mod", "", r"[-+]?\d{0,2}")
                yield Label(t("poles.extend_active", lang), classes="poles-small")
                yield _number_input("extend-active")
            with Horizontal(classes="poles-row"):
                yield Label(t("poles.enhance", lang), classes="poles-label")
                for name in ENHANCE:
                    yield Label(t(f"poles.enhance.{name}", lang), classes="poles-small")
                    yield _number_input(f"enhance-{name}")
            with Horizontal(classes="poles-row"):
                yield Label(t("poles.technique", lang), classes="poles-label")
                yield Select[str](
                    [(f"{tech.label(lang)} {percent(TECHNIQUES[tech].with_feat)}", tech.value) for tech in Technique],
                    prompt=t("poles.add", lang), compact=True, id="poles-add",
                )  # fmt: skip
                yield Checkbox(t("poles.feat", lang), value=True, id="poles-feat", compact=True)
            yield TechniqueList(id="poles-techniques", compact=True)
        yield Static("", id="poles-cost", markup=False)
        yield Static("", id="poles-dcs", markup=False)
        yield Static("", id="poles-verdict", markup=False)
        with Horizontal(classes="poles-row", id="poles-blood-row"):
            yield Label(t("poles.blood_row", lang), classes="poles-label")
            for name in ("mana", "limit", "pool"):
                yield Label(t(f"poles.{name}", lang), classes="poles-small")
                yield _number_input(f"blood-{name}", "", r"\d{0,3}")
            yield Label(t("poles.d100", lang), classes="poles-small")
            yield D100Input("", restrict=r"\d{0,3}", compact=True, id="poles-d100", classes="poles-number")
        with Horizontal(id="poles-blood-line"):
            yield Checkbox(t("poles.tolerant", lang), id="poles-tolerant", compact=True)
            yield Static("", id="poles-blood-result", markup=False)
        yield Static("", id="poles-breakdown", markup=False)

    def on_mount(self) -> None:
        self.query_one("#poles-tolerant", Checkbox).value = self.campaign.rules.tolerant_backlash
        self._render_techniques()
        self.refresh_cost()

    # -- reading the fields ----------------------------------------------------------------------
    def _int(self, name: str) -> int | None:
        text = self.query_one(f"#poles-{name}", Input).value.strip()
        if text in ("", "-", "+"):
            return None
        return ANY_WHOLE.parse(name.replace("-", "_"), text)

    def _flag(self, name: str) -> bool:
        return self.query_one(f"#poles-{name}", Checkbox).value

    def request_typed(self) -> PolesRequest:
        """The spell as typed; a RulesError naming the field if it cannot be."""
        level = self._int("level")
        if level is None:
            raise refused("level", "poles.type_level")
        enhance = Enhancements(**{name: self._int(f"enhance-{name}") or 0 for name in ENHANCE})
        return PolesRequest(
            level, str(self.query_one("#poles-tradition", Select).value),
            slot=self._flag("slot"), damage=self._flag("damage"), summoning=self._flag("summoning"),
            fluid=self._flag("fluid"), blood=self._flag("blood"),
            caster_level=self._int("caster-level"), mod=self._int("mod"), enhance=enhance,
            extend_active=self._int("extend-active") or 0, techniques=tuple(self.techniques),
        )  # fmt: skip

    # -- the techniques --------------------------------------------------------------------------
    def add_technique(self, name: str, feat: bool | None = None) -> None:
        """Append a technique (with the feat as the box says unless ``feat`` is given)."""
        self.techniques.append(Applied(Technique(name), self._flag("feat") if feat is None else feat))
        self._techniques_changed(len(self.techniques) - 1)

    def remove_technique(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self.techniques):
            return
        del self.techniques[index]
        self._techniques_changed(min(index, len(self.techniques) - 1))

    def move_technique(self, index: int | None, step: int) -> None:
        if index is None or not 0 <= index + step < len(self.techniques) or not 0 <= index < len(self.techniques):
            return
        items = self.techniques
        items[index], items[index + step] = items[index + step], items[index]
        self._techniques_changed(index + step)

    def toggle_feat(self, index: int | None) -> None:
        if index is None or not 0 <= index < len(self.techniques):
            return
        applied = self.techniques[index]
        self.techniques[index] = Applied(applied.technique, not applied.feat)
        self._techniques_changed(index)

    def _techniques_changed(self, highlight: int | None) -> None:
        self._render_techniques()
        if highlight is not None and highlight >= 0 and self.techniques:
            self.query_one(TechniqueList).highlighted = highlight
        self.refresh_cost()

    def _render_techniques(self) -> None:
        lang = self.lang
        options = self.query_one(TechniqueList)
        options.clear_options()
        if not self.techniques:
            options.add_option(Option(Text(t("poles.no_technique", lang)), disabled=True))
            return
        for n, applied in enumerate(self.techniques, 1):
            factor = applied.factor
            key = "poles.item" if factor is not None else "poles.impossible_item"
            label = t(key, lang, n=n, name=applied.label(lang), pct=percent(factor) if factor is not None else "")
            options.add_option(Option(Text(label)))

    # -- rendering --------------------------------------------------------------------------------
    def _show(self, selector: str, text: str) -> None:
        if self._shown.get(selector) != text:
            self._shown[selector] = text
            widget = self.query_one(selector, Static)
            widget.update(text)
            widget.display = bool(text)

    def refresh_from_campaign(self) -> None:
        if self.is_mounted:
            self.refresh_cost()

    def refresh_cost(self) -> None:
        lang = self.lang
        try:
            result = poles_spell(self.request_typed())
        except RulesError as error:
            self.result = None
            self._show("#poles-cost", "")
            self._show("#poles-dcs", "")
            self._show("#poles-verdict", error.reason_in(lang) if error.field == "level" else error.text(lang))
            self._show("#poles-breakdown", "")
            self._verdict_class(False)
        else:
            self.result = result
            self._show("#poles-cost", self._cost_line(result))
            self._show("#poles-dcs", self._dcs_line(result))
            reason = t("poles.impossible", lang, reason=result.reason.text(lang)) if result.reason else ""
            self._show("#poles-verdict", reason)
            self._verdict_class(result.possible)
            self._show("#poles-breakdown", "\n".join(ln.text(lang) for ln in result.breakdown))
        self.refresh_blood()

    def _cost_line(self, result: PolesResult) -> str:
        lang = self.lang
        seg = result.segments
        time = t("poles.swift", lang) if result.swift else t("poles.segments", lang, total=seg.total, inc=seg.incantation, rec=seg.recovery)
        if result.cost is None:
            head = t("poles.no_cost", lang) if result.possible else ""
        else:
            unit = result.resource.label(lang)
            exact = result.exact
            head = (
                t("poles.cost", lang, cost=result.cost, unit=unit)
                if exact is None or exact.denominator == 1
                else t("poles.cost_exact", lang, cost=result.cost, unit=unit, exact=number(exact))
            )
        return " · ".join(part for part in (head, time) if part)

    def _dcs_line(self, result: PolesResult) -> str:
        lang = self.lang
        parts = []
        if result.save_dc is not None:
            parts.append(t("poles.save", lang, dc=result.save_dc))
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

    def _verdict_class(self, ok: bool) -> None:
        self.query_one("#poles-verdict", Static).set_class(not ok, "-refused")

    # -- blood mana -------------------------------------------------------------------------------
    def refresh_blood(self) -> None:
        lang = self.lang
        self.blood = None
        mana, limit, pool = (self._int(f"blood-{name}") for name in ("mana", "limit", "pool"))
        if mana is None or limit is None or pool is None:
            self._show("#poles-blood-result", t("poles.blood_hint", lang))
            return
        try:
            blood = blood_mana(mana, limit, pool, self._int("d100"), tolerant=self._flag("tolerant"))
        except RulesError as error:
            self._show("#poles-blood-result", error.text(lang))
            return
        self.blood = blood
        if blood.past_limit == 0:
            text = t("poles.blood_none", lang, dice=blood.hp_dice)
        elif blood.backlash is None:
            text = t("poles.blood_roll", lang, dice=blood.hp_dice, forced=blood.past_limit)
        else:
            text = t("poles.blood_result", lang, dice=blood.hp_dice, total=blood.backlash_roll, table=blood.table, backlash=blood.backlash.label(lang))
        self._show("#poles-blood-result", text)

    def roll_d100(self) -> None:
        """Enter in the d100 field: roll it with the app's dice if empty."""
        field = self.query_one("#poles-d100", Input)
        if not field.value.strip():
            field.value = str(gm(self).session.rng.randint(1, 100))
        self.refresh_blood()

    # -- events -----------------------------------------------------------------------------------
    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        event.stop()
        if (event.input.id or "").startswith(("poles-blood-", "poles-d100")):
            self.refresh_blood()
        else:
            self.refresh_cost()

    @on(Checkbox.Changed)
    def _toggled(self, event: Checkbox.Changed) -> None:
        event.stop()
        if event.checkbox.id == "poles-tolerant":
            self.refresh_blood()
        elif event.checkbox.id != "poles-feat":
            self.refresh_cost()

    @on(Select.Changed, "#poles-tradition")
    def _tradition(self, event: Select.Changed) -> None:
        event.stop()
        self.refresh_cost()

    @on(Select.Changed, "#poles-add")
    def _add(self, event: Select.Changed) -> None:
        event.stop()
        if isinstance(event.value, str):
            self.add_technique(event.value)
            event.select.clear()

    def start_entry(self) -> None:
        self.refresh_cost()
        field = self.query_one("#poles-level", Input)
        focus_now(field)
        field.select_all()

