"""The main screen's roster keys: ``A`` add a character, ``G`` add a group, ``e`` edit the
selected one, ``delete`` remove it (after a yes/no). The forms are in :mod:`tui.screens.forms`,
imported when first opened (not before the app's first frame)."""

from __future__ import annotations

from textual.screen import Screen

from core.actions import Remove
from tui.access import gm
from tui.i18n import t


class RosterActions(Screen[None]):
    """The roster actions, mixed into :class:`tui.screens.main.MainScreen`."""

    def action_add_character(self) -> None:
        from tui.screens.forms import CharacterForm

        self.app.push_screen(CharacterForm())

    def action_add_group(self) -> None:
        from tui.screens.group_form import GroupForm

        self.app.push_screen(GroupForm())

    def _roster_member(self) -> str | None:
        """The selected character or group (``app.selected``: the list's cursor, or what the
        palette picked). Not named ``_selected``: the fight keys' own, mixed into the same screen
        before this one, would take its place (issue 34, item 6)."""
        app = gm(self)
        key = app.selected
        if key is None or not app.campaign.has(key):
            app.notify(t("form.select_first", app.lang), severity="warning")
            return None
        return key

    def action_edit_selected(self) -> None:
        key = self._roster_member()
        if key is None:
            return
        from tui.screens.forms import CharacterForm
        from tui.screens.group_form import GroupForm

        campaign = gm(self).campaign
        form = (
            CharacterForm(campaign.character(key))
            if any(c.id == key for c in campaign.roster)
            else GroupForm(campaign.group(key))
        )
        self.app.push_screen(form)

    def action_remove_selected(self) -> None:
        key = self._roster_member()
        if key is None:
            return
        from tui.screens.prompts import ConfirmDialog

        app = gm(self)

        def answer(yes: bool | None) -> None:
            if yes:
                app.request(Remove(key))

        app.push_screen(ConfirmDialog(t("form.remove_question", app.lang, name=app.campaign.name_of(key))), answer)
