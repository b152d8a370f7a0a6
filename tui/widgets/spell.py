"""The spell cost pane: one tab per magic system, each built from its description
(:mod:`tui.spells`), the cost as the GM types; the Apothéose tab casts.

The pane forwards the campaign, the selection and :meth:`SpellPane.start_entry` to the tabs; a
tab is composed the first time it is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import AwaitMount
from textual.widgets import Input, Label, Select, Static, TabbedContent, TabPane, Tabs

from core import actions
from core.actions import Outcome
from core.campaign import Campaign, changed_characters
from core.errors import RulesError
from core.magic import Affects, SpellRequest, resist, victims_paid
from core.rolls import chance_of_success
from core.roster import Character
from tui import spells
from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.commands.run import Commanding
from tui.door import Answer
from tui.i18n import refused, said, t
from tui.messages import one_per_turn
from tui.spells.apotheose import FIELDS, request
from tui.textual_fixes.checkbox import Checkbox
from tui.textual_fixes.chooser import Chooser
from tui.widgets.inputs import percent
from tui.widgets.pane import Pane, back_to_list
from tui.widgets.spell_system import SpellSystem
from tui.widgets.spell_tab import SpellTab, widget_class

if TYPE_CHECKING:
    from core.actions import CastSpell

AFFECTS = ("soul", "matter", "mind")


def participants(campaign: Campaign) -> list[tuple[str, str]]:
    """``(key, name)`` of everyone in the active fight, else the whole roster and the groups."""
    enc = campaign.encounter
    keys = enc.keys if enc is not None and enc.participants else tuple(x.id for x in campaign.combatants)
    return [(key, campaign.name_of(key)) for key in keys]


#: Who takes part, as a list of targets is drawn from: (the fight's participants or None, the
#: roster, the groups).
People = tuple[Sequence[object] | None, ...]


def same_people(before: People, after: People) -> bool:
    """Whether ``(participants, roster, groups)`` name the same people in the same order: the
    same tuples, or tuples whose changed items keep their key or id and name (one identity test
    per unchanged item)."""
    for old, new in zip(before, after, strict=True):
        if old is new:
            continue
        if old is None or new is None or len(old) != len(new):
            return False
        if any(a is not b and _who(a) != _who(b) for a, b in zip(old, new, strict=False)):
            return False
    return True


def _who(item: object) -> tuple[object, ...]:
    """A participant's key, a character's or group's id and name."""
    return getattr(item, "key", None), getattr(item, "id", None), getattr(item, "name", None)


def aim_at_groups(campaign: Campaign, spell: SpellRequest, victims: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """How many mooks of each group picked the spell aims at (RULES 1.7): the targets paid that the
    characters picked leave, shared among the groups in order (at least one each, at most those
    standing). Too many victims stay too many: the engine refuses, naming both numbers."""
    standing = {g.id: g.standing for g in campaign.groups}
    groups = [key for key in victims if key in standing]
    left = victims_paid(spell.targets) - (len(victims) - len(groups))
    aimed = []
    for i, key in enumerate(groups):
        n = max(1, min(standing[key], left - (len(groups) - i - 1)))
        aimed.append((key, n))
        left -= n
    return tuple(aimed)


class CostFields(Described, Commanding, Vertical):
    """The spell's parameters: Enter anywhere in them casts (the screen asks for the victims)."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("spell-fields")


class KultInput(Described, Input):
    """The resistance's kult die: Enter rolls it when empty, else resolves with the typed face."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("spell-kult")

    def action_roll(self) -> None:
        self.query_ancestor(ApotheoseSpell).roll_resistance()


class ApotheoseSpell(SpellTab):
    """Apothéose (RULES 1.7): the tab its description builds, for the caster it follows, with
    the cast (Enter) and the resistance roll."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: The last mystic shown as caster, kept while the cursor moves to targets.
        self._caster: str | None = None
        self._targets: list[tuple[str, str]] = []
        self._targets_seen: People | None = None
        #: The turn the caster was last chosen for, and the row the cursor was on when it began.
        self._turn: tuple[object, ...] | None = None
        self._left_on: str | None = None

    def compose(self) -> ComposeResult:
        yield from super().compose()
        lang = self.lang
        with Horizontal(classes="spell-row", id="spell-resist-row"):
            yield Label(t("spell.resist", lang), classes="spell-label")
            yield Chooser[str]([], prompt=t("spell.resist_target", lang), id="spell-resist-target", compact=True)
            yield Select[str](
                [(t(f"spell.affects.{a}", lang), a) for a in AFFECTS],
                value="soul",
                allow_blank=False,
                id="spell-resist-affects",
                compact=True,
            )
        with Horizontal(classes="spell-row", id="spell-kult-row"):
            yield Label(t("spell.kult", lang), classes="spell-label")
            yield KultInput("", restrict=r"[-+]?\d{0,2}", compact=True, id="spell-kult", classes="spell-level")
            yield Static("", id="spell-resist", classes="spell-hint", markup=False)

    def request_typed(self) -> SpellRequest:
        """The spell as typed; a RulesError naming the field if it cannot be."""
        return request(self.values).request

    @property
    def inspired(self) -> bool:
        return self.query_one("#spell-inspired", Checkbox).value

    # -- the caster -------------------------------------------------------------------------
    def caster(self) -> Character | None:
        """Whose turn it is if a mystic, else the selected mystic, else the last mystic shown this
        turn; failing all, whoever is current or selected (shown as not a mystic)."""
        campaign = self.campaign
        enc = campaign.encounter

        def character(key: str | None) -> Character | None:  # by the campaign's index, not a scan
            found = campaign.find(key) if key is not None else None
            return found if isinstance(found, Character) else None

        selected = getattr(self.app, "selected", None)
        turn = (enc.id, enc.round, enc.current) if enc is not None else None
        if turn != self._turn:
            # A new turn: no mystic kept from an earlier one, and the row the cursor was left on
            # is not a choice made for this turn until the cursor moves.
            self._turn, self._caster, self._left_on = turn, None, selected
        elif selected != self._left_on:
            self._left_on = None
        chosen_now = selected if enc is None or selected != self._left_on else None
        candidates = [k for k in (enc.current if enc else None, chosen_now) if character(k)]
        mystics = [k for k in (*candidates, self._caster) if (c := character(k)) is not None and c.mystic]
        key = mystics[0] if mystics else (candidates[0] if candidates else None)
        chosen = character(key)
        if chosen is not None and chosen.mystic:
            self._caster = key
        return chosen

    def context(self) -> dict[str, Any]:
        return {"caster": self.caster(), "inspired": self.inspired}

    def caster_key(self) -> str | None:
        """The mystic the tab prices for (whose turn it is…): the caster a saved spell names."""
        c = self.caster()
        return c.id if c is not None and c.mystic else None

    def refresh_from_campaign(self) -> None:
        if self.is_mounted:
            self._refresh_targets()
            self.refresh_result()

    def on_mount(self) -> None:
        """The targets as the tab opens (Textual runs SpellTab's own on_mount after this one):
        what the next campaign change is compared with, so an HP change reads no other row."""
        self._refresh_targets()

    def after_result(self, values: object) -> None:
        self.refresh_resistance()

    # -- resistance -------------------------------------------------------------------------
    def _refresh_targets(self) -> None:
        """The resistance's target list: only rebuilt when who takes part changes."""
        campaign = self.campaign
        enc = campaign.encounter
        seen = (enc.participants if enc is not None else None, campaign.roster, campaign.groups)
        before, self._campaign_seen = getattr(self, "_campaign_seen", None), campaign
        replaced = changed_characters(before, campaign) if before is not None else None
        if (
            replaced is not None
            and before is not None
            and self._targets_seen is not None
            and all(before.name_of(key) == campaign.name_of(key) for key in replaced)
        ):
            self._targets_seen = seen  # only characters replaced, none renamed: one look-up each
            return
        if self._targets_seen is not None and same_people(self._targets_seen, seen):
            self._targets_seen = seen  # an HP change: same people, same names (no O(rows) rebuild)
            return
        self._targets_seen = seen
        characters = {c.id for c in campaign.roster}
        targets = [(key, name) for key, name in participants(campaign) if key in characters]
        if targets == self._targets:
            return
        self._targets = targets
        select = self.query_one("#spell-resist-target", Select)
        before = select.value
        select.set_options([(name, key) for key, name in targets])
        if before in dict(targets):
            select.value = before

    def resistance_target(self) -> Character | None:
        value = self.query_one("#spell-resist-target", Select).value
        if not isinstance(value, str) or not self.campaign.has(value):
            return None
        return next((c for c in self.campaign.roster if c.id == value), None)

    def refresh_resistance(self) -> None:
        """The chance before the die, or the result for the die typed; nothing changes."""
        lang = self.lang
        target = self.resistance_target()
        try:  # RULES 1.7: the resistance scores the pm spent, the cast's total
            intensity = self.request_typed().total
        except (RulesError, ValueError):
            intensity = None
        if target is None or intensity is None:
            self.view.write("resist", t("spell.resist_pick", lang) if target is None else "")
            return
        affects = cast("Affects", str(self.query_one("#spell-resist-affects", Select).value))  # one of AFFECTS
        typed = self.query_one("#spell-kult", Input).value.strip()
        die = self.campaign.rules.die
        try:
            if typed not in ("", "-", "+"):
                result = resist(intensity, int(typed), target.characteristics, affects, die=die)
                self.view.write("resist", " · ".join(ln.text(lang) for ln in result.breakdown))
                return
            probe = resist(intensity, 0, target.characteristics, affects, die=die)
        except RulesError as error:
            self.view.write("resist", error.text(lang))
            return
        name = "âme" if probe.characteristic == "ame" else probe.characteristic
        chance = chance_of_success(intensity, probe.target, die)
        self.view.write(
            "resist",
            t(
                "spell.resist_chance",
                lang,
                score=intensity,
                value=probe.target,
                name=name,
                need=probe.target - intensity,
                pct=percent(chance, lang),
            ),
        )

    def roll_resistance(self) -> None:
        """Enter in the kult field: roll the die if empty (the face is put in the field)."""
        field = self.query_one("#spell-kult", Input)
        if field.value.strip() in ("", "-", "+"):
            field.value = str(self.campaign.rules.die.roll(gm(self).session.rng))
        self.refresh_resistance()

    # -- casting ----------------------------------------------------------------------------
    def new_spell(self) -> None:
        """A new spell (``s``, or after a cast): nothing carried from the last one, and as many
        targets as combatants are marked (level 0 for one, 2…9 that many, 10 for ten or more)."""
        marked = len(gm(self).marked)
        targets = 0 if marked <= 1 else min(marked, 10)
        levels = {name: None if name == "intensity" else targets if name == "targets" else 0 for name in FIELDS}
        self.values = {**levels, "inspired": False, "invisible": False}

    def cast_asked(self) -> CastSpell | None:
        """Enter in the fields: the spell as typed, checked, for the screen to ask which targets
        take its intensity as damage (the answer comes to :meth:`victims_chosen`). Refused, None
        (and the next key acts on the initiative list: n, the next turn)."""
        app = gm(self)
        c = self.caster()
        try:
            if c is None:
                raise refused("caster", "spell.no_caster")
            if self.values.get("invisible"):
                raise refused("invisible", "spell.invisible_not_cast")
            spell = self.request_typed()
            action = actions.CastSpell(c.id, spell, self.inspired)
            action.check(self.campaign)
        except RulesError as error:
            lang = self.lang
            app.notify(
                error.reason_in(lang) if error.field == "intensity" else error.text(lang), severity="error", timeout=6
            )
            back_to_list(self)
            return None
        return action

    async def cast(self, cast: CastSpell, victims: tuple[str, ...]) -> Answer:
        """Cast ``cast`` on ``victims`` through the door. Cast, nothing is carried to the next
        spell (inspiration included) and the marks, which were for its victims, are cleared;
        cast, refused or declined, the initiative list has the focus."""
        app = gm(self)
        action = attrs.evolve(cast, victims=victims, aimed=aim_at_groups(self.campaign, cast.spell, victims))
        answer = await app.request(action)
        if isinstance(answer, Outcome):
            if app.marked:
                app.marked = frozenset()
            self.new_spell()
        back_to_list(self)
        return answer


class SpellPane(Pane):
    TITLE_KEY = "pane.spell"

    def compose(self) -> ComposeResult:
        """The tabs, one per system of :data:`tui.spells.SYSTEMS`, titled from the registry;
        only the first system's fields: the others are composed when their tab is first shown
        (:meth:`compose_system`), not before the app's first frame (about 200 widgets that a GM
        may never open), and their descriptions and rules imported after it (:meth:`load_later`)."""
        with TabbedContent(id="spell-systems"):
            for index, system in enumerate(spells.SYSTEMS):
                with TabPane(said(system.title, self.lang), id=f"spell-tab-{system.id}"):
                    if index == 0:
                        yield self._tab(system.id)

    @staticmethod
    def _tab(tab_id: str) -> SpellTab:
        description = spells.system(tab_id)
        tab = widget_class(description.tab)
        assert issubclass(tab, SpellTab)
        return tab(description, id=f"spell-{tab_id}", classes="spell-system")

    def compose_system(self, tab_id: str) -> AwaitMount | None:
        """Compose the system of tab ``tab_id`` if it is not yet: the mount to await (its
        fields exist once it is done), or ``None`` when it was there already."""
        if self.query(f"#spell-{tab_id}"):
            return None
        self._systems: list[SpellSystem] = []  # found again, with the new one
        return self.query_one(f"#spell-tab-{tab_id}", TabPane).mount(self._tab(tab_id))

    def load_later(self) -> None:
        """Import the description and tab of each system not imported yet, one per turn of the
        pane's queue (the keys typed meanwhile are handled between two), so that a tab's first
        showing only composes it: what the screen calls after its first frame. A tab shown
        before its turn imports its own."""

        def load(system: spells.System) -> None:
            widget_class(system.description().tab)

        one_per_turn(self, [partial(load, system) for system in spells.SYSTEMS if system.built is None])

    @on(TabbedContent.TabActivated)
    async def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        mounting = self.compose_system((event.pane.id or "").removeprefix("spell-tab-"))
        if mounting is not None:
            await mounting

    def on_mount(self) -> None:
        super().on_mount()
        # One system: the tab strip is a title, not a stop on the way through the fields.
        self.query_one(Tabs).can_focus = len(spells.SYSTEMS) > 1

    def active_system(self) -> SpellSystem:
        tabs = self.query_one(TabbedContent)
        self.compose_system(tabs.active.removeprefix("spell-tab-"))
        return self.query_one(f"#{tabs.active} SpellSystem", SpellSystem)

    def enter_active(self) -> None:
        """The active system's first field focused (once composed, if its tab was just shown)."""
        system = self.active_system()
        if system.is_mounted:
            system.start_entry()
        else:  # after its compose and mount, which come first in its queue
            system.call_later(system.start_entry)

    def systems(self) -> list[SpellSystem]:
        """The spell systems mounted (found once, not by a query on every change). One whose
        tab was just shown is left out until it is mounted: its fields are not there yet, and
        it reads the campaign as it mounts."""
        if not getattr(self, "_systems", None):
            found = list(self.query(SpellSystem))
            mounted = [system for system in found if system.is_mounted]
            if len(mounted) < len(found):
                return mounted
            self._systems = found
        return self._systems

    def campaign_changed(self, campaign: Campaign) -> None:
        if self.is_mounted:
            for system in self.systems():
                system.refresh_from_campaign()

    def selection_changed(self, key: str | None) -> None:
        for system in self.systems():
            system.refresh_from_campaign()

    def focus_main(self) -> None:
        self.enter_active()

    def start_entry(self) -> None:
        """Focus the intensity field, the current combatant (if a mystic) as caster."""
        self.enter_active()

    def new_spell(self) -> None:
        """``s``: a new Apothéose spell (whatever tab was used last), whose turn it is as the
        caster, the targets from the marks, the intensity focused."""
        self.query_one(TabbedContent).active = "spell-tab-apotheose"
        system = self.query_one(ApotheoseSpell)
        system.new_spell()
        self.enter_active()

    def show_system(self, tab_id: str) -> AwaitMount | None:
        """Show one system's tab (``apotheose``, ``mage``…) and focus its first field; the mount
        to await when the tab is shown for the first time (its first field is focused then)."""
        self.query_one(TabbedContent).active = f"spell-tab-{tab_id}"
        mounting = self.compose_system(tab_id)
        self.enter_active()
        return mounting
