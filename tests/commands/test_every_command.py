"""Every GM command of the table runs its handler in a test of this folder, without an app."""

from __future__ import annotations

import re
from pathlib import Path

from tui.commands.table import COMMANDS

HERE = Path(__file__).parent


def test_every_command_with_a_handler_has_its_handler_test() -> None:
    pressed: set[str] = set()
    for path in HERE.glob("test_*.py"):
        text = path.read_text(encoding="utf-8")
        pressed |= set(re.findall(r'"([a-z0-9-]+)"', text)) & {c.id for c in COMMANDS}
    handled = {c.id for c in COMMANDS if c.handler}
    assert handled, "no command names a handler"
    assert sorted(handled - pressed) == []
