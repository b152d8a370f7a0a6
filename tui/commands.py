"""Command palette providers, per screen (``Screen.COMMANDS``): the main screen offers every GM
action and every combatant by name, the sheet and the log what their keys do. Each command shows
the key that does the same (the GM's keymap applied), never an action's internal name."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING

from textual.actions import parse
from textual.command import DiscoveryHit, Hit, Hits, Provider

from core.breakdown import Lang
from tui.access import gm, lang_of
from tui.i18n import pick, register, t
from tui.safe import visible
from tui.textual_fixes.bindings import own_bindings

if TYPE_CHECKING:
    from textual.app import SystemCommand
    from textual.screen import Screen

#: (action name on the app or the screen, i18n key or label en, label fr)
GM_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("app.undo", "Undo the last action", "Annuler la dernière action"),
    ("app.redo", "Redo", "Rétablir"),
    ("app.log", "Show the combat log", "Afficher le journal de combat"),
    ("app.help", "List every key", "Lister toutes les touches"),
    ("screen.pane('initiative')", "Go to the initiative pane", "Aller au volet initiative"),
    ("screen.pane('mass')", "Go to the mass combat pane", "Aller au volet combat de masse"),
    ("screen.pane('damage')", "Go to the damage pane", "Aller au volet dégâts"),
    ("screen.pane('spell')", "Go to the spell cost pane", "Aller au volet coût de sort"),
    ("screen.add_character", "Add a character", "Ajouter un personnage"),
    ("screen.add_group", "Add a mook group", "Ajouter un groupe de sbires"),
    ("screen.edit_selected", "Edit the selected character or group", "Modifier le personnage ou groupe sélectionné"),
    ("screen.remove_selected", "Remove the selected character or group", "Retirer le personnage ou groupe sélectionné"),
    ("app.award_xp", "Award XP to every PC", "Donner de l'XP à tous les PJ"),
    ("app.rest", "Rest a day: everybody recovers 1 HP, willpower and pm", "Repos d'un jour : chacun récupère 1 PV, volonté et pm"),
    ("app.new_session", "New game session (mystical exhaustion again)", "Nouvelle séance (épuisement mystique à nouveau)"),
)


def keys_of_actions(screen: Screen) -> dict[str, str]:
    """``"app.undo"`` → ``"^z"``: the first key of each action the screen, the app and the
    screen's widgets bind, as the footer shows it (after the keymap)."""
    from tui.textual_fixes.bindings import live_bindings

    app = screen.app
    found: dict[str, str] = {}
    for node in (screen, app, *screen.query("*")):
        prefix = "app." if node is app else "screen." if node is screen else None
        for _key, binding in live_bindings(node):
            action = binding.action
            if not action.startswith(("app.", "screen.")):
                if prefix is None:
                    continue
                action = prefix + action
            found.setdefault(action, app.get_key_display(binding))
    return found


class ActionCommands(Provider):
    """Commands as (action, label) pairs, each hit with the key that does the same as its help."""

    def _commands(self) -> Iterable[tuple[str, str]]:
        raise NotImplementedError

    def _hits(self) -> list[tuple[str, str, str | None]]:
        keys = keys_of_actions(self.screen)
        return [(action, label, keys.get(action)) for action, label in self._commands()]

    def _run(self, action: str) -> Callable[[], object]:
        return partial(self.app.run_action, action)

    async def discover(self) -> Hits:
        for action, label, key in self._hits():
            yield DiscoveryHit(label, self._run(action), help=key)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for action, label, key in self._hits():
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), self._run(action), help=key)


class GMCommands(ActionCommands):
    """The main screen's commands: table actions, panes, the roster, what the players see, the
    spell systems."""

    def _commands(self) -> Iterable[tuple[str, str]]:
        lang = lang_of(self)
        from tui.players_see import palette_commands
        from tui.screens.template_keys import PALETTE

        for action, en, fr in (*GM_COMMANDS, *palette_commands(), *PALETTE):
            yield action, pick((en, fr), lang)
        from tui.widgets.spell import SpellPane

        for tab_id, title, _system in SpellPane.SYSTEMS:
            yield f"screen.spell_system('{tab_id}')", t("spell.palette", lang, system=t(title, lang))


class ScreenKeyCommands(ActionCommands):
    """What the screen's own keys do (the sheet, the log), in the words of its footer in the
    app's language; a key the screen turns off (an NPC sheet's XP) is not offered."""

    def _commands(self) -> Iterable[tuple[str, str]]:
        screen = self.screen
        seen: set[str] = set()
        for _key, binding in own_bindings(screen):
            if binding.id is None or binding.system or not binding.description or binding.action in seen:
                continue
            seen.add(binding.action)
            if binding.action.startswith(("app.", "screen.")):
                yield binding.action, binding.description
                continue
            _namespace, name, parameters = parse(binding.action)
            if screen.check_action(name, parameters):
                yield f"screen.{binding.action}", binding.description


class CombatantCommands(Provider):
    """Combatants by name: picking one selects it in the initiative pane."""

    async def search(self, query: str) -> Hits:
        campaign = gm(self).campaign
        matcher = self.matcher(query)
        lang = lang_of(self)
        for item in campaign.combatants:
            name = visible(item.name, lines=False)  # a name is data: shown as typed, never obeyed
            score = matcher.match(name)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(name),
                    partial(self._select, item.id),
                    help=t("pane.initiative", lang),
                )

    def _select(self, key: str) -> None:
        gm(self).selected = key


register(
    {
        "system.theme": ("Theme", "Thème"),
        "system.theme.help": ("Change the current theme", "Changer le thème de couleurs"),
        "system.quit": ("Quit", "Quitter"),
        "system.quit.help": ("Quit the application as soon as possible", "Quitter l'application tout de suite"),
        "system.keys": ("Keys", "Touches"),
        "system.keys.show": ("Show help for the focused widget and a summary of available keys", "Afficher l'aide de l'élément actif et les touches disponibles"),
        "system.keys.hide": ("Hide the keys and widget help panel", "Cacher le panneau des touches et de l'aide"),
        "system.maximize": ("Maximize", "Agrandir"),
        "system.maximize.help": ("Maximize the focused widget", "Agrandir l'élément actif"),
        "system.minimize": ("Minimize", "Réduire"),
        "system.minimize.help": ("Minimize the widget and restore to normal size", "Rendre à l'élément sa taille normale"),
        "system.screenshot": ("Screenshot", "Capture d'écran"),
        "system.screenshot.help": ("Save an SVG 'screenshot' of the current screen", "Enregistrer une capture SVG de l'écran"),
    }
)

#: Textual's system commands (title, help) → their i18n keys.
SYSTEM = {
    ("Theme", "Change the current theme"): ("system.theme", "system.theme.help"),
    ("Quit", "Quit the application as soon as possible"): ("system.quit", "system.quit.help"),
    ("Keys", "Show help for the focused widget and a summary of available keys"): ("system.keys", "system.keys.show"),
    ("Keys", "Hide the keys and widget help panel"): ("system.keys", "system.keys.hide"),
    ("Maximize", "Maximize the focused widget"): ("system.maximize", "system.maximize.help"),
    ("Minimize", "Minimize the widget and restore to normal size"): ("system.minimize", "system.minimize.help"),
    ("Screenshot", "Save an SVG 'screenshot' of the current screen"): ("system.screenshot", "system.screenshot.help"),
}


def localised(commands: Iterable[SystemCommand], lang: Lang) -> Iterable[SystemCommand]:
    """Textual's system commands in ``lang`` (one Textual adds later passes as it is)."""
    for command in commands:
        keys = SYSTEM.get((command.title, command.help))
        yield command._replace(title=t(keys[0], lang), help=t(keys[1], lang)) if keys else command
