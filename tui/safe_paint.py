"""The last guard between a name and the terminal: a line filter that drops, from every painted
line, the characters a terminal would obey (C0 controls, DEL, C1, bidi overrides and isolates).

Names reach the screen through :mod:`tui.safe` (escapes made visible, never markup); this filter
catches what a widget shows as it is: an input holding a name to edit, the command palette's
hits, a line of the players' view. Those characters are all zero cells wide, so dropping them
leaves every line its width.
"""

from __future__ import annotations

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

from tui.safe import UNSAFE_IN_LINE


class DropControls(LineFilter):
    """Removes terminal controls from the text of painted segments (styles are kept)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        line = "".join([segment.text for segment in segments])
        if line.isprintable() or UNSAFE_IN_LINE.search(line) is None:  # the first test is the quick one
            return segments
        return [Segment(UNSAFE_IN_LINE.sub("", text), style, control) for text, style, control in segments]


#: One filter serves every app (it holds no state).
DROP_CONTROLS = DropControls()
