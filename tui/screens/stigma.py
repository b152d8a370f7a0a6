"""The stigma dialog (RULES 1.3): the permanent effect of a stigma, picked when it is gained.

The GM picks a weakening (a characteristic −1/−2/−3), a permanent wound (max HP −2/−4/−6), a
wavering will (max willpower −2/−4/−6) — by the stigma's level — or a descriptive effect (mark,
compulsion with what it compels, handicap, pariah…). The engine applies it
(:mod:`core.stigmata`); this dialog only asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Select, Static

from core.campaign import Campaign, changed_characters
from core.characteristics import CHARACTERISTIC_NAMES, CHARACTERISTICS
from core.roster import Character
from core.shadow import PERMANENT_LOSSES, EffectKind, MarkLevel, StigmaEffect
from tui.access import lang_of
from tui.commands.keys import Described, bindings
from tui.i18n import pick, t

if TYPE_CHECKING:
    from tui.door import Door


class StigmaDialog(Described, ModalScreen["StigmaEffect | None"]):
    """The effect of a stigma of ``level``: the kind, the characteristic for a weakening, a text."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("stigma")

    def __init__(self, who: str, level: MarkLevel, level_label: str) -> None:
        super().__init__(classes="dialog")
        self.who, self.level, self.level_label = who, MarkLevel(level), level_label

    def compose(self) -> ComposeResult:
        lang = lang_of(self)
        losses = PERMANENT_LOSSES[self.level]
        kinds = [(kind.label(lang), kind.value) for kind in EffectKind]
        names = [(pick(CHARACTERISTIC_NAMES[n], lang), n) for n in CHARACTERISTICS]
        with Vertical(classes="dialog-box"):
            yield Label(
                t("stigma.title", lang, name=self.who, level=self.level_label), classes="dialog-question", markup=False
            )
            yield Static(
                t("stigma.loss", lang, c=losses["characteristic"], hp=losses["hp"], wp=losses["willpower"]),
                classes="dialog-hint",
                markup=False,
            )
            yield Label(t("stigma.kind", lang))
            yield Select(kinds, value=EffectKind.mark.value, allow_blank=False, id="stigma-kind")
            yield Label(t("stigma.characteristic", lang))
            yield Select(names, prompt="—", id="stigma-characteristic")
            yield Label(t("stigma.text", lang))
            yield Input(id="stigma-text")
            yield Static("", id="stigma-error", classes="field-error", markup=False)
            yield Static(t("stigma.hint", lang), classes="dialog-hint", markup=False)

    def on_mount(self) -> None:
        self.query_one("#stigma-kind", Select).focus()

    def answer(self) -> StigmaEffect | None:
        """The effect as picked, or None (and the reason shown) when a weakening lacks its characteristic."""
        kind = EffectKind(str(self.query_one("#stigma-kind", Select).value))
        chosen = self.query_one("#stigma-characteristic", Select).value
        characteristic = "" if chosen in (Select.NULL, Select.BLANK) else str(chosen)
        if kind is EffectKind.weakening and not characteristic:
            self.query_one("#stigma-error", Static).update(t("stigma.need_characteristic", lang_of(self)))
            return None
        text = self.query_one("#stigma-text", Input).value.strip()
        return StigmaEffect(kind, characteristic if kind is EffectKind.weakening else "", text)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        effect = self.answer()
        if effect is not None:
            self.dismiss(effect)

    def action_cancel(self) -> None:
        self.dismiss(None)


def new_stigmata(before: Campaign, after: Campaign) -> list[tuple[str, int]]:
    """(character id, index) of each stigma ``after`` holds that ``before`` did not and that has
    no permanent effect yet: gained by an action (overflow of a roll, a spell, a reroll…)."""
    replaced = changed_characters(before, after)
    if replaced is not None:  # only these characters changed: look at them, not the whole roster
        keys = sorted(replaced, key=after.position)  # in roster order, as the dialogs come
        roster_before = [c for c in map(before.find, keys) if isinstance(c, Character)]
        roster_after = [c for c in map(after.find, keys) if isinstance(c, Character)]
    else:
        roster_before, roster_after = list(before.roster), list(after.roster)
    held = {c.id: len(c.shadow.stigmata) for c in roster_before if c.shadow is not None}
    found = []
    for c in roster_after:
        if c.shadow is None or c.id not in held:
            continue
        for index in range(held[c.id], len(c.shadow.stigmata)):
            if c.shadow.stigmata[index].permanent is None:
                found.append((c.id, index))
    return found


def prompt_new_stigmata(app: Door, before: Campaign, after: Campaign) -> None:
    """RULES 1.3: whatever gave a stigma, the GM picks its permanent effect right then — one
    dialog per new stigma, each answer applied as a :class:`SetStigmaEffect` (undo, log).
    Escape leaves it for later (key e on the sheet)."""
    from core.actions import SetStigmaEffect

    pending = new_stigmata(before, after)

    def ask_next() -> None:
        while pending:
            key, index = pending.pop(0)
            c = app.campaign.character(key) if app.campaign.has(key) else None
            if (
                c is None
                or c.shadow is None
                or index >= len(c.shadow.stigmata)
                or c.shadow.stigmata[index].permanent is not None
            ):
                continue
            mark = c.shadow.stigmata[index]
            label = mark.describe().text(lang_of(app)).removeprefix("le ")

            def done(effect: StigmaEffect | None, key: str = key, index: int = index) -> None:
                if effect is not None:
                    app.request(SetStigmaEffect(key, index, effect))
                ask_next()

            app.push_screen(StigmaDialog(c.name, mark.level, label), done)
            return

    ask_next()
