"""Every GM command of the table runs its handler in a test of this folder, without an app."""

from __future__ import annotations

import re
from pathlib import Path

from tui.commands.table import COMMANDS

HERE = Path(__file__).parent


def test_every_command_with_a_handler_has_its_handler_test() -> None:
    """A test names the command's id (``press(ctx, "init-next")``), or the prefix of the ids it
    is parametrized over (``"players-default-"``)."""
    ids = {c.id for c in COMMANDS}
    pressed: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        named = set(re.findall(r'"([a-z0-9_-]+)"', path.read_text(encoding="utf-8")))
        prefixes = tuple(n for n in named if n.endswith("-"))
        pressed |= (named & ids) | {i for i in ids if prefixes and i.startswith(prefixes)}
    handled = {c.id for c in COMMANDS if c.handler}
    assert handled, "no command names a handler"
    assert sorted(handled - pressed) == []
