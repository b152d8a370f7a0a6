"""The GM's commands on what the players see (core.visibility), for keys and the palette.

``w`` on the initiative list cycles what the players see of the selected combatant's HP (exact →
wound level → a bar only → damage taken → nothing → …; landing on the default clears the
choice); ``W`` keeps a PC's shadow, pm and conditions from the table, or shows them again. The
palette also sets the defaults, turns the options on and off (the next-up and your-turn cues,
the round counter, NPC conditions, hidden ones revealed on their first turn: for everybody, or
for the selected one), and gives the selected NPC an alias (their commands are in
:mod:`tui.commands.table`; each function here is a command's handler, of a
:class:`~tui.commands.context.Context`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.choices import parse_choice
from core.mooks import MookGroup
from core.visibility import Shown, check_alias, kind_of, to_option
from tui.i18n import t

if TYPE_CHECKING:
    from core.breakdown import Lang
    from core.campaign import Campaign
    from tui.commands.context import Context


ORDER = (Shown.EXACT, Shown.WOUNDS, Shown.BAR, Shown.DAMAGE, Shown.NOTHING)


def stated(command_id: str, label: str, campaign: Campaign, selected: str | None, lang: Lang) -> str:
    """A palette label of what the players see with its current state: an option's value (the
    whole table's, or the selected one's), the default of a kind marked ``(now)``; any other
    label as it is."""
    from tui.safe import visible

    vis = campaign.visibility
    kind, _, rest = command_id.removeprefix("players-").partition("-")
    if kind == "option":
        return t("see.now_on" if vis.option(to_option(rest)) else "see.now_off", lang, label=label)
    if kind == "own":
        item = campaign.find(selected) if selected is not None else None
        if item is None:
            return label
        on = vis.option(to_option(rest), item.id)
        name = visible(item.name, lines=False)
        return t("see.own_on" if on else "see.own_off", lang, label=label, name=name)
    if kind == "default":
        of, _, shown = rest.partition("-")
        return t("see.current", lang, label=label) if vis.default(of).value == shown else label
    return label


def next_shown(campaign: Campaign, key: str) -> Shown | None:
    """The choice after the current one for ``key``; None when that is the default."""
    item = campaign.find(key)
    kind = kind_of(item)
    vis = campaign.visibility
    following = ORDER[(ORDER.index(vis.shown(key, kind)) + 1) % len(ORDER)]
    return None if following is vis.default(kind) else following


def cycle(ctx: Context) -> None:
    """``w``: what the players see of the selected combatant's HP, the next choice."""
    from core.actions import SetShown

    key = ctx.selected
    if key is None or ctx.campaign.find(key) is None:
        ctx.warn("see.nobody")
        return
    ctx.request(SetShown(key, next_shown(ctx.campaign, key)))


def toggle_private(ctx: Context) -> None:
    """``W``: the selected PC's shadow, pm and conditions kept from the players, or shown."""
    from core.actions import SetPrivate

    key = ctx.selected
    item = ctx.campaign.find(key) if key is not None else None
    if key is None or item is None or isinstance(item, MookGroup) or not item.pc:
        ctx.warn("see.pc_only" if item is not None else "see.nobody")
        return
    ctx.request(SetPrivate(key, not ctx.campaign.visibility.is_private(key)))


def set_default(ctx: Context, kind: str, shown: str) -> None:
    from core.actions import SetShownDefault

    ctx.request(SetShownDefault(kind, parse_choice(Shown, shown, "shown")))


async def choose(ctx: Context, what: str, option: str = "") -> None:
    """The palette's other choices: ``option`` (the default or the whole table's value of
    ``option``, flipped), ``own`` (the selected one's own value of ``option``, flipped; back to
    the default when it lands on it), ``alias`` (asks for the selected NPC's alias)."""
    from core.actions import SetOption

    vis = ctx.campaign.visibility
    if what == "option":
        chosen = to_option(option)
        ctx.request(SetOption(chosen, not vis.option(chosen)))
        return
    key = ctx.selected
    item = ctx.campaign.find(key) if key is not None else None
    if key is None or item is None:
        ctx.warn("see.nobody")
        return
    if what == "own":
        chosen = to_option(option)
        flipped = not vis.option(chosen, key)
        ctx.request(SetOption(chosen, None if flipped == vis.option(chosen) else flipped, key))
    elif what == "alias":
        await ask_alias(ctx, key, item.name)


async def ask_alias(ctx: Context, key: str, name: str) -> None:
    from core.actions import SetAlias
    from tui.screens.prompts import ValuePrompt

    current = ctx.campaign.visibility.alias(key) or ""
    alias = await ctx.ask(ValuePrompt(t("see.alias", ctx.lang, name=name), _alias_text, value=current))
    if isinstance(alias, str):  # None: Escape
        ctx.request(SetAlias(key, alias or None))


def _alias_text(text: str) -> str:
    """An alias as typed ("" takes it away); a RulesError (a ValueError) says what is wrong."""
    return check_alias(text) if text.strip() else ""
