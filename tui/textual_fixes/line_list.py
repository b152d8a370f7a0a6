"""A list that paints its own lines (``ScrollView`` + ``render_line``) repaints only its rows.

What Textual does: ``Widget._on_focus`` and ``_on_blur`` repaint the whole widget; every
``refresh`` forgets the component styles looked up since the last one (``_rich_style_cache``);
``Widget.watch_has_focus`` restyles the widget whenever the focus comes or goes, its component
classes one by one (the initiative list has twelve), whether or not a rule of the stylesheet
looks at the focus; after every layout of the screen ``ScrollView._size_updated`` compares the compositor's virtual
size (the visible region's) with the list's own (its rows), which differ as soon as the list
scrolls, and repaints the scrollbar.

Why it is patched: on the initiative list only the cursor's line changes with the focus (its
colours), yet the whole list went down the link (16 rows for each pane switch over SSH); the two
rows of a cursor move looked up about 20 component styles again; the list's restyle was about a
third of the Enter that applies a damage form (its component classes looked up again, twice: the
form taking the focus and giving it back), for the same styles; the scrollbar (800 bytes at
120x40) was repainted each time any text of any pane changed. :class:`RowRepaints` (mixed in
before ``ScrollView``) replaces those three: the focus repaints :meth:`repaint_cursor` (its
public ``on_focus`` / ``on_blur`` run before the widget's and prevent them), a refresh of regions
keeps the styles, the focus restyles the list only when a rule of the stylesheet names the focus
of a type the list is (:func:`focus_styled`: ``OptionList:focus`` styles an ``OptionList``, not
this list), an unchanged size does nothing.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from typing import Any, Self

from textual import events
from textual.css.model import CombinatorType, Selector, SelectorType
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView

FOCUS = frozenset({"focus", "focus-within", "blur"})


def focus_styled(stylesheet: Stylesheet, node: DOMNode) -> bool:
    """Whether a rule of ``stylesheet`` may style ``node`` (or its parts) by its focus: a rule
    naming the focus on a compound selector that may be ``node`` (each type it names is ``node``'s
    or one it inherits; a class, an id or ``*`` may be anything: only a type of another kind rules
    a compound out). Where none may, the focus coming or going changes none of its styles."""
    names = {cls.__name__ for cls in type(node).__mro__}
    for rule in stylesheet.rules:
        if FOCUS.isdisjoint(rule.pseudo_classes):
            continue
        for selector_set in rule.selector_set:
            compounds: list[list[Selector]] = []
            for selector in selector_set.selectors:  # ``Input.-invalid:focus``: one compound
                if compounds and selector.combinator == CombinatorType.SAME:
                    compounds[-1].append(selector)
                else:
                    compounds.append([selector])
            for compound in compounds:
                if all(FOCUS.isdisjoint(part.pseudo_classes) for part in compound):
                    continue
                if all(part.type != SelectorType.TYPE or part.name in names for part in compound):
                    return True
    return False


class RowRepaints(ScrollView):
    """See the module. A subclass implements :meth:`repaint_cursor`."""

    def repaint_cursor(self) -> None:
        """The focus came or went: repaint the cursor's row. Override."""

    def watch_has_focus(self, has_focus: bool) -> None:
        """Restyle for the focus only when a rule looks at it (see :func:`focus_styled`)."""
        stylesheet = self.app.stylesheet
        seen = (id(stylesheet), len(stylesheet.rules))  # the rules change with a theme or a reload
        if getattr(self, "_focus_rules_seen", None) != seen:
            self._focus_rules_seen: Any = seen
            self._focus_styled = focus_styled(stylesheet, self)
        if self._focus_styled:
            super().watch_has_focus(has_focus)

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
