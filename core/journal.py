"""The action journal: undo and redo without limit, the combat log, the window kept in saves.

A :class:`Journal` is a value like everything else. ``base`` is the campaign before the oldest
action kept; ``done`` the actions since, each with the state it produced (``states``, not saved:
it is recomputed by replaying, which is deterministic); ``undone`` the redo stack.
"""

from __future__ import annotations

import attrs

from core.actions.base import Action, Outcome, apply
from core.breakdown import Line, line
from core.campaign import Campaign

#: How many actions a save keeps so undo works after a restart.
KEPT_IN_SAVE = 500


@attrs.frozen
class Entry:
    """One applied action, numbered, with the log lines it wrote."""

    seq: int
    action: Action
    lines: tuple[Line, ...]


@attrs.frozen
class LogLine:
    """A line of the combat log. ``kind``: ``do``, ``undo`` or ``redo``."""

    seq: int
    kind: str
    line: Line


@attrs.frozen
class Journal:
    base: Campaign
    done: tuple[Entry, ...] = ()
    undone: tuple[Entry, ...] = ()
    log: tuple[LogLine, ...] = ()
    #: States after each entry of ``done`` (same length); derived, never saved.
    states: tuple[Campaign, ...] = attrs.field(default=(), eq=False, repr=False)

    @classmethod
    def start(cls, campaign: Campaign) -> Journal:
        return cls(base=campaign)

    @classmethod
    def restore(
        cls, base: Campaign, done: tuple[Entry, ...], undone: tuple[Entry, ...] = (), log: tuple[LogLine, ...] = ()
    ) -> Journal:
        """Rebuild the states by replaying ``done`` on ``base``."""
        states, campaign = [], base
        for entry in done:
            campaign = apply(campaign, entry.action).campaign
            states.append(campaign)
        return cls(base, tuple(done), tuple(undone), tuple(log), tuple(states))

    @property
    def campaign(self) -> Campaign:
        return self.states[-1] if self.states else self.base

    @property
    def next_seq(self) -> int:
        seqs = [e.seq for e in (*self.done, *self.undone)] + [entry.seq for entry in self.log[-1:]]
        return max(seqs, default=0) + 1

    def record(self, action: Action) -> tuple[Journal, Outcome]:
        """Apply ``action`` to the current campaign; it clears the redo stack.

        Raises :class:`core.errors.RulesError` (and changes nothing) if the action is impossible.
        """
        outcome = apply(self.campaign, action)
        seq = self.next_seq
        entry = Entry(seq, action, outcome.lines)
        journal = attrs.evolve(
            self,
            done=(*self.done, entry),
            undone=(),
            states=(*self.states, outcome.campaign),
            log=(*self.log, *(LogLine(seq, "do", ln) for ln in outcome.lines)),
        )
        return journal, outcome

    @property
    def can_undo(self) -> bool:
        return bool(self.done)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def undo(self) -> Journal:
        if not self.done:
            from core.errors import RulesError

            raise RulesError("undo", "nothing to undo")
        entry = self.done[-1]
        undo_line = line(f"Undone: {entry.lines[0].en}", f"Annulé : {entry.lines[0].fr}")
        return attrs.evolve(
            self,
            done=self.done[:-1],
            states=self.states[:-1],
            undone=(*self.undone, entry),
            log=(*self.log, LogLine(entry.seq, "undo", undo_line)),
        )

    def redo(self) -> Journal:
        if not self.undone:
            from core.errors import RulesError

            raise RulesError("redo", "nothing to redo")
        entry = self.undone[-1]
        outcome = apply(self.campaign, entry.action)
        redo_line = line(f"Redone: {entry.lines[0].en}", f"Rétabli : {entry.lines[0].fr}")
        return attrs.evolve(
            self,
            done=(*self.done, entry),
            states=(*self.states, outcome.campaign),
            undone=self.undone[:-1],
            log=(*self.log, LogLine(entry.seq, "redo", redo_line)),
        )

    def trimmed(self, keep: int = KEPT_IN_SAVE) -> Journal:
        """The journal as a save keeps it: the last ``keep`` actions, the base moved forward."""
        drop = len(self.done) - keep
        if drop <= 0:
            return self
        return attrs.evolve(
            self,
            base=self.states[drop - 1],
            done=self.done[drop:],
            states=self.states[drop:],
            undone=self.undone[-keep:],
            log=self.log[-keep * 4 :],
        )
