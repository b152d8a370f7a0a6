"""The main screen's commands to prepare a fight (``T`` from a template, ``M`` mooks, ``Q`` quick
add, and the palette's "save as template" and "import"; their keys are in the command table). The dialogs are in :mod:`tui.screens.templates`, imported when
first opened (not before the app's first frame)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import attrs
from textual.screen import Screen

from saves.errors import SaveError
from tui.access import gm
from tui.i18n import t

if TYPE_CHECKING:
    from core.actions import Action

#: The actions the main screen turns off while the GM types in a field (their keys are
#: printable: ``T``, ``M``, ``Q``; see the command table).
TYPED_KEYS = ("add_from_template", "add_mooks", "quick_add")


class TemplateActions(Screen[None]):
    """Screen actions (mixed into the main screen): ``T``, ``M``, ``Q`` and two palette commands."""

    def action_add_from_template(self) -> None:
        from core.templates import BUILT_IN
        from saves.templates import load_library
        from tui.screens.templates import TemplatePicker, library_file

        app = gm(self)
        problem = None
        try:
            templates = load_library(library_file(app))
        except SaveError as error:
            templates, problem = BUILT_IN, str(error)
        app.push_screen(TemplatePicker(templates, problem=problem))

    def action_add_mooks(self) -> None:
        from tui.screens.templates import MookLine

        gm(self).push_screen(MookLine())

    def action_quick_add(self) -> None:
        from tui.screens.templates import QuickAdd

        gm(self).push_screen(QuickAdd())

    def action_save_as_template(self) -> None:
        from core.roster import Character
        from core.templates import template_of
        from saves.templates import save_template
        from tui.screens.templates import FilePrompt, library_file

        app = gm(self)
        key = app.selected
        found = app.campaign.find(key) if key is not None else None
        if not isinstance(found, Character):
            app.notify(t("tpl.pick_character", app.lang), severity="warning")
            return
        path = library_file(app)
        draft = template_of(found)

        def save(name: str) -> str:
            import attrs

            template = attrs.evolve(draft, name=name.strip() or draft.name)
            try:
                save_template(path, template)
            except SaveError as error:
                raise ValueError(str(error)) from None
            return template.name

        def saved(name: object) -> None:
            if name is not None:
                app.notify(t("tpl.saved", app.lang, name=name, path=path), timeout=4, markup=False)

        # The name is the field's value, never the label's text (a Label reads markup).
        app.push_screen(FilePrompt(t("tpl.save_title", app.lang), save, draft.name), saved)

    def action_import_roster(self) -> None:
        from core.actions import AddMany
        from saves.roster_file import RosterFileError, read_roster
        from tui.screens.templates import FilePrompt

        app = gm(self)

        def read(text: str) -> Action:
            try:
                return read_roster(Path(text.strip()).expanduser(), app.campaign)
            except (RosterFileError, SaveError) as error:
                raise ValueError(str(error)) from None

        enc = app.campaign.encounter
        prompt = FilePrompt(t("tpl.import_title", app.lang), read, fight=enc.name if enc is not None else None)

        def chosen(action: object) -> None:
            if isinstance(action, AddMany):  # during a fight the newcomers join it (the box)
                app.request(attrs.evolve(action, join=prompt.joins))

        app.push_screen(prompt, chosen)
