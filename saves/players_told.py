"""The autosaver's players' side (:class:`saves.store.AutoSaver`): after each save it gives the
players the picture of the campaign, and between saves what the GM's app tells them beside it —
the rolls the form shown asks of PCs and what players sent that waits (issue 38,
:data:`saves.players_file.Table`) — published again with the last journal saved when it changes.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from saves.errors import SaveError

if TYPE_CHECKING:
    from core.journal import Journal
    from saves.lock import CampaignLock
    from saves.players_feed import Published
    from saves.players_file import Table


class TellsPlayers:
    """Mixin of the autosaver (see the module); its thread calls :meth:`_publish` after a save
    and :meth:`_retold` when only :meth:`tell` changed something."""

    path: Path
    on_warning: Callable[[str], object] | None
    conflict: object
    _changed: threading.Condition
    _closing: bool
    _busy: bool
    _published: Published | None
    _pending: Journal | None
    _warm: Journal | None
    lock: CampaignLock
    _warned_about: set[str]
    #: The last journal written, and what the GM's app tells the players beside it.
    _last: Journal | None = None
    _table: Table = ((), ())
    _retell = False
    #: The players' file of the journal as opened is still to be written (``AutoSaver(later=True)``,
    #: the app's ``open_campaign(publish_now=False)``), and whether the app has drawn the campaign.
    _owed = False
    _shown = False

    def shown(self) -> None:
        """The app has drawn the campaign: the saver's thread writes the players' file owed since
        the opening, then makes its encoder and encodes the journal as opened. Without this call,
        it does so before its first save, or when it closes (the GM quit at once): none of it
        competes with the app's first frame."""
        with self._changed:
            self._shown = True
            self._changed.notify_all()

    def _publish_opening(self) -> Journal | None:
        """The thread's first turn: when the players' file is owed, wait for :meth:`shown`, a save
        or the close, then write it (a failure is told by :meth:`_publish`). The journal as
        opened is handed back to the thread and let go, and whoever waits for this turn is told."""
        if self._owed:
            with self._changed:
                self._changed.wait_for(lambda: self._shown or self._pending is not None or self._closing)
            self._owed = False
            if self._warm is not None and self.lock.held:
                with contextlib.suppress(Exception):
                    self._publish(self._warm)
        with self._changed:
            warm, self._warm = self._warm, None
            self._changed.notify_all()
        return warm

    def tell(self, table: Table) -> None:
        """What the GM's app tells the players beside the campaign: published soon, with the
        last journal saved, when it changed."""
        with self._changed:
            if table == self._table or self._closing:
                return
            self._table, self._retell = table, True
            self._changed.notify_all()

    def _retold(self, journal: Journal | None) -> None:
        """The thread's turn when only what the app tells changed (``journal``: the last saved)."""
        if journal is not None and self.conflict is None:
            with contextlib.suppress(Exception):  # a failure is said by _publish
                self._publish(journal)
        with self._changed:
            self._busy = False
            self._changed.notify_all()

    def _publish(self, journal: Journal) -> None:
        """The players' picture (before the campaign's durable write): a failure is told once and the save goes on."""
        from saves.store import publish

        try:
            self._published = publish(self.path, journal, self._published, self._table)
        except (SaveError, OSError) as error:
            self._published = None
            if "players" not in self._warned_about:
                self._warned_about.add("players")
                if self.on_warning is not None:
                    with contextlib.suppress(Exception):
                        self.on_warning(f"the players' file could not be written ({error}); the campaign is saved")
        else:
            self._warned_about.discard("players")
