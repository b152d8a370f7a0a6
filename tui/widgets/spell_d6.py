"""The Système D6 tab of the spell-cost pane (RULES 4): a spell's difficulty from its effect and
a list of aspects, a psionic power's difficulty, a magic skill's cost (ctrl+t switches).

Each aspect is a row: the scale's choice (its values shown) and the value, which the GM may
overwrite with any value: the choice then reads the row whose value it is, else *free value*.
ctrl+n adds an aspect, ctrl+r removes the one in focus; the total and the difficulty follow
every key. The rules are in :mod:`core.d6`; nothing here changes the campaign.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Input, Label, Select, Static

from core.breakdown import Breakdown, signed
from core.choices import parse_choice
from core.d6.psionics import MediumContact, psionic_difficulty
from core.d6.scales import PSIONIC_SCALES, SPEED, SPELL_SCALES, Depth, EffectKind, Power, Scale, Wound
from core.d6.skills import magic_attribute_cost, magic_skill_cost
from core.d6.spell import FREE, Aspect, effect_value, free, from_row, spell_difficulty, typed_effect
from core.errors import RulesError
from core.validators import ANY_WHOLE, looks_whole
from tui.access import lang_of
from tui.commands.keys import Described, bindings
from tui.i18n import register, t
from tui.textual_fixes.checkbox import Checkbox
from tui.widgets.pane import focus_now
from tui.widgets.spell_system import SpellSystem

register(
    {
        "d6.mode.spell": ("Spell", "Sort"),
        "d6.mode.psionic": ("Psionics", "Psioniques"),
        "d6.mode.skill": ("Skill cost", "Coût de compétence"),
        "d6.effect": ("Effect", "Effet"),
        "d6.effect_hint": ("4D+2 / 13", "4D+2 / 13"),
        "d6.type_effect": ("Type the effect: a die code (4D+2) or its value.", "Tapez l'effet : un code de dés (4D+2) ou sa valeur."),
        "d6.add": ("+ aspect (ctrl+n)", "+ aspect (ctrl+n)"),
        "d6.speed": ("speed", "vitesse"),
        "d6.custom": ("other aspect…", "autre aspect…"),
        "d6.aspect_name": ("aspect", "aspect"),
        "d6.unskilled": ("unmastered +5", "non maîtrisée +5"),
        "d6.halve": ("halve", "diviser par 2"),
        "d6.magic_level": ("magic lvl", "niv. magie"),
        "d6.spell_result": ("total {total} → difficulty {difficulty}", "total {total} → difficulté {difficulty}"),
        "d6.roll": (" · roll {modifier}", " · jet {modifier}"),
        "d6.power": ("Power", "Pouvoir"),
        "d6.wound": ("Wound", "Blessure"),
        "d6.depth": ("Depth", "Profondeur"),
        "d6.opposed": ("opposed", "opposé"),
        "d6.by_option": ("by {option}", "selon {option}"),
        "d6.years_dead": ("years dead", "ans de mort"),
        "d6.assassinated": ("assassinated -2", "assassiné -2"),
        "d6.known_personally": ("known -4", "connu -4"),
        "d6.has_information": ("information -2", "informations -2"),
        "d6.place_of_death": ("place of death -3", "lieu du décès -3"),
        "d6.psionic_result": ("difficulty {difficulty}", "difficulté {difficulty}"),
        "d6.opposed_result": (
            "opposed by Volonté · {modifier} on its roll",
            "opposé à la Volonté · {modifier} à son jet",
        ),
        "d6.usual_cost": ("Usual cost", "Coût habituel"),
        "d6.master": ("a master of a higher level", "un maître de niveau supérieur"),
        "d6.attribute": ("a magic Attribute (1D)", "un Attribut de magie (1D)"),
        "d6.type_cost": ("Type the usual cost of the raise (3D+1 → 4D: 6).", "Tapez le coût habituel (3D+1 → 4D : 6)."),
        "d6.skill_result": ("{cost} character points", "{cost} points de personnage"),
        "d6.attribute_result": ("{cost} character points and a master", "{cost} points de personnage et un maître"),
    }
)

MODES = ("spell", "psionic", "skill")
#: The choice an aspect shows when its value is none of its scale's rows'.
FREE_CHOICE = "free"
_VALUE_RESTRICT = r"[-+]?\d{0,3}"


def _number(text: str) -> int | None:
    """A typed whole number, or None (blank, or only a sign)."""
    return ANY_WHOLE.parse("value", text) if looks_whole(text) else None


def choice_label(label: str, value: str) -> str:
    return f"{label} {value}"


class AspectRow(Horizontal):
    """One aspect: its scale's choice (or a name for the GM's own) and its value."""

    def __init__(self, kind: str, scale: Scale | None, **kwargs: Any) -> None:
        super().__init__(classes="d6-row d6-aspect", **kwargs)
        self.kind = kind
        self.scale = scale

    def compose(self) -> ComposeResult:
        lang = lang_of(self)
        if self.kind == "custom":
            yield Input("", placeholder=t("d6.aspect_name", lang), compact=True, classes="d6-name")
        else:
            title = self.scale.label.text(lang) if self.scale else SPEED.text(lang)
            yield Label(title, classes="d6-label")
        if self.scale is not None:
            options = [(choice_label(row.label.text(lang), row.value_text()), row.name) for row in self.scale.rows]
            options.append((FREE.text(lang), FREE_CHOICE))
            yield Select[str](options, value=self.scale.rows[0].name, allow_blank=False, compact=True, classes="d6-choice")
        value = str(self.scale.rows[0].value) if self.scale is not None else ""
        yield Input(value, restrict=_VALUE_RESTRICT, compact=True, classes="d6-value", select_on_focus=True)

    @on(Select.Changed, ".d6-choice")
    def _chosen(self, event: Select.Changed) -> None:
        """A row chosen: its value in the value field, unless the value typed is already one of
        the row's (a span row, ``+8…+18``); *free value* keeps the value typed."""
        field = self.query_one(".d6-value", Input)
        if self.scale is not None and isinstance(event.value, str) and event.value != FREE_CHOICE:
            row = self.scale.row(event.value)
            typed = _number(field.value)
            if typed is None or not row.accepts(typed):
                field.value = str(row.value)

    @on(Input.Changed, ".d6-value")
    def _typed(self, event: Input.Changed) -> None:
        """A value typed: the choice shows what it is — the row chosen if it is that row's, else
        the first row whose value it is, else *free value* (never a row the value is not)."""
        typed = _number(event.value)
        if self.scale is None or typed is None:
            return
        choice = self.query_one(".d6-choice", Select)
        if choice.value != FREE_CHOICE and self.scale.row(choice.value).accepts(typed):
            return
        choice.value = next((row.name for row in self.scale.rows if row.accepts(typed)), FREE_CHOICE)

    def first_field(self) -> Input | Select:
        found = self.query(".d6-name, .d6-choice, .d6-value").first()
        assert isinstance(found, (Input, Select))  # the classes only those fields carry
        return found

    def aspect(self) -> Aspect | None:
        """The aspect as typed: the row chosen, or a free value when the value is not the
        row's; None while the value (or a custom aspect's name) is blank."""
        value = _number(self.query_one(".d6-value", Input).value)
        if value is None:
            return None
        if self.kind == "custom":
            name = self.query_one(".d6-name", Input).value.strip()
            return free(name, value) if name else None
        if self.scale is None:
            return free("speed", value)
        choice = str(self.query_one(".d6-choice", Select).value)
        row = None if choice == FREE_CHOICE else self.scale.row(choice)
        return from_row(self.scale, row, value) if row is not None and row.accepts(value) else free(self.scale.name, value, self.scale.label)


class AspectList(Vertical):
    """The aspects, then a choice that adds one (ctrl+n opens it)."""

    def __init__(self, scales: tuple[Scale, ...], speed: bool, **kwargs: Any) -> None:
        super().__init__(classes="d6-aspects", **kwargs)
        self.scales = {scale.name: scale for scale in scales}
        self.speed = speed

    def compose(self) -> ComposeResult:
        lang = lang_of(self)
        options = [(scale.label.text(lang), name) for name, scale in self.scales.items()]
        if self.speed:
            options.append((t("d6.speed", lang), "speed"))
        options.append((t("d6.custom", lang), "custom"))
        with Horizontal(classes="d6-row d6-add-row"):
            yield Select[str](options, prompt=t("d6.add", lang), compact=True, classes="d6-add")

    @property
    def adder(self) -> Select:
        return self.query_one(".d6-add", Select)

    @on(Select.Changed, ".d6-add")
    def _add(self, event: Select.Changed) -> None:
        event.stop()
        kind = event.value
        if not isinstance(kind, str):
            return
        self.adder.clear()
        self.add(kind)

    def add(self, kind: str) -> AspectRow:
        """Append an aspect of ``kind`` (a scale's name, ``speed`` or ``custom``) and focus it."""
        row = AspectRow(kind, self.scales.get(kind))
        self.mount(row, before=self.query_one(".d6-add-row"))
        self.call_after_refresh(lambda: focus_now(row.first_field()))
        return row

    def rows(self) -> list[AspectRow]:
        return list(self.query(AspectRow))

    def aspects(self) -> list[Aspect]:
        return [aspect for row in self.rows() if (aspect := row.aspect()) is not None]


def _row(label: str, *widgets: Any, classes: str = "") -> Horizontal:
    return Horizontal(Label(label, classes="d6-label"), *widgets, classes=f"d6-row {classes}".strip())


class D6Spell(Described, SpellSystem):
    """Système D6 (RULES 4): spell difficulty, psionics, magic skill costs."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("d6")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: dict[str, str] = {}
        self.mode = "spell"

    def compose(self) -> ComposeResult:
        lang = self.lang
        with Vertical(id="d6-head"):
            yield Static("", id="d6-mode", markup=False)
            yield Static("", id="d6-result", markup=False)
        with ContentSwitcher(initial="d6-spell", id="d6-forms"):
            with Vertical(id="d6-spell"):
                kinds = [(kind.label.text(lang) + (f" ×{kind.number}" if kind.number > 1 else ""), kind.value) for kind in EffectKind]
                yield _row(
                    t("d6.effect", lang),
                    Input("", placeholder=t("d6.effect_hint", lang), restrict=r"[0-9dD+ ]{0,8}", compact=True, id="d6-effect"),
                    Select[str](kinds, value="skill", allow_blank=False, compact=True, id="d6-kind"),
                    Static("", id="d6-effect-value", classes="d6-hint", markup=False),
                )
                yield AspectList(SPELL_SCALES, speed=True, id="d6-spell-aspects")
                with Horizontal(classes="d6-row", id="d6-options"):
                    yield Checkbox(t("d6.unskilled", lang), compact=True, id="d6-unskilled")
                    yield Checkbox(t("d6.halve", lang), True, compact=True, id="d6-halve")
                    yield Label(t("d6.magic_level", lang), classes="d6-label-short")
                    yield Input("0", restrict=r"[-+]?\d{0,2}", compact=True, id="d6-magic-level", classes="d6-value", select_on_focus=True)
            with Vertical(id="d6-psionic"):
                powers = [(self._power_label(power), power.value) for power in Power]
                yield _row(t("d6.power", lang), Select[str](powers, value="astral", allow_blank=False, compact=True, id="d6-power"))
                wounds = [(choice_label(w.label.text(lang), str(w.number)), w.value) for w in Wound]
                yield _row(t("d6.wound", lang), Select[str](wounds, value="stunned", allow_blank=False, compact=True, id="d6-wound"), classes="d6-for-healing")
                depths = [(choice_label(d.label.text(lang), str(d.number)), d.value) for d in Depth]
                yield _row(t("d6.depth", lang), Select[str](depths, value="vague", allow_blank=False, compact=True, id="d6-depth"), classes="d6-for-psychometry")
                with Horizontal(classes="d6-row d6-for-medium", id="d6-medium-years"):
                    yield Label(t("d6.years_dead", lang), classes="d6-label")
                    yield Input("0", restrict=r"\d{0,4}", compact=True, id="d6-years-dead", classes="d6-value", select_on_focus=True)
                    yield Checkbox(t("d6.assassinated", lang), compact=True, id="d6-assassinated")
                with Horizontal(classes="d6-row d6-for-medium", id="d6-medium-more"):
                    yield Checkbox(t("d6.known_personally", lang), compact=True, id="d6-known-personally")
                    yield Checkbox(t("d6.has_information", lang), compact=True, id="d6-has-information")
                    yield Checkbox(t("d6.place_of_death", lang), compact=True, id="d6-place-of-death")
                yield AspectList(PSIONIC_SCALES, speed=False, id="d6-psionic-aspects")
            with Vertical(id="d6-skill"):
                yield _row(t("d6.usual_cost", lang), Input("", restrict=r"\d{0,4}", compact=True, id="d6-usual-cost", classes="d6-value"))
                yield Checkbox(t("d6.master", lang), True, compact=True, id="d6-master")
                yield Checkbox(t("d6.attribute", lang), compact=True, id="d6-attribute")
        yield Static("", id="d6-breakdown", markup=False)

    def _power_label(self, power: Power) -> str:
        lang = self.lang
        if power is Power.empathy:
            return choice_label(power.label.text(lang), t("d6.opposed", lang))
        if power is Power.healing:
            return choice_label(power.label.text(lang), t("d6.by_option", lang, option=t("d6.wound", lang).lower()))
        if power is Power.psychometry:
            return choice_label(power.label.text(lang), t("d6.by_option", lang, option=t("d6.depth", lang).lower()))
        return choice_label(power.label.text(lang), str(power.number))

    def on_mount(self) -> None:
        self.query_one("#d6-halve", Checkbox).value = self.campaign.rules.d6_halve
        self.show_mode("spell")

    # -- modes ------------------------------------------------------------------------------
    def show_mode(self, mode: str) -> None:
        self.mode = mode
        self.query_one(ContentSwitcher).current = f"d6-{mode}"
        lang = self.lang
        line = Text()
        for name in MODES:
            line.append(f" {t(f'd6.mode.{name}', lang)} ", "reverse bold" if name == mode else "dim")
            line.append(" ")
        line.append("ctrl+t", "dim")
        self.query_one("#d6-mode", Static).update(line)
        self.refresh_result()

    def action_switch(self) -> None:
        self.show_mode(MODES[(MODES.index(self.mode) + 1) % len(MODES)])
        self.start_entry()

    def aspect_list(self) -> AspectList | None:
        return None if self.mode == "skill" else self.query_one(f"#d6-{self.mode}-aspects", AspectList)

    def action_add_aspect(self) -> None:
        """Open the list of aspects to add."""
        aspects = self.aspect_list()
        if aspects is not None:
            adder = aspects.adder
            focus_now(adder)
            adder.action_show_overlay()

    async def action_remove_aspect(self) -> None:
        """Remove the aspect in focus; the focus goes to the next one, or to the add choice."""
        aspects = self.aspect_list()
        focused = self.screen.focused
        row = next((node for node in (focused.ancestors if focused else []) if isinstance(node, AspectRow)), None)
        if aspects is None or row is None:
            return
        rows = aspects.rows()
        index = rows.index(row)
        after = rows[index + 1] if index + 1 < len(rows) else rows[index - 1] if index else None
        focus_now(after.first_field() if after is not None else aspects.adder)
        await row.remove()
        self.refresh_result()

    # -- results ----------------------------------------------------------------------------
    def _show(self, selector: str, text: str) -> None:
        if self._shown.get(selector) != text:
            self._shown[selector] = text
            self.query_one(selector, Static).update(text)

    def _show_result(self, text: str, breakdown: Breakdown | str = (), ok: bool = True) -> None:
        self._show("#d6-result", text)
        result = self.query_one("#d6-result", Static)
        result.set_class(not ok, "-refused")
        lines = breakdown if isinstance(breakdown, str) else "\n".join(line.text(self.lang) for line in breakdown)
        self._show("#d6-breakdown", lines)

    def refresh_result(self) -> None:
        """The result of the mode shown, from the fields as typed."""
        try:
            {"spell": self._spell, "psionic": self._psionic, "skill": self._skill}[self.mode]()
        except RulesError as error:
            self._show_result(error.text(self.lang), ok=False)

    def _spell(self) -> None:
        lang = self.lang
        text = self.query_one("#d6-effect", Input).value.replace(" ", "")
        kind = self.query_one("#d6-kind", Select)
        kind.disabled = text.isdigit()
        effect = None
        if text.isdigit():
            effect = typed_effect(int(text))
        elif text:
            effect = effect_value(text, str(kind.value))
        self._show("#d6-effect-value", f"= {effect.value}" if effect is not None else "")
        if effect is None:
            self._show_result(t("d6.type_effect", lang), ok=False)
            return
        aspects = self.query_one("#d6-spell-aspects", AspectList).aspects()
        level = _number(self.query_one("#d6-magic-level", Input).value) or 0
        result = spell_difficulty(
            effect, aspects, halve=self.query_one("#d6-halve", Checkbox).value,
            unskilled=self.query_one("#d6-unskilled", Checkbox).value, magic_level=level,
        )  # fmt: skip
        head = t("d6.spell_result", lang, total=result.total, difficulty=result.difficulty)
        if result.roll_modifier:
            head += t("d6.roll", lang, modifier=signed(result.roll_modifier))
        # The aspects are on screen: the breakdown from the total on.
        self._show_result(head, result.breakdown[len(effect.breakdown) + len(aspects) :])

    def _psionic(self) -> None:
        lang = self.lang
        power = parse_choice(Power, self.query_one("#d6-power", Select).value, "power")
        for name in ("healing", "psychometry", "medium"):
            for widget in self.query(f".d6-for-{name}"):
                widget.display = power.value == name
        wound = str(self.query_one("#d6-wound", Select).value) if power is Power.healing else None
        depth = str(self.query_one("#d6-depth", Select).value) if power is Power.psychometry else None
        medium = None
        if power is Power.medium:
            medium = MediumContact(
                self.query_one("#d6-assassinated", Checkbox).value,
                _number(self.query_one("#d6-years-dead", Input).value) or 0,
                self.query_one("#d6-known-personally", Checkbox).value,
                self.query_one("#d6-has-information", Checkbox).value,
                self.query_one("#d6-place-of-death", Checkbox).value,
            )
        aspects = self.query_one("#d6-psionic-aspects", AspectList).aspects()
        result = psionic_difficulty(power, aspects, wound=wound, depth=depth, medium=medium)
        if result.difficulty is None:
            head = t("d6.opposed_result", lang, modifier=signed(result.modifier))
        else:
            head = t("d6.psionic_result", lang, difficulty=result.difficulty)
        self._show_result(head, result.breakdown)

    def _skill(self) -> None:
        lang = self.lang
        attribute = self.query_one("#d6-attribute", Checkbox).value
        self.query_one("#d6-usual-cost", Input).disabled = attribute
        self.query_one("#d6-master", Checkbox).disabled = attribute
        if attribute:
            result = magic_attribute_cost()
            self._show_result(t("d6.attribute_result", lang, cost=result.cost), result.breakdown)
            return
        usual = _number(self.query_one("#d6-usual-cost", Input).value)
        if usual is None:
            self._show_result(t("d6.type_cost", lang), ok=False)
            return
        result = magic_skill_cost(usual, master=self.query_one("#d6-master", Checkbox).value)
        self._show_result(t("d6.skill_result", lang, cost=result.cost), result.breakdown)

    @on(Input.Changed)
    @on(Select.Changed)
    @on(Checkbox.Changed)
    def _changed(self, event: Any) -> None:
        event.stop()
        self.refresh_result()

    # -- the pane's calls ---------------------------------------------------------------------
    def refresh_from_campaign(self) -> None:
        """Nothing here follows the campaign but the house rule's default (read at mount)."""

    def start_entry(self) -> None:
        first = self.query_one({"spell": "#d6-effect", "psionic": "#d6-power", "skill": "#d6-usual-cost"}[self.mode])
        self.refresh_result()
        focus_now(first)
        # A tab just shown: its widgets' late Hide events (from when it was hidden) would move
        # the focus to the next field; focus again once it is laid out.
        self.call_after_refresh(self._refocus, first)

    def _refocus(self, first: Widget) -> None:
        focused = self.screen.focused
        if focused is not first and focused is not None and first.parent in focused.ancestors:
            focus_now(first)
