"""The Apothéose spell's GM command: Enter in its cost fields casts it."""

from __future__ import annotations

from tui.commands.context import Context


async def cast_spell(ctx: Context) -> None:
    """Enter in the Apothéose tab's fields: the spell checked (a refusal said, the list focused),
    then which of its targets take its intensity as damage (Escape: back to the fields, to
    change it), then cast."""
    from tui.screens.victims import VictimsDialog
    from tui.widgets.spell import participants

    tab = ctx.casting()
    cast = tab.cast_asked()
    if cast is None:
        return
    victims = await ctx.ask(VictimsDialog(cast.spell.intensity, participants(ctx.campaign), ctx.marked))
    if victims is not None:
        await tab.cast(cast, victims)
