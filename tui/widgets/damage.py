"""Damage (RULES 1.6): damage or heal the marked or selected combatants, or resolve one attack
against one opponent (RULES 1.5). A preview line per target shows what will happen before Enter
applies it; the result's breakdown stays under the form. The one-opponent form is
:class:`tui.widgets.duel.DuelForm`."""

from __future__ import annotations

import re
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import ContentSwitcher, Input, Label, Select, Static

from core import actions
from core.actions import Outcome, trial
from core.breakdown import Lang
from core.campaign import Campaign
from core.damage import HIT
from core.errors import RulesError
from tui.access import gm
from tui.access import targets as marked_or_selected
from tui.commands.keys import Described, bindings
from tui.door import Answer
from tui.i18n import t
from tui.textual_fixes.checkbox import Checkbox
from tui.textual_fixes.inputs import FixedSizeInput
from tui.textual_fixes.recent_static import RecentStatic
from tui.widgets.form import Form, FormPane, character_or_none
from tui.widgets.inputs import WHOLE_TYPED, ErrorLine, FieldError, set_text
from tui.widgets.pane import focus_now

AMOUNT = re.compile(r"([-+]?)(\d+)")


if TYPE_CHECKING:
    from core.actions import Damage, Heal
    from tui.widgets.duel import DuelForm


def duel_form() -> type[DuelForm]:
    """The duel form's class: its module imported when the form is first shown (issue 37)."""
    from tui.widgets.duel import DuelForm

    return DuelForm


def parse_amount(text: str, lang: Lang = "en") -> tuple[bool, int]:
    """``7`` / ``-7`` → (False, 7) damage; ``+3`` → (True, 3) healing."""
    match = AMOUNT.fullmatch(text.strip())
    if match is None:
        raise FieldError(t("dmg.bad_amount", lang))
    try:
        return match[1] == "+", HIT.parse("damage", match[2])
    except RulesError as error:
        raise FieldError(error.text(lang)) from None


def preview_lines(campaign: Campaign, action: Damage | Heal, lang: Lang) -> list[str]:
    """What ``action`` would write in the log, line by line: the reducer's own answer on the
    current campaign (nothing changes), or why the rules refuse it."""
    try:
        return [item.text(lang) for item in trial(campaign, action).lines]
    except RulesError as refused:
        return [refused.text(lang)]


class EntryForm(Form):
    """The amount field and a preview line per target."""

    pane: DamagePane  # the pane that holds this form

    def compose(self) -> ComposeResult:
        lang = self.pane.lang
        with Horizontal(classes="row"):
            yield Label(t("dmg.amount", lang), classes="label")
            # As many digits as a number may have: 1000 shows as typed and is refused on the
            # error line (HIT's 999), never kept as 100 (issue 34, item 10).
            yield FixedSizeInput(
                id="dmg-amount", restrict=WHOLE_TYPED, compact=True, select_on_focus=True, placeholder="7 / +3"
            )
            yield ErrorLine(id="dmg-error")
        yield Static("", id="dmg-preview", classes="preview", markup=False)

    @property
    def amount(self) -> Input:
        return self.query_one("#dmg-amount", Input)

    def preview(self) -> None:
        pane, lang = self.pane, self.pane.lang
        shown = self.query_one("#dmg-preview", Static)
        error = self.query_one(ErrorLine)
        if not self.amount.value.strip():
            error.show("")
            set_text(shown, t("dmg.hint", lang))
            return
        try:
            healing, amount = parse_amount(self.amount.value, lang)
        except FieldError as refused:
            error.show(str(refused))
            set_text(shown, "")
            return
        error.show("")
        targets = pane.targets()
        if not targets:
            set_text(shown, t("dmg.need_target", lang))
            return
        set_text(shown, "\n".join(preview_lines(pane.campaign, self.action(targets, healing, amount), lang)))

    def action(self, targets: tuple[str, ...], healing: bool, amount: int) -> Damage | Heal:
        """The action the amount stands for, with the pane's toggles."""
        pugilat, bypass = self.pane.toggles()
        return actions.Heal(targets, amount) if healing else actions.Damage(targets, amount, pugilat, bypass)

    async def submit(self) -> Answer | None:
        pane, lang = self.pane, self.pane.lang
        error = self.query_one(ErrorLine)
        try:
            healing, amount = parse_amount(self.amount.value, lang)
            targets = pane.targets()
            if not targets:
                raise FieldError(t("dmg.need_target", lang))
        except FieldError as refused:
            error.show(str(refused))
            return None
        answer = await pane.apply(self.action(targets, healing, amount), error)
        if isinstance(answer, Outcome):
            self.amount.value = ""
            pane.used_up()
        return answer


class DamagePane(Described, FormPane):
    """Damage or heal the marked (else the selected) combatants; ctrl+t: one-opponent attack."""

    TITLE_KEY = "pane.damage"
    MODES = (("dmg-entry", "dmg.entry"), ("dmg-duel", "dmg.duel"))
    OPENERS: ClassVar[dict[str, str]] = {"dmg-entry": "start_entry", "dmg-duel": "start_duel"}
    BINDINGS: ClassVar[list[BindingType]] = bindings("damage")

    def compose(self) -> ComposeResult:
        lang = self.lang
        yield RecentStatic("", id="dmg-targets", markup=False)
        yield Static("", id="dmg-mode", classes="form-mode")
        with Horizontal(classes="row", id="dmg-toggles"):
            yield Checkbox(t("dmg.pugilat", lang), id="dmg-pugilat", compact=True)
            yield Checkbox(t("dmg.bypass", lang), id="dmg-bypass", compact=True)
        with ContentSwitcher(initial="dmg-entry", id="dmg-forms"):
            yield EntryForm(self, id="dmg-entry")  # the duel form: composed when first shown
        with VerticalScroll(id="dmg-result-box"):
            yield Static("", id="dmg-result", classes="form-result")

    @property
    def duel(self) -> DuelForm | None:
        """The one-opponent form once shown (composed then, with whose turn it is and the last
        character selected: what it would have followed)."""
        return cast("DuelForm | None", self.late_form("dmg-duel"))

    def prepare(self) -> None:
        self.watch(self.app, "marked", self.targets_changed, init=False)
        self.last_selected = self.selected_character()
        self.targets_changed()

    def follow(self, campaign: Campaign) -> None:
        self.sync_selects()
        self.targets_changed()

    def used_up(self) -> None:
        """After a hit: pugilat and bypass-armour were for that hit, the marks for that action."""
        for box in self.query("#dmg-toggles Checkbox").results(Checkbox):
            box.value = False
        if getattr(self.app, "marked", None):
            gm(self).marked = frozenset()

    def new_turn(self) -> None:
        for box in self.query("#dmg-toggles Checkbox").results(Checkbox):
            box.value = False
        form = self.duel
        if form is not None:
            form.set_fighters(self.current_character(), form.query_one("#duel-defender", Select).selection)
            form.preview()

    def selection_changed(self, key: str | None) -> None:
        if character_or_none(self.campaign, key) is not None:
            self.last_selected = key
            form = self.duel
            if form is not None:
                form.set_fighters(form.query_one("#duel-attacker", Select).selection, key)
        self.targets_changed()

    def targets_changed(self, *_: object) -> None:
        keys = self.targets()
        names = ", ".join(self.campaign.name_of(k) for k in keys) or t("dmg.no_target", self.lang)
        set_text(self.query_one("#dmg-targets", RecentStatic), t("dmg.targets", self.lang, names=names))
        self._toggled()

    @on(Checkbox.Changed)
    def _toggled(self) -> None:
        self.query_one(EntryForm).preview()
        if self.duel is not None:
            self.duel.preview()

    # -- look-ups -------------------------------------------------------------------------------
    def targets(self) -> tuple[str, ...]:
        """The marked combatants in initiative order, else the selected one."""
        return marked_or_selected(self)

    def toggles(self) -> tuple[bool, bool]:
        return self.query_one("#dmg-pugilat", Checkbox).value, self.query_one("#dmg-bypass", Checkbox).value

    def selected_character(self) -> str | None:
        key = getattr(self.app, "selected", None)
        return key if character_or_none(self.campaign, key) is not None else None

    # -- public entry points --------------------------------------------------------------------
    def start_entry(self) -> None:
        """The amount field focused, for the marked or selected combatants."""
        self.show_form("dmg-entry")
        form = self.query_one(EntryForm)
        form.amount.value = ""
        self.targets_changed()
        focus_now(form.amount)

    def start_duel(self, defends: bool = False) -> Coroutine[Any, Any, None] | None:
        """The one-opponent attack: the current combatant against the selected one, die focused;
        ``defends``: the selected PC rolls its defence against the current combatant's attack.
        The first time, the form is composed: what is returned opens it once mounted, and the key's
        action returns it for Textual to finish before the next key (the die typed at once)."""
        self.sync_selects(force=True)
        return self.open_form(
            duel_form,
            "dmg-duel",
            ready=lambda form: form.set_fighters(self.current_character(), self.last_selected),
            opened=lambda form: self._open_duel(form, defends),
        )

    def _open_duel(self, form: DuelForm, defends: bool) -> None:
        self.show_form("dmg-duel")
        form.query_one("#duel-defends", Checkbox).value = defends
        form.set_fighters(self.current_character(), self.selected_character())
        form.preview()
        focus_now(form.die)

    def focus_main(self) -> None:
        if self.mode == "dmg-duel" and self.duel is not None:
            focus_now(self.duel.die)
        else:
            focus_now(self.query_one(EntryForm).amount)

    def action_switch(self) -> Coroutine[Any, Any, None] | None:
        if self.mode == "dmg-entry":
            return self.start_duel()
        self.start_entry()
        return None

    def action_tick(self, selector: str) -> None:
        self.query_one(selector, Checkbox).toggle()

    def action_defends(self) -> Coroutine[Any, Any, None] | None:
        """ctrl+o: the duel form's "PC defends" box. From the damage form (the duel form perhaps
        not composed yet), the duel form opens with it ticked: the selected PC defends."""
        form = self.duel
        if self.mode != "dmg-duel" or form is None:
            return self.start_duel(defends=True)
        form.query_one("#duel-defends", Checkbox).toggle()
        return None

    @work(group="form")
    async def action_repair(self) -> None:
        """Restore the lost armour points of each target."""
        worn = [
            key for key in self.targets() if (c := character_or_none(self.campaign, key)) and c.armour < c.max_armour
        ]
        if not worn:
            self.app.notify(t("dmg.nothing_to_repair", self.lang))
            return
        lines = []
        for key in worn:
            answer = await gm(self).request(actions.RepairArmour(key))
            if isinstance(answer, Outcome):
                lines.append(answer.lines[0].text(self.lang))
        self.show_result("\n".join(lines))
