"""A selection list whose rows say ``[x]`` or ``[ ]``.

What Textual does: ``SelectionList`` draws each row's state as a ``ToggleButton`` (a coloured
``X`` between two half blocks, the characters of ``ToggleButton``, ``Checkbox``'s base) and tells
ticked from not by colour alone.

Why it is patched: the colour is lost under ``NO_COLOR``, as with the app's checkboxes
(:mod:`tui.textual_fixes.checkbox`). :class:`TickList` rewrites the button's three segments of
each painted row as ``[x]`` / ``[ ]`` (from the public ``selected``).

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.strip import Strip
from textual.widgets import Checkbox, SelectionList
from textual.widgets.option_list import OptionDoesNotExist


class TickList(SelectionList[str]):
    """A :class:`~textual.widgets.SelectionList` whose rows say ``[x]`` or ``[ ]``."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        try:
            selection = self.get_option_at_index(round(self.scroll_offset.y) + y)
        except OptionDoesNotExist:
            return strip
        segments = list(strip)
        for i, segment in enumerate(segments[:-2]):
            if segment.text == Checkbox.BUTTON_LEFT and segments[i + 1].text == Checkbox.BUTTON_INNER:
                style = segments[i + 1].style
                mark = "x" if selection.value in self.selected else " "
                segments[i : i + 3] = [Segment("[", style), Segment(mark, style), Segment("]", style)]
                break
        return Strip(segments, strip.cell_length)
