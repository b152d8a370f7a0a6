"""The initiative pane: the turn order of the fight under way, one line per participant.

:class:`InitiativeList` is a line widget (``ScrollView`` + ``render_line``): each row's Strip is
cached by participant key, and a campaign change repaints only the rows whose participant or
character changed (compared by identity: an action keeps unchanged values as the same objects).
With no fight under way it lists the roster and the groups, and ``f`` starts a fight with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.style import Style
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widgets import Static

from core.actions import (
    Outcome,
)
from core.campaign import Campaign, changed_characters
from core.encounter import Participant
from core.house_rules import HouseRules
from core.mooks import MookGroup
from core.roster import Character
from core.turns import de_turn
from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.commands.run import Commanding
from tui.commands.table import BY_ID
from tui.i18n import t
from tui.safe import plain
from tui.state import AppState
from tui.textual_fixes.bindings import set_descriptions
from tui.textual_fixes.line_list import RowRepaints
from tui.widgets.form import outcome_text
from tui.widgets.initiative_rows import REPAINT_ONE_BY_ONE, Entity, Painter, header_text, row_strip
from tui.widgets.inputs import set_text
from tui.widgets.pane import Pane, focus_now


class InitiativeHeader(Static):
    """The column heads, laid out like the rows below."""


class InitiativeList(Described, Commanding, AppState, RowRepaints, can_focus=True, inherit_bindings=False):
    """The turn order (or the roster), one cached line per participant."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "initiative-list--cursor",
        "initiative-list--cursor-blur",
        "initiative-list--current",
        "initiative-list--marked",
        "initiative-list--muted",
        "initiative-list--bar",
        "initiative-list--bar-low",
        "initiative-list--bar-empty",
        "initiative-list--danger",
        "initiative-list--tainted",
        "initiative-list--condition",
        "initiative-list--dead",
    }

    DEFAULT_CSS = """
    InitiativeList { overflow-x: hidden; }
    """

    BINDINGS: ClassVar[list[BindingType]] = bindings("initiative")

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cursor = 0
        #: One row per key, in order; participants aligned with them (None: roster mode).
        self.keys: tuple[str, ...] = ()
        self._index: dict[str, int] = {}
        self._parts: tuple[Participant, ...] | None = None
        self._entities: dict[str, Entity] = {}
        self._roster: tuple[Character, ...] = ()
        self._groups: tuple[MookGroup, ...] = ()
        self._current: str | None = None
        self._rules: HouseRules | None = None
        self._campaign: Campaign | None = None
        self._marked: frozenset[str] = frozenset()
        #: The cached lines of each row, by key, then by look ("" or the cursor's, focused or
        #: not): a cursor move renders nothing it has drawn before. Valid for ``_cache_width`` cells.
        self.strips: dict[str, dict[str, Strip]] = {}
        self._cache_width = -1

    # -- reading the campaign ---------------------------------------------------------------

    @property
    def cursor_key(self) -> str | None:
        return self.keys[self.cursor] if 0 <= self.cursor < len(self.keys) else None

    def entity(self, key: str) -> Entity | None:
        return self._entities.get(key)

    def participant(self, key: str) -> Participant | None:
        if self._parts is None or key not in self._index:
            return None
        return self._parts[self._index[key]]

    def update_campaign(self, campaign: Campaign | None) -> None:
        """Take in a new campaign: repaint only the rows that changed."""
        enc = campaign.encounter if campaign is not None else None
        roster = campaign.roster if campaign is not None else ()
        groups = campaign.groups if campaign is not None else ()
        parts = enc.participants if enc is not None else None
        full, changed = self._participants_changed(campaign, parts)
        before = self._campaign
        replaced = changed_characters(before, campaign) if before is not None and campaign is not None else None
        self._campaign = campaign
        reordered, replaced_keys = self._entities_changed(campaign, roster, groups, replaced)
        full, changed = full or reordered, changed | replaced_keys
        current = enc.current if enc is not None else None
        if current != self._current:
            changed.update(k for k in (current, self._current) if k is not None)
        self._roster, self._groups, self._parts, self._current = roster, groups, parts, current
        self._rules = campaign.rules if campaign is not None else None
        if full:
            self._rebuild()
        elif len(changed) > REPAINT_ONE_BY_ONE:
            for key in changed:
                self.strips.pop(key, None)
            self.refresh()
        else:
            for key in changed:
                self._repaint(key)

    def _participants_changed(
        self, campaign: Campaign | None, parts: tuple[Participant, ...] | None
    ) -> tuple[bool, set[str]]:
        """(whether every row must be made anew, the keys of the participants replaced)."""
        full = (parts is None) != (self._parts is None) or (campaign is not None and campaign.rules is not self._rules)
        changed: set[str] = set()
        if not full and parts is not None and parts is not self._parts:
            old = self._parts or ()
            if len(old) != len(parts):
                return True, changed
            for a, b in zip(old, parts, strict=False):
                if a is not b:
                    if a.key != b.key:
                        return True, changed
                    changed.add(b.key)
        return full, changed

    def _entities_changed(
        self,
        campaign: Campaign | None,
        roster: tuple[Character, ...],
        groups: tuple[MookGroup, ...],
        replaced: frozenset[str] | None,
    ) -> tuple[bool, set[str]]:
        """Take in the characters and groups replaced (only ``replaced``, when the campaign says
        which): (whether every row must be made anew, their keys)."""
        full, changed = False, set()
        pairs: tuple[tuple[Sequence[Character | MookGroup], Sequence[Character | MookGroup]], ...] = (
            (self._roster, roster),
            (self._groups, groups),
        )
        for old_items, new_items in pairs:
            if old_items is new_items:
                continue
            if replaced is not None and new_items is roster and campaign is not None:
                for key in replaced:  # only these characters were replaced: no pass over the roster
                    found = campaign.find(key)
                    full = full or not isinstance(found, Character)
                    changed.add(key)
                    if isinstance(found, Character):
                        self._entities[key] = found
                continue
            if len(old_items) != len(new_items):
                full = True
                continue
            for was, now in zip(old_items, new_items, strict=False):
                if was is not now:
                    if was.id != now.id:
                        full = True
                    changed.add(now.id)
                    self._entities[now.id] = now
        return full, changed

    def _rebuild(self) -> None:
        keep = self.cursor_key
        self._entities = {c.id: c for c in self._roster} | {g.id: g for g in self._groups}
        if self._parts is not None:
            self.keys = tuple(p.key for p in self._parts)
        else:
            self.keys = tuple(self._entities)
        self._index = {k: i for i, k in enumerate(self.keys)}
        self.strips.clear()
        if keep in self._index:
            self.cursor = self._index[keep]
        elif keep is None and self._current in self._index:
            self.cursor = self._index[self._current]
        self.cursor = max(0, min(self.cursor, len(self.keys) - 1))
        self.virtual_size = Size(0, len(self.keys))
        self.refresh()
        if self.is_mounted:
            self._cursor_into_view()
            # After every pane has seen the new campaign, not in the middle of it.
            self.call_later(self._publish)

    def _repaint(self, key: str) -> None:
        """The row of ``key`` changed: draw it anew."""
        self.strips.pop(key, None)
        self._refresh_row(key)

    def _refresh_row(self, key: str) -> None:
        """Only the cursor moved on or off the row: its lines are kept."""
        index = self._index.get(key)
        if index is not None:
            self.refresh_line(index)

    # -- the cursor ---------------------------------------------------------------------------
    def on_mount(self) -> None:
        self.watch(self.app, "marked", self._marked_changed, init=True)
        self._cursor_into_view()
        self._publish()

    def _publish(self) -> None:
        key = self.cursor_key
        if getattr(self.app, "selected", None) != key:
            gm(self).selected = key

    def move_cursor(self, index: int) -> None:
        if not self.keys:
            return
        index = max(0, min(index, len(self.keys) - 1))
        if index != self.cursor:
            before = self.cursor_key
            self.cursor = index
            if before is not None:
                self._refresh_row(before)
            self._refresh_row(self.keys[index])
        self._cursor_into_view()
        self._publish()

    def select_key(self, key: str | None) -> None:
        """Put the cursor on ``key`` (the command palette or another pane chose it)."""
        if key is not None and key != self.cursor_key and key in self._index:
            self.move_cursor(self._index[key])

    def _cursor_into_view(self) -> None:
        height = self.scrollable_content_region.height
        top = round(self.scroll_y)
        if height <= 0:
            return
        if self.cursor < top:
            self.scroll_to(y=self.cursor, animate=False, immediate=True)
        elif self.cursor >= top + height:
            self.scroll_to(y=self.cursor - height + 1, animate=False, immediate=True)

    def action_cursor(self, step: int) -> None:
        self.move_cursor(self.cursor + step)

    def action_cursor_to(self, index: int) -> None:
        self.move_cursor(index if index >= 0 else len(self.keys) - 1)

    def action_page(self, direction: int) -> None:
        self.move_cursor(self.cursor + direction * max(1, self.scrollable_content_region.height - 1))

    async def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = offset.y + round(self.scroll_y)
        if index < len(self.keys):
            self.move_cursor(index)
            if event.chain == 2:  # a double click opens the sheet, as enter does
                await self.run_action("command('init-sheet')")

    def repaint_cursor(self) -> None:
        key = self.cursor_key
        if key is not None:
            self._refresh_row(key)

    def _marked_changed(self, marked: frozenset[str]) -> None:
        for key in marked ^ self._marked:
            self._repaint(key)
        if bool(marked) != bool(self._marked) or len(marked) != len(self._marked):
            # The footer's Mark says how many are marked (a mark left over is a wrong target).
            text = t("init.key.marked", self.lang, n=len(marked)) if marked else BY_ID["init-mark"].text(self.lang)
            set_descriptions(self, {"init-mark": text})
            self.refresh_bindings()
        self._marked = marked

    def notify_style_update(self) -> None:
        self.strips.clear()
        super().notify_style_update()

    def refresh_line(self, y: int) -> None:
        """One row, without the scrollbar beside it (Textual's repaints the scrollbar too)."""
        width = max(self.virtual_size.width, self.size.width) - self.scrollbar_size_vertical
        self.refresh(Region(0, y - self.scroll_offset.y, width, 1))

    # -- drawing ------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        index = y + round(self.scroll_y)
        width = self.scrollable_content_region.width
        if width != self._cache_width:
            self.strips.clear()
            self._cache_width = width
        if not 0 <= index < len(self.keys):
            return Strip.blank(width, self.rich_style)
        key = self.keys[index]
        look = ("cursor" if self.has_focus else "cursor-blur") if index == self.cursor else ""
        looks = self.strips.setdefault(key, {})
        strip = looks.get(look)
        if strip is None:
            strip = looks[look] = self._render_row(index, width, look)
        return strip

    def _style(self, name: str) -> Style:
        return self.get_component_rich_style(f"initiative-list--{name}", partial=True)

    def _render_row(self, index: int, width: int, look: str = "") -> Strip:
        key = self.keys[index]
        base = self.rich_style
        if look:
            base = base + self._style(look)
        threshold = self._rules.taint_threshold if self._rules is not None else 6
        name_of = self._campaign.name_of if self._campaign is not None else str
        painter = Painter(self._style, self.lang, threshold, name_of)
        part = self._parts[index] if self._parts is not None else None
        entity = self._entities.get(key)
        return row_strip(
            painter, key, entity, part, width, base, current=key == self._current, marked=key in self._marked
        )

    def header_text(self, width: int) -> str:
        return header_text(self.lang, width)

    def on_resize(self) -> None:
        self.strips.clear()
        self._cursor_into_view()
        pane = self.parent
        if isinstance(pane, InitiativePane):
            pane.update_header()


class InitiativePane(Pane):
    """The fight's order, whose turn and the round (in the border), and the roster between fights."""

    TITLE_KEY = "pane.initiative"

    #: The last check's (journal position, entry, turn) while its result shows under the list.
    check_shown: tuple[int, object, object] | None = None

    def compose(self) -> ComposeResult:
        yield Static(t("init.hint", self.lang), id="initiative-hint", markup=False)
        yield InitiativeHeader("", id="initiative-header", markup=False)
        yield InitiativeList(id="initiative-list")
        result = Static("", id="initiative-result", markup=False)
        result.display = False
        yield result

    def on_mount(self) -> None:  # Pane.on_mount runs too (Textual calls each class's handler)
        self.watch(self.app, "journal_moves", lambda: self._check_still_shown(self.campaign), init=False)

    def show_check(self, outcome: Outcome, parts: str = "") -> None:
        """The check just applied (and the parts of its score), under the list, until the turn
        passes or it is undone."""
        done = gm(self).session.journal.done
        self.check_shown = (len(done) - 1, done[-1], self.turn_of(gm(self).campaign))
        result = self.query_one("#initiative-result", Static)
        text = outcome_text(outcome, self.lang)
        result.update(Content("\n").join([text, plain(parts)]) if parts else text)
        result.display = True

    @staticmethod
    def turn_of(campaign: Campaign) -> object:
        enc = campaign.encounter
        return None if enc is None else (enc.id, enc.round, enc.current)

    def _check_still_shown(self, campaign: Campaign) -> None:
        if self.check_shown is None:
            return
        position, entry, turn = self.check_shown
        done = gm(self).session.journal.done
        if len(done) <= position or done[position] is not entry or self.turn_of(campaign) != turn:
            self.check_shown = None
            self.query_one("#initiative-result", Static).display = False

    @property
    def list(self) -> InitiativeList:
        return self.query_one(InitiativeList)

    def campaign_changed(self, campaign: Campaign) -> None:
        self.list.update_campaign(campaign)
        self._check_still_shown(campaign)
        enc = campaign.encounter if campaign is not None else None
        lang = self.lang
        if enc is None:
            subtitle = t("init.no_fight", lang)
        else:
            current = self.list.entity(enc.current) if enc.current else None  # by key, not a scan
            name = current.name if current is not None else enc.current or ""
            de_name = de_turn(campaign, enc.current) if enc.current else ""
            who = t("init.turn", lang, name=name, de_name=de_name) if enc.current else t("init.no_turn", lang)
            subtitle = f"{t('init.round', lang, n=enc.round)} · {who}"
        self.set_subtitle(subtitle)
        hint = self.query_one("#initiative-hint", Static)
        empty = campaign is not None and not campaign.roster and not campaign.groups
        text = t("init.empty" if empty else "init.hint", lang)
        set_text(hint, text)
        if hint.display != (enc is None):
            hint.display = enc is None

    def selection_changed(self, key: str | None) -> None:
        self.list.select_key(key)

    def update_header(self) -> None:
        width = self.list.scrollable_content_region.width
        self.query_one(InitiativeHeader).update(self.list.header_text(width))

    def focus_main(self) -> None:
        focus_now(self.list)
