"""The players' screen: a live picture of a campaign (``apotheose view``).

It follows the campaign's players' file without a key press (:class:`tui.view.follow.Follower`),
keeps the last good picture when the file is briefly missing or unreadable and says so in its
status line, and has no input besides ``q``/``ctrl+q``, ``?`` and scrolling, and, on a seat
``serve`` gave a channel to the GM's inbox (``--send-fd``, a seat naming a PC), the keys that
send a roll (:mod:`tui.view.send`: ``s`` a typed die, ``r`` roll for me, ``d`` I'm done), shown
in a bottom line; what waits for the GM is one line for every player. The log panel has
the focus: it shows the newest lines and follows them, and ↑ ↓ PgUp PgDn Home End scroll it (Tab
gives the keys to the table). Its lines are drawn through the line API and compared with the
previous picture: only the lines that changed are refreshed (an HP change repaints its row, and
the log lines that moved). Every line fits the width (a phone's 40 columns too: the narrow
layout of :mod:`tui.view.render`), so nothing scrolls sideways. With ``pc``, the status line
tells that player when it is their turn, unless the GM turned that cue off.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.segment import Segment
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.filter import LineFilter
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from core.breakdown import Lang, Line
from core.player_feed import log_shift
from core.player_view import PlayerView
from saves.players_feed import Changes
from tui.i18n import t
from tui.safe_paint import DROP_CONTROLS
from tui.view.follow import Follower
from tui.view.render import NARROW, Table, log_lines, word
from tui.view.send import Sender, SendingApp, waiting_line


def text(key: str, lang: Lang, **values: object) -> str:
    return t(f"view.text.{key}", lang, **values)


#: Lines a log panel keeps above what it shows (a reader may scroll back that far).
KEEP_LINES = 200


class Lines(ScrollView, can_focus=True):
    """Lines of text drawn one by one; :meth:`set_lines` refreshes only those that changed."""

    DEFAULT_CSS = "Lines { scrollbar-size-vertical: 1; }"

    def __init__(self, *, tail: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.tail = tail
        self.lines: list[Text] = []
        self._strips: dict[int, Strip] = {}

    @property
    def at_end(self) -> bool:
        return self.scroll_offset.y >= self.max_scroll_y

    def on_mount(self) -> None:
        if self.tail:  # once the first layout has given the panel its height
            self.scroll_end(animate=False)

    def set_lines(self, lines: list[Text]) -> None:
        old, self.lines = self.lines, lines
        follow = self.tail and self.at_end  # a reader who scrolled back stays where they are
        width = max((line.cell_len for line in lines), default=0)
        if len(old) != len(lines) or width != self.virtual_size.width:
            self._strips.clear()
            self.virtual_size = Size(width, len(lines))
            self.refresh()
            if follow:  # now: a change coming before the next frame still finds it at the end
                self.scroll_end(animate=False, immediate=True, force=True, x_axis=False)
            return
        top, height = self.scroll_offset.y, self.size.height
        for y, (before, after) in enumerate(zip(old, lines, strict=False)):
            if before != after or before.style != after.style:
                self._strips.pop(y, None)
                if top <= y < top + height:  # a region off the widget would repaint what is there
                    self.refresh_line(y)

    def append_lines(self, new: list[Text]) -> None:
        """Add ``new`` at the end. Following the newest line, only the new lines are drawn where
        blank rows wait for them; when the newest would fall below the panel, it jumps so that
        the newest lines fill its top half (and the rest waits blank for the next ones): a
        line added costs its own row, and the whole panel is drawn once every half panel, not
        once per line (every line moved up by one would be drawn again)."""
        if not new:
            return
        follow = self.tail and self.at_end
        start = len(self.lines)
        self.lines.extend(new)
        end, top, height = len(self.lines), self.scroll_offset.y, max(1, self.size.height)
        width = max(self.virtual_size.width, *(line.cell_len for line in new))
        if follow and end > top + height:
            top = max(0, end - (height + 1) // 2)
            if top > KEEP_LINES:  # what scrolled far away is let go
                del self.lines[: top - KEEP_LINES]
                end, top = len(self.lines), KEEP_LINES
            self._strips.clear()
            self.virtual_size = Size(width, top + height)
            self.refresh()
            self.scroll_to(y=top, animate=False, immediate=True, force=True)
            return
        # following: the panel's blank rows are kept for the next lines (its size moves once)
        tall = max(end, self.virtual_size.height, top + height if follow else 0)
        if (width, tall) != (self.virtual_size.width, self.virtual_size.height):
            self.virtual_size = Size(width, tall)
        for y in range(start, end):
            if top <= y < top + height:
                self.refresh_line(y)

    def change_lines(self, changes: dict[int, Text]) -> None:
        """Put each line ``changes`` gives at its place (the count of lines stays): only those
        that differ are refreshed, and the others are not even looked at."""
        top, height = self.scroll_offset.y, self.size.height
        width = self.virtual_size.width
        for y, after in changes.items():
            before = self.lines[y]
            if before == after and before.style == after.style:
                continue
            self.lines[y] = after
            width = max(width, after.cell_len)
            self._strips.pop(y, None)
            if top <= y < top + height:
                self.refresh_line(y)
        if width != self.virtual_size.width:
            self.virtual_size = Size(width, len(self.lines))
            self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        width = self.size.width
        style = self.rich_style
        if index >= len(self.lines):
            return Strip.blank(width, style)
        strip = self._strips.get(index)
        if strip is None:
            segments = [s for s in self.lines[index].render(self.app.console) if s.text != "\n"]
            strip = self._strips[index] = Strip(Segment.apply_style(segments, style))
        # one segment where the text and its padding share a style: fewer bytes per line sent
        return strip.crop_extend(scroll_x, scroll_x + width, style).simplify()


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = "HelpScreen { align: center middle; } HelpScreen > Static { width: auto; max-width: 76; border: round $accent; padding: 0 1; background: $surface; }"

    def __init__(self, lang: Lang, *, sends: bool = False) -> None:
        super().__init__()
        self.lang = lang
        self.sends = sends

    def compose(self) -> ComposeResult:
        help_text = text("help", self.lang)
        if self.sends:  # the keys that send, before "any key closes this help"
            head, _, tail = help_text.rpartition("\n\n")
            help_text = f"{head}\n{text('send.help', self.lang)}\n{tail}"
        yield Static(help_text, markup=False)

    def on_key(self) -> None:
        self.dismiss()


class ViewApp(SendingApp):
    """The players' view of one campaign file."""

    TITLE = "Apothéose"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #table { height: 1fr; }
    #log-title { height: 1; color: $text-muted; }
    #log { height: 4; scrollbar-size-vertical: 0; }
    #status { height: 1; background: $panel; }
    #status.-your-turn { text-style: bold reverse; }
    #waiting { height: 1; color: $warning; }
    #send { height: 1; background: $panel; color: $text-muted; }
    """
    #: The log's height: a quarter of the screen, from 4 to 10 lines.
    LOG_MIN, LOG_MAX = 4, 10
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,ctrl+q", "quit", "Quit", id="view-quit"),
        Binding("question_mark", "help", "Keys", id="view-help"),
        Binding("s", "send_die", "die", id="view-send"),
        Binding("r", "roll_for_me", "roll for me", id="view-roll"),
        Binding("d", "done", "I'm done", id="view-done"),
    ]

    def __init__(
        self,
        path: Path,
        first: PlayerView,
        *,
        lang: Lang = "en",
        mouse: bool = True,
        poll: bool = False,
        pc: str | None = None,
        problem: str | None = None,
        parent: int | None = None,
        send_fd: int | None = None,
    ) -> None:
        # The terminal's own colours (its background, its text): a line's style is then one
        # short code or none, instead of two 256-colour codes on each line sent.
        super().__init__(ansi_color=True)
        self.theme = "ansi-dark"
        #: The players' file followed.
        self.path = Path(path)
        self.lang = lang
        self.mouse = mouse
        self.view = first
        #: The player's character (by name): the status line says when it is their turn.
        self.pc = pc.casefold() if pc else None
        self.pc_given = pc
        #: The channel to ``serve`` (``--send-fd``, a seat naming a PC): None, the view is read-only.
        self.sender = Sender(send_fd, self._answered, self._lost) if send_fd is not None and pc else None
        #: What the last message became (the status line says it), and whether one waits.
        self.said: str | None = None
        self.pending = False
        self.problem: str | None = problem
        #: The server process that started this view for a browser tab: gone, the view ends.
        self.server_pid = parent
        self.shown_at = time.strftime("%H:%M:%S")
        self.follower = Follower(self.path, self._changed_from_thread, poll=poll)
        #: The table's lines as drawn (a change lays out only its rows).
        self.table = Table(lang)
        #: The log's lines as drawn: the width, and the view's log lines.
        self._log_drawn: tuple[int, tuple[Line, ...]] | None = None
        #: How many pictures were shown (for tests and benchmarks).
        self.updates = 0
        self._status_shown = self._status()
        #: The waiting line and the sending keys' line as shown (None: not shown).
        self._lines_shown: tuple[str | None, str | None] | None = None

    def get_line_filters(self) -> Sequence[LineFilter]:
        """No terminal code from a name reaches the players' terminal (:mod:`tui.safe_paint`)."""
        return [*super().get_line_filters(), DROP_CONTROLS]

    def compose(self) -> ComposeResult:
        yield Lines(id="table")
        yield Static(word("log", self.lang), id="log-title", markup=False)
        yield Lines(tail=True, id="log")
        yield Static("", id="waiting", markup=False)
        yield Static(self._status(), id="status", markup=False)
        if self.sender is not None:
            yield Static(self._send_hints(), id="send", markup=False)

    def on_mount(self) -> None:
        problem = self.problem
        self.show(self.view, None)
        if problem:  # no players' file yet: an empty picture, and why
            self.show(None, problem)
        self.query_one("#log").focus()
        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, self.exit)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread (tests)
            pass
        self.follower.start()
        if self.sender is not None:
            self.sender.start()
        if self.server_pid is not None:
            self.set_interval(0.5, self._check_parent)

    def _check_parent(self) -> None:
        """The server that runs this view for a browser tab died (even by SIGKILL): nothing is
        left to draw for, nor a terminal to restore (the view writes to the server's pipe), and
        the view holds nothing to save: it goes at once, no orphan left."""
        if os.getppid() != self.server_pid:
            os._exit(0)

    def on_unmount(self) -> None:
        self.follower.stop()
        if self.sender is not None:
            self.sender.stop()

    def on_resize(self) -> None:
        """Lay the lines out again for the new width (a phone turned, a window resized)."""
        self.query_one("#log").styles.height = max(self.LOG_MIN, min(self.LOG_MAX, self.size.height // 4))
        self._draw()
        self._show_status()  # its words for this width

    def _draw(self, changed: Changes = None) -> None:
        """Draw the picture: the header and the rows in ``changed`` (None: the whole table).
        One column is left for the table's scrollbar: no line reaches under it."""
        width = max(10, self.size.width)
        table = self.query_one("#table", Lines)
        changes = None if changed is None else self.table.change(self.view, changed, width - 1)
        if changes is None:
            table.set_lines(list(self.table.lay_out(self.view, width - 1)))
        else:
            table.change_lines(changes)
        self._draw_log(width, full=changed is None)

    def _draw_log(self, width: int, *, full: bool) -> None:
        """The log: only the lines added since the last picture, when it moved on by adding
        lines; else drawn whole (the first picture, another width, an undo's log)."""
        log, old = self.query_one("#log", Lines), self._log_drawn
        self._log_drawn = (width, self.view.log)
        if not full and old is not None and old[0] == width:
            drop = log_shift(old[1], self.view.log)
            kept = len(old[1]) - drop
            if kept or not old[1]:
                added = PlayerView(campaign="", log=self.view.log[kept:])
                log.append_lines(log_lines(added, self.lang, width))
                return
        log.set_lines(log_lines(self.view, self.lang, width))

    def _changed_from_thread(self, view: PlayerView | None, problem: str | None, changed: Changes = None) -> None:
        if self.is_running:
            try:
                self.call_from_thread(self.show, view, problem, changed)
            except RuntimeError:  # the app is closing
                pass

    def show(self, view: PlayerView | None, problem: str | None, changed: Changes = None) -> None:
        """Show a new picture (``changed``: the rows that differ from the last one, None: any),
        or keep the last one and say why (``problem``)."""
        if view is not None:
            was_mine = self.my_turn
            same = self.table.width is not None and (view is self.view or (changed is None and view == self.view))
            self.view, self.problem = view, None
            if self.my_turn and not was_mine and self.updates:
                self.bell()
            self.shown_at = time.strftime("%H:%M:%S")
            if not same:
                self._draw(changed)
            self.updates += 1
        else:
            self.problem = problem
        self._show_status()

    def _show_status(self) -> None:
        # Each line is updated only when it changes (an update lays the screen out), and as
        # plain text: a name in the players' file is never markup.
        lines = (waiting_line(self.view.waiting, self.lang) if self.view.waiting else None, self._sending_hints())
        if lines != self._lines_shown:
            self._lines_shown = lines
            waiting = self.query_one("#waiting", Static)
            waiting.display = lines[0] is not None
            waiting.update(Text(lines[0] or ""))
            if lines[1] is not None:
                self.query_one("#send", Static).update(Text(lines[1]))
        new = self._status()
        status = self.query_one("#status", Static)
        if new != self._status_shown:  # an update re-lays the screen out: only when it changes
            self._status_shown = new
            status.update(new)
        status.set_class(self.my_turn and not self.problem, "-your-turn")

    def _sending_hints(self) -> str | None:
        return None if self.sender is None else self._send_hints()

    @property
    def my_turn(self) -> bool:
        """Whether it is this player's PC's turn and the GM lets the view say so."""
        current = self.view.current
        return (
            self.pc is not None
            and self.view.your_turn
            and current is not None
            and current.kind == "pc"  # an NPC named so is never "your turn" (issue 33 item 13)
            and current.name.casefold() == self.pc
        )

    def _status(self) -> str:
        if self.problem:
            return text("status.problem", self.lang, problem=self.problem, when=self.shown_at)
        if self.said:
            return self.said
        if self.my_turn and self.view.current is not None:
            return text("status.turn", self.lang, pc=self.view.current.name)
        narrow = self.size.width and self.size.width < NARROW
        wide = "status.sends" if self.sender is not None else "status.ok"  # a seat that sends is not read-only
        return text("status.narrow" if narrow else wide, self.lang, file=self.view.campaign)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.lang, sends=self.sender is not None))
