"""``?``: every key of the app, the screen and the focused widget."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.keymap import with_keymap


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "dismiss", "Close", id="help-close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(self._keys(), id="help-text")

    def _keys(self) -> str:
        screen = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else self.app.screen
        rows: list[str] = []
        seen: set[tuple[str, str]] = set()
        nodes = [screen.focused, *(screen.focused.ancestors_with_self if screen.focused else ()), screen, self.app]
        for node in nodes:
            if node is None:
                continue
            for _key, binding in with_keymap(node):  # the keys of the GM's keymap.toml
                if binding.system or not binding.description:
                    continue
                shown = self.app.get_key_display(binding)
                if (shown, binding.description) in seen:
                    continue
                seen.add((shown, binding.description))
                rows.append(f"[b]{shown:>12}[/b]  {binding.description}")
        rows.append(f"[b]{'ctrl+p':>12}[/b]  command palette")
        return "\n".join(rows)

    def action_dismiss(self) -> None:  # type: ignore[override]  # closing the help gives no result
        self.dismiss(None)
