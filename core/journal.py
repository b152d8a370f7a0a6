"""The action journal: undo and redo without limit, the combat log, the window kept in saves.

A :class:`Journal` is a value like everything else. ``base`` is the campaign before the oldest
action kept; ``done`` the actions since, each with the state it produced (``states``, not saved:
it is recomputed by replaying, which is deterministic); ``undone`` the redo stack.

A journal read from a save (:meth:`Journal.loaded`) knows its current campaign (the save holds
it) and replays its history only when a state before it is first needed: the first undo past the
moment it was opened (or a save's window moving past it). If that replay fails, or does not give
the saved campaign (a file edited by hand, a rule changed since), the saved campaign wins: undo
stops there, with the reason, and the actions done since can still be undone.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence

import attrs

from core.actions.base import Action, Outcome, apply
from core.breakdown import Line, line
from core.campaign import Campaign
from core.errors import RulesError
from core.players_log import players_lines
from core.runs import Run
from core.validators import refuse_outside

#: How many actions a save keeps so undo works after a restart.
KEPT_IN_SAVE = 500
#: A save keeps ``LOG_LINES_PER_ACTION`` log lines per action it keeps.
LOG_LINES_PER_ACTION = 4


@attrs.frozen
class Entry:
    """One applied action, numbered, with the log lines it wrote."""

    seq: int
    action: Action
    lines: tuple[Line, ...]


@attrs.frozen
class LogLine:
    """A line of the combat log. ``kind``: ``do``, ``undo``, ``redo`` or ``reroll`` (the action
    replaced by its reroll). ``players``: whether
    the players may read it, and ``shown`` the words they read when they differ (an NPC's alias
    for its name), both decided when it was written (:func:`core.players_log.players_lines`)."""

    seq: int
    kind: str
    line: Line
    players: bool = False
    shown: Line | None = None


class _Replay:
    """The states of a saved history, replayed once, on first need, for every journal sharing it.

    ``end`` is the campaign the save holds. ``problem`` (English, French) is set, and every state
    is ``end``, when the history cannot be replayed or does not lead to ``end``.
    """

    __slots__ = ("_guard", "_states", "base", "end", "entries", "problem")

    def __init__(self, base: Campaign, entries: tuple[Entry, ...], end: Campaign) -> None:
        self.base, self.entries, self.end = base, entries, end
        self.problem: tuple[str, str] | None = None
        self._states: tuple[Campaign, ...] | None = None
        self._guard = threading.Lock()

    def states(self) -> tuple[Campaign, ...]:
        with self._guard:
            if self._states is None:
                self._states = self._replay()
            return self._states

    def _replay(self) -> tuple[Campaign, ...]:
        states, campaign = [], self.base
        for i, entry in enumerate(self.entries):
            try:
                campaign = apply(campaign, entry.action).campaign
            except Exception as exc:  # noqa: BLE001 - any failure: the saved campaign wins
                en, fr = (exc.reason, exc.reason_fr) if isinstance(exc, RulesError) else (repr(exc), repr(exc))
                n = len(self.entries)
                where, where_fr = f"action #{entry.seq}, {i + 1} of {n}", f"action n° {entry.seq}, {i + 1} sur {n}"
                self.problem = (
                    f"the saved history cannot be replayed ({where}: {en})",
                    f"l'historique enregistré ne peut pas être rejoué ({where_fr} : {fr})",
                )
                return (self.end,) * len(self.entries)
            states.append(campaign)
        if campaign != self.end:
            self.problem = (
                "the campaign differs from what its saved history gives (edited outside apotheose?)",
                "la campagne diffère de ce que donne son historique enregistré (modifiée hors d'apotheose ?)",
            )
            return (self.end,) * len(self.entries)
        states[-1] = self.end  # equal: keep the one already in use
        return tuple(states)


def _entries(items: Iterable[Entry]) -> Run[Entry]:
    return Run.of(items)


def _lines(items: Iterable[LogLine]) -> Run[LogLine]:
    return Run.of(items)


def _campaigns(items: Iterable[Campaign]) -> Run[Campaign]:
    return Run.of(items)


@attrs.frozen
class Journal:
    base: Campaign
    #: ``done`` and ``log`` are :class:`~core.runs.Run`\ s: an action appends to them in constant
    #: time however long the history (they equal the tuples of their items).
    done: Run[Entry] = attrs.field(factory=Run, converter=_entries)
    undone: tuple[Entry, ...] = ()
    log: Run[LogLine] = attrs.field(factory=Run, converter=_lines)
    #: States after the last ``len(recent)`` entries of ``done``; derived, never saved. The
    #: entries before those are ``saved``'s, replayed on first need (see :attr:`states`).
    _recent: Run[Campaign] = attrs.field(factory=Run, converter=_campaigns, eq=False, repr=False, alias="recent")
    _saved: _Replay | None = attrs.field(default=None, eq=False, repr=False, alias="saved")
    #: :attr:`next_seq`, once worked out (derived: an action, an undo or a redo keeps it right).
    _next: list[int] = attrs.field(factory=list, eq=False, repr=False, alias="next")

    @classmethod
    def start(cls, campaign: Campaign) -> Journal:
        return cls(base=campaign)

    @classmethod
    def restore(
        cls, base: Campaign, done: Sequence[Entry], undone: Sequence[Entry] = (), log: Sequence[LogLine] = ()
    ) -> Journal:
        """Rebuild the states by replaying ``done`` on ``base`` now (raises what an action raises)."""
        states, campaign = [], base
        for entry in done:
            campaign = apply(campaign, entry.action).campaign
            states.append(campaign)
        return cls(base, Run(done), tuple(undone), Run(log), Run(states))

    @classmethod
    def loaded(
        cls,
        campaign: Campaign,
        base: Campaign,
        done: Sequence[Entry],
        undone: Sequence[Entry] = (),
        log: Sequence[LogLine] = (),
    ) -> Journal:
        """A journal whose current campaign is ``campaign`` (as a save holds it), without replaying
        ``done`` on ``base``: that waits until a state before ``campaign`` is needed."""
        if not done:
            return cls(campaign, Run(), tuple(undone), Run(log))
        return cls(base, Run(done), tuple(undone), Run(log), saved=_Replay(base, tuple(done), campaign))

    @property
    def states(self) -> Sequence[Campaign]:
        """The state after each entry of ``done`` (replays a loaded history the first time)."""
        if self._saved is None:
            return self._recent
        return self._saved.states() + self._recent

    def state_after(self, index: int) -> Campaign:
        """``states[index]`` (≥ 0) without building :attr:`states`: constant time once replayed."""
        saved = 0 if self._saved is None else len(self._saved.entries)
        if index >= saved:
            return self._recent[index - saved]
        assert self._saved is not None  # index < saved: there is one
        return self._saved.states()[index]

    def _states_from(self, index: int) -> Sequence[Campaign]:
        """``states[index:]`` (≥ 0), sharing what it can."""
        saved = 0 if self._saved is None else len(self._saved.entries)
        if index >= saved:
            return self._recent[index - saved :]
        assert self._saved is not None
        return self._saved.states()[index:] + self._recent

    @property
    def campaign(self) -> Campaign:
        if self._recent:
            return self._recent[-1]
        return self._saved.end if self._saved is not None else self.base

    @property
    def next_seq(self) -> int:
        """One more than every number in ``done``, ``undone`` and the log's last line: worked out
        once for a journal made from its parts (a save's), then carried by each action."""
        if not self._next:
            seqs = [e.seq for e in (*self.done, *self.undone)] + [entry.seq for entry in self.log[-1:]]
            self._next.append(max(seqs, default=0) + 1)
        return self._next[0]

    def record(self, action: Action, *, checked: bool = False) -> tuple[Journal, Outcome]:
        """Apply ``action`` to the current campaign; it clears the redo stack.

        Raises :class:`core.errors.RulesError` (and changes nothing) if the action is impossible,
        or carries what no campaign may hold (:func:`~core.validators.refuse_outside`: a control
        character in a text, a number past any bound), whoever sent it: the app, an import; and
        :class:`~core.actions.NeedsConfirmation` when the GM must say yes first, to what the
        action asks (:meth:`~core.actions.Action.ask`: asked here, never on a replay) or what the
        rules ask. ``checked``: the caller has already run :func:`~core.validators.refuse_outside`
        on every value the action carries (a roster file's reading does, row by row, to name
        the line at fault), so it is not walked twice (100,000 characters from a file).
        """
        if not checked:
            refuse_outside(action)
        question = action.ask(self.campaign)
        if question is not None:
            raise question
        outcome = apply(self.campaign, action)
        seq = self.next_seq
        entry = Entry(seq, action, outcome.lines)
        shown = players_lines(self.campaign, outcome.campaign, action, outcome.lines)
        summary = self._summary(action, outcome, seq) if action.ENDS_FIGHT else ()
        journal = attrs.evolve(
            self,
            done=self.done.plus(entry),
            undone=(),
            recent=self._recent.plus(outcome.campaign),
            log=self.log.plus(
                *(LogLine(seq, "do", ln, ok, words) for ln, (ok, words) in zip(outcome.lines, shown, strict=True)),
                *summary,
            ),
            next=[seq + 1],
        )
        return journal, outcome

    def _summary(self, action: Action, outcome: Outcome, seq: int) -> tuple[LogLine, ...]:
        """The log lines of the summary of the fight ``action`` ends (:mod:`core.fight_summary`),
        each readable by the players as :func:`players_lines` decides of their words, one at a
        time, as the end's own line (a line about a combatant they did not see is not theirs)."""
        from core.fight_summary import journal_steps, log_lines

        out = []
        for gm, theirs in log_lines([*journal_steps(self), (self.campaign, action, outcome.campaign)]):
            if theirs is None:
                out.append(LogLine(seq, "do", gm))
                continue
            ((ok, words),) = players_lines(self.campaign, outcome.campaign, action, (theirs,))
            said = words or theirs
            out.append(LogLine(seq, "do", gm, ok, said if ok and said != gm else None))
        return tuple(out)

    def replace_last(self, action: Action) -> tuple[Journal, Outcome]:
        """Put ``action`` in place of the last action (a reroll replaces the failed roll): the
        last action is taken back and ``action`` applied to the state before it, as one step.
        The log says the last one was rerolled (kind ``reroll``), not undone: the GM did not
        take it back, the dice were rolled again.

        Raises :class:`core.errors.RulesError` (and changes nothing) if there is no last action
        or ``action`` is impossible there."""
        return self._undo("reroll").record(action)

    @property
    def can_undo(self) -> bool:
        return bool(self.done)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def undo(self) -> Journal:
        """The journal one action back. Raises :class:`RulesError` when there is none, or when that
        action is a loaded one whose history does not lead to the saved campaign."""
        return self._undo("undo")

    def _undo(self, kind: str) -> Journal:
        """:meth:`undo`, logged as ``kind``: ``undo``, or ``reroll`` (:meth:`replace_last`)."""
        if not self.done:
            raise RulesError("undo", "nothing to undo", fr="rien à annuler")
        recent, saved = self._recent[:-1], self._saved
        if not self._recent:  # the last action came with the save: its states are needed now
            # done holds saved's entries then recent's (see states): with done not empty and
            # recent empty, there is a saved replay.
            assert saved is not None
            states = saved.states()
            if saved.problem:
                en, fr = saved.problem
                raise RulesError(
                    "undo",
                    f"{en}: undo starts from where the campaign was opened",
                    fr=f"{fr} : l'annulation repart du moment où la campagne a été ouverte",
                )
            recent, saved = Run(states[:-1]), None
        entry = self.done[-1]
        if kind == "reroll":
            undo_line = line(f"Rerolled: {entry.lines[0].en}", f"Relancé : {entry.lines[0].fr}")
        else:
            undo_line = line(f"Undone: {entry.lines[0].en}", f"Annulé : {entry.lines[0].fr}")
        back = attrs.evolve(
            self, done=self.done[:-1], recent=recent, saved=saved, undone=(*self.undone, entry), next=[self.next_seq]
        )
        # The same two states as the action's own lines, the other way: the same decision.
        ((shown, words),) = players_lines(self.campaign, back.campaign, entry.action, (undo_line,))
        return attrs.evolve(back, log=self.log.plus(LogLine(entry.seq, kind, undo_line, shown, words)))

    def redo(self) -> Journal:
        if not self.undone:
            raise RulesError("redo", "nothing to redo", fr="rien à rétablir")
        entry = self.undone[-1]
        outcome = apply(self.campaign, entry.action)
        redo_line = line(f"Redone: {entry.lines[0].en}", f"Rétabli : {entry.lines[0].fr}")
        ((shown, words),) = players_lines(self.campaign, outcome.campaign, entry.action, (redo_line,))
        return attrs.evolve(
            self,
            done=self.done.plus(entry),
            recent=self._recent.plus(outcome.campaign),
            undone=self.undone[:-1],
            log=self.log.plus(LogLine(entry.seq, "redo", redo_line, shown, words)),
            next=[self.next_seq],
        )

    def trimmed(self, keep: int = KEPT_IN_SAVE, log_lines: int | None = None) -> Journal:
        """The journal as a save keeps it: the last ``keep`` actions, the base moved forward, and
        the last ``log_lines`` lines of the log (``4 * keep`` unless told).

        A loaded history that does not lead to its saved campaign is dropped whole (the base
        moves to that campaign), as nothing in it can be undone."""
        drop = len(self.done) - keep
        if drop <= 0:
            return self
        saved = self._saved
        if saved is not None and saved.states() and saved.problem:
            drop = max(drop, len(saved.entries))
        lines = keep * LOG_LINES_PER_ACTION if log_lines is None else log_lines
        return Journal(
            self.state_after(drop - 1),
            self.done[drop:],
            self.undone[-keep:],
            self.log[-lines:] if log_lines is None else self.log[len(self.log) - log_lines :],
            recent=self._states_from(drop),
        )
