"""A checkbox whose state is text: ``[x]`` or ``[ ]``.

What Textual does: its ``Checkbox`` tells on from off by colour alone (a coloured ``X`` between
two half blocks).

Why it is patched: the colour is lost under ``NO_COLOR`` and muddy in 16 colours. This one writes
the state, and keeps the colour of the mark as a bonus, by overriding the private
``ToggleButton._button`` property. It is still a :class:`textual.widgets.Checkbox` (same
messages, and CSS written for ``Checkbox`` applies).

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from textual.content import Content
from textual.style import Style
from textual.widgets import Checkbox as _TextualCheckbox

__all__ = ["Checkbox"]


class Checkbox(_TextualCheckbox):
    """``[x] label`` when ticked, ``[ ] label`` when not, whatever the colours."""

    BUTTON_LEFT = "["
    BUTTON_INNER = "x"
    BUTTON_RIGHT = "]"

    @property
    def _button(self) -> Content:
        if not self.value:
            return Content("[ ]")
        colour = self.get_visual_style("toggle--button").foreground
        return Content.assemble("[", (self.BUTTON_INNER, Style(foreground=colour, bold=True)), "]")
