"""The main screen's footer: one widget drawing the row of keys Textual's ``Footer`` draws.

Textual's ``Footer`` is a container of one ``FooterKey`` widget per key (26 widgets at 120x40),
rebuilt every time the screen's bindings are refreshed, each key styled twice as it mounts (it
is made compact, then not). :class:`KeysFooter` draws the same row, cell for cell and style for
style, from a list of keys: nothing is mounted when the keys change, the row is redrawn, and
only when what it shows changed.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.geometry import Size
from textual.screen import Screen
from textual.strip import Strip

from tui.messages import look_later
from tui.textual_fixes.wheel import SidewaysWheel


def shown_keys(screen: Screen[Any]) -> tuple[object, ...]:
    """What the footer draws for ``screen``: each shown binding's key, label, state and tip."""
    return tuple(
        (binding.key, binding.action, str(binding.description), enabled, tooltip)
        for (_node, binding, enabled, tooltip) in screen.active_bindings.values()
        if binding.show or binding.action == "app.command_palette"
    )


class FooterItem(NamedTuple):
    """One key of the row, as Textual's ``FooterKey`` shows it."""

    key: str
    display: str
    description: str
    enabled: bool
    tooltip: str
    action: str = ""

    def parts(self, palette: bool) -> tuple[str, str]:
        """The key's text and its description's: `` k `` and ``label `` (the palette's key is
        compact: ``^p`` and `` palette``); a key without a description is its key alone."""
        if not self.description:
            return self.display, ""
        if palette:
            return self.display, " " + self.description
        return f" {self.display} ", self.description + " "

    def width(self, palette: bool) -> int:
        key, description = self.parts(palette)
        return cell_len(key) + cell_len(description)


def footer_items(screen: Screen[Any]) -> tuple[tuple[FooterItem, ...], FooterItem | None]:
    """The keys Textual's ``Footer`` shows for ``screen`` (one per action, the first binding
    of each), and the command palette's key docked on the right (``None`` if not shown).

    Textual's ``Footer`` draws the keys of a ``Binding.Group`` together under the group's
    label; no binding of this app has a group, so a grouped key is drawn as any other."""
    app = screen.app
    active = screen.active_bindings
    items: dict[str, FooterItem] = {}
    for _node, binding, enabled, tooltip in active.values():
        if binding.show and binding.action not in items:
            items[binding.action] = FooterItem(
                binding.key, app.get_key_display(binding), str(binding.description), enabled, tooltip, binding.action
            )
    palette = None
    if app.ENABLE_COMMAND_PALETTE and app.COMMAND_PALETTE_BINDING in active:
        _node, binding, enabled, _tooltip = active[app.COMMAND_PALETTE_BINDING]
        palette = FooterItem(
            binding.key,
            app.get_key_display(binding),
            str(binding.description),
            enabled,
            binding.tooltip or str(binding.description),
        )
    return tuple(items.values()), palette


#: What the mouse is over: a key's index, :data:`PALETTE`, :data:`HELP`, or ``None``.
PALETTE = -1
HELP = -2


class KeysFooter(SidewaysWheel, can_focus=False, can_focus_children=False):
    """The screen's shown keys on one row, drawn by this one widget (see the module).

    As Textual's ``Footer``: a click on a key presses it (a bell if it is disabled), the key
    under the mouse is highlighted and gives its tooltip, the wheel scrolls the keys sideways
    when they do not fit, the command palette's key stays on the right, and the help's key
    (``? Keys``) just before it, so that an 80-column row still shows both."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "keys-footer--key",
        "keys-footer--description",
        "keys-footer--item",
        "keys-footer--hover",
        "keys-footer--disabled",
        "keys-footer--palette",
    }
    DEFAULT_CSS = """
    KeysFooter {
        color: $footer-foreground;
        background: $footer-background;
        dock: bottom;
        height: 1;
        scrollbar-size: 0 0;
        overflow-y: hidden;
        & > .keys-footer--item {
            background: $footer-item-background;
        }
        & > .keys-footer--hover {
            background: $block-hover-background;
        }
        & > .keys-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        & > .keys-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        & > .keys-footer--disabled {
            text-style: dim;
        }
        & > .keys-footer--palette {
            border-left: vkey $foreground 20%;
        }
    }
    """

    #: The actions of the help's key, docked on the right before the palette's however narrow
    #: the row: the help lists every key the row has no room for (empty: Textual's row).
    HELP_ACTIONS: frozenset[str] = frozenset({"help", "app.help"})

    #: The keys shown, left to right, and the palette's.
    items: tuple[FooterItem, ...] = ()
    palette: FooterItem | None = None
    #: The help's key, drawn on the right before the palette's (``None``: not shown).
    help: FooterItem | None = None
    #: What :func:`shown_keys` gave when the row was last built (``None``: not built yet).
    _shown: tuple[object, ...] | None = None
    #: The key under the mouse (an index into :attr:`items`, :data:`PALETTE`) or ``None``.
    _hover: int | None = None
    #: Where the mouse is on the row (``None``: not over the footer).
    _mouse_x: int | None = None

    @property
    def allow_horizontal_scroll(self) -> bool:
        """Whether the keys scroll sideways: they do not fit. (Textual's answer reads the
        scrollbar's state, set by a layout: the row's length changes without one.)"""
        return self.max_scroll_x > 0

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        """The screen's bindings were refreshed: the row is rebuilt if the keys changed (after
        the next frame when a form gave the focus back: :func:`tui.messages.look_later`)."""
        if not look_later(self, lambda: self.show_keys(screen)):
            self.show_keys(screen)

    def show_keys(self, screen: Screen[Any]) -> None:
        """Rebuild the row if the screen's keys changed."""
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        shown = shown_keys(screen)
        if shown == self._shown:
            return
        self._shown = shown
        items, self.palette = footer_items(screen)
        self.help = next((item for item in items if item.action in self.HELP_ACTIONS), None)
        self.items = tuple(item for item in items if item is not self.help)
        # The row's length, for the sideways scrolling: the footer's size stays (one row, docked),
        # so no layout (setting ``virtual_size`` lays the whole screen out: twice per ``x ⏎``,
        # when a form took the focus and gave it back). A scroll past the new end comes back.
        self.set_reactive(
            KeysFooter.virtual_size, Size(sum(item.width(False) for item in self.items) + self.palette_width, 1)
        )
        if self.scroll_x > self.max_scroll_x:
            self.scroll_to(x=self.max_scroll_x, animate=False, force=True, immediate=True)
        self._hover = None
        self._set_hover(None if self._mouse_x is None else self.item_at(self._mouse_x))
        self.refresh()

    @property
    def help_width(self) -> int:
        """The help key's cells, drawn as any key."""
        return 0 if self.help is None else self.help.width(False)

    @property
    def palette_width(self) -> int:
        """The cells docked on the right: the help's key, then the palette's (its left border,
        its text, its right padding)."""
        palette = 0 if self.palette is None else 1 + self.palette.width(True) + 1
        return self.help_width + palette

    # -- drawing -------------------------------------------------------------------------------
    #: The styles worked out during one :meth:`render_line`, by (enabled, hover): the same for
    #: every key of the row (working them out for each of its 26 keys was 2 ms per row).
    _styles_now: dict[tuple[bool, bool], tuple[Style, Style, Style]] | None = None

    def _item_styles(self, item: FooterItem, hover: bool) -> tuple[Style, Style, Style]:
        """(key, description, item) Rich styles of a key, composited as Textual's styles would
        be for a ``FooterKey`` in the footer (item over the footer, hover over the item, the
        key's and description's colours over that)."""
        memo = self._styles_now
        if memo is None:
            return self._work_out_styles(item.enabled, hover)
        styles = memo.get((item.enabled, hover))
        if styles is None:
            styles = memo[item.enabled, hover] = self._work_out_styles(item.enabled, hover)
        return styles

    def _work_out_styles(self, enabled: bool, hover: bool) -> tuple[Style, Style, Style]:
        _base, background = self.background_colors
        background += self.get_component_styles("keys-footer--item").background
        if hover:
            background += self.get_component_styles("keys-footer--hover").background
        text_style = Style() if enabled else self.get_component_styles("keys-footer--disabled").text_style
        styles = []
        for name in ("keys-footer--key", "keys-footer--description"):
            component = self.get_component_styles(name)
            under = background + component.background
            colours = Style(color=(under + component.color).rich_color, bgcolor=under.rich_color)
            styles.append(text_style + component.text_style + colours)
        return styles[0], styles[1], Style(bgcolor=background.rich_color)

    def _item_segments(self, item: FooterItem, hover: bool, palette: bool = False) -> list[Segment]:
        key_style, description_style, _item_style = self._item_styles(item, hover)
        key, description = item.parts(palette)
        segments = [Segment(key, key_style)]
        if description:
            segments.append(Segment(description, description_style))
        return segments

    def _palette_segments(self) -> list[Segment]:
        assert self.palette is not None
        hover = self._hover == PALETTE
        _key, _description, item_style = self._item_styles(self.palette, hover)
        _border, border_colour = self.get_component_styles("keys-footer--palette").border_left
        _base, background = self.background_colors
        border = Style(color=(background + border_colour).rich_color, bgcolor=item_style.bgcolor)
        return [
            Segment("▏", border),
            *self._item_segments(self.palette, hover, palette=True),
            Segment(" ", item_style),
        ]

    def _key_spans(self) -> list[tuple[int, int]]:
        """Where each key lies on the row, before scrolling: (start, end) cells."""
        spans, x = [], 0
        for item in self.items:
            width = item.width(False)
            spans.append((x, x + width))
            x += width
        return spans

    def render_line(self, y: int) -> Strip:
        self._styles_now = {}
        try:
            return self._render_row(y)
        finally:
            self._styles_now = None

    def _render_row(self, y: int) -> Strip:
        width = self.size.width
        _base, background = self.background_colors
        if y or not width:
            return Strip.blank(width, Style(bgcolor=background.rich_color))
        scroll_x = self.scroll_offset.x
        room = max(0, width - self.palette_width)
        keys = Strip(
            [
                segment
                for index, item in enumerate(self.items)
                for segment in self._item_segments(item, index == self._hover)
            ]
        )
        keys = keys.crop(scroll_x, scroll_x + room)
        if keys.cell_length < room:
            keys = Strip([*keys, Segment(" " * (room - keys.cell_length), Style(bgcolor=background.rich_color))])
        if self.help is not None:
            keys = Strip([*keys, *self._item_segments(self.help, self._hover == HELP)])
        if self.palette is None:
            return keys
        # The palette's key was drawn over the keys scrolled under it: the screen cut its row
        # where each of those began and ended. The same cuts give the same segments.
        room += self.help_width
        cuts = sorted(
            {
                min(max(edge - scroll_x, room), width) - room
                for start, end in self._key_spans()
                if start - scroll_x < width and end - scroll_x > 0
                for edge in (start, end)
            }
            | {0, self.palette_width - self.help_width}
        )
        palette = Strip(self._palette_segments()).crop(0, width - room)
        pieces = palette.divide([cut for cut in cuts if cut > 0])
        return Strip([*keys, *(segment for piece in pieces for segment in piece)])

    # -- the mouse -----------------------------------------------------------------------------
    def item_at(self, x: int) -> int | None:
        """The key at ``x`` cells from the footer's left edge (:data:`PALETTE`, or ``None``)."""
        room = self.size.width - self.palette_width
        if self.help is not None and room <= x < room + self.help_width:
            return HELP
        if self.palette is not None and room + self.help_width <= x < self.size.width:
            return PALETTE
        if not 0 <= x < room:
            return None
        x += self.scroll_offset.x
        for index, (start, end) in enumerate(self._key_spans()):
            if start <= x < end:
                return index
        return None

    def _item(self, index: int | None) -> FooterItem | None:
        if index is None:
            return None
        if index == HELP:
            return self.help
        return self.palette if index == PALETTE else self.items[index]

    def _set_hover(self, index: int | None) -> None:
        if index != self._hover:
            self._hover = index
            item = self._item(index)
            self.tooltip = item.tooltip if item is not None and item.tooltip else None
            self.styles.pointer = "default" if item is None else "pointer"  # a key is a button
            if self.app.mouse_over is self:
                self.screen.update_pointer_shape()
            self.refresh()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._mouse_x = event.x
        self._set_hover(self.item_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._mouse_x = None
        self._set_hover(None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        item = self._item(self.item_at(event.x))
        if item is None:
            return
        if item.enabled:
            self.app.simulate_key(item.key)
        else:
            self.app.bell()

    def watch_scroll_x(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_x(old_value, new_value)
        if self._mouse_x is not None:  # the key under the mouse is another one
            self._set_hover(self.item_at(self._mouse_x))
