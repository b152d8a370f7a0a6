"""``?``: every key of the app, the screen and the focused widget."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tui.access import lang_of
from tui.commands.keys import Described, bindings
from tui.i18n import KEY_WORDS, t
from tui.textual_fixes.bindings import live_bindings

#: Textual's own keys (the app's, a screen's, a field's), which the help lists: their French.
TEXTUAL_FR = {
    "Quit": "Quitter",
    "Focus Next": "Champ suivant",
    "Focus Previous": "Champ précédent",
    "Copy selected text": "Copier le texte sélectionné",
    "Move cursor left": "Curseur à gauche",
    "Move cursor left and select": "Curseur à gauche en sélectionnant",
    "Move cursor left a word": "Un mot à gauche",
    "Move cursor left a word and select": "Un mot à gauche en sélectionnant",
    "Move cursor right or accept the completion suggestion": "Curseur à droite ou accepter la suggestion",
    "Move cursor right and select": "Curseur à droite en sélectionnant",
    "Move cursor right a word": "Un mot à droite",
    "Move cursor right a word and select": "Un mot à droite en sélectionnant",
    "Delete character left": "Effacer le caractère à gauche",
    "Select all": "Tout sélectionner",
    "Go to start": "Aller au début",
    "Go to end": "Aller à la fin",
    "Select line start": "Sélectionner jusqu'au début",
    "Select line end": "Sélectionner jusqu'à la fin",
    "Delete character right": "Effacer le caractère à droite",
    "Submit": "Valider",
    "Delete left to start of word": "Effacer jusqu'au début du mot",
    "Delete all to the left": "Tout effacer à gauche",
    "Delete right to start of word": "Effacer jusqu'au mot suivant",
    "Delete all to the right": "Tout effacer à droite",
    "Cut selected text": "Couper le texte sélectionné",
    "Paste text from the clipboard": "Coller le presse-papiers",
    "Show menu": "Ouvrir la liste",
    "Toggle": "Cocher / décocher",
    "Press button": "Appuyer sur le bouton",
    "Previous tab": "Onglet précédent",
    "Next tab": "Onglet suivant",
    "Down": "Descendre",
    "Up": "Monter",
    "Last": "Dernier",
    "First": "Premier",
    "Select": "Choisir",
    "Page Down": "Page suivante",
    "Page Up": "Page précédente",
    "Scroll Up": "Défiler vers le haut",
    "Scroll Down": "Défiler vers le bas",
    "Scroll Left": "Défiler à gauche",
    "Scroll Right": "Défiler à droite",
    "Scroll Home": "Défiler au début",
    "Scroll End": "Défiler à la fin",
    "Page Left": "Page à gauche",
    "Page Right": "Page à droite",
}


def textual_words(description: str, lang: str) -> str:
    """A Textual key's description in ``lang`` (the app's own keys are described as they are made)."""
    return TEXTUAL_FR.get(description, description) if lang == "fr" else description


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
                shown = KEY_WORDS[lang].get(self.app.get_key_display(binding), self.app.get_key_display(binding))
                rows.append(f"[b]{shown:>12}[/b]  {textual_words(binding.description, lang)}")
        if not any(action.endswith("command_palette") for action, _ in seen):
            rows.append(f"[b]{'ctrl+p':>12}[/b]  {t('help.palette', lang)}")
        return "\n".join(rows)

    def action_dismiss(self) -> None:  # type: ignore[override]  # closing the help gives no result
        self.dismiss(None)
