"""Whether the app stopped on an error of its own.

What Textual does: ``App.run`` returns normally when an exception escaped a handler: it shows the
traceback, exits with return code 1 and keeps the exception in the private ``App._exception``.

Why it is patched: ``apotheose`` writes what crashed to its crash log (and saves the campaign) and
tells the GM where it is; it reads that exception here.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from typing import Any

from textual.app import App


def crash_of(app: App[Any]) -> BaseException | None:
    """The exception the app stopped on, if any."""
    return getattr(app, "_exception", None)
