"""The log's export from the app (``F l``, then export): a fight's end lists its summary under it,
one line each, not joined into one."""

from core.actions import Damage, EndEncounter
from core.demo import demo_campaign
from core.journal import Journal
from tui.screens.log import log_markdown, log_rows


def test_a_fights_end_is_exported_with_its_summary_one_line_each_and_short_actions_joined() -> None:
    journal = Journal.start(demo_campaign())
    for action in (Damage(("segiere",), 6), EndEncounter()):
        journal, _ = journal.record(action)
    text = log_markdown("Log", log_rows(journal.log))
    lines = text.splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith("- **#2** Fight over: "))
    assert lines[end + 1].startswith("  - Summary of ")
    assert any(line.startswith("  - Segiere: dealt 0 HP, took ") for line in lines[end + 1 :])
    assert "; Summary" not in text
    assert lines[end - 1].startswith("- **#1** Segiere takes 6: armour 4→0")  # one line: as before
    undone = log_markdown("Log", log_rows(journal.undo().log))
    assert "- ~~**#2** Fight over" in undone and "  - ~~Summary of " in undone
