"""The palette's table-wide GM commands: XP to every PC, a day's rest, a new game session."""

from __future__ import annotations

from core.actions import AwardXp, NewSession, Rest
from core.damage import Vital
from tui.commands.context import Context
from tui.i18n import t


async def award_xp(ctx: Context) -> None:
    """The same XP to every player character (RULES 1.8)."""
    from core.progression import XP_AWARD
    from tui.screens.prompts import ValuePrompt, whole_in

    pcs = tuple(c.id for c in ctx.campaign.roster if c.pc)
    amount = await ctx.ask(ValuePrompt(t("app.award_xp", ctx.lang), whole_in("xp", XP_AWARD)))
    if isinstance(amount, int):
        ctx.request(AwardXp(pcs, amount))


def rest(ctx: Context) -> None:
    """A day's rest: everybody alive recovers 1 HP, willpower and pm."""
    alive = tuple(c.id for c in ctx.campaign.roster if c.state is not Vital.DEAD)
    ctx.request(Rest(alive, 1))


def new_session(ctx: Context) -> None:
    ctx.request(NewSession())
