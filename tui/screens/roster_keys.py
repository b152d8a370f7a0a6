"""The main screen's roster keys: ``A`` add a character, ``G`` add a group, ``e`` edit the
selected one, ``delete`` remove it (after a yes/no). The forms are in :mod:`tui.screens.forms`."""

from __future__ import annotations

from textual.screen import Screen

from core.actions import Remove
from tui.access import gm
from tui.i18n import t
from tui.screens.forms import CharacterForm, GroupForm
from tui.screens.prompts import ConfirmDialog


class RosterActions(Screen[None]):
    """The roster actions, mixed into :class:`tui.screens.main.MainScreen`."""

    def action_add_character(self) -> None:
        self.app.push_screen(CharacterForm())

    def action_add_group(self) -> None:
        self.app.push_screen(GroupForm())

    def _selected(self) -> str | None:
        app = gm(self)
        key = app.selected
        if key is None or not app.campaign.has(key):
            app.notify(t("form.select_first", app.lang), severity="warning")
            return None
        return key

    def action_edit_selected(self) -> None:
        key = self._selected()
        if key is None:
            return
        campaign = gm(self).campaign
        form = (
            CharacterForm(campaign.character(key))
            if any(c.id == key for c in campaign.roster)
            else GroupForm(campaign.group(key))
        )
        self.app.push_screen(form)

    def action_remove_selected(self) -> None:
        key = self._selected()
        if key is None:
            return
        app = gm(self)

        def answer(yes: bool | None) -> None:
            if yes:
                app.request(Remove(key))

        app.push_screen(ConfirmDialog(t("form.remove_question", app.lang, name=app.campaign.name_of(key))), answer)
