"""The main screen: four panes — initiative, mass combat, damage, spell cost.

At 110 columns and wider the four panes show at once (a 2×2 grid); narrower, one pane shows at a
time and the keys 1–4 (or the tab strip) switch between them. Either way 1–4 focus a pane.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Grid
from textual.dom import DOMNode
from textual.reactive import var
from textual.screen import Screen
from textual.widget import AwaitMount, Widget
from textual.widgets import Input

from core.actions import SetStanding
from core.mooks import MookGroup
from core.validators import Whole
from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.commands.palette import CombatantCommands, GMCommands
from tui.i18n import t
from tui.screens import template_keys as quick
from tui.screens.fight_keys import FightActions
from tui.screens.roster_keys import RosterActions
from tui.screens.spell_book import SpellBookActions
from tui.textual_fixes.first_frame import SettledFirstFrame
from tui.textual_fixes.late_hide import LateHideKeepsFocus
from tui.widgets.damage import DamagePane
from tui.widgets.footer import KeysFooter
from tui.widgets.initiative import InitiativePane
from tui.widgets.inputs import read_whole
from tui.widgets.mass_combat import MassCombatPane
from tui.widgets.pane import Pane, focus_now
from tui.widgets.spell import ApotheoseSpell, SpellPane, participants
from tui.widgets.status import HolderLine, PaneTabs, StatusBar

PANES = ("initiative", "mass", "damage", "spell")


class MainScreen(
    Described,
    SettledFirstFrame,
    LateHideKeepsFocus,
    FightActions,
    RosterActions,
    quick.TemplateActions,
    SpellBookActions,
    Screen[None],
):
    COMMANDS = {GMCommands, CombatantCommands}
    BINDINGS: ClassVar[list[BindingType]] = bindings("main")

    #: The pane shown on a narrow terminal (and focused by 1–4).
    pane: var[str] = var("initiative", init=False)

    def compose(self) -> ComposeResult:
        yield StatusBar(id="status")
        yield HolderLine(id="holder")
        yield PaneTabs(id="tabs")
        with Grid(id="panes"):
            yield InitiativePane(id="initiative", classes="pane -active")
            yield MassCombatPane(id="mass", classes="pane")
            yield DamagePane(id="damage", classes="pane")
            yield SpellPane(id="spell", classes="pane")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(InitiativePane).focus_main()
        self.show_when_settled()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """1–4 are priority keys (they switch panes before the next key arrives) except while
        the GM types in a field (or a choice that takes a typed count), where a digit is a digit."""
        if action in ("pane", *quick.TYPED_KEYS) and (
            isinstance(self.focused, Input) or getattr(self.focused, "takes_digits", False)
        ):
            return False
        return True

    def action_pane(self, name: str) -> None:
        self.pane = name

    def action_back(self) -> None:
        """Back to the initiative list, focused (Esc, and after a form applies)."""
        self.pane = "initiative"
        self.query_one(InitiativePane).focus_main()

    # -- entry points the initiative list's keys call (x, g, v, s, o) --------------------------
    def action_damage(self) -> None:
        self.pane = "damage"
        self.query_one(DamagePane).start_entry()

    def action_duel(self) -> Coroutine[Any, Any, None] | None:
        """The duel form (composed the first time: Textual awaits what is returned)."""
        self.pane = "damage"
        return self.query_one(DamagePane).start_duel()

    def action_parry(self) -> Coroutine[Any, Any, None] | None:
        """An NPC attacks a PC: the selected PC rolls its defence against the current combatant.
        On a mook group's turn that is the defence against a group (``v``): it opens, saying so."""
        campaign = gm(self).campaign
        enc = campaign.encounter
        if enc is not None and enc.current is not None and isinstance(campaign.find(enc.current), MookGroup):
            name = campaign.name_of(enc.current)
            self.app.notify(t("main.parry_group", gm(self).lang, name=name), timeout=4)
            return self.action_defend_group()
        self.pane = "damage"
        return self.query_one(DamagePane).start_duel(defends=True)

    def action_attack_group(self) -> None:
        self.pane = "mass"
        self.query_one(MassCombatPane).start_attack()

    def action_defend_group(self) -> Coroutine[Any, Any, None] | None:
        """The defence form (composed the first time: Textual awaits what is returned)."""
        self.pane = "mass"
        return self.query_one(MassCombatPane).start_defence()

    def action_spell(self) -> None:
        """``s``: a new Apothéose spell (the game's own magic) whatever tab was used last, whose
        turn it is as the caster, as many targets as are marked; on the turn of a caster with
        spells in the book, the book on their spells first (:meth:`turn_book`)."""
        if self.turn_book():
            return
        self.query_one(SpellPane).new_spell()
        self.pane = "spell"

    def action_spell_system(self, tab_id: str) -> AwaitMount | None:
        """The spell-cost pane on one system's tab (the palette's "Spell cost: Mage"…). The tab
        first: focusing the pane's first field queues a TabPane.Focused that would switch back.
        A tab shown for the first time composes its fields: Textual awaits the mount returned
        before the next key, which goes to them."""
        mounting = self.query_one(SpellPane).show_system(tab_id)
        self.pane = "spell"
        return mounting

    def watch_pane(self, name: str) -> None:
        # -active shows the pane on a narrow screen only (app.tcss): on a wide one the class is
        # kept without restyling every widget of the two panes (the narrowing restyles them all)
        narrow = self.has_class("-narrow")
        for pane in self.query(".pane"):
            pane.set_class(pane.id == name, "-active", update=narrow)
        self.query_one(PaneTabs).active = name
        self.query_one(f"#{name}", Pane).focus_main()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Follow focus: clicking or tabbing into a pane makes it the active one. A focus gone
        since (the event comes after the keys typed meanwhile: a key that left the field for the
        list) moves nothing."""
        if event.widget is not self.focused:
            return
        node: DOMNode | None = event.widget
        while node is not None and node is not self:
            if node.id in PANES and node.has_class("pane"):
                self._follow(node.id)
                return
            node = node.parent

    def shows(self, widget: Widget) -> bool:
        """Whether ``widget`` shows now: in the pane shown (any pane on a wide screen), with no
        container of its hidden (a form the switcher put away)."""
        narrow = self.has_class("-narrow")
        for node in widget.ancestors_with_self:
            if node is self:
                return True
            if not isinstance(node, Widget):
                return False
            if node.id in PANES and node.has_class("pane"):
                if narrow and node.id != self.pane:
                    return False
            elif not node.display:
                return False
        return False

    def _follow(self, name: str) -> None:
        """Make pane ``name`` the active one without moving the focus (it is there already)."""
        if self.pane != name:
            self.set_reactive(MainScreen.pane, name)
            for pane in self.query(".pane"):
                pane.set_class(pane.id == name, "-active", update=self.has_class("-narrow"))
            self.query_one(PaneTabs).active = name

    def show_pane(self, name: str, focus: Widget) -> None:
        """Show pane ``name`` with ``focus`` focused in it, at once (a missed attack waits for its
        reroll in its pane: the die typed next goes there, a list key typed next leaves it)."""
        self._follow(name)
        focus_now(focus)

    def action_cast_spell(self) -> None:
        """Enter in the Apothéose tab's fields: the spell checked, then which of its targets
        take its intensity as damage (Escape: back to the fields), then cast."""
        from tui.screens.victims import VictimsDialog

        tab = self.query_one(ApotheoseSpell)
        cast = tab.cast_asked()
        if cast is None:
            return

        def chosen(victims: tuple[str, ...] | None) -> None:
            if victims is not None:  # Escape: the spell's fields again, to change it
                self.run_worker(tab.cast(cast, victims), group="request")

        campaign = gm(self).campaign
        self.app.push_screen(VictimsDialog(cast.spell.intensity, participants(campaign), gm(self).marked), chosen)

    def action_ask_standing(self) -> None:
        """``s`` on the group list: how many of the group are standing (by hand)."""
        from tui.screens.prompts import ValuePrompt

        group = self.query_one(MassCombatPane).target_group()
        if group is None:
            return
        lang = gm(self).lang
        question = t("mass.standing_prompt", lang, name=group.name, total=group.total)

        def parse(text: str) -> int:
            return read_whole(text, group.name, lang, Whole(0, group.total))

        def done(value: object) -> None:
            if isinstance(value, int):
                gm(self).request(SetStanding(group.id, value))

        self.app.push_screen(ValuePrompt(question, parse, str(group.standing)), done)
