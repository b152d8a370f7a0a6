"""The channel from a player's view to the GM's inbox, in ``serve`` (issue 38).

``serve`` starts each view with one end of a socket pair (:func:`pair`; the view's end is passed
to it as ``--send-fd N``, which only ``serve`` gives). :class:`Channel` reads the other end: one
JSON line per message (:mod:`tui.serve.inbound`), at most :data:`MAX_LINE` bytes a line (a
longer one is refused whole), :data:`LINES_PER_SECOND` lines a second (the rest are dropped
unread: a flood costs the server nothing but reading it) and :data:`BYTES_PER_SECOND` bytes a
second (past them the server stops reading until the second is over: the view waits, not the
server). Each message is decided against the players' file as it is now and, accepted, posted
to the GM's inbox (:func:`saves.inbox.post`); the view is told (accepted, refused and why), then
the GM's answer (:func:`saves.inbox.answer_for`, looked at every :data:`ANSWER_CHECK` s while a
message waits, never otherwise).

:class:`Inbound` is what the seats share: the inbox, the random source ("roll for me"; the real
server's is :class:`random.SystemRandom`, tests give a seeded one to its constructor), each
player's numbers and the time of their last message (at most one every :data:`MIN_GAP` s).
Nothing a view writes can crash the server or reach the GM as text.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path

from core.dice import RandomSource
from core.errors import RulesError
from core.player_send import Sent
from core.player_view import PlayerView
from saves import inbox as inbox_files
from saves.players_feed import FeedReader
from tui.serve.inbound import MAX_LINE, Request, Seat, answer, answer_of_sent, decide, parse_request

#: Lines read a second from one view (a player sends one every few seconds).
LINES_PER_SECOND = 4
#: Bytes read a second from one view.
BYTES_PER_SECOND = 64 * 1024
#: Seconds between two messages a player may send.
MIN_GAP = 2.0
#: Seconds between two looks at the GM's answer.
ANSWER_CHECK = 0.5

Log = Callable[[str], None]


def pair() -> tuple[socket.socket, socket.socket]:
    """(serve's end, the view's end): the view's end is inheritable, to pass with ``pass_fds``."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    ours.setblocking(False)
    theirs.set_inheritable(True)
    return ours, theirs


class Inbound:
    """What every seat's channel shares: the campaign's inbox, the dice, the players' numbers."""

    def __init__(
        self,
        campaign: Path,
        players_file: Path,
        *,
        rng: RandomSource | None = None,
        log: Log = print,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.campaign = campaign
        self.players_file = players_file
        #: "roll for me": the server's dice (tests give a seeded ``random.Random``).
        self.rng: RandomSource = rng if rng is not None else random.SystemRandom()
        self.log = log
        self.clock = clock
        self._numbers: dict[str, int] = {}
        self._last: dict[str, float] = {}
        #: The players' picture, followed as a view follows it (only what the feed added since
        #: the last message is read, not the whole file each time).
        self._picture: FeedReader | None = None
        #: One message decided at a time (two seats of one player, the threads that read files).
        self._lock = threading.Lock()

    def _players_picture(self) -> PlayerView:
        """The players' picture now (:class:`saves.players_feed.FeedReader`)."""
        if self._picture is None:
            self._picture = FeedReader(self.players_file)
        self._picture.read()
        assert self._picture.view is not None
        return self._picture.view

    def inbox(self) -> Path:
        return inbox_files.open_inbox(self.campaign)

    def next_number(self, inbox: Path, player: str) -> int:
        """One more than any number of ``player`` known (here, waiting, or answered)."""
        known = [self._numbers.get(player, 0)]
        answered = inbox_files.answer_for(inbox, player)
        if answered is not None:
            known.append(answered[0])
        known += [sent.number for sent in inbox_files.waiting(inbox) if sent.player == player]
        return max(known) + 1

    def handle(self, seat: Seat, request: Request) -> Sent | str:
        """Decide ``request`` of ``seat`` and post it: the message posted, or why not."""
        with self._lock:
            return self._handle(seat, request)

    def _handle(self, seat: Seat, request: Request) -> Sent | str:
        now = self.clock()
        last = self._last.get(seat.player)
        if last is not None and now - last < MIN_GAP:
            return "slow"
        try:
            view = self._players_picture()
        except Exception:  # noqa: BLE001 - the GM's app is writing it, or it is gone: said, nothing posted
            self._picture = None
            return "unreadable"
        try:
            inbox = self.inbox()
            if inbox_files.is_waiting(inbox, seat.player):
                return "busy"
            number = self.next_number(inbox, seat.player)
        except Exception as error:  # noqa: BLE001
            self.log(f"the inbox cannot be used ({error})")
            return "no_inbox"
        try:
            outcome = decide(view, seat, request, number=number, rng=self.rng)
        except RulesError:  # a seat's name no message may carry (cannot happen with the access list's)
            return "bad"
        if isinstance(outcome, str):
            return outcome
        try:
            posted = inbox_files.post(inbox, outcome)
        except Exception as error:  # noqa: BLE001
            self.log(f"the inbox cannot be used ({error})")
            return "no_inbox"
        if not posted:
            return "busy"
        self._numbers[seat.player] = number
        self._last[seat.player] = now
        die = "" if outcome.die is None else f" {outcome.die:+d}{' (rolled by the server)' if outcome.by_table else ''}"
        self.log(f"{seat.player} sent {outcome.kind}{die} for {outcome.pc_name} (#{number})")
        return outcome


def browser_seat(campaign: Path, pc: str) -> Seat:
    """A browser tab's seat (its link's ``&pc=``): the player of the access list whose PC it is
    (one pending message per player, whether they use SSH or a browser), else a seat named after
    the PC (``browser: Alduin``)."""
    from saves.access import read_access

    wanted = pc.casefold()
    with contextlib.suppress(Exception):
        for player in read_access(campaign).players:
            if wanted in ((player.pc or "").casefold(), (player.pc_name or "").casefold()):
                return Seat(player.name, player.pc or pc, player.pc_name or pc)
    name = pc[:60]
    return Seat(f"browser: {name}", name, name)


class Channel:
    """One view's channel: its messages read, decided and posted; its answers written."""

    def __init__(self, inbound: Inbound, seat: Seat, sock: socket.socket) -> None:
        self.inbound = inbound
        self.seat = seat
        self.sock = sock
        self._pending: int | None = None
        #: Set while a message waits: the answers' watcher sleeps on it otherwise (an idle seat
        #: wakes nothing, where it looked twice a second).
        self._waiting = asyncio.Event()
        self.refused = 0
        self.dropped = 0

    @property
    def pending(self) -> int | None:
        """The number of this seat's message that waits for the GM's answer."""
        return self._pending

    @pending.setter
    def pending(self, number: int | None) -> None:
        self._pending = number
        if number is None:
            self._waiting.clear()
        else:
            self._waiting.set()

    async def run(self) -> None:
        """Until the view closes its end (or dies): read, decide, answer; the GM's answers too."""
        watcher = asyncio.ensure_future(self._watch_answers())
        try:
            await self._read()
        finally:
            watcher.cancel()
            with contextlib.suppress(BaseException):
                await watcher
            self.close()
            if self.refused or self.dropped:  # said once, when the seat goes: a flood floods no log
                self.inbound.log(
                    f"{self.seat.player}: {self.refused} message(s) refused, {self.dropped} dropped past the rate limit"
                )

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()

    async def _read(self) -> None:
        loop, clock = asyncio.get_running_loop(), self.inbound.clock
        buffer, skipping = bytearray(), False
        second, lines, taken = clock(), 0, 0
        while True:
            try:
                data = await loop.sock_recv(self.sock, 4096)
            except OSError:
                return
            if not data:
                return
            now = clock()
            if now - second >= 1:
                second, lines, taken = now, 0, 0
            taken += len(data)
            buffer += data
            while True:
                end = buffer.find(b"\n")
                if end < 0:
                    break
                line, buffer = bytes(buffer[:end]), buffer[end + 1 :]
                if skipping:  # the end of a line too long: refused already
                    skipping = False
                    continue
                lines += 1
                if lines > LINES_PER_SECOND:
                    self.dropped += 1
                    continue
                await self._message(line)
            if len(buffer) > MAX_LINE:
                if not skipping:
                    self._refuse("bad")
                buffer.clear()
                skipping = True
            if taken > BYTES_PER_SECOND:  # too much this second: nothing read until the next
                await asyncio.sleep(min(1.0, max(0.0, second + 1 - clock())))
                second, lines, taken = clock(), 0, 0

    async def _message(self, line: bytes) -> None:
        request = parse_request(line)
        if isinstance(request, str):
            self._refuse(request)
            return
        outcome = await asyncio.to_thread(self.inbound.handle, self.seat, request)
        if isinstance(outcome, str):
            self._refuse(outcome)
            return
        self.pending = outcome.number
        self._say(answer_of_sent(outcome))

    def _refuse(self, why: str) -> None:
        self.refused += 1
        self._say(answer("refused", reason=why))

    def _say(self, line: bytes) -> None:
        """An answer to the view; dropped when the view reads nothing (its buffer is full)."""
        with contextlib.suppress(OSError):
            self.sock.send(line)

    async def _watch_answers(self) -> None:
        """The GM's answer to this seat's message, told once; a message that waited when the
        seat opened (posted before ``serve`` restarted) is this seat's to hear about too."""
        with contextlib.suppress(Exception):
            inbox = inbox_files.inbox_path(self.inbound.campaign)
            for sent in await asyncio.to_thread(inbox_files.waiting, inbox):
                if sent.player == self.seat.player:
                    self.pending = sent.number
                    self._say(answer_of_sent(sent))
        while True:
            await self._waiting.wait()  # nothing waits: nothing to look at
            await asyncio.sleep(ANSWER_CHECK)
            if self.pending is None:
                continue
            inbox = inbox_files.inbox_path(self.inbound.campaign)
            try:
                answered = await asyncio.to_thread(inbox_files.answer_for, inbox, self.seat.player)
            except Exception:  # noqa: BLE001 - looked at again at the next turn
                continue
            if answered is not None and answered[0] == self.pending:
                self.pending = None
                self._say(answer("taken" if answered[1] == "taken" else "gm_refused", number=answered[0]))
