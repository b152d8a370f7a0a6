"""Text from people and files is data: never markup, never a terminal code.

Every name (of a character, group, campaign, encounter, condition, trade…), every note and any
text read from a file reaches the screen through these helpers (the first two live in
:mod:`core.text`, with the one definition of a control character):

- :func:`visible` turns the characters a terminal would obey (C0 controls but newline, DEL, C1
  controls, bidi overrides and isolates) into visible escapes such as ``\\x1b`` or ``\\u202e``;
- :func:`plain` is that text as a Textual :class:`~textual.content.Content`, never parsed as
  markup (a name like ``Morvan [/]`` shows as typed);
- :func:`markup` fills a markup *template* of ours with such values: ``markup("[b]$name[/b]",
  name=c.name)``; the values are substituted as plain text after the template is parsed;
- :func:`terminal_line` is what the command line prints of anybody's text: one line, escaped, cut;
  :func:`say` prints such lines, :func:`complain` an error line and its exit status.

Imports no Textual at module level (``visible`` and ``terminal_line`` serve the command line too).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, TextIO

from core.text import UNSAFE, UNSAFE_IN_LINE, cut, terminal_line, visible

if TYPE_CHECKING:
    from textual.content import Content

__all__ = ["UNSAFE", "UNSAFE_IN_LINE", "complain", "cut", "markup", "plain", "say", "terminal_line", "visible"]

#: The longest error line the command line prints, before "… (N more characters)" (a 10 MiB bad
#: value is cut, not echoed).
ERROR_LINE = 900


def say(*texts: object) -> None:
    """Print each text on its own line of standard output, as :func:`terminal_line` shows it:
    what the command line prints of names, file names, rows and keys from anybody."""
    for text in texts:
        print(terminal_line(text))


def complain(text: str, status: int) -> int:
    """``text`` as one line on standard error (escaped, cut to :data:`ERROR_LINE`), and ``status``
    to exit with: kept when that line cannot be written (``2>&1 | head`` closed the pipe), so a
    file that does not load never exits 0."""
    try:
        print(terminal_line(" ".join(text.split()), ERROR_LINE), file=sys.stderr)
        sys.stderr.flush()
    except BrokenPipeError:
        silence(sys.stderr)
    return status


def silence(stream: TextIO) -> None:
    """Point ``stream``'s file at /dev/null: its reader closed the pipe, and the flush at exit
    would complain again."""
    import os

    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, stream.fileno())
    os.close(null)


def plain(text: object) -> Content:
    """``text`` for a widget: its characters as they are (controls made visible), no markup."""
    from textual.content import Content

    return Content(visible(text))


def markup(template: str, **values: object) -> Content:
    """Our markup ``template`` with ``$name`` slots filled by plain text (made visible)."""
    from textual.content import Content

    return Content.from_markup(template, **{k: visible(v) for k, v in values.items()})
