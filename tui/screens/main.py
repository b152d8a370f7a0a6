"""The main screen: four panes — initiative, mass combat, damage, spell cost.

At 110 columns and wider the four panes show at once (a 2×2 grid); narrower, one pane shows at a
time and the keys 1–4 (or the tab strip) switch between them. Either way 1–4 focus a pane.

The screen composes the panes and routes: which pane shows, where the focus goes, a pane's form
started (:meth:`MainScreen.route`, what a command's ``ctx.go`` asks). It holds no GM command: its
keys (the roster's, the palette's) run their handlers (:mod:`tui.commands`) through
:class:`~tui.commands.run.Commanding`.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Grid
from textual.dom import DOMNode
from textual.reactive import var
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input

from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.commands.palette import CombatantCommands, GMCommands
from tui.commands.run import Commanding
from tui.commands.templates import TYPED_KEYS
from tui.messages import one_per_turn, restyles_later
from tui.textual_fixes.first_frame import SettledFirstFrame
from tui.textual_fixes.late_hide import LateHideKeepsFocus
from tui.widgets.damage import DamagePane
from tui.widgets.footer import KeysFooter
from tui.widgets.initiative import InitiativePane
from tui.widgets.mass_combat import MassCombatPane
from tui.widgets.pane import Pane, focus_now
from tui.widgets.spell import SpellPane
from tui.widgets.status import HolderLine, PaneTabs, StatusBar

PANES = ("initiative", "mass", "damage", "spell")


def load_actions_later(node: DOMNode) -> None:
    """Import the actions' families (:data:`core.actions.FAMILIES`: the fight's, magic's, the
    duel's rules) after the first frame, one per turn of ``node``'s queue (the keys typed
    meanwhile are handled between two), so that the GM's first action or save does not wait on
    them. An action made before its turn imports its own family."""
    import importlib
    from functools import partial

    from core.actions import FAMILIES

    one_per_turn(node, [partial(importlib.import_module, f"core.actions.{family}") for family in FAMILIES])


class MainScreen(Described, SettledFirstFrame, LateHideKeepsFocus, Commanding, Screen[None]):
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
        self.show_when_settled(then=self.after_first_frame)

    def after_first_frame(self) -> None:
        """What waits until the GM sees the screen: the app told (:meth:`ApotheoseApp.first_frame_shown`),
        the players' file of the campaign as opened (written by the autosaver's thread,
        :meth:`saves.store.AutoSaver.shown`), the spell systems not shown
        (:meth:`SpellPane.load_later`) and the actions' rules (:func:`load_actions_later`)."""
        app = gm(self)
        app.first_frame_shown()
        shown = getattr(app.session.saver, "shown", None)
        if shown is not None:
            shown()
        self.query_one(SpellPane).load_later()
        load_actions_later(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """1–4 are priority keys (they switch panes before the next key arrives) except while
        the GM types in a field (or a choice that takes a typed count), where a digit is a digit."""
        if (action == "pane" or (action == "command" and parameters and parameters[0] in TYPED_KEYS)) and (
            isinstance(self.focused, Input) or getattr(self.focused, "takes_digits", False)
        ):
            return False
        if action == "command" and parameters and parameters[0] == "inbox-refuse":
            return bool(gm(self).waiting)  # in the footer while a player's message waits
        return True

    def action_pane(self, name: str) -> None:
        self.pane = name

    _panes: dict[str, Pane] | None = None
    _tabs: PaneTabs | None = None

    def panes(self) -> dict[str, Pane]:
        """The four panes by id, found once (composed once, never removed): a query walked the
        screen's 600 widgets on every switch and every form applied (issue 37)."""
        if self._panes is None:
            self._panes = {pane.id: pane for pane in self.query(".pane").results(Pane) if pane.id}
        return self._panes

    def tabs(self) -> PaneTabs:
        if self._tabs is None:
            self._tabs = self.query_one(PaneTabs)
        return self._tabs

    #: True from :meth:`back_now` until the next frame is drawn: the look of a focus change
    #: waits until then (see :func:`tui.messages.look_later`).
    looks_later = False

    def action_back(self) -> None:
        """Back to the initiative list, focused (Esc)."""
        self.pane = "initiative"
        self.panes()["initiative"].focus_main()

    def back_now(self) -> None:
        """Back to the initiative list after a form applied: the focus moves now (the next key
        acts on the list), and what the focus changes in the look (the two panes' frames, the
        footer's keys, the field left) is drawn after the next frame, the one that shows what the
        form did (issue 37). The screen then settles as :meth:`action_back` leaves it."""
        left = self.focused
        if not self.looks_later:
            self.looks_later = True
            self.call_after_refresh(self._look_now)
        self.action_back()
        if left is not None and left is not self.focused:
            restyles_later(left)

    def _look_now(self) -> None:
        self.looks_later = False

    def route(self, pane: str, form: str = "", **options: object) -> Awaitable[None] | None:
        """Show ``pane`` with ``form`` started (what a command's ``ctx.go`` asks): ``damage``
        (the entry form, or ``duel``, ``defends=True`` for a PC's defence), ``mass`` (``attack``
        or ``defence``), ``spell`` (``new``: a new Apothéose spell; ``system=…``: that system's
        tab). What is returned (a form composed the first time) is awaited before the next key."""
        mounting: Awaitable[None] | None = None
        if pane == "spell":
            spells = self.query_one(SpellPane)
            if "system" in options:
                mounting = spells.show_system(str(options["system"]))
            else:
                spells.new_spell()
            self.pane = "spell"  # the tab first: focusing the pane's field queues a TabPane.Focused
            return mounting
        self.pane = pane
        if pane == "damage":
            damage = self.query_one(DamagePane)
            if form == "duel":
                mounting = damage.start_duel(defends=bool(options.get("defends")))
            else:
                damage.start_entry()
        elif pane == "mass":
            mass = self.query_one(MassCombatPane)
            if form == "defence":
                mounting = mass.start_defence()
            else:
                mass.start_attack()
        return mounting

    def action_spell_system(self, tab_id: str) -> Awaitable[None] | None:
        """The spell-cost pane on one system's tab (the palette's "Spell cost: Mage"…). A tab
        shown for the first time composes its fields: Textual awaits the mount returned before
        the next key, which goes to them."""
        return self.route("spell", system=tab_id)

    def watch_pane(self, name: str) -> None:
        # -active shows the pane on a narrow screen only (app.tcss): on a wide one the class is
        # kept without restyling every widget of the two panes (the narrowing restyles them all)
        narrow = self.has_class("-narrow")
        for key, pane in self.panes().items():
            pane.set_class(key == name, "-active", update=narrow)
        self.tabs().active = name
        self.panes()[name].focus_main()

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
            narrow = self.has_class("-narrow")
            for key, pane in self.panes().items():
                pane.set_class(key == name, "-active", update=narrow)
            self.tabs().active = name

    def show_pane(self, name: str, focus: Widget) -> None:
        """Show pane ``name`` with ``focus`` focused in it, at once (a missed attack waits for its
        reroll in its pane: the die typed next goes there, a list key typed next leaves it)."""
        self._follow(name)
        focus_now(focus)
