"""A Static that keeps the cells of the last texts it showed.

What Textual does: a ``Static`` lays its text out in cells anew each time it renders it.

Why it is patched: a line that follows the cursor (the damage pane's targets) shows the same few
texts again and again as the GM goes back and forth between combatants, and that layout was a
third of a cursor move's paint. :class:`RecentStatic` looks the cells up first. It overrides
``Widget._render_content`` and sets ``_render_cache`` (a ``textual.widget._RenderCache``) and
``_dirty_regions`` as that method does.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from typing import Any

from textual.strip import Strip
from textual.visual import Visual
from textual.widget import _RenderCache
from textual.widgets import Static


class RecentStatic(Static):
    """A :class:`~textual.widgets.Static` that remembers the lines of its ``RECENT`` last
    renderings, by text, size and style."""

    RECENT = 16

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._recent: dict[object, list[Strip]] = {}

    def _render_content(self) -> None:
        width, height = self.size
        visual = self._render()
        style = self.visual_style
        key = (visual, width, height, style)
        strips = self._recent.pop(key, None)
        if strips is None:
            strips = Visual.to_strips(self, visual, width, height, style)
            if len(self._recent) >= self.RECENT:
                del self._recent[next(iter(self._recent))]  # the one shown longest ago
        self._recent[key] = strips  # last in: the most recent
        self._render_cache = _RenderCache(self.size, strips)
        self._dirty_regions.clear()

    def notify_style_update(self) -> None:
        self._recent.clear()
        super().notify_style_update()
