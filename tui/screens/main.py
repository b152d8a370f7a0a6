"""The main screen: four panes — initiative, mass combat, damage, spell cost.

At 110 columns and wider the four panes show at once (a 2×2 grid); narrower, one pane shows at a
time and the keys 1–4 (or the tab strip) switch between them. Either way 1–4 focus a pane.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid
from textual.reactive import var
from textual.screen import Screen
from textual.widget import AwaitMount
from textual.widgets import Input

from core.mooks import MookGroup
from tui.access import gm
from tui.commands import CombatantCommands, GMCommands
from tui.i18n import register, t
from tui.screens import template_keys as quick
from tui.screens.roster_keys import RosterActions
from tui.state import localise_bindings
from tui.textual_fixes.first_frame import SettledFirstFrame
from tui.widgets.damage import DamagePane
from tui.widgets.footer import KeysFooter
from tui.widgets.initiative import InitiativePane
from tui.widgets.mass_combat import MassCombatPane
from tui.widgets.pane import Pane
from tui.widgets.spell import SpellPane
from tui.widgets.status import HolderLine, PaneTabs, StatusBar

PANES = ("initiative", "mass", "damage", "spell")

register(
    {
        "main.key.add_character": ("Add character", "Ajouter un personnage"),
        "main.key.add_group": ("Add group", "Ajouter un groupe"),
        "main.key.edit": ("Edit", "Modifier"),
        "main.key.remove": ("Remove", "Retirer"),
        "main.parry_group": (
            "{name} is a mook group: the selected PC defends against it (v).",
            "{name} est un groupe de sbires : le PJ sélectionné se défend contre lui (v).",
        ),
    }
)
BINDING_TEXTS = {
    "pane-initiative": "pane.initiative",
    "pane-mass": "pane.mass",
    "pane-damage": "pane.damage",
    "pane-spell": "pane.spell",
    "roster-add-character": "main.key.add_character",
    "roster-add-group": "main.key.add_group",
    "roster-edit": "main.key.edit",
    "roster-remove": "main.key.remove",
    **quick.BINDING_TEXTS,
}


class MainScreen(SettledFirstFrame, RosterActions, quick.TemplateActions, Screen[None]):
    COMMANDS = {GMCommands, CombatantCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "pane('initiative')", "Initiative", show=False, id="pane-initiative", priority=True),
        Binding("2", "pane('mass')", "Mass", show=False, id="pane-mass", priority=True),
        Binding("3", "pane('damage')", "Damage", show=False, id="pane-damage", priority=True),
        Binding("4", "pane('spell')", "Spell", show=False, id="pane-spell", priority=True),
        Binding("A,shift+a", "add_character", "Add character", show=False, id="roster-add-character"),
        Binding("G,shift+g", "add_group", "Add group", show=False, id="roster-add-group"),
        Binding("e", "edit_selected", "Edit", show=False, id="roster-edit"),
        Binding("delete", "remove_selected", "Remove", show=False, id="roster-remove"),
        *quick.BINDINGS,
        # Esc from any pane or form (a dialog or an open list takes it first): the initiative list.
        Binding("escape", "back", "Back", show=False, id="main-back"),
    ]

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
        localise_bindings(self, BINDING_TEXTS)
        self.query_one(InitiativePane).focus_main()
        self.show_when_settled()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """1–4 are priority keys (they switch panes before the next key arrives) except while
        the GM types in a field, where a digit is a digit."""
        if action in ("pane", *quick.TYPED_KEYS) and isinstance(self.focused, Input):
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
        turn it is as the caster, as many targets as are marked."""
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

    def on_descendant_focus(self, event) -> None:
        """Follow focus: clicking or tabbing into a pane makes it the active one."""
        node = event.widget
        while node is not None and node is not self:
            if getattr(node, "id", None) in PANES and node.has_class("pane"):
                if self.pane != node.id:
                    self.set_reactive(MainScreen.pane, node.id)
                    for pane in self.query(".pane"):
                        pane.set_class(pane.id == node.id, "-active", update=self.has_class("-narrow"))
                    self.query_one(PaneTabs).active = node.id
                return
            node = node.parent
