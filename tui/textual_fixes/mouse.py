"""How much mouse the app asks the terminal for.

What Textual does: its Linux driver asks for every motion of the mouse (mode 1003): each move over
the window sends a report up the link and a hover repaint back.

Why it is patched: over SSH that is traffic for nothing, so there (when ``SSH_CONNECTION`` is set)
the app asks for buttons and the wheel only (modes 1000 + SGR), unless ``--mouse`` says
otherwise; ``--no-mouse`` asks for nothing. :func:`clicks_only_driver` overrides
``LinuxDriver._enable_mouse_support`` and reads its ``_mouse``.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

ALL, CLICKS, OFF = "all", "clicks", "off"


def mouse_mode(*, mouse: bool, no_mouse: bool, environ: Mapping[str, str]) -> str:
    """``off`` with ``--no-mouse``; ``all`` with ``--mouse`` or locally; ``clicks`` over SSH."""
    if no_mouse:
        return OFF
    if mouse or not environ.get("SSH_CONNECTION"):
        return ALL
    return CLICKS


def clicks_only_driver() -> type | None:
    """Textual's terminal driver, asking for clicks and the wheel but no motion reports (``None``
    where the app does not use the Linux/macOS driver)."""
    if sys.platform == "win32":  # pragma: no cover - the GM's app runs on Unix
        return None
    from textual.drivers.linux_driver import LinuxDriver

    class ClicksOnlyDriver(LinuxDriver):
        def _enable_mouse_support(self) -> None:
            if not self._mouse:
                return
            self.write("\x1b[?1000h")  # buttons and the wheel
            self.write("\x1b[?1015h")
            self.write("\x1b[?1006h")  # SGR coordinates (wide screens)
            self.flush()

    return ClicksOnlyDriver
