"""The roster's GM commands on the main screen: ``A`` add a character, ``G`` add a group, ``e``
edit the selected one, ``delete`` remove it (after a yes/no). The forms are in
:mod:`tui.screens.forms` and :mod:`tui.screens.group_form`, imported when first opened (not before
the app's first frame); they send their own actions."""

from __future__ import annotations

from core.actions import Remove
from tui.commands.context import Context
from tui.i18n import t


def add_character(ctx: Context) -> None:
    from tui.screens.forms import CharacterForm

    ctx.open(CharacterForm())


def add_group(ctx: Context) -> None:
    from tui.screens.group_form import GroupForm

    ctx.open(GroupForm())


def member(ctx: Context) -> str | None:
    """The selected character or group (the list's cursor, or what the palette picked); a
    warning when there is none."""
    key = ctx.selected
    if key is None or not ctx.campaign.has(key):
        ctx.warn("form.select_first", timeout=None)
        return None
    return key


def edit_selected(ctx: Context) -> None:
    from tui.screens.forms import CharacterForm
    from tui.screens.group_form import GroupForm

    key = member(ctx)
    if key is None:
        return
    campaign = ctx.campaign
    is_character = any(c.id == key for c in campaign.roster)
    ctx.open(CharacterForm(campaign.character(key)) if is_character else GroupForm(campaign.group(key)))


async def remove_selected(ctx: Context) -> None:
    from tui.screens.prompts import ConfirmDialog

    key = member(ctx)
    if key is None:
        return
    if await ctx.ask(ConfirmDialog(t("form.remove_question", ctx.lang, name=ctx.campaign.name_of(key)))):
        ctx.request(Remove(key))
