"""A list that paints its own lines (``ScrollView`` + ``render_line``) repaints only its rows.

What Textual does: ``Widget._on_focus`` and ``_on_blur`` repaint the whole widget; every
``refresh`` forgets the component styles looked up since the last one (``_rich_style_cache``);
after every layout of the screen ``ScrollView._size_updated`` compares the compositor's virtual
size (the visible region's) with the list's own (its rows), which differ as soon as the list
scrolls, and repaints the scrollbar.

Why it is patched: on the initiative list only the cursor's line changes with the focus (its
colours), yet the whole list went down the link (16 rows for each pane switch over SSH); the two
rows of a cursor move looked up about 20 component styles again; the scrollbar (800 bytes at
120x40) was repainted each time any text of any pane changed. :class:`RowRepaints` (mixed in
before ``ScrollView``) replaces those three: the focus repaints :meth:`repaint_cursor` (its
public ``on_focus`` / ``on_blur`` run before the widget's and prevent them), a refresh of regions
keeps the styles, an unchanged size does nothing.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from typing import Any, Self

from textual import events
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView


class RowRepaints(ScrollView):
    """See the module. A subclass implements :meth:`repaint_cursor`."""

    def repaint_cursor(self) -> None:
        """The focus came or went: repaint the cursor's row. Override."""

    def on_focus(self, event: events.Focus) -> None:
        event.prevent_default()
        self.has_focus = True
        self.repaint_cursor()
        if self.parent is not None:
            self.parent.post_message(events.DescendantFocus(self))

    def on_blur(self, event: events.Blur) -> None:
        event.prevent_default()
        self.has_focus = False
        self.repaint_cursor()
        if self.parent is not None:
            self.parent.post_message(events.DescendantBlur(self))

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False) -> Self:
        """Repainting rows keeps the component styles; a change of style refreshes the whole
        list (no regions)."""
        if not regions or layout or recompose:
            return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        cache = self._rich_style_cache
        styles = dict(cache)
        super().refresh(*regions, repaint=repaint)
        cache.update(styles)
        return self

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        seen = (size, self.virtual_size, container_size)
        if seen == getattr(self, "_sizes_seen", None):
            return False
        self._sizes_seen: Any = seen
        return super()._size_updated(size, virtual_size, container_size, layout)
