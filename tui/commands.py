"""Command palette providers: every GM action and every combatant, found by name."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from tui.i18n import t
from tui.safe import visible

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


#: The key that does the same, shown beside a command (never the action's internal name).
KEYS = {
    "app.undo": "ctrl+z", "app.redo": "ctrl+y", "app.log": "ctrl+l", "app.help": "?",
    "screen.pane('initiative')": "1", "screen.pane('mass')": "2", "screen.pane('damage')": "3",
    "screen.pane('spell')": "4", "screen.add_character": "A", "screen.add_group": "G",
    "screen.edit_selected": "e", "screen.remove_selected": "delete",
}  # fmt: skip


class GMCommands(Provider):
    """Actions by name."""

    def _commands(self):
        lang = getattr(self.app, "lang", "en")
        extra = getattr(self.screen, "PALETTE_COMMANDS", ())
        from tui.players_see import palette_commands
        from tui.screens.templates import PALETTE

        for action, en, fr in (*GM_COMMANDS, *palette_commands(), *PALETTE, *extra):
            yield action, (fr if lang == "fr" else en)
        from tui.widgets.spell import SpellPane

        for tab_id, title, _system in SpellPane.SYSTEMS:
            yield f"screen.spell_system('{tab_id}')", t("spell.palette", lang, system=t(title, lang))

    async def discover(self) -> Hits:
        for action, label in self._commands():
            yield DiscoveryHit(label, partial(self.app.run_action, action), help=KEYS.get(action))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for action, label in self._commands():
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), partial(self.app.run_action, action), help=KEYS.get(action))


class CombatantCommands(Provider):
    """Combatants by name: picking one selects it in the initiative pane."""

    async def search(self, query: str) -> Hits:
        campaign = getattr(self.app, "campaign", None)
        if campaign is None:
            return
        matcher = self.matcher(query)
        lang = getattr(self.app, "lang", "en")
        for item in (*campaign.roster, *campaign.groups):
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
        self.app.selected = key  # type: ignore[attr-defined]
