"""The GM's commands, one record each: the one place a key, a label or a palette entry is written.

A :class:`Command` has an id (what ``keymap.toml`` names), its default keys, where it applies (a
:class:`Scope`: the screen or widget that binds it), its label in English and French (the footer,
``?`` and the keymap table), whether the footer shows it, its palette label (``None``: not in the
palette) and what it runs: a GM command names its handler, a plain function of a
:class:`~tui.commands.context.Context` (``"tui.commands.fight:next_turn"``, with its parameters:
``"tui.commands.fight:move(-1)"``), which the node that binds the key runs through its one action
``command('init-next')`` (:mod:`tui.commands.run`); what only moves a widget (a cursor, a form's
switch, a pane) names a Textual action of its node (``cursor(-1)``, ``screen.back``, ``app.…``).
A command without keys is the palette's only.

From this table come: each node's ``BINDINGS`` (:func:`tui.commands.keys.bindings`), their
descriptions in the app's language (the footer and ``?``), the palette's commands
(:mod:`tui.commands.palette`), the keymap's ids and its check (:mod:`tui.keymap`), and the
guide's table of ids (``apotheose keymap --list``, in ``docs/guide.md``). ``tests/tui/test_command_table.py``
checks that each handler exists, that each label has both languages, and that the guide's table is this one;
``tests/commands/`` runs each handler without an app.

This module imports no Textual: ``apotheose keymap --list`` reads it as it is.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Callable, Iterable
from typing import Any

import attrs

from core.visibility import KIND_LABELS, KINDS, PER_COMBATANT, Option, Shown

Label = tuple[str, str]


@attrs.frozen
class Scope:
    """Where commands apply: the screen or widget ``node`` (``"module:Class"``) whose bindings they are."""

    name: str
    node: str

    @property
    def where(self) -> str:
        """The node's class name (what the keymap's messages and table call it)."""
        return self.node.rsplit(":", 1)[1]


def _label(_instance: object, attribute: attrs.Attribute[Any], value: Label | None) -> None:
    if value is None and attribute.name == "palette":
        return
    if not (isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, str) and v.strip() for v in value)):
        raise ValueError(f"{attribute.name}: an (English, French) pair of texts, got {value!r}")


@attrs.frozen
class Command:
    """One GM command (see the module)."""

    id: str
    keys: str
    where: str
    action: str
    label: Label = attrs.field(validator=_label)
    show: bool = True
    priority: bool = False
    palette: Label | None = attrs.field(default=None, validator=_label)

    @property
    def key_list(self) -> tuple[str, ...]:
        """The default keys, one by one (``"up,k"`` → ``("up", "k")``)."""
        return tuple(key.strip() for key in self.keys.split(",")) if self.keys else ()

    @property
    def handler(self) -> str | None:
        """The handler's ``module:function`` (None: the command runs a Textual action)."""
        head = self.action.partition("(")[0]
        return head if ":" in head else None

    @property
    def args(self) -> tuple[Any, ...]:
        """The handler's parameters (``"…:move(-1)"`` → ``(-1,)``)."""
        _head, _, rest = self.action.partition("(")
        return tuple(ast.literal_eval(f"({rest.removesuffix(')')},)")) if rest.strip(") ") else ()

    @property
    def bound(self) -> str:
        """The Textual action its binding runs: a handler through ``command('id')`` on the node."""
        return f"command('{self.id}')" if self.handler else self.action

    def function(self) -> Callable[..., Any]:
        """The handler itself (imported when first run)."""
        assert self.handler is not None, f"{self.id} runs a Textual action, not a handler"
        module, name = self.handler.split(":")
        handler: Callable[..., Any] = getattr(importlib.import_module(module), name)
        return handler

    def text(self, lang: str) -> str:
        """The label in ``lang``."""
        return self.label[1] if lang == "fr" else self.label[0]

    def palette_text(self, lang: str) -> str:
        assert self.palette is not None
        return self.palette[1] if lang == "fr" else self.palette[0]


SCOPES: tuple[Scope, ...] = tuple(
    Scope(name, node)
    for name, node in (
        ("app", "tui.app:ApotheoseApp"),
        ("bad-save", "tui.screens.bad_save:BadSaveScreen"),
        ("condition", "tui.screens.combat_dialogs:ConditionDialog"),
        ("exhaust", "tui.screens.combat_dialogs:ExhaustDialog"),
        ("pick", "tui.screens.combat_dialogs:PickDialog"),
        ("shadow", "tui.screens.combat_dialogs:ShadowDialog"),
        ("form-screen", "tui.screens.forms:FormScreen"),
        ("help", "tui.screens.help:HelpScreen"),
        ("summary", "tui.screens.fight_summary:FightSummaryScreen"),
        ("log", "tui.screens.log:LogScreen"),
        ("main", "tui.screens.main:MainScreen"),
        ("confirm", "tui.screens.prompts:ConfirmDialog"),
        ("prompt", "tui.screens.prompts:ValuePrompt"),
        ("roll", "tui.screens.roll:RollDialog"),
        ("sheet", "tui.screens.sheet:SheetScreen"),
        ("stigma", "tui.screens.stigma:StigmaDialog"),
        ("line", "tui.screens.templates:LineDialog"),
        ("template-picker", "tui.screens.templates:TemplatePicker"),
        ("victims", "tui.screens.victims:VictimsDialog"),
        ("filter", "tui.screens.spell_book:FilterDialog"),
        ("damage", "tui.widgets.damage:DamagePane"),
        ("form", "tui.widgets.form:Form"),
        ("initiative", "tui.widgets.initiative:InitiativeList"),
        ("choice", "tui.widgets.inputs:Cycle"),
        ("groups", "tui.widgets.mass_combat:GroupList"),
        ("mass", "tui.widgets.mass_combat:MassCombatPane"),
        ("named-picks", "tui.widgets.named_group:Picks"),
        ("spell-fields", "tui.widgets.spell:CostFields"),
        ("spell-kult", "tui.widgets.spell:KultInput"),
        ("spell-tab", "tui.widgets.spell_tab:SpellTab"),
        ("d6", "tui.widgets.spell_d6:D6Spell"),
        ("poles", "tui.widgets.spell_poles:PolesSpell"),
        ("poles-d100", "tui.widgets.spell_poles:D100Input"),
        ("poles-techniques", "tui.widgets.spell_poles:TechniqueList"),
    )
)
SCOPE = {scope.name: scope for scope in SCOPES}

CANCEL: Label = ("Cancel", "Annuler")
CLOSE: Label = ("Close", "Fermer")
BACK: Label = ("Back", "Retour")
TRADE: Label = ("Trade applies", "Le métier s'applique")
SPECIALITY: Label = ("Speciality applies", "La spécialisation s'applique")

#: Where the handlers are (``FIGHT + "next_turn"``: ``tui/commands/fight.py``'s ``next_turn``).
FIGHT, ROSTER, TEMPLATES = "tui.commands.fight:", "tui.commands.roster:", "tui.commands.templates:"
MASS, SPELL, BOOK = "tui.commands.mass:", "tui.commands.spell:", "tui.commands.book:"
CAMPAIGN, PLAYERS = "tui.commands.campaign:", "tui.players_see:"

#: The spell systems the palette opens (tab id, title).
SPELL_SYSTEMS: tuple[tuple[str, Label], ...] = (
    ("apotheose", ("Apothéose", "Apothéose")),
    ("mage", ("Mage", "Mage")),
    ("poles", ("Quatre Pôles", "Quatre Pôles")),
    ("d6", ("Système D6", "Système D6")),
)


def _players_defaults() -> Iterable[Command]:
    """What the players see of every PC, NPC or mook group, and the other choices of what they see
    (the palette's): each option on or off, for everybody or the selected one, and an alias."""
    for kind in KINDS:
        en, fr = KIND_LABELS[kind]
        for shown in Shown:
            yield Command(
                f"players-default-{kind}-{shown.value}", "", "main", f"{PLAYERS}set_default('{kind}', '{shown.value}')",
                (f"All {en}: {shown.en}", f"Tous les {fr} : {shown.fr}"),
                palette=(f"What the players see of all {en}: {shown.en}", f"Ce que les joueurs voient des {fr} : {shown.fr}"),
            )  # fmt: skip
    for option in Option:
        default = option in PER_COMBATANT
        yield Command(
            f"players-option-{option.value}", "", "main", f"{PLAYERS}choose('option', '{option.value}')",
            (f"Players see {option.en}", f"Les joueurs voient {option.fr}"),
            palette=(f"Players see {option.en}" + (", for all" if default else ""),
                     f"Les joueurs voient {option.fr}" + (", pour tous" if default else "")),
        )  # fmt: skip
    for option in PER_COMBATANT:
        yield Command(
            f"players-own-{option.value}", "", "main", f"{PLAYERS}choose('own', '{option.value}')",
            (f"Players see {option.en}, for the selected", f"Les joueurs voient {option.fr}, pour la sélection"),
            palette=(f"Players see {option.en}, for the selected",
                     f"Les joueurs voient {option.fr}, pour la sélection"),
        )  # fmt: skip
    yield Command(
        "players-alias", "", "main", PLAYERS + "choose('alias')", ("Alias", "Alias"),
        palette=("What the players call the selected NPC (an alias)…", "Comment les joueurs appellent le PNJ sélectionné (un alias)…"),
    )  # fmt: skip


def _spell_systems() -> Iterable[Command]:
    for tab_id, (en, fr) in SPELL_SYSTEMS:
        yield Command(
            f"spell-system-{tab_id}", "", "main", f"screen.spell_system('{tab_id}')", (en, fr),
            palette=(f"Spell cost: {en}", f"Coût de sort : {fr}"),
        )  # fmt: skip


COMMANDS: tuple[Command, ...] = (
    # -- anywhere ---------------------------------------------------------------------------------
    Command("undo", "ctrl+z", "app", "undo", ("Undo", "Annuler"), palette=("Undo the last action", "Annuler la dernière action")),
    Command("redo", "ctrl+y", "app", "redo", ("Redo", "Rétablir"), palette=("Redo", "Rétablir")),
    Command("help", "question_mark", "app", "help", ("Keys", "Touches"), palette=("List every key", "Lister toutes les touches")),
    Command("log", "ctrl+l", "app", "log", ("Log", "Journal"), palette=("Show the combat log", "Afficher le journal de combat")),
    # -- the main screen: panes and the roster ------------------------------------------------------
    Command("pane-initiative", "1", "main", "pane('initiative')", ("Initiative", "Initiative"), show=False, priority=True,
            palette=("Go to the initiative pane", "Aller au volet initiative")),
    Command("pane-mass", "2", "main", "pane('mass')", ("Mass combat", "Combat de masse"), show=False, priority=True,
            palette=("Go to the mass combat pane", "Aller au volet combat de masse")),
    Command("pane-damage", "3", "main", "pane('damage')", ("Damage", "Dégâts"), show=False, priority=True,
            palette=("Go to the damage pane", "Aller au volet dégâts")),
    Command("pane-spell", "4", "main", "pane('spell')", ("Spell cost", "Coût de sort"), show=False, priority=True,
            palette=("Go to the spell cost pane", "Aller au volet coût de sort")),
    Command("roster-add-character", "A,shift+a", "main", ROSTER + "add_character", ("Add character", "Ajouter un personnage"), show=False,
            palette=("Add a character", "Ajouter un personnage")),
    Command("roster-add-group", "G,shift+g", "main", ROSTER + "add_group", ("Add group", "Ajouter un groupe"), show=False,
            palette=("Add a mook group", "Ajouter un groupe de sbires")),
    Command("roster-edit", "e", "main", ROSTER + "edit_selected", ("Edit", "Modifier"), show=False,
            palette=("Edit the selected character or group", "Modifier le personnage ou groupe sélectionné")),
    Command("roster-remove", "delete", "main", ROSTER + "remove_selected", ("Remove", "Retirer"), show=False,
            palette=("Remove the selected character or group", "Retirer le personnage ou groupe sélectionné")),
    # -- the table, from the palette ------------------------------------------------------------------
    Command("award-xp", "", "main", CAMPAIGN + "award_xp", ("Award XP", "Donner de l'XP"),
            palette=("Award XP to every PC", "Donner de l'XP à tous les PJ")),
    Command("rest", "", "main", CAMPAIGN + "rest", ("Rest a day", "Repos d'un jour"),
            palette=("Rest a day: everybody recovers 1 HP, willpower and pm", "Repos d'un jour : chacun récupère 1 PV, volonté et pm")),
    Command("new-session", "", "main", CAMPAIGN + "new_session", ("New session", "Nouvelle séance"),
            palette=("New game session (mystical exhaustion again)", "Nouvelle séance (épuisement mystique à nouveau)")),
    *_players_defaults(),
    # -- preparing a fight ----------------------------------------------------------------------------
    # Priority keys, so the dialog is open before the next key is read (``T3vet`` typed fast: the
    # 3 is the count, not the damage pane's key); the main screen turns them off in a field.
    Command("roster-add-template", "T,shift+t", "main", TEMPLATES + "add_from_template", ("From template", "Depuis un modèle"), show=False,
            priority=True, palette=("Add NPCs from a template (3 × Vétéran)", "Ajouter des PNJ depuis un modèle (3 × Vétéran)")),
    Command("roster-add-mooks", "M,shift+m", "main", TEMPLATES + "add_mooks", ("Mooks", "Sbires"), show=False, priority=True,
            palette=("Add a mook group in one line (12 standard)", "Ajouter un groupe de sbires en une ligne (12 standard)")),
    Command("roster-quick-add", "Q,shift+q", "main", TEMPLATES + "quick_add", ("Quick add", "Ajout rapide"), show=False, priority=True,
            palette=("Quick add a character on one line", "Ajout rapide d'un personnage en une ligne")),
    Command("roster-save-template", "", "main", TEMPLATES + "save_as_template", ("Save as template", "Enregistrer comme modèle"),
            palette=("Save the selected character as a template", "Enregistrer le personnage sélectionné comme modèle")),
    Command("roster-import", "", "main", TEMPLATES + "import_roster", ("Import", "Importer"),
            palette=("Import characters and groups from a file (CSV, JSON)", "Importer personnages et groupes d'un fichier (CSV, JSON)")),
    *_spell_systems(),
    # Esc from any pane or form (a dialog or an open list takes it first): the initiative list.
    Command("main-back", "escape", "main", "back", BACK, show=False),
    # -- the initiative list --------------------------------------------------------------------------
    # The keys that move the focus to another pane are priority bindings: the app runs them
    # before it hands on the next key, so digits typed right after `x` or `g` reach the field
    # they open, however fast they come (over SSH they arrive in one burst).
    Command("init-next", "n", "initiative", FIGHT + "next_turn", ("Next turn", "Tour suivant")),
    Command("init-damage", "x", "initiative", FIGHT + "damage", ("Damage", "Dégâts"), priority=True),
    Command("init-attack-group", "g", "initiative", FIGHT + "attack_group", ("Attack group", "Attaquer groupe"), priority=True),
    Command("init-defend-group", "v", "initiative", FIGHT + "defend_group", ("Defend", "Défendre"), priority=True),
    Command("init-duel", "o", "initiative", FIGHT + "duel", ("Duel", "Duel"), priority=True),
    Command("init-parry", "P", "initiative", FIGHT + "parry", ("PC defends", "Le PJ se défend"), priority=True),
    Command("init-spell", "s", "initiative", FIGHT + "spell", ("Spell", "Sort"), priority=True),
    Command("init-sheet", "enter", "initiative", FIGHT + "sheet", ("Sheet", "Fiche")),
    Command("init-mark", "space", "initiative", FIGHT + "mark", ("Mark", "Marquer")),
    Command("init-unmark", "U", "initiative", FIGHT + "clear_marks", ("Clear marks", "Effacer les marques"), show=False),
    Command("init-delay", "d", "initiative", FIGHT + "delay", ("Delay", "Retarder")),
    Command("init-act-now", "a", "initiative", FIGHT + "act_now", ("Act now", "Agir")),
    Command("init-boost", "b", "initiative", FIGHT + "boost", ("Boost", "Booster")),
    Command("init-set", "i", "initiative", FIGHT + "set_initiative", ("Set init", "Initiative")),
    Command("init-condition", "c", "initiative", FIGHT + "add_condition", ("Condition", "État")),
    Command("init-uncondition", "C", "initiative", FIGHT + "remove_condition", ("Remove cond.", "Retirer état")),
    Command("init-prev", "p", "initiative", FIGHT + "previous_turn", ("Prev turn", "Tour précédent")),
    Command("init-hide", "h", "initiative", FIGHT + "hide", ("Hide/show", "Cacher/montrer")),
    Command("init-players-see", "w", "initiative", PLAYERS + "cycle", ("Players see", "Vu des joueurs"), show=False,
            palette=("What the players see of the selected: exact HP / wound level / a bar / damage taken / nothing",
                     "Ce que les joueurs voient de la sélection : PV exacts / niveau de blessure / rien")),
    Command("init-players-private", "W", "initiative", PLAYERS + "toggle_private", ("Private", "Privé"), show=False,
            palette=("Keep the selected PC's shadow, pm and conditions from the players (or show them)",
                     "Cacher aux joueurs l'ombre, les pm et les états du PJ sélectionné (ou les montrer)")),
    Command("init-stabilise", "S", "initiative", FIGHT + "stabilise", ("Stabilise", "Stabiliser")),
    Command("init-repair", "R", "initiative", FIGHT + "repair", ("Repair", "Réparer")),
    Command("init-roll", "r", "initiative", FIGHT + "roll", ("Roll a check", "Faire un jet")),
    Command("init-move-up", "shift+up", "initiative", FIGHT + "move(-1)", ("Move up", "Monter"), show=False),
    Command("init-move-down", "shift+down", "initiative", FIGHT + "move(1)", ("Move down", "Descendre"), show=False),
    Command("init-fight", "f", "initiative", FIGHT + "start_fight", ("Fight", "Combat")),
    Command("init-end-fight", "F", "initiative", FIGHT + "end_fight", ("End fight", "Fin du combat"), show=False),
    Command("init-cursor-up", "up,k", "initiative", "cursor(-1)", ("Up", "Haut"), show=False),
    Command("init-cursor-down", "down,j", "initiative", "cursor(1)", ("Down", "Bas"), show=False),
    Command("init-cursor-home", "home", "initiative", "cursor_to(0)", ("First", "Premier"), show=False),
    Command("init-cursor-end", "end", "initiative", "cursor_to(-1)", ("Last", "Dernier"), show=False),
    Command("init-page-up", "pageup", "initiative", "page(-1)", ("Page up", "Page préc."), show=False),
    Command("init-page-down", "pagedown", "initiative", "page(1)", ("Page down", "Page suiv."), show=False),
    # -- mass combat ------------------------------------------------------------------------------------
    Command("mass-attack", "enter", "groups", "attack", ("Attack", "Attaquer")),
    Command("mass-defend", "d", "groups", "defend", ("Defend", "Défendre")),
    Command("mass-standing", "s", "groups", MASS + "ask_standing", ("Standing", "Debout")),
    Command("mass-up", "plus,equals_sign", "groups", "nudge(1)", ("+1", "+1")),
    Command("mass-down", "minus", "groups", "nudge(-1)", ("-1", "-1")),
    Command("mass-switch", "ctrl+t", "mass", "switch", ("Attack/Defence", "Attaque/Défense")),
    Command("mass-back", "escape", "mass", "screen.back", BACK),
    Command("named-group-apply", "enter", "named-picks", "apply", ("Apply", "Appliquer"), show=False),
    # -- damage ------------------------------------------------------------------------------------------
    Command("dmg-switch", "ctrl+t", "damage", "switch", ("Damage/Duel", "Dégâts/Duel")),
    Command("dmg-repair", "ctrl+r", "damage", "repair", ("Repair armour", "Réparer l'armure")),
    Command("dmg-pugilat", "ctrl+n", "damage", "tick('#dmg-pugilat')", ("Pugilat", "Pugilat")),
    Command("dmg-bypass", "ctrl+g", "damage", "tick('#dmg-bypass')", ("Bypass armour", "Ignorer l'armure")),
    Command("dmg-defends", "ctrl+o", "damage", "defends", ("PC defends", "Le PJ se défend")),
    Command("dmg-back", "escape", "damage", "screen.back", BACK),
    # -- every form of a pane ------------------------------------------------------------------------
    Command("form-apply", "enter", "form", "submit", ("Apply", "Appliquer"), show=False),
    Command("form-trade", "ctrl+b", "form", "applies('trade')", TRADE, show=False),
    Command("form-speciality", "ctrl+s", "form", "applies('speciality')", SPECIALITY, show=False),
    Command("choice-next", "space,right", "choice", "step(1)", ("Next", "Suivant"), show=False),
    Command("choice-previous", "left", "choice", "step(-1)", ("Previous", "Précédent"), show=False),
    # -- spell cost ----------------------------------------------------------------------------------
    Command("spell-cast", "enter", "spell-fields", SPELL + "cast_spell", ("Cast", "Lancer"), priority=True),
    Command("spell-resist-roll", "enter", "spell-kult", "roll", ("Roll / resolve", "Lancer / résoudre"), priority=True),
    # The spell book, in every spell tab (tui/screens/spell_book.py); casters in Mage and Quatre Pôles.
    Command("spell-book", "ctrl+b", "spell-tab", BOOK + "spell_book", ("Book", "Grimoire"),
            palette=("Spell book: pick a spell (type to filter)", "Grimoire : choisir un sort (tapez pour filtrer)")),
    Command("spell-save", "ctrl+s", "spell-tab", BOOK + "save_spell", ("Save", "Enregistrer"),
            palette=("Spell book: save the tab's spell under a name", "Grimoire : enregistrer le sort de l'onglet sous un nom")),
    Command("spell-caster", "ctrl+o", "spell-tab", BOOK + "spell_caster", ("Caster", "Lanceur"), show=False,
            palette=("Spell book: pick or remember a Mage / Quatre Pôles caster", "Grimoire : choisir ou retenir un lanceur Mage / Quatre Pôles")),
    Command("poles-technique", "ctrl+t", "poles", "add_technique", ("Technique", "Technique")),
    Command("poles-fractions", "ctrl+f", "poles", "fractions", ("Fractions", "Fractions")),
    Command("d6-switch", "ctrl+t", "d6", "switch", ("Spell/Psionics/Cost", "Sort/Psioniques/Coût")),
    Command("d6-add", "ctrl+n", "d6", "add_aspect", ("Add aspect", "Ajouter un aspect")),
    Command("d6-remove", "ctrl+r", "d6", "remove_aspect", ("Remove aspect", "Retirer l'aspect")),
    Command("poles-roll", "enter", "poles-d100", "roll", ("Roll d100", "Jeter d100"), priority=True),
    Command("poles-technique-up", "shift+up", "poles-techniques", "move(-1)", ("Move up", "Monter")),
    Command("poles-technique-down", "shift+down", "poles-techniques", "move(1)", ("Move down", "Descendre")),
    Command("poles-technique-feat", "f", "poles-techniques", "feat", ("Feat", "Don")),
    Command("poles-technique-remove", "delete,backspace", "poles-techniques", "remove", ("Remove", "Retirer")),
    # -- the sheet ---------------------------------------------------------------------------------------
    Command("sheet-close", "escape", "sheet", "close", CLOSE),
    Command("sheet-shadow-up", "plus", "sheet", "shadow(1)", ("Shadow +", "Ombre +")),
    Command("sheet-shadow-down", "minus", "sheet", "shadow(-1)", ("Shadow −", "Ombre −")),
    Command("sheet-stigma", "t", "sheet", "voluntary('voluntary_stigma')", ("Stigma", "Stigmate")),
    Command("sheet-grace", "g", "sheet", "voluntary('voluntary_grace')", ("Grace", "Grâce")),
    Command("sheet-xp", "x", "sheet", "award_xp", ("XP", "PX")),
    Command("sheet-raise", "r", "sheet", "raise", ("Raise", "Augmenter")),
    Command("sheet-pm", "m", "sheet", "adjust_pm", ("pm", "pm")),
    Command("sheet-exhaust", "w", "sheet", "exhaust", ("Exhaustion", "Épuisement")),
    Command("sheet-stigma-effect", "e", "sheet", "stigma_effect", ("Stigma effect", "Effet de stigmate")),
    Command("sheet-compulsion", "k", "sheet", "compulsion", ("Resisted compulsion", "Compulsion résistée")),
    # -- the log -----------------------------------------------------------------------------------------
    Command("log-close", "escape,q,ctrl+l", "log", "dismiss", CLOSE),
    Command("log-export", "s", "log", "export", ("Export .md", "Exporter en .md")),
    # A modal screen hides the app's keys: undo and redo stay at hand, the log follows them.
    Command("log-undo", "ctrl+z", "log", "app.undo", ("Undo", "Annuler")),
    Command("log-redo", "ctrl+y", "log", "app.redo", ("Redo", "Rétablir")),
    # -- dialogs -----------------------------------------------------------------------------------------
    Command("help-close", "escape,question_mark,q", "help", "dismiss", CLOSE),
    Command("summary-close", "escape,enter,q", "summary", "dismiss", CLOSE),
    Command("confirm-yes", "y", "confirm", "answer(True)", ("Yes", "Oui")),
    Command("confirm-no", "n,escape", "confirm", "answer(False)", ("No", "Non")),
    Command("confirm-previous-button", "left", "confirm", "app.focus_previous", ("Previous button", "Bouton précédent"), show=False),
    Command("confirm-next-button", "right", "confirm", "app.focus_next", ("Next button", "Bouton suivant"), show=False),
    Command("prompt-cancel", "escape", "prompt", "cancel", CANCEL),
    Command("condition-cancel", "escape", "condition", "cancel", CANCEL),
    Command("condition-ok", "enter", "condition", "submit", ("OK", "OK"), show=False),
    Command("pick-cancel", "escape", "pick", "cancel", CANCEL),
    Command("filter-cancel", "escape", "filter", "cancel", CANCEL),
    Command("filter-up", "up", "filter", "move(-1)", ("Up", "Haut"), show=False),
    Command("filter-down", "down", "filter", "move(1)", ("Down", "Bas"), show=False),
    Command("shadow-cancel", "escape", "shadow", "cancel", CANCEL),
    Command("exhaust-cancel", "escape", "exhaust", "cancel", CANCEL),
    Command("stigma-cancel", "escape", "stigma", "cancel", CANCEL),
    Command("roll-cancel", "escape", "roll", "cancel", CANCEL),
    Command("roll-trade", "ctrl+b", "roll", "applies('trade')", TRADE, show=False),
    Command("roll-speciality", "ctrl+s", "roll", "applies('speciality')", SPECIALITY, show=False),
    Command("form-save", "ctrl+s", "form-screen", "save", ("Save", "Enregistrer")),
    Command("form-cancel", "escape", "form-screen", "cancel", CANCEL),
    Command("line-cancel", "escape", "line", "cancel", CANCEL),
    Command("template-next", "down", "template-picker", "move(1)", ("Next", "Suivant"), show=False),
    Command("template-previous", "up", "template-picker", "move(-1)", ("Previous", "Précédent"), show=False),
    Command("spell-victims-cast", "enter", "victims", "choose", ("Cast", "Lancer"), priority=True),
    Command("spell-victims-cancel", "escape", "victims", "cancel", CANCEL),
    Command("bad-save-quit", "q,escape", "bad-save", "app.quit", ("Quit", "Quitter")),
)  # fmt: skip

BY_ID: dict[str, Command] = {command.id: command for command in COMMANDS}

#: The order the palette offers its commands in (every command with a palette label, once).
PALETTE: tuple[str, ...] = (
    "undo", "redo", "log", "help",
    "pane-initiative", "pane-mass", "pane-damage", "pane-spell",
    "roster-add-character", "roster-add-group", "roster-edit", "roster-remove",
    "award-xp", "rest", "new-session",
    "init-players-see", "init-players-private",
    *(command.id for command in COMMANDS if command.id.startswith(("players-default-", "players-option-", "players-own-"))),
    "players-alias",
    "roster-add-template", "roster-add-mooks", "roster-quick-add", "roster-save-template", "roster-import",
    *(command.id for command in COMMANDS if command.id.startswith("spell-system-")),
    "spell-book", "spell-save", "spell-caster",
)  # fmt: skip


def in_scope(name: str) -> tuple[Command, ...]:
    """The commands scope ``name`` binds (those with keys), in table order."""
    return tuple(command for command in COMMANDS if command.where == name and command.keys)


def markdown_table() -> str:
    """The GM's guide's table of binding ids (``apotheose keymap --list``)."""
    rows = ["| Binding id | Default keys | What it does | Where |", "|---|---|---|---|"]
    for command in COMMANDS:
        if command.keys:
            keys = ", ".join(f"`{key}`" for key in command.key_list)
            where = "app" if command.where == "app" else SCOPE[command.where].where
            rows.append(f"| `{command.id}` | {keys} | {command.label[0]} | {where} |")
    return "\n".join(rows) + "\n"
