"""The players' view as lines of text (Rich ``Text``, never markup: names are data).

Two layouts, by the width the lines are drawn in: from :data:`NARROW` columns up, one line per
combatant (name, health, then shadow, pm and conditions); below (a phone: 40 columns), the
header on three short lines (the fight; the round and whose turn; who is next) and each
combatant on a line of its own, name then health at the right edge, with its details wrapped on
the lines under it. Nothing is ever wider than the width given: no horizontal scrolling. Log
lines are wrapped to the width in both.
"""

from __future__ import annotations

import attrs
from rich.console import Console
from rich.text import Text

from core.breakdown import Lang
from core.player_view import BAR_STEPS, PlayerView, Row, ShownCondition, Wounds
from tui.i18n import t

NAME_WIDTH = 24
#: Below this many columns the view is laid out for a phone.
NARROW = 64
#: The cells of a bar ("a bar only"): one per tenth.
BAR_FULL, BAR_EMPTY = "█", "░"

_CONSOLE = Console(width=1000, color_system=None, legacy_windows=False)


def word(key: str, lang: Lang) -> str:
    return t(f"view.word.{key}", lang)


def header(view: PlayerView, lang: Lang = "en") -> Text:
    text = Text(view.campaign, style="bold", no_wrap=True, overflow="ellipsis")
    if view.encounter is None:
        text.append(f" — {word('no_fight', lang)}")
        return text
    text.append(" — ")
    text.append(view.encounter)
    if view.round is not None:
        text.append(f" · {word('round', lang)} {view.round}")
    current = view.current
    if current is not None:
        text.append(f" · {word('turn', lang)}: ")
        text.append(current.name, style="bold")
    if view.next_up is not None:
        text.append(f" · {word('next', lang)}: ")
        text.append(view.next_up)
    return text


def narrow_header(view: PlayerView, lang: Lang, width: int) -> list[Text]:
    """The fight; the round and whose turn; who is next: each on its own line."""
    if view.encounter is None:
        return [_fit(Text(view.campaign, style="bold"), width), _fit(Text(word("no_fight", lang)), width)]
    lines = [_fit(Text(view.encounter, style="bold"), width)]
    turn = Text()
    if view.round is not None:
        turn.append(f"{word('round', lang).capitalize()} {view.round}")
    current = view.current
    if current is not None:
        turn.append(" · " if turn else "")
        turn.append("▶ ", style="bold reverse")
        turn.append(current.name, style="bold")
    if turn:
        lines.append(_fit(turn, width))
    if view.next_up is not None:
        lines.append(_fit(Text(f"{word('next', lang).capitalize()}: {view.next_up}"), width))
    return lines


def bar(cells: int) -> str:
    return BAR_FULL * cells + BAR_EMPTY * (BAR_STEPS - cells)


def health(row: Row, lang: Lang, *, short: bool = False) -> str:
    """The health as the GM chose to show it; ``short``: a narrow row's (at most 12 columns)."""
    if row.hp is not None:
        label = "" if short or row.wounds is None else f" · {row.wounds.label.text(lang)}"
        return f"{word('hp', lang)} {row.hp}/{row.max_hp}{label}"
    if row.standing is not None:
        return f"{row.standing}/{row.total}" + ("" if short else f" {word('standing', lang)}")
    if row.bar is not None:
        return bar(row.bar)
    if row.damage is not None:
        if row.kind == "group":
            return f"{row.damage} {word('fallen', lang)}"
        return f"-{row.damage} {word('hp', lang)}" if short else f"{word('damage', lang)} {row.damage}"
    if row.wounds is not None:
        # short: a phone's narrow rows
        return word(f"short.{row.wounds.value}", lang) if short else row.wounds.label.text(lang)
    return "—"


def health_style(row: Row) -> str:
    """Green while whole or nearly, yellow when hurt, red when badly hurt, down or dead."""
    if row.hp is not None and row.max_hp:
        left = row.hp / row.max_hp
    elif row.standing is not None and row.total:
        left = row.standing / row.total
    elif row.bar is not None:
        left = row.bar / BAR_STEPS
    elif row.wounds is not None:
        return {Wounds.UNHURT: "green", Wounds.LIGHT: "yellow"}.get(row.wounds, "red")
    else:
        return ""
    return "green" if left > 0.6 else "yellow" if left >= 0.3 else "red"


def details(row: Row, lang: Lang) -> list[str]:
    """Shadow, pm, delaying and conditions: what follows the health."""
    extras = []
    if row.shadow is not None:
        extras.append(f"{word('shadow', lang)} {row.shadow}")
    if row.pm is not None:
        extras.append(f"{word('pm', lang)} {row.pm}/{row.max_pm}")
    if row.delaying:
        extras.append(word("delaying", lang))
    extras.extend(condition_text(c, lang) for c in row.conditions)
    return extras


def row_line(row: Row, lang: Lang = "en") -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    mark_style = "bold reverse" if row.current else ""
    text.append("▶ " if row.current else "  ", style=mark_style)
    name = row.name if len(row.name) <= NAME_WIDTH else row.name[: NAME_WIDTH - 1] + "…"
    text.append(name.ljust(NAME_WIDTH), style="bold" if row.current else "")
    text.append(" ")
    shown = health(row, lang)
    text.append(shown, style=health_style(row))
    text.append(" " * (30 - len(shown)))
    text.append("  ".join(details(row, lang)))
    text.rstrip()
    return text


def narrow_rows(row: Row, lang: Lang, width: int) -> list[Text]:
    """A combatant on a phone: the name, its health at the right edge; its details under it,
    indented and wrapped."""
    right = health(row, lang, short=True)
    room = max(1, width - 2 - 1 - len(right))
    name = row.name if len(row.name) <= room else row.name[: room - 1] + "…"
    first = Text(no_wrap=True)
    first.append("▶ " if row.current else "  ", style="bold reverse" if row.current else "")
    first.append(name, style="bold" if row.current else "")
    first.append(" " * (width - 2 - len(name) - len(right)))
    first.append(right, style=health_style(row))
    lines = [_fit(first, width)]
    extras = details(row, lang)
    if extras:
        lines += _wrapped(Text("  ".join(extras), style="italic"), width, indent=4, first=True)
    return lines


def table_lines(view: PlayerView, lang: Lang = "en", width: int | None = None) -> list[Text]:
    """The header and the rows, laid out for ``width`` columns (None: the wide layout, uncut)."""
    lines = head_lines(view, lang, width)
    for r in view.rows:
        lines.extend(row_lines(r, lang, width))
    return lines + foot_lines(view, lang, width)


def head_lines(view: PlayerView, lang: Lang = "en", width: int | None = None) -> list[Text]:
    """The table's header (:func:`table_lines`)."""
    if width is not None and width < NARROW:
        return narrow_header(view, lang, width)
    if width is None:
        return [header(view, lang), Text()]
    return [_fit(header(view, lang), width), Text()]


def row_lines(row: Row, lang: Lang = "en", width: int | None = None) -> list[Text]:
    """One row of the table (:func:`table_lines`): a line, or more where its details wrap."""
    if width is not None and width < NARROW:
        return narrow_rows(row, lang, width)
    if width is None:
        return [row_line(row, lang)]
    return wide_rows(row, lang, width)


def foot_lines(view: PlayerView, lang: Lang = "en", width: int | None = None) -> list[Text]:
    """What follows the rows: a word when there is none."""
    if view.rows:
        return []
    if width is not None and width < NARROW:
        return [_fit(Text(word("nothing_yet", lang)), width)]
    return [Text(word("nothing_yet", lang))]


#: Where a wide row's details start: the mark, the name, a space, the health.
DETAILS_AT = 2 + NAME_WIDTH + 1 + 30


def wide_rows(row: Row, lang: Lang, width: int) -> list[Text]:
    """:func:`row_line`, its details wrapped under their column when the width is short."""
    line = row_line(row, lang)
    if line.cell_len <= width:
        return [line]
    first = row_line(attrs.evolve(row, shadow=None, pm=None, delaying=False, conditions=()), lang)
    indent = DETAILS_AT if width - DETAILS_AT >= 16 else 4
    return [_fit(first, width), *_wrapped(Text("  ".join(details(row, lang))), width, indent=indent, first=True)]


def log_lines(view: PlayerView, lang: Lang = "en", width: int | None = None) -> list[Text]:
    """The log, oldest first; each line wrapped to ``width`` (None: one line each, uncut)."""
    if width is None:
        return [Text(ln.text(lang), no_wrap=True, overflow="ellipsis") for ln in view.log]
    out: list[Text] = []
    for ln in view.log:
        out += _wrapped(Text(ln.text(lang)), width, indent=2)
    return out


def condition_text(c: ShownCondition, lang: Lang) -> str:
    """``stunned (2)``, ``blessed``, ``shielded (→Alduin)``, ``taunted (→end Alduin)``."""
    if c.rounds is not None:
        return f"{c.name} ({c.rounds or '⇥'})"
    if c.until is not None:
        end = ("end " if lang == "en" else "fin ") if c.at_end else ""
        return f"{c.name} (→{end}{c.until})"
    return c.name


def _fit(text: Text, width: int) -> Text:
    """``text`` cut to ``width`` cells (an ellipsis where it was cut)."""
    if text.cell_len > width:
        text = text.copy()
        text.truncate(max(1, width), overflow="ellipsis")
    return text


def _wrapped(text: Text, width: int, indent: int = 0, *, first: bool = False) -> list[Text]:
    """``text`` wrapped to ``width`` cells, each line's trailing spaces dropped; the lines after
    the first indented by ``indent`` (the first too with ``first``)."""
    width = max(1, width)
    if first:
        room = max(1, width - indent)
        return [Text(" " * indent) + _stripped(line) for line in text.wrap(_CONSOLE, room, overflow="fold")]
    lines = [_stripped(line) for line in text.wrap(_CONSOLE, width, overflow="fold")]
    if len(lines) <= 1 or indent == 0 or width <= indent + 8:
        return lines
    rest = Text(" ").join(lines[1:])
    return [
        lines[0],
        *(Text(" " * indent) + _stripped(line) for line in rest.wrap(_CONSOLE, width - indent, overflow="fold")),
    ]


def _stripped(line: Text) -> Text:
    line.rstrip()
    return line


class Table:
    """The table's lines kept between two pictures, so that a change lays out only the header
    and the rows it changed (:meth:`change`), not the whole fight."""

    def __init__(self, lang: Lang = "en") -> None:
        self.lang: Lang = lang
        #: The lines as :func:`table_lines` lays them out for the last picture.
        self.lines: list[Text] = []
        self.width: int | None = None
        self._head = 0
        self._rows: list[list[Text]] = []
        self._starts: list[int] = []

    def lay_out(self, view: PlayerView, width: int | None) -> list[Text]:
        """All the lines of ``view`` (:func:`table_lines`); kept for :meth:`change`."""
        head = head_lines(view, self.lang, width)
        self._rows = [row_lines(row, self.lang, width) for row in view.rows]
        self._starts, lines = [], list(head)
        for row in self._rows:
            self._starts.append(len(lines))
            lines.extend(row)
        self.width, self._head = width, len(head)
        self.lines = lines + foot_lines(view, self.lang, width)
        return self.lines

    def change(self, view: PlayerView, changed: frozenset[int], width: int | None) -> dict[int, Text] | None:
        """The header's lines and the ``changed`` rows' lines of ``view`` by their place, made in
        :attr:`lines`; None when that cannot be done (another width, another number of rows, a
        row or the header on more or fewer lines): :meth:`lay_out` then."""
        head = head_lines(view, self.lang, width)
        if width != self.width or len(head) != self._head or len(view.rows) != len(self._rows) or not view.rows:
            return None
        changes, redrawn = dict(enumerate(head)), {}
        for at in sorted(changed):
            if not 0 <= at < len(self._rows):
                return None
            new = redrawn[at] = row_lines(view.rows[at], self.lang, width)
            if len(new) != len(self._rows[at]):
                return None
            changes.update(enumerate(new, self._starts[at]))
        for at, new in redrawn.items():
            self._rows[at] = new
        for y, line in changes.items():
            self.lines[y] = line
        return changes
