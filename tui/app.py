"""The GM's app. One factory, :func:`make_app`, serves the command line and the tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, cast

from textual import events
from textual.app import App, SystemCommand
from textual.binding import BindingType
from textual.dom import DOMNode
from textual.filter import LineFilter
from textual.notifications import Notify, SeverityLevel
from textual.reactive import var
from textual.screen import Screen
from textual.widget import AwaitMount
from textual.widgets import Input

from core.breakdown import Lang
from core.campaign import Campaign
from core.errors import RulesError
from core.journal import Entry
from core.player_send import Sent
from core.scores import Applies
from tui.commands.keys import bindings, describe
from tui.door import Door
from tui.i18n import t
from tui.inbox_follow import FollowsInbox
from tui.messages import restyled_later
from tui.safe import visible
from tui.safe_paint import DROP_CONTROLS
from tui.session import Session
from tui.textual_fixes.keys import OrderedKeys
from tui.textual_fixes.styles import StyledOnce, breakpoint_classes
from tui.textual_fixes.toasts import LastingNotification


class ApotheoseApp(Door, FollowsInbox, OrderedKeys, StyledOnce, App[None]):
    """Holds the session; panes read ``campaign`` and send every change through the door,
    ``await app.request(action)`` (:mod:`tui.door`)."""

    CSS_PATH = [
        "styles/app.tcss",
        "styles/initiative.tcss",
        "styles/mass_combat.tcss",
        "styles/damage.tcss",
        "styles/spell.tcss",
        "styles/spell_mage.tcss",
        "styles/spell_poles.tcss",
        "styles/spell_d6.tcss",
        "styles/dialogs.tcss",
        "styles/sheet.tcss",
    ]
    TITLE = "Apothéose"
    #: Textual's own commands (in the app's language); each screen adds what fits it (Screen.COMMANDS).
    COMMANDS = App.COMMANDS
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    BINDINGS: ClassVar[list[BindingType]] = bindings("app")

    #: The campaign as it stands: every pane renders from it.
    campaign: var[Campaign] = var(cast("Campaign", None), init=False)  # set in __init__, before any read
    #: The combatant under the initiative cursor.
    selected: var[str | None] = var(None, init=False)
    #: Combatants marked (space) as targets of the next damage or spell.
    marked: var[frozenset[str]] = var(frozenset(), init=False)
    lang: var[Lang] = var("en", init=False)
    #: Counts undos and redos: one can leave the campaign as it was (a check that moved no
    #: shadow), so what shows an applied action watches this too.
    journal_moves: var[int] = var(0, init=False)
    #: What players sent that waits for the GM, oldest first (issue 38, :mod:`tui.inbox_follow`).
    waiting: var[tuple[Sent, ...]] = var((), init=False)

    def __init__(
        self,
        session: Session,
        *,
        lang: Lang = "en",
        load_error: Exception | None = None,
        mouse: bool = True,
    ) -> None:
        super().__init__()
        self.session = session
        self.locked_by: str | None = None
        self.load_error = load_error
        self.mouse = mouse
        #: For the session (tui.widgets.score_parts): what the GM said applies to a character's
        #: score, by (character id, characteristic), and each character's last check's characteristic.
        self.score_applies: dict[tuple[str, str], Applies] = {}
        self.check_characteristic: dict[str, str] = {}
        self.set_reactive(ApotheoseApp.lang, lang)
        self.set_reactive(ApotheoseApp.campaign, session.campaign)
        #: Called once, after the first screen's first frame (:meth:`first_frame_shown`).
        self.on_first_frame: Callable[[], object] | None = None

    def first_frame_shown(self) -> None:
        """The first screen is drawn (its screen says so): the players are told what the form
        shown asks (:meth:`tell_after_first_frame`) and :attr:`on_first_frame` runs, once (the
        command line's collector back to its pace, :func:`tui.run.first_frame_drawn`)."""
        self.tell_after_first_frame()
        hook, self.on_first_frame = self.on_first_frame, None
        if hook is not None:
            hook()

    def adopt(self, session: Session, locked_by: str | None = None, notes: Sequence[str] = ()) -> None:
        """Work on ``session`` from now on (as made, or a backup restored on the bad-save
        screen): its autosaver reports here, and once the app runs the GM is told who else
        writes the campaign (it opened read-only) and what was repaired or reset on opening it."""
        from saves.store import AutoSaver

        self.session, self.locked_by = session, locked_by
        saver = session.saver
        if isinstance(saver, AutoSaver):  # not once the app has stopped: nobody to tell
            saver.on_error = lambda error: self.save_failed(error) if self.is_running else None
            saver.on_recovered = lambda: self.save_recovered() if self.is_running else None
            saver.on_conflict = lambda conflict: self.save_conflict(conflict) if self.is_running else None
            saver.on_warning = lambda text: self.save_warning(text) if self.is_running else None
        if self.is_running:
            self.campaign = session.campaign
        told = [(t("app.locked_by", self.lang, holder=locked_by), 8)] if locked_by else []
        for text, timeout in (*told, *((note, 10) for note in notes)):
            self.call_later(self.notify, text, severity="warning", timeout=timeout)

    def on_load(self) -> None:
        """Before the first screen is composed: its footer shows these keys from the start."""
        describe(self)
        from tui.keymap import install

        install(self)  # the GM's keymap.toml (binding id → keys); problems are notifications

    def get_default_screen(self) -> Screen[Any]:
        """The main screen (or the bad-save screen) is the app's first screen, styled for the
        terminal's size from the start: pushed over Textual's default screen, both were laid
        out, and the breakpoint classes came with the first resize and restyled every widget."""
        if self.load_error is not None:
            from tui.screens.bad_save import BadSaveScreen

            screen: Screen[Any] = BadSaveScreen(self.load_error)
        else:
            from tui.screens.main import MainScreen

            screen = MainScreen()
        screen.set_classes(breakpoint_classes(self, screen))
        return screen

    async def on_mount(self) -> None:
        # Textual does not wait for its default screen's widgets: the app is ready (a Pilot or
        # an auto-pilot starts) once every widget of the first screen is mounted, as when the
        # main screen was pushed over the default one.
        await AwaitMount(self.screen, [self.screen])
        self.follow_inbox()

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        from tui.commands.palette import localised

        return localised(super().get_system_commands(screen), self.lang)

    def update_styles(self, node: DOMNode, animate: bool = True) -> None:
        """Restyle ``node`` now, or after the next frame if it is the field a form gave the focus
        back from (:func:`tui.messages.restyles_later`)."""
        if not restyled_later(node, lambda: self.update_styles(node, animate)):
            super().update_styles(node, animate)

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, then :data:`~tui.safe_paint.DROP_CONTROLS`: no terminal code from a
        name reaches the terminal, whichever widget paints it."""
        return [*super().get_line_filters(), DROP_CONTROLS]

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """No blinking cursors: a blink is a repaint twice a second, sent down a slow SSH link
        for nothing (and a screenshot that depends on the time it is taken)."""
        widget = getattr(event, "widget", None)
        if isinstance(widget, Input) and widget.cursor_blink:
            widget.cursor_blink = False

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """Every notification is plain text (it quotes names, files, errors): never markup, and
        a control character in it shows as an escape (``markup`` is ignored). Its toast never
        gets a negative time (:mod:`tui.textual_fixes.toasts`)."""
        if timeout is None:
            timeout = self.NOTIFICATION_TIMEOUT
        notification = LastingNotification(visible(message), visible(title), severity, timeout, markup=False)
        self.post_message(Notify(notification))

    def action_undo(self) -> None:
        self._journal_step(self.session.undo, "app.nothing_undo", "app.undone")

    def action_redo(self) -> None:
        self._journal_step(self.session.redo, "app.nothing_redo", "app.redone")

    def _journal_step(self, step: Callable[[], Entry | None], nothing: str, done: str) -> None:
        """One step back or forward in the journal, said in a notification."""
        try:
            entry = step()
        except RulesError as error:
            self.notify(error.text(self.lang), severity="error")
            return
        if entry is None:
            self.notify(t(nothing, self.lang))
            return
        self.campaign = self.session.campaign
        self.journal_moves += 1
        self.notify(t(done, self.lang, what=entry.lines[0].text(self.lang)))

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.push_screen(HelpScreen())

    def action_log(self) -> None:
        from tui.screens.log import LogScreen

        self.push_screen(LogScreen())

    # -- called from the autosave thread ----------------------------------------------------
    def save_failed(self, error: Exception) -> None:
        self.call_from_thread(self.notify, t("app.saved_failed", self.lang, error=error), severity="error", timeout=8)

    def save_conflict(self, conflict: Exception) -> None:
        """Another writer took the campaign over: said once, and kept on screen until dismissed."""
        self.call_from_thread(
            self.notify, t("app.save_conflict", self.lang, error=conflict), severity="error", timeout=3600
        )

    def save_warning(self, text: str) -> None:
        """Saving works, but something needs the GM (a folder at a backup's name)."""
        self.call_from_thread(self.notify, t("app.save_warning", self.lang, text=text), severity="warning", timeout=15)

    def save_recovered(self) -> None:
        self.call_from_thread(self.notify, t("app.saved_again", self.lang))


def make_app(
    session: Session,
    *,
    lang: Lang = "en",
    locked_by: str | None = None,
    load_error: Exception | None = None,
    mouse: bool = True,
    notes: Sequence[str] = (),
) -> ApotheoseApp:
    """The one way to build the app, for the command line and for the tests. ``notes``: what the
    GM must know of the campaign opened (said once the app runs)."""
    app = ApotheoseApp(session, lang=lang, load_error=load_error, mouse=mouse)
    app.adopt(session, locked_by, notes)
    return app
