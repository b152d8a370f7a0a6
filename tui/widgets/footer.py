"""The main screen's footer: Textual's, rebuilt only when the keys it shows change."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


def shown_keys(screen: Screen) -> tuple[object, ...]:
    """What the footer draws for ``screen``: each shown binding's key, label, state and tip."""
    return tuple(
        (binding.key, binding.action, str(binding.description), enabled, tooltip)
        for (_node, binding, enabled, tooltip) in screen.active_bindings.values()
        if binding.show or binding.action == "app.command_palette"
    )


class KeysFooter(Footer):
    """Textual's ``Footer`` rebuilds itself (a new widget per key, a layout of the screen, the
    row sent again) every time the bindings are refreshed: two or three times for one focus
    change, usually with the same keys. This one rebuilds when what it shows changed."""

    _composed: tuple[object, ...] | None = None

    def bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen and self._composed is not None:
            if shown_keys(screen) == self._composed:
                self._bindings_ready = True
                return
        super().bindings_changed(screen)

    def compose(self):
        if self._bindings_ready:
            self._composed = shown_keys(self.screen)
        return super().compose()
