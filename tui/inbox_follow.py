"""The GM's app follows its campaign's inbox (issue 38): what players sent shows in the status
line and beside the form it belongs to, and the players' file tells the table what the GM asks
and what waits. The rules of taking and refusing are :mod:`tui.inbox`'s and
:mod:`tui.commands.inbox`'s; this mixin only watches and tells.

Watching costs one ``stat`` of the inbox folder every half second (:class:`tui.inbox.InboxWatch`);
reading it, only when it changed, runs in a thread worker: the event loop never waits on a file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from core.player_send import Sent
from tui.i18n import t
from tui.inbox import InboxWatch, ask_of, offer, published

if TYPE_CHECKING:
    from tui.session import Session

#: Seconds between two looks at the inbox folder.
POLL = 0.5


class FollowsInbox:
    """Mixin of the GM's app (see the module)."""

    #: What players sent that waits for the GM, oldest first (the app's reactive).
    waiting: tuple[Sent, ...]
    session: Session
    _inbox: InboxWatch | None = None
    #: The roll the form shown asks: (the PC's id, its kind), or None.
    _asked: tuple[str, str] | None = None
    #: Whether the first screen is drawn; before, what the players are told waits for it (the
    #: autosaver writes their file only then) and ``_tell_owed`` says it changed meanwhile.
    _drawn = False
    _tell_owed = False

    def follow_inbox(self) -> None:
        """Start watching (a campaign saved by this app only: read-only, nobody takes a roll)."""
        session = self.session
        if session.path is None or session.read_only or session.saver is None:
            return
        watch = self._inbox = InboxWatch(session.path)
        app: Any = self
        if watch.problem is not None:
            app.notify(t("inbox.problem", app.lang, why=watch.problem), severity="warning", timeout=10)
            return
        app.set_interval(POLL, self._look, name="inbox")
        self._look()

    def _look(self) -> None:
        watch = self._inbox
        if watch is not None and watch.changed():
            app: Any = self
            app.run_worker(self._read, thread=True, group="inbox", exclusive=True, exit_on_error=False)

    def _read(self) -> None:
        watch = self._inbox
        if watch is None:
            return
        messages = watch.read()
        app: Any = self
        app.call_from_thread(self._got, messages)

    def _got(self, messages: tuple[Sent, ...]) -> None:
        if messages != self.waiting:
            self.waiting = messages
            app: Any = self
            app.screen.refresh_bindings()
            self.tell_players()

    def tell_after_first_frame(self) -> None:
        """The first screen is drawn: the players are told what changed before it, and anything later at once."""
        self._drawn = True
        if self._tell_owed:
            self._tell_owed = False
            self.tell_players()

    def look_now(self) -> None:
        """Read the inbox at the next tick (after a message was settled)."""
        self._look()

    # -- what the form shown asks ---------------------------------------------------------------
    def ask_roll(self, pc: str | None, kind: str | None) -> None:
        """The form shown asks ``pc``'s ``kind`` roll (None: it asks nothing of a PC)."""
        asked = (pc, kind) if pc is not None and kind is not None else None
        if asked != self._asked:
            self._asked = asked
            self.tell_players()

    @property
    def offered(self) -> Sent | None:
        """The message the form shown may take (its empty die field)."""
        if self._asked is None:
            return None
        return offer(self.waiting, self.session.campaign, *self._asked)

    def tell_players(self) -> None:
        """The players' file says what the form asks and what waits (soon, by the autosaver).
        Before the first frame it is told once the frame is drawn (:meth:`tell_after_first_frame`):
        working out the names the players see imports their picture's rules (:mod:`core.player_view`)."""
        if not self._drawn:
            self._tell_owed = True
            return
        from saves.store import AutoSaver

        saver = self.session.saver
        if not isinstance(saver, AutoSaver):
            return
        campaign = self.session.campaign
        asks = ask_of(campaign, *self._asked) if self._asked is not None else ()
        saver.tell((asks, published(self.waiting, campaign)))
