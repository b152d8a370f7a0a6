"""Repaint the lines that changed, not every line of every widget near them.

What Textual does: for a partial update (a cursor move, an HP change) its ``Compositor`` takes the
rectangle around every changed region and renders each widget that overlaps it *whole*: for a
cursor move on the initiative list (two rows) and the damage pane's target line, that was the
screen, the grid, four panes, the list's 16 rows and the result box, 19 rows of each, to send 3
lines.

Why it is patched: every one of those cells goes down the GM's SSH link. :class:`LinesCompositor`
renders, for each changed region, the rows of that region only, and skips the widgets hidden
behind what is already drawn there: the same lines, without the empty moves to cells it did not
change. It overrides ``Compositor.render_partial_update`` and reads ``_dirty_regions``,
``_regions_to_spans`` and ``cuts`` (``textual._compositor``).

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from itertools import pairwise

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip


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

    def render_partial_update(self) -> ChopsUpdate | None:
        screen_region = self.size.region
        update_regions = self._dirty_regions.copy()
        self._dirty_regions.clear()
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
