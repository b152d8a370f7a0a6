"""A GM command's handler run without an app: a :class:`~tui.commands.context.Context` built on a
session (:class:`tui.session.Session`), whose dialogs answer from a list.

::

    ctx = SessionContext.on(demo_campaign(), selected="capitaine", answers=[12])
    press(ctx, "init-set")                      # the table's handler, with its parameters
    assert ctx.campaign.encounter.participant("capitaine").initiative == 12

``answers``: what the GM answers, in order, to each dialog asked (``ask``) and to each question the
door asks (a rule's "are you sure?"): the test fails if more is asked than answered. An answer
may be :class:`Typed` (what the GM types in a prompt: the prompt's answer is what it reads of it)
or a function of the dialog (``lambda dialog: dialog.options[0][0]``: its first line picked). What the
handler did shows in ``asked`` (the dialogs), ``opened`` (the screens), ``notes`` (the
notifications: (severity, text)), ``warned`` (the warnings' text keys), ``went`` (the panes'
forms opened), ``checks`` (a check's outcome shown under the list), ``requested`` and ``answered`` (the
actions sent through the door and what came of them) and ``shown`` (what the book
showed in a spell tab).
"""

from __future__ import annotations

import asyncio
import inspect
import random
from collections.abc import Awaitable
from pathlib import Path
from typing import Any, TypeVar, cast

import attrs
from textual.screen import Screen

from core.actions import Action, NeedsConfirmation, Outcome
from core.breakdown import Lang
from core.campaign import Campaign
from core.errors import RulesError
from core.journal import Journal
from core.player_send import Sent
from core.spellbook.book import BookCaster, BookSpell
from tui.commands.context import BookTab, Casting, Context, Ready, Severity
from tui.commands.table import BY_ID
from tui.door import Answer, Declined, Refused
from tui.i18n import t
from tui.session import Session

T = TypeVar("T")


@attrs.frozen
class Typed:
    """The GM types ``text`` in the prompt asked and presses Enter (its ``parse`` reads it)."""

    text: str


@attrs.define
class SessionContext:
    """The context of a command run on ``session`` (see the module)."""

    session: Session
    lang: Lang = "en"
    selected: str | None = None
    #: The list's cursor, when it is not on the selected one (the group list's, say).
    at_cursor: str | None = None
    marked: frozenset[str] = frozenset()
    answers: list[object] = attrs.Factory(list)
    saved_at: Path | None = None
    #: What players sent that waits, and the message beside the form shown (issue 38).
    waiting: tuple[Sent, ...] = ()
    offered: Sent | None = None
    tab: BookTab | None = None
    caster: Casting | None = None
    asked: list[Screen[Any]] = attrs.Factory(list)
    opened: list[Screen[Any]] = attrs.Factory(list)
    notes: list[tuple[str, str]] = attrs.Factory(list)
    warned: list[str] = attrs.Factory(list)
    went: list[tuple[str, str, dict[str, object]]] = attrs.Factory(list)
    checks: list[tuple[Outcome, str]] = attrs.Factory(list)
    shown: list[object] = attrs.Factory(list)
    requested: list[Action] = attrs.Factory(list)
    answered: list[Answer] = attrs.Factory(list)

    @classmethod
    def on(cls, campaign: Campaign, **kwargs: Any) -> SessionContext:
        """A context on a new session of ``campaign`` (seeded dice, no saving)."""
        return cls(Session.of(campaign, rng=random.Random(0)), **kwargs)

    # -- what the handler reads ------------------------------------------------------------------
    @property
    def campaign(self) -> Campaign:
        return self.session.campaign

    @property
    def journal(self) -> Journal:
        return self.session.journal

    @property
    def cursor(self) -> str | None:
        return self.at_cursor if self.at_cursor is not None else self.selected

    def mark(self, keys: frozenset[str]) -> None:
        self.marked = keys

    # -- what it does ------------------------------------------------------------------------------
    def request(self, action: Action) -> Awaitable[Answer]:
        self.requested.append(action)
        answer = self._knock(action)
        self.answered.append(answer)
        return Ready(answer)

    def _knock(self, action: Action) -> Answer:
        """The door's rule (:class:`tui.door.Door`), the GM's yes or no from ``answers``."""
        try:
            outcome = self.session.do(action)
        except NeedsConfirmation as question:
            if self._answer():
                return self._knock(question.confirmed(action))
            return Declined(action, question.question)
        except RulesError as error:
            self.notes.append(("error", error.text(self.lang)))
            return Refused(error)
        self.notes.append(("information", outcome.summary.text(self.lang)))
        return outcome

    def _answer(self) -> object:
        assert self.answers, "the handler asked more than the test answers"
        return self.answers.pop(0)

    async def ask(self, dialog: Screen[T]) -> T | None:
        self.asked.append(dialog)
        answer = self._answer()
        if isinstance(answer, Typed):
            answer = dialog.parse(answer.text)  # type: ignore[attr-defined]
        elif callable(answer):
            answer = answer(dialog)
        return cast("T | None", answer)

    def open(self, screen: Screen[Any]) -> None:
        self.opened.append(screen)

    def notify(self, text: str, *, severity: Severity = "information", timeout: float | None = None) -> None:
        self.notes.append((severity, text))

    def warn(self, key: str, /, timeout: float | None = 4, **values: object) -> None:
        self.warned.append(key)
        self.notes.append(("warning", t(key, self.lang, **values)))

    def go(self, pane: str, form: str = "", **options: object) -> Awaitable[None] | None:
        self.went.append((pane, form, options))
        return None

    def show_check(self, outcome: Outcome, parts: str) -> None:
        self.checks.append((outcome, parts))

    def casting(self) -> Casting:
        assert self.caster is not None, "the test gives no Apothéose tab"
        return self.caster

    def spell_tab(self) -> BookTab | None:
        return self.tab

    async def show_spell(self, spell: BookSpell) -> object:
        self.shown.append(spell)
        return spell

    async def show_caster(self, caster: BookCaster, sphere: str | None) -> None:
        self.shown.append((caster, sphere))


def press(ctx: SessionContext, command_id: str) -> object:
    """Run the table's command ``command_id`` (its handler, with its parameters) in ``ctx``, to
    the end (the dialogs answered from ``ctx.answers``)."""
    command = BY_ID[command_id]
    result = command.function()(ctx, *command.args)
    if inspect.iscoroutine(result):
        return asyncio.run(result)
    return result


def as_context(ctx: SessionContext) -> Context:
    """What mypy checks: a session's context is a :class:`Context`."""
    return ctx
