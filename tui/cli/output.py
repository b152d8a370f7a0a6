"""What the command line prints: other people's text as data, one line an error.

- :func:`say` prints lines of names, file names, rows and keys as :func:`core.text.terminal_line`
  shows them (escaped, one line, cut);
- :func:`complain` prints an error line on standard error and gives the exit status;
- :func:`silence` points a stream whose reader closed the pipe at /dev/null.

The app's own text helpers (Textual ``Content``, never markup) are in :mod:`tui.safe`.
"""

from __future__ import annotations

import sys
from typing import TextIO

from core.text import terminal_line, visible

__all__ = ["ERROR_LINE", "complain", "say", "silence", "visible"]

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
