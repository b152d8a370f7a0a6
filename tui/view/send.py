"""What a player sends from the players' view (issue 38): the view's end of ``serve``'s channel.

``serve`` starts a seat's view with ``--send-fd N``, one end of a socket pair whose other end it
reads (:mod:`tui.serve.channel`). :class:`Sender` writes one JSON line per message there (a kind,
and a typed die or ``"roll"``: never a name or free text) and reads ``serve``'s answers. Without
that descriptor (the shell-account recipe, a seat without ``--pc``) there is no sender and the
view stays read-only. What may be sent now is :func:`core.player_send.may_send`'s, the one rule
``serve`` applies again, whatever a view wrote.

:class:`SendScreen` is the small form of a typed die (or of "roll for me" when several rolls
are asked): the roll (↑ ↓ when more than one may be sent now, the first preselected), the die,
Enter.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import Callable
from typing import Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from core.breakdown import Lang
from core.dice import kult_die
from core.player_send import REASONS, ROLL_KINDS, Waiting, may_send
from core.player_view import PlayerView
from tui.i18n import pick, t
from tui.serve.inbound import parse_answer

#: The most answers' bytes kept while a line is incomplete (an answer is about 80 bytes).
MAX_ANSWER = 1024


def text(key: str, lang: Lang, **values: object) -> str:
    return t(f"view.text.{key}", lang, **values)


def kind_word(kind: str, lang: Lang) -> str:
    return text(f"send.kind.{kind}", lang)


def signed(die: int) -> str:
    return f"{die:+d}" if die else "0"


def sendable(view: PlayerView, pc_name: str | None) -> list[str]:
    """The rolls the seat's PC may send now, in the rules' order."""
    return [kind for kind in ROLL_KINDS if may_send(view, pc_name, kind) is None]


def reason_text(key: str, lang: Lang) -> str:
    if key in REASONS:
        return pick(REASONS[key], lang)
    try:
        return text(f"reason.{key}", lang)
    except KeyError:
        return text("reason.bad", lang)


def answer_text(answer: dict[str, Any], lang: Lang) -> str:
    """What the status line says of an answer of ``serve``."""
    state = answer.get("state")
    if state == "sent":
        kind, die = str(answer.get("kind")), answer.get("die")
        if kind not in ROLL_KINDS or not isinstance(die, int):
            return text("send.sent_done", lang, kind=kind_word("done", lang))
        key = "send.sent_by_table" if answer.get("by_table") else "send.sent"
        return text(key, lang, die=signed(die), kind=kind_word(kind, lang))
    if state == "taken":
        return text("send.taken", lang)
    if state == "gm_refused":
        return text("send.gm_refused", lang)
    return text("send.refused", lang, reason=reason_text(str(answer.get("reason")), lang))


def waiting_line(waiting: tuple[Waiting, ...], lang: Lang) -> str:
    """The table's waiting messages in one line (a die the server rolled said so)."""
    items = []
    for item in waiting:
        if item.die is None:
            items.append(f"{item.pc} {kind_word(item.kind, lang)}")
        elif item.by_table:
            items.append(
                f"{item.pc} {kind_word(item.kind, lang)} {text('waiting.by_table', lang, die=signed(item.die))}"
            )
        else:
            items.append(f"{item.pc} {kind_word(item.kind, lang)} {signed(item.die)}")
    return text("waiting", lang, items=" · ".join(items))


class Sender:
    """The view's end of the channel: messages written, answers read (on the app's loop)."""

    def __init__(self, fd: int, on_answer: Callable[[dict[str, Any]], None], on_lost: Callable[[], None]) -> None:
        self.sock = socket.socket(fileno=fd)
        self.sock.setblocking(False)
        self.on_answer = on_answer
        self.on_lost = on_lost
        self.lost = False
        self._buffer = b""
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(self.sock.fileno(), self._readable)

    def send(self, kind: str, die: int | str | None = None) -> bool:
        """One message; False when the channel is gone (or full: ``serve`` reads nothing)."""
        message: dict[str, object] = {"kind": kind} if die is None else {"kind": kind, "die": die}
        try:
            self.sock.send(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        except BlockingIOError:
            return False
        except OSError:
            self._gone()
            return False
        return True

    def _readable(self) -> None:
        try:
            data = self.sock.recv(4096)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._gone()
            return
        self._buffer += data
        *lines, self._buffer = self._buffer.split(b"\n")
        self._buffer = self._buffer[-MAX_ANSWER:]
        for line in lines:
            answer = parse_answer(line)
            if answer is not None:
                self.on_answer(answer)

    def _gone(self) -> None:
        if not self.lost:
            self.lost = True
            self.stop()
            self.on_lost()

    def stop(self) -> None:
        if self._loop is not None:
            with contextlib.suppress(Exception):
                self._loop.remove_reader(self.sock.fileno())
            self._loop = None
        with contextlib.suppress(OSError):
            self.sock.close()


class SendScreen(ModalScreen[tuple[str, int | str] | None]):
    """The roll (↑ ↓) and the die typed (or "roll for me"); Enter sends, Escape cancels."""

    DEFAULT_CSS = """
    SendScreen { align: center middle; }
    SendScreen > Vertical { width: auto; min-width: 30; max-width: 76; height: auto;
        border: round $accent; padding: 0 1; background: $surface; }
    SendScreen Input { width: 12; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "kind(-1)", show=False),
        Binding("down", "kind(1)", show=False),
        Binding("escape", "cancel", show=False),
        Binding("enter", "roll", show=False),
    ]

    def __init__(self, kinds: list[str], pc: str, kult: str, lang: Lang, *, roll: bool = False) -> None:
        super().__init__()
        self.kinds, self.pc, self.lang, self.roll = kinds, pc, lang, roll
        self.die = kult_die(kult)
        self.chosen = 0

    def compose(self) -> ComposeResult:
        with Vertical():
            title = "send.title_roll" if self.roll else "send.title"
            yield Static(text(title, self.lang, pc=self.pc), markup=False)
            yield Static(self._kinds(), id="send-kinds", markup=False)
            if not self.roll:
                yield Input(restrict=r"[-+]?[0-9]{0,3}", id="send-die")
                yield Static(
                    text("send.die_hint", self.lang, low=self.die.lowest, high=self.die.highest),
                    id="send-hint",
                    markup=False,
                )
            else:
                yield Static(text("send.roll_hint", self.lang), id="send-hint", markup=False)

    def _kinds(self) -> str:
        words = [
            f"[{kind_word(k, self.lang)}]" if i == self.chosen else kind_word(k, self.lang)
            for i, k in enumerate(self.kinds)
        ]
        more = f"  ({text('send.kind_hint', self.lang)})" if len(self.kinds) > 1 else ""
        return " ".join(words) + more

    def action_kind(self, step: int) -> None:
        self.chosen = (self.chosen + step) % len(self.kinds)
        self.query_one("#send-kinds", Static).update(self._kinds())

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_roll(self) -> None:
        if self.roll:
            self.dismiss((self.kinds[self.chosen], "roll"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            die = int(event.value)
        except ValueError:
            die = None
        if die is None or die not in self.die.faces:
            self.query_one("#send-hint", Static).update(
                f"{reason_text('die', self.lang)} · "
                + text("send.die_hint", self.lang, low=self.die.lowest, high=self.die.highest)
            )
            return
        self.dismiss((self.kinds[self.chosen], die))


class SendingApp(App[None]):
    """What the view's app does to send (:class:`tui.view.app.ViewApp` is one): its keys, the
    form, and what the status and footer lines say."""

    #: The keys of a seat that sends, and their words in the footer line.
    SEND_KEYS: ClassVar[dict[str, str]] = {
        "send_die": "send.key.send",
        "roll_for_me": "send.key.roll",
        "done": "send.key.done",
    }
    view: PlayerView
    lang: Lang
    pc: str | None
    pc_given: str | None
    sender: Sender | None
    said: str | None
    pending: bool

    def _show_status(self) -> None:
        raise NotImplementedError

    @property
    def pc_name(self) -> str | None:
        """The seat's PC as the players' file writes it (what :func:`may_send` compares)."""
        for row in self.view.rows:
            if row.kind == "pc" and row.name.casefold() == self.pc:
                return row.name
        return self.pc_given

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys that send are a seat's with a channel only (a read-only view has none)."""
        if action in self.SEND_KEYS:
            return self.sender is not None and not self.sender.lost
        return True

    def _send_hints(self) -> str:
        """The footer of a seat that sends: the keys that do something now, from the bindings."""
        if self.sender is None or self.sender.lost:
            return text("send.lost", self.lang)
        if may_send(self.view, self.pc_name, "done") == "off":
            return text("send.off", self.lang)
        rolls = bool(sendable(self.view, self.pc_name))
        can = {
            "send_die": rolls,
            "roll_for_me": rolls,
            "done": may_send(self.view, self.pc_name, "done") is None,
        }
        hints = [
            f"{binding.key} {text(self.SEND_KEYS[binding.action], self.lang)}"
            for binding in self.BINDINGS
            if isinstance(binding, Binding) and binding.action in self.SEND_KEYS and can[binding.action]
        ]
        return " · ".join(hints) if hints else text("send.nothing", self.lang)

    def _say(self, said: str) -> None:
        self.said = said
        self._show_status()

    def _answered(self, answer: dict[str, object]) -> None:
        state = answer.get("state")
        self.pending = state == "sent"
        self._say(answer_text(answer, self.lang))

    def _lost(self) -> None:
        self.pending = False
        self._say(text("send.lost", self.lang))

    def _sendable_or_say(self) -> list[str]:
        kinds = sendable(self.view, self.pc_name)
        if not kinds:
            off = may_send(self.view, self.pc_name, "attack") == "off"
            self._say(text("send.off" if off else "send.nothing", self.lang))
        return kinds

    def _send(self, chosen: tuple[str, int | str | None] | None) -> None:
        if chosen is not None and self.sender is not None:
            self.sender.send(*chosen)

    def action_send_die(self) -> None:
        kinds = self._sendable_or_say()
        if kinds and self.pc_name and not isinstance(self.screen, SendScreen):
            self.push_screen(SendScreen(kinds, self.pc_name, self.view.kult, self.lang), self._send)

    def action_roll_for_me(self) -> None:
        kinds = self._sendable_or_say()
        if len(kinds) == 1:
            self._send((kinds[0], "roll"))
        elif kinds and self.pc_name and not isinstance(self.screen, SendScreen):
            self.push_screen(SendScreen(kinds, self.pc_name, self.view.kult, self.lang, roll=True), self._send)

    def action_done(self) -> None:
        why = may_send(self.view, self.pc_name, "done")
        if why is None:
            self._send(("done", None))
        else:
            self._say(text("send.off" if why == "off" else "send.nothing", self.lang))
