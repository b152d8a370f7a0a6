"""The GM's session: the journal, dice and the autosave, with no Textual in it.

The app's door (:mod:`tui.door`) sends every change through :meth:`Session.do` (or
:meth:`Session.replace_last` for a reroll), which records one action in the journal and hands
the new journal to the saver. Undo and redo are journal moves, saved the same way.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Protocol

from core.actions import Action, Outcome
from core.campaign import Campaign
from core.dice import RandomSource
from core.errors import RulesError
from core.journal import Entry, Journal
from core.players_log import secrets_of


class Saver(Protocol):
    """Where the journal goes after each change (``saves.store.AutoSaver`` in the app)."""

    def save(self, journal: Journal) -> None: ...


class ReadOnlyError(RulesError):
    def __init__(
        self, why: str = "open read-only, nothing changes", fr: str = "ouverte en lecture seule, rien ne change"
    ):
        super().__init__("campaign", why, fr=fr)


class Session:
    def __init__(
        self,
        journal: Journal,
        *,
        saver: Saver | None = None,
        path: Path | None = None,
        read_only: bool = False,
        rng: RandomSource | None = None,
    ):
        self.journal = journal
        secrets_of(journal.campaign)  # once, now: each action's log decision then reads only what it changed
        self.saver = saver
        self.path = path
        self.read_only = read_only
        self.rng: RandomSource = rng if rng is not None else random.SystemRandom()

    @classmethod
    def of(cls, campaign: Campaign, **kwargs: Any) -> Session:
        return cls(Journal.start(campaign), **kwargs)

    @property
    def campaign(self) -> Campaign:
        return self.journal.campaign

    def _commit(self, journal: Journal) -> None:
        self.journal = journal
        if self.saver is not None:
            self.saver.save(journal)

    def _writable(self) -> None:
        if self.read_only:
            raise ReadOnlyError()

    def do(self, action: Action) -> Outcome:
        """Apply ``action``; raises :class:`RulesError` and changes nothing if it is impossible, if
        the GM must say yes first (:class:`~core.actions.NeedsConfirmation`), or if a text in it
        holds a control character or a number is past any bound (:meth:`Journal.record`, in
        core, refuses all three)."""
        self._writable()
        journal, outcome = self.journal.record(action)
        self._commit(journal)
        return outcome

    def replace_last(self, action: Action) -> Outcome:
        """Apply ``action`` in place of the last action (a reroll replaces the failed roll), as
        one change and one save; raises :class:`RulesError` and changes nothing if impossible."""
        self._writable()
        journal, outcome = self.journal.replace_last(action)
        self._commit(journal)
        return outcome

    def undo(self) -> Entry | None:
        self._writable()
        if not self.journal.can_undo:
            return None
        entry = self.journal.done[-1]
        self._commit(self.journal.undo())
        return entry

    def redo(self) -> Entry | None:
        self._writable()
        if not self.journal.can_redo:
            return None
        entry = self.journal.undone[-1]
        self._commit(self.journal.redo())
        return entry
