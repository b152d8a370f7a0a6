"""The GM's commands, one record each: the one place a key, a scope or a handler is written.

A :class:`Command` has an id (what ``keymap.toml`` names), its default keys, where it applies (a
:class:`Scope`: the screen or widget that binds it), whether the footer shows it, whether the
palette offers it, and what it runs. Its words are the text catalogue's (:mod:`tui.texts`): its
label (the footer, ``?`` and the keymap table) is ``command.<id>``, its palette entry
``palette.<id>``; a family of commands made in a loop shares one text (``command.players_own``)
filled with core's words (:attr:`Command.words`). What it runs: a GM command names its handler,
a plain function of a :class:`~tui.commands.context.Context` (``"tui.commands.fight:next_turn"``, with its parameters:
``"tui.commands.fight:move(-1)"``), which the node that binds the key runs through its one action
``command('init-next')`` (:mod:`tui.commands.run`); what only moves a widget (a cursor, a form's
switch, a pane) names a Textual action of its node (``cursor(-1)``, ``screen.back``, ``app.…``).
A command without keys is the palette's only.

From this table come: each node's ``BINDINGS`` (:func:`tui.commands.keys.bindings`), their
descriptions in the app's language (the footer and ``?``), the palette's commands
(:mod:`tui.commands.palette`), the keymap's ids and its check (:mod:`tui.keymap`), and the
guide's table of ids (``apotheose keymap --list``, in ``docs/guide.md``). ``tests/tui/test_command_table.py``
checks that each handler exists, that each command has its texts in the catalogue, and that the guide's table is this one;
``tests/commands/`` runs each handler without an app.

This module imports no Textual: ``apotheose keymap --list`` reads it as it is (its labels from
the catalogue, plain data).
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import attrs

from core.visibility import KIND_LABELS, KINDS, PER_COMBATANT, Option, Shown

if TYPE_CHECKING:
    from core.breakdown import Lang

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


@attrs.frozen
class Command:
    """One GM command (see the module)."""

    id: str
    keys: str
    where: str
    action: str
    show: bool = True
    priority: bool = False
    #: Whether the palette offers it (its text: the catalogue's ``palette.<id>``).
    palette: bool = False
    #: The catalogue's texts of a family of commands (``players_own``: ``command.players_own`` and
    #: ``palette.players_own``) instead of the command's own; empty: ``command.<id>``.
    family: str = ""
    #: The words a family's texts take, (name, (English, French)), from core (``{option}``).
    words: tuple[tuple[str, Label], ...] = ()

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

    def text(self, lang: Lang) -> str:
        """The label in ``lang`` (the footer's, ``?``'s, the keymap table's)."""
        from tui.i18n import t

        return t(f"command.{self.family or self.id}", lang, **self._words(lang))

    def palette_text(self, lang: Lang) -> str:
        """What the palette says of it in ``lang``."""
        from tui.i18n import t

        assert self.palette, f"{self.id} is not in the palette"
        return t(f"palette.{self.family or self.id}", lang, **self._words(lang))

    def _words(self, lang: Lang) -> dict[str, str]:
        from tui.i18n import pick

        return {name: pick(pair, lang) for name, pair in self.words}


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

#: Where the handlers are (``FIGHT + "next_turn"``: ``tui/commands/fight.py``'s ``next_turn``).
FIGHT, ROSTER, TEMPLATES = "tui.commands.fight:", "tui.commands.roster:", "tui.commands.templates:"
MASS, SPELL, BOOK = "tui.commands.mass:", "tui.commands.spell:", "tui.commands.book:"
CAMPAIGN, PLAYERS = "tui.commands.campaign:", "tui.players_see:"
INBOX = "tui.commands.inbox:"

#: The spell systems the palette opens (tab ids; their names are the catalogue's ``command.spell-system-<id>``).
SPELL_SYSTEMS: tuple[str, ...] = ("apotheose", "mage", "poles", "d6")


def _players_defaults() -> Iterable[Command]:
    """What the players see of every PC, NPC or mook group, and the other choices of what they see
    (the palette's): each option on or off, for everybody or the selected one, and an alias. Their
    texts are a family's (``command.players_default``), filled with core's words for a kind, a
    choice or an option."""
    for kind in KINDS:
        for shown in Shown:
            yield Command(
                f"players-default-{kind}-{shown.value}", "", "main", f"{PLAYERS}set_default('{kind}', '{shown.value}')",
                palette=True, family="players_default", words=(("kind", KIND_LABELS[kind]), ("shown", (shown.en, shown.fr))),
            )  # fmt: skip
    for option in Option:
        family = "players_option_for_all" if option in PER_COMBATANT else "players_option"
        if option is Option.SENDING:  # not something players see: whether they may send (issue 38)
            family = "players_sending"
        yield Command(
            f"players-option-{option.value}", "", "main", f"{PLAYERS}choose('option', '{option.value}')",
            palette=True, family=family, words=(("option", (option.en, option.fr)),),
        )  # fmt: skip
    for option in PER_COMBATANT:
        yield Command(
            f"players-own-{option.value}", "", "main", f"{PLAYERS}choose('own', '{option.value}')",
            palette=True, family="players_sending_own" if option is Option.SENDING else "players_own", words=(("option", (option.en, option.fr)),),
        )  # fmt: skip
    yield Command("players-alias", "", "main", PLAYERS + "choose('alias')", palette=True)


def _spell_systems() -> Iterable[Command]:
    for tab_id in SPELL_SYSTEMS:
        yield Command(f"spell-system-{tab_id}", "", "main", f"screen.spell_system('{tab_id}')", palette=True)


COMMANDS: tuple[Command, ...] = (
    # -- anywhere ---------------------------------------------------------------------------------
    Command("undo", "ctrl+z", "app", "undo", palette=True),
    Command("redo", "ctrl+y", "app", "redo", palette=True),
    Command("help", "question_mark", "app", "help", palette=True),
    Command("log", "ctrl+l", "app", "log", palette=True),
    # -- what players sent (issue 38): shown in the footer while a message waits ------------------------
    Command("inbox-refuse", "ctrl+x", "main", INBOX + "refuse", priority=True, palette=True),
    # -- the main screen: panes and the roster ------------------------------------------------------
    Command("pane-initiative", "1", "main", "pane('initiative')", show=False, priority=True, palette=True),
    Command("pane-mass", "2", "main", "pane('mass')", show=False, priority=True, palette=True),
    Command("pane-damage", "3", "main", "pane('damage')", show=False, priority=True, palette=True),
    Command("pane-spell", "4", "main", "pane('spell')", show=False, priority=True, palette=True),
    Command("roster-add-character", "A,shift+a", "main", ROSTER + "add_character", show=False, palette=True),
    Command("roster-add-group", "G,shift+g", "main", ROSTER + "add_group", show=False, palette=True),
    Command("roster-edit", "e", "main", ROSTER + "edit_selected", show=False, palette=True),
    Command("roster-remove", "delete", "main", ROSTER + "remove_selected", show=False, palette=True),
    # -- the table, from the palette ------------------------------------------------------------------
    Command("award-xp", "", "main", CAMPAIGN + "award_xp", palette=True),
    Command("rest", "", "main", CAMPAIGN + "rest", palette=True),
    Command("new-session", "", "main", CAMPAIGN + "new_session", palette=True),
    *_players_defaults(),
    # -- preparing a fight ----------------------------------------------------------------------------
    # Priority keys, so the dialog is open before the next key is read (``T3vet`` typed fast: the
    # 3 is the count, not the damage pane's key); the main screen turns them off in a field.
    Command("roster-add-template", "T,shift+t", "main", TEMPLATES + "add_from_template", show=False, priority=True, palette=True),
    Command("roster-add-mooks", "M,shift+m", "main", TEMPLATES + "add_mooks", show=False, priority=True, palette=True),
    Command("roster-quick-add", "Q,shift+q", "main", TEMPLATES + "quick_add", show=False, priority=True, palette=True),
    Command("roster-save-template", "", "main", TEMPLATES + "save_as_template", palette=True),
    Command("roster-import", "", "main", TEMPLATES + "import_roster", palette=True),
    *_spell_systems(),
    # Esc from any pane or form (a dialog or an open list takes it first): the initiative list.
    Command("main-back", "escape", "main", "back", show=False),
    # -- the initiative list --------------------------------------------------------------------------
    # The keys that move the focus to another pane are priority bindings: the app runs them
    # before it hands on the next key, so digits typed right after `x` or `g` reach the field
    # they open, however fast they come (over SSH they arrive in one burst).
    Command("init-next", "n", "initiative", FIGHT + "next_turn"),
    Command("init-damage", "x", "initiative", FIGHT + "damage", priority=True),
    Command("init-attack-group", "g", "initiative", FIGHT + "attack_group", priority=True),
    Command("init-defend-group", "v", "initiative", FIGHT + "defend_group", priority=True),
    Command("init-duel", "o", "initiative", FIGHT + "duel", priority=True),
    Command("init-parry", "P", "initiative", FIGHT + "parry", priority=True),
    Command("init-spell", "s", "initiative", FIGHT + "spell", priority=True),
    Command("init-sheet", "enter", "initiative", FIGHT + "sheet"),
    Command("init-mark", "space", "initiative", FIGHT + "mark"),
    Command("init-unmark", "U", "initiative", FIGHT + "clear_marks", show=False),
    Command("init-delay", "d", "initiative", FIGHT + "delay"),
    Command("init-act-now", "a", "initiative", FIGHT + "act_now"),
    Command("init-boost", "b", "initiative", FIGHT + "boost"),
    Command("init-set", "i", "initiative", FIGHT + "set_initiative"),
    Command("init-condition", "c", "initiative", FIGHT + "add_condition"),
    Command("init-uncondition", "C", "initiative", FIGHT + "remove_condition"),
    Command("init-prev", "p", "initiative", FIGHT + "previous_turn"),
    Command("init-hide", "h", "initiative", FIGHT + "hide"),
    Command("init-players-see", "w", "initiative", PLAYERS + "cycle", show=False, palette=True),
    Command("init-players-private", "W", "initiative", PLAYERS + "toggle_private", show=False, palette=True),
    Command("init-stabilise", "S", "initiative", FIGHT + "stabilise"),
    Command("init-repair", "R", "initiative", FIGHT + "repair"),
    Command("init-roll", "r", "initiative", FIGHT + "roll"),
    Command("init-move-up", "shift+up", "initiative", FIGHT + "move(-1)", show=False),
    Command("init-move-down", "shift+down", "initiative", FIGHT + "move(1)", show=False),
    Command("init-fight", "f", "initiative", FIGHT + "start_fight"),
    Command("init-end-fight", "F", "initiative", FIGHT + "end_fight", show=False),
    Command("init-cursor-up", "up,k", "initiative", "cursor(-1)", show=False),
    Command("init-cursor-down", "down,j", "initiative", "cursor(1)", show=False),
    Command("init-cursor-home", "home", "initiative", "cursor_to(0)", show=False),
    Command("init-cursor-end", "end", "initiative", "cursor_to(-1)", show=False),
    Command("init-page-up", "pageup", "initiative", "page(-1)", show=False),
    Command("init-page-down", "pagedown", "initiative", "page(1)", show=False),
    # -- mass combat ------------------------------------------------------------------------------------
    Command("mass-attack", "enter", "groups", "attack"),
    Command("mass-defend", "d", "groups", "defend"),
    Command("mass-standing", "s", "groups", MASS + "ask_standing"),
    Command("mass-up", "plus,equals_sign", "groups", "nudge(1)"),
    Command("mass-down", "minus", "groups", "nudge(-1)"),
    Command("mass-switch", "ctrl+t", "mass", "switch"),
    Command("mass-back", "escape", "mass", "screen.back"),
    Command("named-group-apply", "enter", "named-picks", "apply", show=False),
    # -- damage ------------------------------------------------------------------------------------------
    Command("dmg-switch", "ctrl+t", "damage", "switch"),
    Command("dmg-repair", "ctrl+r", "damage", "repair"),
    Command("dmg-pugilat", "ctrl+n", "damage", "tick('#dmg-pugilat')"),
    Command("dmg-bypass", "ctrl+g", "damage", "tick('#dmg-bypass')"),
    Command("dmg-defends", "ctrl+o", "damage", "defends"),
    Command("dmg-back", "escape", "damage", "screen.back"),
    # -- every form of a pane ------------------------------------------------------------------------
    Command("form-apply", "enter", "form", "submit", show=False),
    Command("form-trade", "ctrl+b", "form", "applies('trade')", show=False),
    Command("form-speciality", "ctrl+s", "form", "applies('speciality')", show=False),
    Command("choice-next", "space,right", "choice", "step(1)", show=False),
    Command("choice-previous", "left", "choice", "step(-1)", show=False),
    # -- spell cost ----------------------------------------------------------------------------------
    Command("spell-cast", "enter", "spell-fields", SPELL + "cast_spell", priority=True),
    Command("spell-resist-roll", "enter", "spell-kult", "roll", priority=True),
    # The spell book, in every spell tab (tui/screens/spell_book.py); casters in Mage and Quatre Pôles.
    Command("spell-book", "ctrl+b", "spell-tab", BOOK + "spell_book", palette=True),
    Command("spell-save", "ctrl+s", "spell-tab", BOOK + "save_spell", palette=True),
    Command("spell-caster", "ctrl+o", "spell-tab", BOOK + "spell_caster", show=False, palette=True),
    Command("poles-technique", "ctrl+t", "poles", "add_technique"),
    Command("poles-fractions", "ctrl+f", "poles", "fractions"),
    Command("d6-switch", "ctrl+t", "d6", "switch"),
    Command("d6-add", "ctrl+n", "d6", "add_aspect"),
    Command("d6-remove", "ctrl+r", "d6", "remove_aspect"),
    Command("poles-roll", "enter", "poles-d100", "roll", priority=True),
    Command("poles-technique-up", "shift+up", "poles-techniques", "move(-1)"),
    Command("poles-technique-down", "shift+down", "poles-techniques", "move(1)"),
    Command("poles-technique-feat", "f", "poles-techniques", "feat"),
    Command("poles-technique-remove", "delete,backspace", "poles-techniques", "remove"),
    # -- the sheet ---------------------------------------------------------------------------------------
    Command("sheet-close", "escape", "sheet", "close"),
    Command("sheet-shadow-up", "plus", "sheet", "shadow(1)"),
    Command("sheet-shadow-down", "minus", "sheet", "shadow(-1)"),
    Command("sheet-stigma", "t", "sheet", "voluntary('voluntary_stigma')"),
    Command("sheet-grace", "g", "sheet", "voluntary('voluntary_grace')"),
    Command("sheet-xp", "x", "sheet", "award_xp"),
    Command("sheet-raise", "r", "sheet", "raise"),
    Command("sheet-pm", "m", "sheet", "adjust_pm"),
    Command("sheet-exhaust", "w", "sheet", "exhaust"),
    Command("sheet-stigma-effect", "e", "sheet", "stigma_effect"),
    Command("sheet-compulsion", "k", "sheet", "compulsion"),
    # -- the log -----------------------------------------------------------------------------------------
    Command("log-close", "escape,q,ctrl+l", "log", "dismiss"),
    Command("log-export", "s", "log", "export"),
    # A modal screen hides the app's keys: undo and redo stay at hand, the log follows them.
    Command("log-undo", "ctrl+z", "log", "app.undo"),
    Command("log-redo", "ctrl+y", "log", "app.redo"),
    # -- dialogs -----------------------------------------------------------------------------------------
    Command("help-close", "escape,question_mark,q", "help", "dismiss"),
    Command("summary-close", "escape,enter,q", "summary", "dismiss"),
    Command("confirm-yes", "y", "confirm", "answer(True)"),
    Command("confirm-no", "n,escape", "confirm", "answer(False)"),
    Command("confirm-previous-button", "left", "confirm", "app.focus_previous", show=False),
    Command("confirm-next-button", "right", "confirm", "app.focus_next", show=False),
    Command("prompt-cancel", "escape", "prompt", "cancel"),
    Command("condition-cancel", "escape", "condition", "cancel"),
    Command("condition-ok", "enter", "condition", "submit", show=False),
    Command("pick-cancel", "escape", "pick", "cancel"),
    Command("filter-cancel", "escape", "filter", "cancel"),
    Command("filter-up", "up", "filter", "move(-1)", show=False),
    Command("filter-down", "down", "filter", "move(1)", show=False),
    Command("shadow-cancel", "escape", "shadow", "cancel"),
    Command("exhaust-cancel", "escape", "exhaust", "cancel"),
    Command("stigma-cancel", "escape", "stigma", "cancel"),
    Command("roll-cancel", "escape", "roll", "cancel"),
    Command("roll-trade", "ctrl+b", "roll", "applies('trade')", show=False),
    Command("roll-speciality", "ctrl+s", "roll", "applies('speciality')", show=False),
    Command("form-save", "ctrl+s", "form-screen", "save"),
    Command("form-cancel", "escape", "form-screen", "cancel"),
    Command("line-cancel", "escape", "line", "cancel"),
    Command("template-next", "down", "template-picker", "move(1)", show=False),
    Command("template-previous", "up", "template-picker", "move(-1)", show=False),
    Command("spell-victims-cast", "enter", "victims", "choose", priority=True),
    Command("spell-victims-cancel", "escape", "victims", "cancel"),
    Command("bad-save-quit", "q,escape", "bad-save", "app.quit"),
)  # fmt: skip

BY_ID: dict[str, Command] = {command.id: command for command in COMMANDS}

#: The order the palette offers its commands in (every command the palette offers, once).
PALETTE: tuple[str, ...] = (
    "undo", "redo", "log", "help",
    "pane-initiative", "pane-mass", "pane-damage", "pane-spell",
    "roster-add-character", "roster-add-group", "roster-edit", "roster-remove",
    "award-xp", "rest", "new-session",
    "init-players-see", "init-players-private", "inbox-refuse",
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
            rows.append(f"| `{command.id}` | {keys} | {command.text('en')} | {where} |")
    return "\n".join(rows) + "\n"
