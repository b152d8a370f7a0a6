"""The Quatre Pôles tab's own widgets (its description is :mod:`tui.spells.poles`).

The techniques are an ordered list built from the keyboard: pick one in the "add" list (it goes
to the end, with the feat or without as the "feat" box says); in the list, shift+up / shift+down
move it, ``f`` toggles its feat, delete removes it. The d100 of blood mana's backlash: Enter in
the empty field rolls it with the app's dice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.binding import BindingType
from textual.widgets import OptionList, Select
from textual.widgets.option_list import Option

from core.poles import Applied, BloodMana, Technique, Tradition, percent
from core.poles import PolesSpell as PolesResult
from tui.access import gm, lang_of
from tui.commands.keys import Described, bindings
from tui.i18n import t
from tui.messages import FieldChanged
from tui.spells import poles
from tui.textual_fixes.checkbox import Checkbox
from tui.widgets.inputs import NumberField
from tui.widgets.pane import focus_now
from tui.widgets.spell_tab import CasterTab


class TechniqueList(Described, OptionList):
    """The techniques in the order applied (its ``value``): shift+up/down move one, f its feat,
    delete removes it."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("poles-techniques")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(compact=True, **kwargs)
        self._techniques: tuple[Applied, ...] = ()

    def on_mount(self) -> None:
        self._show_techniques()

    @property
    def value(self) -> tuple[Applied, ...]:
        return self._techniques

    @value.setter
    def value(self, techniques: Iterable[Applied]) -> None:
        self._put(tuple(techniques), None)

    def _put(self, techniques: tuple[Applied, ...], highlight: int | None) -> None:
        self._techniques = techniques
        self._show_techniques()
        if highlight is not None and highlight >= 0 and techniques:
            self.highlighted = highlight
        self.post_message(FieldChanged(self))

    def _show_techniques(self) -> None:
        lang = lang_of(self)
        self.clear_options()
        if not self._techniques:
            self.add_option(Option(Text(t("poles.no_technique", lang)), disabled=True))
            return
        for n, applied in enumerate(self._techniques, 1):
            factor = applied.factor
            key = "poles.item" if factor is not None else "poles.impossible_item"
            label = t(key, lang, n=n, name=applied.label(lang), pct=percent(factor) if factor is not None else "")
            self.add_option(Option(Text(label)))

    def add(self, technique: Applied) -> None:
        self._put((*self._techniques, technique), len(self._techniques))

    def _at(self) -> int | None:
        index = self.highlighted
        return index if index is not None and 0 <= index < len(self._techniques) else None

    def action_move(self, step: int) -> None:
        index, items = self._at(), list(self._techniques)
        if index is None or not 0 <= index + step < len(items):
            return
        items[index], items[index + step] = items[index + step], items[index]
        self._put(tuple(items), index + step)

    def action_feat(self) -> None:
        index, items = self._at(), list(self._techniques)
        if index is not None:
            items[index] = Applied(items[index].technique, not items[index].feat)
            self._put(tuple(items), index)

    def action_remove(self) -> None:
        index = self._at()
        if index is not None:
            items = [*self._techniques[:index], *self._techniques[index + 1 :]]
            self._put(tuple(items), min(index, len(items) - 1))


class D100Input(Described, NumberField):
    """The backlash's d100: Enter rolls it when empty."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("poles-d100")

    def action_roll(self) -> None:
        if not self.value.strip():
            self.value = str(gm(self).session.rng.randint(1, 100))


class PolesSpell(CasterTab):
    """Les Quatre Pôles (RULES 3): the tab :data:`tui.spells.poles.POLES` builds, with its list
    of techniques (ctrl+t, from any field: the list of techniques to add, open; type a name's
    first letters to reach it). The cost reads rounded, its steps in decimals; ctrl+f shows the
    exact fractions (as ``calc`` writes them) until pressed again."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("poles")

    #: The exact fractions shown (the cost's, its steps'): a display choice, not a spell input.
    fractions = False

    def context(self) -> dict[str, Any]:
        return {"fractions": self.fractions}

    def action_fractions(self) -> None:
        self.fractions = not self.fractions
        self.refresh_result()

    def action_add_technique(self) -> None:
        adder = self.query_one("#poles-add", Select)
        focus_now(adder)
        adder.action_show_overlay()

    @property
    def techniques(self) -> list[Applied]:
        return list(self.query_one(TechniqueList).value)

    @property
    def result(self) -> PolesResult | None:
        """The spell as priced now (None: it cannot be)."""
        return self.priced if isinstance(self.priced, PolesResult) else None

    @property
    def blood(self) -> BloodMana | None:
        """Blood mana as typed (None until mana, limit and pool are)."""
        return poles.blood(self.values)

    def after_result(self, values: Mapping[str, Any]) -> None:
        """Fields that do not apply are not shown (the illusion's) or not tab stops (whose
        counterspell without the box); blood mana's field says the spell's own cost it starts from."""
        self.query_one("#poles-illusion-row").display = values["tradition"] == Tradition.illusion.value
        for name in ("counter-who", "counter-spent"):
            self.query_one(f"#poles-{name}").disabled = not values["counter"]
        cost = self.result.cost if self.result is not None else None
        self.query_one("#poles-blood-mana", NumberField).placeholder = "" if cost is None else str(cost)

    @on(Select.Changed, "#poles-add")
    def _add(self, event: Select.Changed) -> None:
        """A technique picked in the "add" list goes to the end of the list, with the feat as the
        box says; the list to pick from is empty again."""
        if isinstance(event.value, str):
            feat = self.query_one("#poles-feat", Checkbox).value
            self.query_one(TechniqueList).add(Applied(Technique(event.value), feat))
            event.select.clear()
