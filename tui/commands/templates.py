"""The GM commands that prepare a fight (``T`` from a template, ``M`` mooks, ``Q`` quick add, and
the palette's "save as template" and "import"; their keys are in the command table). The dialogs
are in :mod:`tui.screens.templates`, imported when first opened (not before the app's first
frame)."""

from __future__ import annotations

from pathlib import Path

import attrs

from core.actions import Action
from saves.errors import SaveError
from tui.commands.context import Context
from tui.i18n import t

#: The commands the main screen turns off while the GM types in a field (their keys are
#: printable: ``T``, ``M``, ``Q``; see the command table).
TYPED_KEYS = ("roster-add-template", "roster-add-mooks", "roster-quick-add")


def add_from_template(ctx: Context) -> None:
    from core.templates import BUILT_IN
    from saves.templates import load_library
    from tui.screens.templates import TemplatePicker, library_file

    problem = None
    try:
        templates = load_library(library_file(ctx.saved_at))
    except SaveError as error:
        templates, problem = BUILT_IN, str(error)
    ctx.open(TemplatePicker(templates, problem=problem))


def add_mooks(ctx: Context) -> None:
    from tui.screens.templates import MookLine

    ctx.open(MookLine())


def quick_add(ctx: Context) -> None:
    from tui.screens.templates import QuickAdd

    ctx.open(QuickAdd())


async def save_as_template(ctx: Context) -> None:
    """The selected character as a template of the GM's library, under the name typed."""
    from core.roster import Character
    from core.templates import template_of
    from saves.templates import save_template
    from tui.screens.templates import FilePrompt, library_file

    key = ctx.selected
    found = ctx.campaign.find(key) if key is not None else None
    if not isinstance(found, Character):
        ctx.warn("tpl.pick_character", timeout=None)
        return
    path = library_file(ctx.saved_at)
    draft = template_of(found)

    def save(name: str) -> str:
        template = attrs.evolve(draft, name=name.strip() or draft.name)
        try:
            save_template(path, template)
        except SaveError as error:
            raise ValueError(str(error)) from None
        return template.name

    # The name is the field's value, never the label's text (a Label reads markup).
    name = await ctx.ask(FilePrompt(t("tpl.save_title", ctx.lang), save, draft.name))
    if name is not None:
        ctx.notify(t("tpl.saved", ctx.lang, name=name, path=path), timeout=4)


async def import_roster(ctx: Context) -> None:
    """Characters and groups read from a file (CSV, JSON); during a fight the newcomers join it
    when the prompt's box says so."""
    from saves.roster_file import RosterFileError, read_roster
    from tui.screens.templates import FilePrompt

    def read(text: str) -> Action:
        try:
            return read_roster(Path(text.strip()).expanduser(), ctx.campaign)
        except (RosterFileError, SaveError) as error:
            raise ValueError(str(error)) from None

    enc = ctx.campaign.encounter
    prompt = FilePrompt(t("tpl.import_title", ctx.lang), read, fight=enc.name if enc is not None else None)
    action = await ctx.ask(prompt)
    from core.actions import AddMany

    if isinstance(action, AddMany):
        ctx.request(attrs.evolve(action, join=prompt.joins))
