"""The scored-breakdown view of the form kit: the lines a calculator writes under its fields — a
summary, a verdict that reads as done or refused, the breakdown — each updated only when its
text changes (one HP change elsewhere repaints nothing here)."""

from __future__ import annotations

from collections.abc import Iterable

from textual.widget import Widget
from textual.widgets import Static

from tui.safe import plain
from tui.spells.description import Scored


class ScoredView:
    """The lines ``{prefix}-{name}`` of ``node``: :meth:`show` writes a :class:`Scored` on them.
    ``verdict``: the line that reads as done (``-ok``) or refused (``-refused``); ``hide_empty``:
    the lines that take no room while they say nothing."""

    def __init__(self, node: Widget, prefix: str, verdict: str, hide_empty: Iterable[str] = ()) -> None:
        self.node, self.prefix, self.verdict = node, prefix, verdict
        self.hide_empty = frozenset(hide_empty)
        self._shown: dict[str, str] = {}

    def line(self, name: str) -> Static:
        return self.node.query_one(f"#{self.prefix}-{name}", Static)

    def show(self, scored: Scored) -> None:
        for name, text in scored.lines.items():
            self.write(name, text)
        if scored.ok is not None:
            verdict = self.line(self.verdict)
            verdict.set_class(scored.ok, "-ok")
            verdict.set_class(not scored.ok, "-refused")

    def write(self, name: str, text: str) -> None:
        """Line ``name`` says ``text`` (plain text: names in it are data), if it did not already."""
        if self._shown.get(name) == text:
            return
        self._shown[name] = text
        line = self.line(name)
        line.update(plain(text))
        if name in self.hide_empty:
            line.display = bool(text)
