"""The initiative list's GM commands (its keys in the command table): the turn order, conditions,
marks, hiding, a check, the sheet, starting and ending a fight, and the keys that open a pane's
form (damage, a duel, a PC's defence, a group's attack or defence, a spell).

They act on the combatant under the list's cursor (or the marked ones); each is a function of a
:class:`~tui.commands.context.Context`, run by the list's ``command(id)`` action.
"""

from __future__ import annotations

from collections.abc import Awaitable

from core.actions import (
    ActNow,
    AddCondition,
    BoostInitiative,
    Delay,
    EndEncounter,
    MoveInOrder,
    NextTurn,
    Outcome,
    PreviousTurn,
    RemoveCondition,
    RepairArmour,
    SetHidden,
    SetInitiative,
    Stabilise,
    StartEncounter,
)
from core.conditions import left as condition_left
from core.conditions import own_turn
from core.mooks import MookGroup
from core.roster import Character
from tui.commands.context import Context, targets
from tui.i18n import listed, pick, t


# -- who ---------------------------------------------------------------------------------------------
def selected(ctx: Context) -> str | None:
    """The combatant under the list's cursor (a warning when there is none)."""
    key = ctx.cursor
    if key is None or not ctx.campaign.has(key):
        ctx.warn("init.nobody")
        return None
    return key


def character(ctx: Context, *, pc: bool = False) -> Character | None:
    """The character under the cursor (a warning for a group, or a NPC when ``pc``)."""
    key = selected(ctx)
    if key is None:
        return None
    found = ctx.campaign.find(key)
    if not isinstance(found, Character):
        ctx.warn("init.not_group")
        return None
    if pc and not found.pc:
        ctx.warn("init.pc_only")
        return None
    return found


# -- the turn order ----------------------------------------------------------------------------------
async def next_turn(ctx: Context) -> None:
    """The next turn (the door says what came of it); the "I'm done" of the player whose PC's
    turn it ends, taken (issue 38)."""
    enc = ctx.campaign.encounter
    whose = enc.current if enc is not None else None
    if isinstance(await ctx.request(NextTurn()), Outcome) and ctx.waiting:
        from tui.commands.inbox import done_taken

        done_taken(ctx, whose)


def previous_turn(ctx: Context) -> None:
    ctx.request(PreviousTurn())


def delay(ctx: Context) -> None:
    encounter = ctx.campaign.encounter
    ctx.request(Delay(encounter.current or "" if encounter is not None else ""))


def act_now(ctx: Context) -> None:
    key = selected(ctx)
    if key is not None:
        ctx.request(ActNow(key))


def boost(ctx: Context) -> None:
    c = character(ctx, pc=True)
    if c is not None:
        ctx.request(BoostInitiative(c.id))


async def set_initiative(ctx: Context) -> None:
    from tui.screens.prompts import ValuePrompt, parse_int

    key = selected(ctx)
    if key is None:
        return
    campaign = ctx.campaign
    part = campaign.encounter.participant(key) if campaign.encounter is not None else None
    now = "" if part is None else str(part.initiative)
    value = await ctx.ask(ValuePrompt(t("init.set_initiative", ctx.lang, name=campaign.name_of(key)), parse_int, now))
    if isinstance(value, int):
        ctx.request(SetInitiative(key, value))


def move(ctx: Context, steps: int) -> None:
    key = selected(ctx)
    if key is not None:
        ctx.request(MoveInOrder(key, steps))


def start_fight(ctx: Context) -> None:
    campaign = ctx.campaign
    if campaign.encounter is not None:
        ctx.warn("init.fight_under_way")
        return
    keys = tuple(c.id for c in campaign.roster) + tuple(g.id for g in campaign.groups)
    ctx.request(StartEncounter(t("init.fight_name", ctx.lang, n=len(campaign.encounters) + 1), keys))


async def end_fight(ctx: Context) -> None:
    from tui.screens.prompts import ConfirmDialog

    enc = ctx.campaign.encounter
    if enc is None:
        ctx.request(EndEncounter())  # refused with its own message
        return
    if await ctx.ask(ConfirmDialog(t("init.end_fight", ctx.lang, name=enc.name))):
        if isinstance(await ctx.request(EndEncounter()), Outcome):
            show_summary(ctx)


def show_summary(ctx: Context) -> None:
    """The summary of the fight just ended (:mod:`core.fight_summary`), in its screen."""
    from core.fight_summary import summary_of
    from tui.screens.fight_summary import FightSummaryScreen

    summary = summary_of(ctx.journal)
    if summary is not None:
        ctx.open(FightSummaryScreen(summary))


# -- conditions --------------------------------------------------------------------------------------
async def add_condition(ctx: Context) -> None:
    """A condition on the marked combatants (one action, one undo; the marks are then cleared,
    as after damage), else on the selected one."""
    from tui.screens.combat_dialogs import ConditionDialog

    keys = targets(ctx)
    if not keys:
        ctx.warn("init.nobody")
        return
    campaign, lang = ctx.campaign, ctx.lang
    names = [campaign.name_of(k) for k in keys]
    listed_names = listed(names, lang, room=30)  # the dialog's one-line title: never cut mid-name
    who = names[0] if len(names) == 1 else t("init.marked_names", lang, n=len(names), names=listed_names)
    enc = campaign.encounter
    order = tuple((k, campaign.name_of(k)) for k in enc.keys) if enc is not None else ()
    marked = bool(ctx.marked)
    condition = await ctx.ask(ConditionDialog(who, order, enc.current if enc is not None else None))
    if condition is None:
        return
    answer = await ctx.request(AddCondition(keys[0], condition, also=keys[1:]))
    if isinstance(answer, Outcome) and marked:
        ctx.mark(frozenset())


async def remove_condition(ctx: Context) -> None:
    from tui.screens.combat_dialogs import PickDialog

    key = selected(ctx)
    if key is None:
        return
    campaign, lang = ctx.campaign, ctx.lang
    part = campaign.encounter.participant(key) if campaign.encounter is not None else None
    name = campaign.name_of(key)
    if part is None or not part.conditions:
        ctx.warn("init.no_conditions", name=name)
        return
    own = campaign.encounter is not None and own_turn(campaign.encounter, part.key)
    options = [(c.name, pick(condition_left(campaign, c, own_turn=own), lang)) for c in part.conditions]
    picked = await ctx.ask(PickDialog(t("init.pick_condition", lang, name=name), options))
    if isinstance(picked, str):
        ctx.request(RemoveCondition(key, picked))


# -- one combatant -----------------------------------------------------------------------------------
def hide(ctx: Context) -> None:
    key = selected(ctx)
    found = ctx.campaign.find(key) if key is not None else None
    if found is not None:
        ctx.request(SetHidden(found.id, not found.hidden))


def stabilise(ctx: Context) -> None:
    c = character(ctx)
    if c is not None:
        ctx.request(Stabilise(c.id))


def repair(ctx: Context) -> None:
    c = character(ctx)
    if c is not None:
        ctx.request(RepairArmour(c.id))


async def roll(ctx: Context) -> None:
    """Any check for the selected character: score, difficulty, affect, die; its outcome and the
    score's parts stay under the list (not only in a toast)."""
    from tui.screens.roll import RollDialog

    c = character(ctx)
    if c is None:
        return
    dialog = RollDialog(c.id)
    check = await ctx.ask(dialog)
    if check is None:
        return
    answer = await ctx.request(check)
    if isinstance(answer, Outcome):
        if dialog.sent is not None:  # a player's resistance roll: taken, or refused for the GM's die
            from tui.inbox import answer as settle

            settle(ctx.saved_at, dialog.sent, "refused" if dialog.typed else "taken")
        ctx.show_check(answer, dialog.parts)


def sheet(ctx: Context) -> None:
    from tui.screens.sheet import SheetScreen

    key = selected(ctx)
    if key is not None:
        ctx.open(SheetScreen(key))


# -- marks -------------------------------------------------------------------------------------------
def mark(ctx: Context) -> None:
    key = selected(ctx)
    if key is not None:
        ctx.mark(ctx.marked - {key} if key in ctx.marked else ctx.marked | {key})


def clear_marks(ctx: Context) -> None:
    if ctx.marked:
        ctx.mark(frozenset())
        ctx.notify(t("init.unmarked", ctx.lang), timeout=2)


# -- the keys that open a pane's form ----------------------------------------------------------------
def damage(ctx: Context) -> Awaitable[None] | None:
    return ctx.go("damage")


def duel(ctx: Context) -> Awaitable[None] | None:
    """The duel form (composed the first time: Textual awaits what is returned)."""
    return ctx.go("damage", "duel")


def parry(ctx: Context) -> Awaitable[None] | None:
    """An NPC attacks a PC: the selected PC rolls its defence against the current combatant.
    On a mook group's turn that is the defence against a group (``v``): it opens, saying so."""
    campaign = ctx.campaign
    enc = campaign.encounter
    if enc is not None and enc.current is not None and isinstance(campaign.find(enc.current), MookGroup):
        ctx.notify(t("main.parry_group", ctx.lang, name=campaign.name_of(enc.current)), timeout=4)
        return defend_group(ctx)
    return ctx.go("damage", "duel", defends=True)


def attack_group(ctx: Context) -> Awaitable[None] | None:
    return ctx.go("mass", "attack")


def defend_group(ctx: Context) -> Awaitable[None] | None:
    """The defence form (composed the first time: Textual awaits what is returned)."""
    return ctx.go("mass", "defence")


async def spell(ctx: Context) -> Awaitable[None] | None:
    """``s``: a new Apothéose spell (the game's own magic) whatever tab was used last, whose
    turn it is as the caster, as many targets as are marked; on the turn of a caster with
    spells in the book, the book on their spells first (:func:`tui.commands.book.turn_book`)."""
    from tui.commands.book import turn_book

    if await turn_book(ctx):
        return None
    return ctx.go("spell", "new")
