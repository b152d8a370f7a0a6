"""The tables of keys of the GM's guide (``docs/guide.md``, section *Keys*), made from the command
table: each row names commands by id and says what they do; their keys come from the table, so a
key changed there changes there. ``tests/tui/test_command_table.py`` checks the guide holds exactly
these tables.
No Textual."""

from __future__ import annotations

from tui.commands.table import BY_ID

#: How the guide writes a key Textual names otherwise.
SHOWN = {
    "up": "↑", "down": "↓", "left": "←", "right": "→", "pageup": "pgup", "pagedown": "pgdn",
    "shift+up": "shift+↑", "shift+down": "shift+↓", "question_mark": "?", "plus": "+", "minus": "-", "escape": "esc",
}  # fmt: skip
#: Keys the guide leaves out of a row (a second name of a key already shown).
HIDDEN = frozenset({"shift+a", "shift+g", "shift+t", "shift+m", "shift+q", "equals_sign", "backspace"})

#: (table, the commands' ids, or the keys themselves for Textual's own, what they do)
GUIDE: tuple[tuple[str, tuple[str, ...] | str, str], ...] = (
    ("anywhere", ("undo", "redo"), "undo / redo (without limit; the log shows what was undone)"),
    ("anywhere", ("pane-initiative", "pane-mass", "pane-damage", "pane-spell"), "initiative, mass combat, damage, spell cost pane"),
    ("anywhere", ("help",), "every key"),
    ("anywhere", ("log",), "combat log (`s` exports it as Markdown next to the campaign)"),
    ("anywhere", "`ctrl+p`", "command palette: any action or combatant by name, and the table-wide ones — XP for every PC, a day of rest, a new session"),
    ("anywhere", ("roster-add-character", "roster-add-group"), "add a character / a mook group (the full forms)"),
    ("anywhere", ("roster-add-template", "roster-add-mooks", "roster-quick-add"),
     "add NPCs from a template (`3vet`) / a mook group in one line (`12s`) / a character typed on one line — see [Preparing a fight](#preparing-a-fight-templates-quick-add-and-roster-files)"),
    ("anywhere", ("roster-edit", "roster-remove"), "edit / remove the selected one (asks first)"),
    ("anywhere", "`ctrl+q`", "quit"),
    ("initiative list", ("init-next", "init-prev"), "next / previous turn (the end of a turn counts down its bearer's conditions; a new round bleeds the dying)"),
    ("initiative list", ("init-cursor-up", "init-cursor-down", "init-cursor-home", "init-cursor-end", "init-page-up", "init-page-down"),
     "move the cursor (the selected combatant)"),
    ("initiative list", ("init-mark",), "mark / unmark a target (the next damage or spell goes to the marked ones, then the marks are cleared; the footer counts them)"),
    ("initiative list", ("init-unmark",), "clear every mark (unmark)"),
    ("initiative list", ("init-damage",), "damage or heal the selected (or marked): `x 6 enter`"),
    ("initiative list", ("init-attack-group",), "attack a mook group with whoever's turn it is: `g 7 enter` with the kult die 7"),
    ("initiative list", ("init-defend-group",), "defend the selected PC against a group"),
    ("initiative list", ("init-duel",), "one attacker against one defender (the duel form)"),
    ("initiative list", ("init-parry",), "the selected PC defends against whoever's turn it is (its own defence roll)"),
    ("initiative list", ("init-spell",), "spell cost with whoever's turn it is as the caster"),
    ("initiative list", ("init-sheet",), "the combatant's sheet"),
    ("initiative list", ("init-delay", "init-act-now"),
     "delay (the current one) / act now (the selected delaying one steps in just before the current one, whose turn is interrupted, not lost: `n` then gives it its turn, and the log says so; the one who acted now keeps that place in the order in later rounds, until an initiative change re-sorts it)"),
    ("initiative list", ("init-boost",), "boost initiative: +1 shadow, +5 initiative (PCs)"),
    ("initiative list", ("init-set",), "set initiative"),
    ("initiative list", ("init-move-up", "init-move-down"), "move up / down the order by hand"),
    ("initiative list", ("init-condition", "init-uncondition"),
     "add a condition to the marked combatants (one action, one undo; the marks are then cleared), else to the selected: `stunned 2` lasts to the end of its bearer's 2nd turn from now; *Lasts* (tab tab, then space or ←/→) chooses until the start or the end of a chosen combatant's next turn (*Whose*, whose turn it is by default) or until removed — \"bless on 5 marked allies for 3 rounds\" is `c bless 3 ⏎`, 9 keys / remove one"),
    ("initiative list", ("init-hide",), "hide from / show to the players"),
    ("initiative list", ("init-players-see", "init-players-private"),
     "what the players see of the selected (exact HP → wound level → nothing) / keep a PC's shadow, pm and conditions from them, or show them again"),
    ("initiative list", ("init-roll",),
     "any check for the selected: the characteristic, `ctrl+b` / `ctrl+s` trade / speciality, the score filled in with its parts named, difficulty, affect, the die; the score and chance, and with a die typed what it gives, show before `enter`; the result stays under the list until the turn passes (or it is undone)"),
    ("initiative list", ("init-stabilise", "init-repair"), "stabilise a dying character / repair armour"),
    ("initiative list", ("init-fight", "init-end-fight"), "start a fight with everybody / end the fight (bruising heals)"),
    ("panes and dialogs", ("form-apply",), "apply (attack, defence, damage, cast, save a form)"),
    ("panes and dialogs", ("main-back",),
     "back to the initiative list from any pane or form / close a dialog. After `enter` in a form — applied, missed, refused or failed — the focus goes back to the list by itself, so `n`, `j`, `x`… act there (a refusal stays under the fields and shows as a toast); the one exception is a missed group attack that can be rerolled: the form says under the die fields that it waits for the reroll die, and Esc, Enter on the empty field or any list key leaves it (the key then acts on the list)"),
    ("panes and dialogs", ("mass-switch",), "switch form (attack → defence → marked named NPCs, damage ↔ duel)"),
    ("panes and dialogs", ("choice-next", "choice-previous"), "change a choice (range, affect, grade, weapon)"),
    ("panes and dialogs", ("dmg-pugilat", "dmg-bypass", "dmg-repair"), "damage pane: pugilat / bypass armour (for the next hit only) / repair armour"),
    ("panes and dialogs", ("dmg-defends",), "duel form: the defender rolls (a PC's defence roll against the attack's final)"),
    ("panes and dialogs", ("form-apply", "inbox-refuse"),
     "a player's roll waits (beside the duel form of that PC's attack or defence, and in the status line): `enter` on the empty die field takes it, as if you had typed it (the log says who rolled; a die you type wins, and the player's is refused) / refuse it (in the footer while one waits; `n` takes a player's \"I'm done\")"),
    ("panes and dialogs", ("form-trade", "form-speciality"),
     "attack, defence, duel and `r` forms: the roller's trade applies (+3) / a speciality applies (+2, with its trade); the line under the score names each part (`Brunvir: combat 11 + guerrière de Dasein (trade) 3 = 14`)"),
    ("panes and dialogs", ("poles-fractions",), "Quatre Pôles tab: show / hide the exact fractions of the cost and its steps"),
    ("panes and dialogs", ("spell-book", "spell-save", "spell-caster"),
     "spell tabs: the spell book (the campaign's spells and the seeds', type to filter, `enter` shows one in its tab, priced) / save the tab's spell under a name (undoable) / a remembered Mage or Quatre Pôles caster fills its tab (the list's last line remembers the tab's caster: `Ana: Forces 3, Prime 2`)"),
    ("panes and dialogs", ("mass-attack", "mass-defend", "mass-standing", "mass-up", "mass-down"), "group list: attack it / defend against it / set standing / ±1 standing"),
    ("panes and dialogs", ("sheet-shadow-up", "sheet-shadow-down"), "sheet: shadow change with its reason (event, amount, note)"),
    ("panes and dialogs", ("sheet-stigma", "sheet-grace"), "sheet: choose a stigma (−5, with its permanent effect) / a grace (+5)"),
    ("panes and dialogs", ("sheet-stigma-effect", "sheet-compulsion"), "sheet: a stigma's permanent effect / resisted a compulsion (+1/+2/+3 shadow)"),
    ("panes and dialogs", ("sheet-xp", "sheet-raise", "sheet-pm", "sheet-exhaust"), "sheet: award XP / raise a characteristic / adjust pm / mystical exhaustion"),
)  # fmt: skip


def keys_text(ids: tuple[str, ...] | str) -> str:
    """``n`` / ``p``: each command's default keys (as the guide writes them), command by command."""
    if isinstance(ids, str):
        return ids
    return " / ".join(
        " ".join(f"`{SHOWN.get(key, key)}`" for key in BY_ID[i].key_list if key not in HIDDEN) for i in ids
    )  # fmt: skip


def markdown() -> str:
    """The guide's tables of keys, one per part of the screen."""
    out: list[str] = []
    for table in dict.fromkeys(row[0] for row in GUIDE):
        if out:
            out.append("")
        out += [f"| {table} | |", "|---|---|"]
        out += [f"| {keys_text(ids)} | {what} |" for name, ids, what in GUIDE if name == table]
    return "\n".join(out) + "\n"
