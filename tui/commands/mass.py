"""The group list's GM command in the mass combat pane (its other keys move the list and open
the pane's forms): ``s``, how many of the group under the cursor are standing, by hand."""

from __future__ import annotations

from core.actions import SetStanding
from core.validators import Whole
from tui.commands.context import Context
from tui.i18n import t


async def ask_standing(ctx: Context) -> None:
    """``s`` on the group list: how many of the group are standing (by hand)."""
    from tui.screens.prompts import ValuePrompt
    from tui.widgets.inputs import read_whole

    group = next((g for g in ctx.campaign.groups if g.id == ctx.cursor), None)
    if group is None:
        return
    lang = ctx.lang

    def parse(text: str) -> int:
        return read_whole(text, group.name, lang, Whole(0, group.total))

    question = t("mass.standing_prompt", lang, name=group.name, total=group.total)
    value = await ctx.ask(ValuePrompt(question, parse, str(group.standing)))
    if isinstance(value, int):
        ctx.request(SetStanding(group.id, value))
