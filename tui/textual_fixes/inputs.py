"""A one-line field of fixed size takes a new value without laying the screen out.

What Textual does: ``Input._watch_value`` sets the field's scroll width to the text's with a
layout of the whole screen, each time the value changes.

Why it is patched: the forms' number fields are of fixed size (one line high, their width set in
CSS); a form filled in as the cursor moves laid the screen out once per field. :class:`FixedSizeInput`
(mixed in before ``Input``) sets only the new virtual width first, then lets ``Input`` do the rest.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Input


class FixedSizeInput(Input):
    def _watch_value(self, value: str) -> None:
        if not self.styles.auto_dimensions:
            self.set_reactive(Widget.virtual_size, Size(self.content_width, 1))
        super()._watch_value(value)
