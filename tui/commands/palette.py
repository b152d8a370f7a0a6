"""Command palette providers, per screen (``Screen.COMMANDS``): the main screen offers every GM
action and every combatant by name, the sheet and the log what their keys do. Each command shows
the key that does the same (the GM's keymap applied), never an action's internal name."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.actions import parse
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content

from core.breakdown import Lang
from tui.access import gm, lang_of
from tui.commands.table import BY_ID, PALETTE, Command
from tui.i18n import t
from tui.safe import visible
from tui.textual_fixes.bindings import live_bindings, own_bindings

if TYPE_CHECKING:
    from textual.app import SystemCommand
    from textual.screen import Screen


def qualified(command: Command) -> str:
    """The command's action as run from anywhere: ``app.…`` or ``screen.…`` (a handler's: the
    main screen's ``command('id')``, which runs it)."""
    if command.handler:
        return f"screen.{command.bound}"
    if command.action.startswith(("app.", "screen.")):
        return command.action
    return f"app.{command.action}" if command.where == "app" else f"screen.{command.action}"


def keys_of_commands(screen: Screen[Any]) -> dict[str, str]:
    """Binding id → the first key that runs it, as the footer shows it (after the keymap), on
    ``screen``, the app and the screen's widgets."""
    app = screen.app
    found: dict[str, str] = {}
    for node in (screen, app, *screen.query("*")):
        for _key, binding in live_bindings(node):
            if binding.id is not None:
                found.setdefault(binding.id, app.get_key_display(binding))
    return found


class TableCommands(Provider):
    """Commands of the table, each hit with the key that does the same as its help."""

    def _commands(self) -> Iterable[tuple[Command, str]]:
        raise NotImplementedError

    def commands(self) -> list[tuple[str, str]]:
        """(action as run from anywhere, label) of what this provider offers, in order."""
        return [(qualified(command), label) for command, label in self._commands()]

    def _hits(self) -> list[tuple[Command, str, str | None]]:
        keys = keys_of_commands(self.screen)
        return [(command, label, keys.get(command.id)) for command, label in self._commands()]

    def _runner(self, command: Command) -> Callable[[], object]:
        return partial(self.app.run_action, qualified(command))

    async def discover(self) -> Hits:
        for command, label, key in self._hits():
            # A combatant's name in a label is data, never markup.
            yield DiscoveryHit(Content(label), self._runner(command), text=label, help=key)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command, label, key in self._hits():
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), self._runner(command), help=key)


class GMCommands(TableCommands):
    """The main screen's commands: table actions, panes, the roster, what the players see, the
    spell systems (the table's commands with a palette label)."""

    def _commands(self) -> Iterable[tuple[Command, str]]:
        from tui.players_see import stated

        lang = lang_of(self)
        app = gm(self)
        for command_id in PALETTE:
            command = BY_ID[command_id]
            label = command.palette_text(lang)
            if command_id.startswith("players-"):
                label = stated(command_id, label, app.campaign, app.selected, lang)
            yield command, label


class ScreenKeyCommands(TableCommands):
    """What the screen's own keys do (the sheet, the log), in the words of its footer in the
    app's language; a key the screen turns off (an NPC sheet's XP) is not offered."""

    def _commands(self) -> Iterable[tuple[Command, str]]:
        screen = self.screen
        lang = lang_of(self)
        seen: set[str] = set()
        for _key, binding in own_bindings(screen):
            command = BY_ID.get(binding.id or "")
            if command is None or command.id in seen:
                continue
            seen.add(command.id)
            if not command.bound.startswith(("app.", "screen.")):
                _namespace, name, parameters = parse(command.bound)
                if not screen.check_action(name, parameters):
                    continue
            yield command, command.text(lang)


class CombatantCommands(Provider):
    """Combatants by name: picking one selects it in the initiative pane. During a fight, one of
    the roster not in it (imported late, say) is offered to join the fight instead: selected
    without a row to show it, a fight key would have acted on it unseen (issue 34)."""

    async def search(self, query: str) -> Hits:
        campaign = gm(self).campaign
        matcher = self.matcher(query)
        lang = lang_of(self)
        enc = campaign.encounter
        fighting = set(enc.keys) if enc is not None else None  # one look-up per combatant, not a scan
        for item in campaign.combatants:
            name = visible(item.name, lines=False)  # a name is data: shown as typed, never obeyed
            out = fighting is not None and item.id not in fighting
            text = t("palette.join", lang, name=name) if out else name
            score = matcher.match(text)
            if score > 0:
                yield Hit(
                    score,
                    matcher.highlight(text),
                    partial(self._join if out else self._select, item.id),
                    help=t("palette.join_help", lang) if out else t("pane.initiative", lang),
                )

    def _select(self, key: str) -> None:
        gm(self).selected = key

    async def _join(self, key: str) -> None:
        """The late arrival joins the fight (its initiative from its combat score, placed in the
        order as the rules say), then is selected on its row."""
        from core.actions import Join
        from tui.door import Refused

        answer = await gm(self).request(Join(key))
        if not isinstance(answer, Refused):
            gm(self).selected = key


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
