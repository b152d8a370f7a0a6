"""A character chooser that changes its label without laying the screen out.

What Textual does: ``Select`` shows a new value with ``Static.update``, a layout of the whole
screen (about 180 widgets here) even when the label's size cannot change, and builds the list of
its options for each Select as it is composed.

Why it is patched: each cursor move on the initiative list laid the screen out once per Select
following the selection, and a big fight built 5,000 options per Select at start-up.
:class:`Chooser` is the same Select (same keys, look and messages) whose label is updated in
place when its box keeps its size, and whose list of options is built when first opened. It
imports ``SelectCurrent``, ``SelectOverlay`` and ``NoSelection`` from ``textual.widgets._select``,
overrides ``Select._setup_options_renderables`` and ``Select._watch_expanded`` and reads
``Select._options`` (the options, as the list shows them).

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from textual.widget import Widget
from textual.widgets import Select, Static
from textual.widgets._select import NoSelection, SelectCurrent, SelectOverlay, SelectType

if TYPE_CHECKING:
    from textual.app import ComposeResult


def keeps_its_size(widget: Widget) -> bool:
    """Whether ``widget``, whose content has just changed (refreshed without a layout), keeps the
    size the last layout gave it: true when it is hidden (in a form not shown: showing it lays it
    out) or when its width is not its content's and its content's height at its width is the one
    it has (an empty text shown, zero high, grows: false)."""
    if any(not node.display for node in widget.ancestors_with_self if isinstance(node, Widget)):
        return True
    if not widget.region.area:
        return False
    styles = widget.styles
    if styles.width is not None and styles.width.is_auto:
        return False
    if styles.height is not None and styles.height.is_auto:
        size = widget.content_region.size
        return widget.get_content_height(widget.container_size, widget.app.size, size.width) == size.height
    return True


class ChooserCurrent(SelectCurrent):
    """The Select's current value: a new label repaints the label, a layout only if its size
    (or the Select's, when sized by its content) can change."""

    def update(self, label: RenderableType | NoSelection) -> None:
        self.label = label
        self.has_value = label is not Select.NULL
        shown = self.query_one("#label", Static)
        shown.update(self.placeholder if isinstance(label, NoSelection) else label, layout=False)
        select = self.parent
        sized_by_content = any(
            w.styles.width is not None and w.styles.width.is_auto for w in (self, select) if isinstance(w, Widget)
        )
        if sized_by_content or not keeps_its_size(shown):
            shown.refresh(layout=True)


class Chooser(Select[SelectType]):
    """A :class:`~textual.widgets.Select` (same keys, look and messages) that lays nothing out
    when its value changes and builds its list of options when first opened."""

    _overlay_built = False

    def __init__(self, *args: Any, type_to_search: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, type_to_search=type_to_search, **kwargs)
        self.searches = type_to_search

    def compose(self) -> ComposeResult:
        yield ChooserCurrent(self.prompt)
        yield SelectOverlay(type_to_search=self.searches).data_bind(compact=Select.compact)

    def _setup_options_renderables(self) -> None:
        """The options are put in the list when it opens (see ``_watch_expanded``)."""
        self._overlay_built = False
        if self.expanded:
            self._build_overlay()

    def _build_overlay(self) -> None:
        self._overlay_built = True
        super()._setup_options_renderables()
        if self.value is not self.NULL:
            for index, (_, value) in enumerate(self._options):
                if value == self.value:
                    self.query_one(SelectOverlay).highlighted = index
                    break

    def _watch_expanded(self, expanded: bool) -> None:
        if expanded and not self._overlay_built:
            self._build_overlay()
        super()._watch_expanded(expanded)
