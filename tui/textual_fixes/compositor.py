"""Repaint the lines that changed, not every line of every widget near them.

What Textual does: for a partial update (a cursor move, an HP change) its ``Compositor`` takes the
rectangle around every changed region and renders each widget that overlaps it *whole*: for a
cursor move on the initiative list (two rows) and the damage pane's target line, that was the
screen, the grid, four panes, the list's 16 rows and the result box, 19 rows of each, to send 3
lines.

Why it is patched: every one of those cells goes down the GM's SSH link. :class:`LinesCompositor`
renders, for each changed region, the rows of that region only, and skips the widgets hidden
behind what is already drawn there: the same lines, without the empty moves to cells it did not
change. It overrides ``Compositor.render_partial_update`` and reads ``_dirty_regions`` and
``_regions_to_spans`` (``textual._compositor``, a private module).

It also serves :class:`~tui.textual_fixes.first_frame.SettledFirstFrame`: while :attr:`held`, a
partial update draws nothing (the screen is laid out, not drawn); and a repaint of widgets not
on screen is dropped (:meth:`LinesCompositor.update_widgets`): Textual takes such a widget for a
new one and rebuilds its map of every widget, hidden ones included, before the next paint,
though a repaint moves nothing (showing the widget lays it out and paints it anew).

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from rich.console import RenderableType
from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip

if TYPE_CHECKING:
    from textual.screen import Screen
    from textual.widget import Widget


def stacked(regions: list[Region]) -> list[Region]:
    """``regions`` with those of the same columns on touching rows made one (the two rows of a
    cursor move): one pass over the widgets instead of two."""
    merged: list[Region] = []
    for region in sorted(regions, key=lambda r: (r.x, r.width, r.y)):
        last = merged[-1] if merged else None
        if last is not None and (last.x, last.width) == (region.x, region.width) and region.y <= last.bottom:
            merged[-1] = last.union(region)
        else:
            merged.append(region)
    return merged


class LinesCompositor(Compositor):
    """Textual's compositor, rendering a partial update one changed region at a time: each
    widget on the rows of that region only, and not at all when the widgets in front of it
    already cover those rows (the screen, the grid and the panes behind a changed line)."""

    #: While true a partial update draws nothing and forgets what changed (a full one, a
    #: screenshot, still draws).
    held = False

    def take_dirty_regions(self) -> set[Region]:
        """The regions changed since the last paint, forgotten here."""
        dirty = self._dirty_regions
        taken = dirty.copy()
        dirty.clear()
        return taken

    def update_widgets(self, widgets: set[Widget]) -> None:
        """Textual's, for the widgets on screen only: a repaint of one not on screen is dropped."""
        super().update_widgets(widgets & self.visible_widgets.keys())

    def render_update(
        self, full: bool = False, screen_stack: list[Screen[object]] | None = None, simplify: bool = False
    ) -> RenderableType | None:
        if self.held and not full:
            self.take_dirty_regions()
            return None
        return super().render_update(full, screen_stack, simplify)

    def render_partial_update(self) -> ChopsUpdate | None:
        screen_region = self.size.region
        update_regions = self.take_dirty_regions()
        crops = stacked([crop for region in update_regions if (crop := region.intersection(screen_region))])
        if not crops:
            return None
        spans = list(self._regions_to_spans(update_regions))
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in self.cuts]
        for crop in crops:
            self._render_rows(crop, chops)
        chop_ends = [cut_set[1:] for cut_set in self.cuts]
        return ChopsUpdate(chops, spans, chop_ends)

    def _render_rows(self, crop: Region, chops: list[dict[int, Strip | None]]) -> None:
        """Fill ``chops`` on the rows of ``crop``, front to back as Textual's ``_render_chops``
        does (the first strip for a cut wins), rendering only what is still to fill."""
        cuts = self.cuts
        rows = Region(0, crop.y, max(self.size.width, crop.right), crop.height)
        overlaps = crop.overlaps
        top, bottom = crop.y, crop.bottom
        for widget, (region, clip) in self.visible_widgets.items():
            if region.y >= bottom or region.bottom <= top or not overlaps(clip):
                continue  # not on these rows (most widgets: checked without making regions)
            render_region = region.intersection(clip).intersection(rows)
            if not overlaps(render_region):
                continue  # not in the changed columns (the widget's full width is rendered)
            first_cut, last_cut = render_region.column_span
            own_cuts = [[cut for cut in cuts[y] if last_cut >= cut >= first_cut] for y in render_region.line_range]
            if all(
                chops[y][cut] is not None
                for y, line_cuts in zip(render_region.line_range, own_cuts, strict=True)
                for cut, end in pairwise(line_cuts)
                if cut < crop.right and end > crop.x
            ):
                continue  # hidden behind what is already drawn in the changed columns
            x = render_region.x
            strips = widget.render_lines(
                Region(x - region.x, render_region.y - region.y, render_region.width, render_region.height)
            )
            for y, strip, line_cuts in zip(render_region.line_range, strips, own_cuts, strict=True):
                line = chops[y]
                pieces = strip.divide([cut - x for cut in line_cuts[1:]])
                for (cut, end), piece in zip(pairwise(line_cuts), pieces, strict=False):
                    # only in the changed columns: a widget in front of this one elsewhere on the
                    # row was not looked at for this region, and must win there in its own
                    if cut < crop.right and end > crop.x and line.get(cut) is None:
                        line[cut] = piece
