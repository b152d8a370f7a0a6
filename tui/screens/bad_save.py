"""Shown instead of the main screen when a campaign file cannot be loaded: never a traceback.

It says what is wrong (the file, the field, the reason) and lists the backups of the file that
load, newest first. Enter on one restores it (the damaged file is kept as ``name.json.1``) and
opens the campaign. The damaged file itself is never written by the app.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from core.breakdown import Lang
from saves.errors import SaveError
from saves.format import Loaded
from saves.store import backups_that_load, restore_backup
from tui.access import gm, lang_of
from tui.commands.keys import Described, bindings
from tui.i18n import t
from tui.safe import cut, plain, visible
from tui.widgets.footer import KeysFooter


class BadSaveScreen(Described, Screen[None]):
    DEFAULT_CSS = """
    BadSaveScreen #bad-save-backups-title { margin-top: 1; }
    BadSaveScreen #bad-save-backups { height: auto; max-height: 12; border: round $accent; }
    BadSaveScreen #bad-save-untouched { color: $text-muted; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = bindings("bad-save")

    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error
        self.path: Path | None = error.path if isinstance(error, SaveError) else None
        self.backups: list[tuple[Path, Loaded]] = backups_that_load(self.path) if self.path else []

    def compose(self) -> ComposeResult:
        lang = lang_of(self)
        with Vertical(id="bad-save"):
            yield Static(t("bad_save.title", lang), id="bad-save-title")
            yield Static(plain(cut(visible(str(self.error)), 2000)), id="bad-save-error")
            if self.backups:
                kept = f"{self.path.name}.1" if self.path else ""
                yield Static(t("bad_save.backups", lang, kept=kept), id="bad-save-backups-title", markup=False)
                yield OptionList(*(self._option(p, loaded, lang) for p, loaded in self.backups), id="bad-save-backups")
            else:
                yield Static(t("bad_save.none", lang), id="bad-save-none", markup=False)
            yield Static(t("bad_save.untouched", lang), id="bad-save-untouched")
        yield KeysFooter()

    @staticmethod
    def _option(path: Path, loaded: Loaded, lang: Lang) -> Option:
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        journal = loaded.journal
        text = t(
            "bad_save.backup",
            lang,
            name=path.name,
            when=when,
            campaign=journal.campaign.name,
            actions=len(journal.done),
        )
        return Option(plain(text), id=path.name)

    def on_mount(self) -> None:
        if self.backups:
            self.query_one(OptionList).focus()
        self.call_after_refresh(gm(self).first_frame_shown)  # the app's first screen, drawn

    @on(OptionList.OptionSelected, "#bad-save-backups")
    def _restore(self, event: OptionList.OptionSelected) -> None:
        from tui.run import open_session
        from tui.screens.main import MainScreen

        app, lang = gm(self), lang_of(self)
        backup = self.backups[event.option_index][0]
        assert self.path is not None
        try:
            restore_backup(self.path, backup)
            session, locked_by, notes = open_session(self.path, rng=app.session.rng)
        except SaveError as error:
            app.notify(t("bad_save.restore_failed", lang, error=error), severity="error", timeout=10)
            return
        app.notify(t("bad_save.restored", lang, backup=backup.name))
        app.adopt(session, locked_by, notes)
        # The bad-save screen is the app's first screen: the main screen goes on top of it.
        if len(app.screen_stack) > 1:
            app.switch_screen(MainScreen())
        else:
            app.push_screen(MainScreen())
