"""The GM's app. One factory, :func:`make_app`, serves the command line and the tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar, cast

import attrs
from textual import events
from textual.app import App, SystemCommand
from textual.binding import BindingType
from textual.notifications import SeverityLevel
from textual.reactive import var
from textual.screen import Screen
from textual.widget import AwaitMount
from textual.widgets import Input

from core.actions import Action, Outcome
from core.breakdown import Lang
from core.campaign import Campaign
from core.errors import RulesError
from core.scores import Applies
from tui.commands.keys import bindings, describe
from tui.i18n import t
from tui.safe import visible
from tui.safe_paint import DROP_CONTROLS
from tui.session import Session
from tui.textual_fixes.keys import OrderedKeys
from tui.textual_fixes.styles import StyledOnce, breakpoint_classes


class ApotheoseApp(OrderedKeys, StyledOnce, App[None]):
    """Holds the session; panes read ``campaign`` and send every change through :meth:`request`."""

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

    def __init__(
        self,
        session: Session,
        *,
        lang: Lang = "en",
        locked_by: str | None = None,
        load_error: Exception | None = None,
        mouse: bool = True,
    ) -> None:
        super().__init__()
        self.session = session
        self.locked_by = locked_by
        self.load_error = load_error
        self.mouse = mouse
        #: For the session (tui.widgets.score_parts): what the GM said applies to a character's
        #: score, by (character id, characteristic), and each character's last check's characteristic.
        self.score_applies: dict[tuple[str, str], Applies] = {}
        self.check_characteristic: dict[str, str] = {}
        self.set_reactive(ApotheoseApp.lang, lang)
        self.set_reactive(ApotheoseApp.campaign, session.campaign)

    def on_load(self) -> None:
        """Before the first screen is composed: its footer shows these keys from the start."""
        describe(self)
        from tui.keymap import install

        install(self)  # the GM's keymap.toml (binding id → keys); problems are notifications

    def get_default_screen(self) -> Screen:
        """The main screen (or the bad-save screen) is the app's first screen, styled for the
        terminal's size from the start: pushed over Textual's default screen, both were laid
        out, and the breakpoint classes came with the first resize and restyled every widget."""
        if self.load_error is not None:
            from tui.screens.bad_save import BadSaveScreen

            screen: Screen = BadSaveScreen(self.load_error)
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
        if self.locked_by:
            self.notify(t("app.locked_by", self.lang, holder=self.locked_by), severity="warning", timeout=8)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from tui.commands.palette import localised

        return localised(super().get_system_commands(screen), self.lang)

    def get_line_filters(self):
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
        a control character in it shows as an escape (``markup`` is ignored)."""
        super().notify(visible(message), title=visible(title), severity=severity, timeout=timeout, markup=False)

    # -- the one way a change happens -------------------------------------------------------
    def request(
        self,
        action: Action,
        *,
        replace_last: bool = False,
        quiet: bool = False,
        done: Callable[[Outcome | RulesError | None], None] | None = None,
        own_side: bool = False,
    ) -> Outcome | RulesError | None:
        """The one way the campaign changes: apply ``action`` through the session, once.

        Returns the :class:`Outcome` recorded, or the refusal (a notification says it unless
        ``quiet``: a form shows it next to its fields), or ``None`` when the GM's yes comes
        first: an attack on the attacker's own side (``own_side`` says it was asked), a 6th
        stigma or grace, a raise past half of the raises. A dialog asks, and a yes resends the
        action. ``done`` gets the final result either way (``None``: the GM said no).
        ``replace_last``: the action takes the place of the last one (a reroll replaces the
        failed roll, and is never asked about again). A stigma the action gave without its
        permanent effect opens the stigma dialog (RULES 1.3)."""
        before = self.session.campaign
        if not own_side and not replace_last:
            from tui.confirm import own_side_question

            question = own_side_question(before, action, self.lang)
            if question is not None:
                self._ask(question, lambda: self.request(action, quiet=quiet, done=done, own_side=True), done)
                return None
        try:
            outcome = self.session.replace_last(action) if replace_last else self.session.do(action)
        except RulesError as error:
            from tui.confirm import question_for

            ask = question_for(before, action, error, self.lang)
            if ask is None:
                if not quiet:
                    self.notify(error.text(self.lang), severity="error", timeout=6)
                if done is not None:
                    done(error)
                return error
            question, fields = ask
            resend = attrs.evolve(action, **fields)
            self._ask(question, lambda: self.request(resend, replace_last=replace_last, quiet=quiet, done=done, own_side=True), done)
            return None
        self.campaign = self.session.campaign
        self.notify(outcome.summary.text(self.lang), timeout=3)
        from tui.screens.stigma import prompt_new_stigmata

        prompt_new_stigmata(self, before, self.campaign)
        if done is not None:
            done(outcome)
        return outcome

    def _ask(
        self, question: str, resend: Callable[[], object], done: Callable[[Outcome | RulesError | None], None] | None
    ) -> None:
        """Ask the GM ``question`` (yes/no): yes runs ``resend``, no tells ``done``."""
        from tui.screens.prompts import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                resend()
            elif done is not None:
                done(None)

        self.push_screen(ConfirmDialog(question), answered)

    def request_all(self, actions: Sequence[Action]) -> Outcome | RulesError:
        """Apply ``actions`` in order as one change (a form that adds a character and places it
        in the fight): all of them, or none and the refusal. Each is its own undo step."""
        before = self.session.campaign
        try:
            outcomes = self.session.do_all(actions)
        except RulesError as error:
            return error
        self.campaign = self.session.campaign
        self.notify(outcomes[0].summary.text(self.lang), timeout=3)
        from tui.screens.stigma import prompt_new_stigmata

        prompt_new_stigmata(self, before, self.campaign)
        return outcomes[0]

    def action_undo(self) -> None:
        try:
            entry = self.session.undo()
        except RulesError as error:
            self.notify(error.text(self.lang), severity="error")
            return
        if entry is None:
            self.notify(t("app.nothing_undo", self.lang))
            return
        self.campaign = self.session.campaign
        self.journal_moves += 1
        self.notify(t("app.undone", self.lang, what=entry.lines[0].text(self.lang)))

    def action_redo(self) -> None:
        try:
            entry = self.session.redo()
        except RulesError as error:
            self.notify(error.text(self.lang), severity="error")
            return
        if entry is None:
            self.notify(t("app.nothing_redo", self.lang))
            return
        self.campaign = self.session.campaign
        self.journal_moves += 1
        self.notify(t("app.redone", self.lang, what=entry.lines[0].text(self.lang)))

    # -- table-wide actions (command palette) ----------------------------------------------
    def action_award_xp(self) -> None:
        """The same XP to every player character (RULES 1.8)."""
        from core.actions import AwardXp
        from core.progression import XP_AWARD
        from tui.screens.prompts import ValuePrompt, whole_in

        pcs = tuple(c.id for c in self.campaign.roster if c.pc)

        def given(amount: object) -> None:
            if isinstance(amount, int):
                self.request(AwardXp(pcs, amount))

        self.push_screen(ValuePrompt(t("app.award_xp", self.lang), whole_in("xp", XP_AWARD)), given)

    def action_rest(self) -> None:
        from core.actions import Rest
        from core.damage import Vital

        alive = tuple(c.id for c in self.campaign.roster if c.state is not Vital.DEAD)
        self.request(Rest(alive, 1))

    def action_new_session(self) -> None:
        from core.actions import NewSession

        self.request(NewSession())

    def action_players_see(self) -> None:
        """Cycle what the players see of the selected combatant (tui.players_see)."""
        from tui.players_see import cycle

        cycle(self)

    def action_players_private(self) -> None:
        from tui.players_see import toggle_private

        toggle_private(self)

    def action_players_default(self, kind: str, shown: str) -> None:
        from tui.players_see import set_default

        set_default(self, kind, shown)

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
        self.call_from_thread(self.notify, t("app.save_conflict", self.lang, error=conflict), severity="error", timeout=3600)

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
) -> ApotheoseApp:
    """The one way to build the app, for the command line and for the tests."""
    return ApotheoseApp(session, lang=lang, locked_by=locked_by, load_error=load_error, mouse=mouse)
