"""The combat log: one line per action, undone ones marked, newest at the bottom.

It follows the campaign while open (undo and redo still work under it) and ``s`` writes it as
Markdown next to the campaign file.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar, NamedTuple

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.screen import ModalScreen
from textual.widgets import RichLog

from core.breakdown import Lang
from core.journal import LogLine
from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.commands.palette import ScreenKeyCommands
from tui.i18n import t
from tui.safe import visible
from tui.state import AppState
from tui.widgets.footer import KeysFooter


class LogRow(NamedTuple):
    """One action of the log: its number, its lines joined, whether it stands undone, and
    whether a reroll replaced it (its dice rolled again: not taken back by the GM)."""

    seq: int
    text: str
    undone: bool
    rerolled: bool = False
    #: The action's lines one by one (``text`` joins them): an export lists a long one's (a
    #: fight's end and its summary) under its first.
    parts: tuple[str, ...] = ()


def log_rows(log: Sequence[LogLine], lang: Lang = "en") -> list[LogRow]:
    """One row per action, in the order they were done; an action whose last move was an undo
    is marked undone (a redo clears the mark), one replaced by its reroll is marked rerolled.
    Undo, redo and reroll make no rows of their own."""
    texts: dict[int, list[str]] = {}
    last: dict[int, str] = {}
    for entry in log:
        if entry.kind == "do":
            texts.setdefault(entry.seq, []).append(entry.line.text(lang))
        last[entry.seq] = entry.kind
    joint = " ; " if lang == "fr" else "; "  # French puts a space before « ; »
    return [
        LogRow(seq, joint.join(parts), last[seq] == "undo", last[seq] == "reroll", tuple(parts))
        for seq, parts in texts.items()
    ]


#: An action of more lines than this is exported as its first line and the others under it.
NESTED_FROM = 3


def log_markdown(title: str, rows: list[LogRow], lang: Lang = "en") -> str:
    """``# title`` then ``- **#seq** line`` per action; undone ones struck through, rerolled
    ones marked so."""
    out = [f"# {title}", ""]
    for row in rows:
        nested = len(row.parts) >= NESTED_FROM
        item = f"**#{row.seq}** {row.parts[0] if nested else row.text}"
        if row.undone:
            out.append(f"- ~~{item}~~ ({t('log.undone', lang)})")
        elif row.rerolled:
            out.append(f"- {item} ({t('log.rerolled', lang)})")
        else:
            out.append(f"- {item}")
        if nested:
            out.extend(f"  - {'~~' + part + '~~' if row.undone else part}" for part in row.parts[1:])
    return "\n".join(out) + "\n"


def export_path(campaign_file: Path) -> Path:
    """``villon.json`` → ``villon-log.md`` in the same folder."""
    return campaign_file.with_name(f"{campaign_file.stem}-log.md")


class LogScreen(Described, AppState, ModalScreen[None]):
    COMMANDS = {ScreenKeyCommands}
    BINDINGS: ClassVar[list[BindingType]] = bindings("log")

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[LogRow] = []

    def compose(self) -> ComposeResult:
        # min_width=1: the lines wrap at the width the log has (Textual renders them 78 wide at
        # least, 2 columns wider than the log at 80 columns, whose right edge went under the frame).
        yield RichLog(id="log", markup=False, wrap=True, auto_scroll=True, min_width=1)
        yield KeysFooter()

    def on_mount(self) -> None:
        log = self.query_one(RichLog)
        log.border_title = t("log.title", self.lang)
        # The toasts sit in a band under the log (app.tcss): the log, shorter while they show,
        # keeps its newest line in view (until the GM scrolls up).
        log.anchor()
        self.show()
        self.watch(self.app, "campaign", lambda _campaign: self.show(), init=False)

    def rows(self) -> list[LogRow]:
        return log_rows(gm(self).session.journal.log, self.lang)

    def _line(self, row: LogRow) -> Table:
        """``  12  text`` with the text wrapping under itself; an undone action dim and struck, a
        rerolled one dim (its reroll follows)."""
        text = Text(visible(row.text))  # plain text, controls shown as escapes
        if row.undone:
            text.stylize("dim strike")
            text.append(f"  ({t('log.undone', self.lang)})", style="dim italic")
        elif row.rerolled:
            text.stylize("dim")
            text.append(f"  ({t('log.rerolled', self.lang)})", style="dim italic")
        grid = Table.grid(padding=(0, 1), expand=True)
        grid.add_column(justify="right", width=5, style="bold")
        grid.add_column(ratio=1)
        grid.add_row(f"#{row.seq}", text)
        return grid

    def show(self) -> None:
        """Append the new actions; rewrite only when an older row changed (undo, redo)."""
        rows = self.rows()
        log = self.query_one(RichLog)
        old = self._rows
        if rows[: len(old)] == old and old:
            fresh = rows[len(old) :]
        else:
            log.clear()
            fresh = rows
            if not rows:
                log.write(Text(t("log.empty", self.lang), style="dim"))
        for row in fresh:
            log.write(self._line(row))
        self._rows = rows

    def action_export(self) -> None:
        path = gm(self).session.path
        if path is None:
            self.notify(t("log.no_file", self.lang), severity="warning")
            return
        from saves.atomic import atomic_write
        from saves.errors import SaveError

        campaign = gm(self).campaign
        text = log_markdown(f"{t('log.title', self.lang)} — {campaign.name}", self.rows(), self.lang)
        target = export_path(Path(path))
        try:
            atomic_write(target, text.encode("utf-8"), backups=0)
        except SaveError as error:
            self.notify(t("log.export_failed", self.lang, error=error), severity="error", timeout=8)
            return
        self.notify(t("log.exported", self.lang, path=target))

    def action_dismiss(self) -> None:  # type: ignore[override]  # closing the log gives no result
        self.dismiss(None)
