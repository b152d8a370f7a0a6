"""``?``: every key of the app, the screen and the focused widget."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from core.breakdown import Lang
from tui.access import lang_of
from tui.commands.keys import Described, bindings
from tui.i18n import catalogue, key_word, t
from tui.textual_fixes.bindings import live_bindings

#: Textual's own keys (the app's, a screen's, a field's), which the help lists: their English
#: description (Textual's) → the catalogue's ``help.textual.…`` key that says it in either language.
TEXTUAL: dict[str, str] = {text: key for key, text in catalogue()["en"].items() if key.startswith("help.textual.")}


def textual_words(description: str, lang: Lang) -> str:
    """A Textual key's description in ``lang`` (the app's own keys are described as they are made)."""
    key = TEXTUAL.get(description)
    return t(key, lang) if key is not None else description


class HelpScreen(Described, ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = bindings("help")

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(self._keys(), id="help-text")

    def _keys(self) -> str:
        screen = self.app.screen_stack[-2] if len(self.app.screen_stack) > 1 else self.app.screen
        rows: list[str] = []
        seen: set[tuple[str, str]] = set()
        lang = lang_of(self)
        nodes = [screen.focused, *(screen.focused.ancestors_with_self if screen.focused else ()), screen, self.app]
        for node in nodes:
            if node is None:
                continue
            for _key, binding in live_bindings(node):  # the keys of the GM's keymap.toml
                if binding.system or not binding.description:
                    continue
                # One row per action: ``A`` and ``shift+a`` (the same key), ``^p`` and ``ctrl+p``.
                if (binding.action, binding.description) in seen:
                    continue
                seen.add((binding.action, binding.description))
                shown = key_word(self.app.get_key_display(binding), lang)
                rows.append(f"[b]{shown:>12}[/b]  {textual_words(binding.description, lang)}")
        if not any(action.endswith("command_palette") for action, _ in seen):
            rows.append(f"[b]{'ctrl+p':>12}[/b]  {t('help.palette', lang)}")
        return "\n".join(rows)

    def action_dismiss(self) -> None:  # type: ignore[override]  # closing the help gives no result
        self.dismiss(None)
