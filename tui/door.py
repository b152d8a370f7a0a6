"""The one door: every change of the campaign is ``await app.request(action)``.

:meth:`Door.request` applies the action through the session, once, and answers with what came of
it: the :class:`~core.actions.Outcome` recorded, :class:`Refused` (the rules' refusal) or
:class:`Declined` (the GM said no). When the rules want the GM's yes first
(:class:`~core.actions.NeedsConfirmation`: a PC becoming an NPC, a raise past the limit, an NPC
attacking its own side) the door asks it in one dialog and, on yes, sends the confirmed action;
the answer comes once all is said. Without a question the action is applied at once, before
``request`` returns (the next key acts on the new campaign), and the answer is ready.

A caller that needs the answer awaits it where a dialog may be waited for: in a worker (a
handler of a key runs in the app's own task, which must stay free to read the dialog's keys).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import attrs
from textual.app import App

from core.actions import Action, NeedsConfirmation, Outcome
from core.breakdown import Line
from core.errors import RulesError

if TYPE_CHECKING:
    from core.breakdown import Lang
    from core.campaign import Campaign
    from tui.session import Session


@attrs.frozen
class Refused:
    """The rules refused the action (nothing changed): why, in both languages."""

    error: RulesError

    def text(self, lang: Lang = "en") -> str:
        return self.error.text(lang)


@attrs.frozen
class Declined:
    """The GM said no to ``question`` (nothing changed)."""

    action: Action
    question: Line


Answer = Outcome | Refused | Declined


class Door(App[Any]):
    """The app's one door to the session (mixed into the GM's app, before ``App``)."""

    session: Session
    campaign: Campaign
    lang: Lang

    def request(self, action: Action, *, replace_last: bool = False, quiet: bool = False) -> asyncio.Future[Answer]:
        """Apply ``action`` once; the answer, ready at once unless the GM is asked first.

        ``replace_last``: the action takes the place of the journal's last (a reroll replaces the
        failed roll, as one step). ``quiet``: a refusal is not told in a notification (the form
        that asked shows it next to its fields). A stigma the action gave without its permanent
        effect opens the stigma dialog after (RULES 1.3)."""
        answer: asyncio.Future[Answer] = asyncio.get_running_loop().create_future()
        self._knock(action, replace_last, quiet, answer)
        return answer

    def _knock(self, action: Action, replace_last: bool, quiet: bool, answer: asyncio.Future[Answer]) -> None:
        before = self.session.campaign
        try:
            outcome = self.session.replace_last(action) if replace_last else self.session.do(action)
        except NeedsConfirmation as question:
            self._ask(action, question, replace_last, quiet, answer)
            return
        except RulesError as error:
            if not quiet:
                self.notify(error.text(self.lang), severity="error", timeout=6)
            answer.set_result(Refused(error))
            return
        self.campaign = self.session.campaign
        self.notify(outcome.summary.text(self.lang), timeout=3)
        from tui.screens.stigma import prompt_new_stigmata

        prompt_new_stigmata(self, before, self.campaign)
        answer.set_result(outcome)

    def _ask(
        self,
        action: Action,
        question: NeedsConfirmation,
        replace_last: bool,
        quiet: bool,
        answer: asyncio.Future[Answer],
    ) -> None:
        """The one dialog of every question: yes sends the confirmed action, no declines it."""
        from tui.screens.prompts import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self._knock(question.confirmed(action), replace_last, quiet, answer)
            else:
                answer.set_result(Declined(action, question.question))

        self.push_screen(ConfirmDialog(question.question.text(self.lang)), answered)
