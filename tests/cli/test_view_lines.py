"""``apotheose view --lines`` (issue 38 item 4): the real process on a players' file while a
journal is played into it (the GM's app's way: the players' file, then its feed). It tells the
state once, then one plain line per change, in English and French; no escape sequence or other
control character ever; nothing of the hidden crossbowmen; and it ends, with no process left, at
the end of its input, on SIGINT, SIGTERM or SIGHUP, and when the players' file goes away."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from core.actions import AddCondition, Damage, EndEncounter, NextTurn
from core.demo import demo_campaign
from core.encounter import Condition
from core.journal import Journal
from saves.players_feed import Published
from saves.players_file import players_path, write_players
from tests.terminals import wait_until

ROOT = Path(__file__).resolve().parents[2]
#: Each test runs the real process and waits for its lines: the whole command's, not the fast loop's.
pytestmark = pytest.mark.slow


class Running:
    """``apotheose view FILE --lines``, its output read as it comes."""

    def __init__(self, players_file: Path, *args: str) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "LANG": "C.UTF-8"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tui", "view", str(players_file), "--lines", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        self.raw = b""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for chunk in iter(lambda: self.process.stdout.read1(4096), b""):  # type: ignore[union-attr,attr-defined]
            self.raw += chunk

    @property
    def lines(self) -> list[str]:
        return self.raw.decode("utf-8", "replace").splitlines()

    def wait_for(self, text: str) -> None:
        wait_until(lambda: any(text in line for line in self.lines), timeout=60, explain=lambda: "\n".join(self.lines))

    def ended(self) -> int:
        status = self.process.wait(timeout=60)
        self._reader.join(timeout=60)
        return status

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


def start(tmp_path: Path) -> tuple[Journal, Published]:
    journal = Journal.start(demo_campaign("villon"))
    return journal, write_players(tmp_path / "villon.json", journal)


def play(journal: Journal, published: Published, action: object) -> tuple[Journal, Published]:
    journal, _ = journal.record(action)  # type: ignore[arg-type]
    return journal, write_players(published.path.with_name("villon.json"), journal, previous=published)


#: What each step says, as docs/players.md shows it (English), and in French.
SAID = {
    "en": [
        [
            "villon: fight Embuscade à Leda",
            "Round 1",
            "Turn: Brunvir, then Capitaine de la garde",
            "Standing: Brunvir, Capitaine de la garde, Vétérans de Villon, Romuald, Segiere, Morvan, Arsouille, Alduin",
        ],
        ["Alduin takes 3: armour bypassed · HP 8→5 · grave wound", "Alduin: HP 5/8 · lightly wounded"],
        ["Turn: Capitaine de la garde, then Vétérans de Villon"],
        ["Alduin: stunned for 2 rounds", "Alduin: stunned (2)"],
    ],
    "fr": [
        [
            "villon : combat Embuscade à Leda",
            "Round 1",
            "Tour : Brunvir, puis Capitaine de la garde",
            "Debout : Brunvir, Capitaine de la garde, Vétérans de Villon, Romuald, Segiere, Morvan, Arsouille, Alduin",
        ],
        ["Alduin subit 3 : armure ignorée · PV 8→5 · blessure grave", "Alduin : PV 5/8 · légèrement blessé"],
        ["Tour : Capitaine de la garde, puis Vétérans de Villon"],
        ["Alduin : stunned pour 2 rounds", "Alduin : stunned (2)"],
    ],
}
#: The end of the fight: its line, then the summary's lines the players may read.
ENDED = {
    "en": ["villon: the fight is over", "Fight over: Embuscade à Leda", "Summary of Embuscade à Leda: 2 round(s)"],
    "fr": [
        "villon : le combat est terminé",
        "Fin du combat : Embuscade à Leda",
        "Bilan de Embuscade à Leda : 2 round(s)",
    ],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_lines_tell_each_change_once_in_plain_text(tmp_path: Path, lang: str) -> None:
    journal, published = start(tmp_path)
    running = Running(published.path, "--lang", lang)
    steps = SAID[lang]
    try:
        running.wait_for(steps[0][-1])  # the opening: who stands
        assert running.lines == steps[0]  # a short summary, not a repaint
        told = len(running.lines)
        for action, said in zip(
            (Damage(("alduin",), 3, bypass_armour=True), NextTurn(), AddCondition("alduin", Condition("stunned", 2))),
            steps[1:],
            strict=True,
        ):
            journal, published = play(journal, published, action)
            running.wait_for(said[-1])
            assert running.lines[told:] == said  # this change, once, and nothing else
            told = len(running.lines)
        order = journal.campaign.encounter.keys  # type: ignore[union-attr]
        for _ in order:
            journal, published = play(journal, published, NextTurn())  # into round 2
        journal, published = play(journal, published, EndEncounter())
        running.wait_for(ENDED[lang][-1])
        assert running.process.stdin is not None
        running.process.stdin.close()  # the end of its input: it stops
        assert running.ended() == 0
    finally:
        running.kill()
    said = running.lines
    # the end, then its log lines (the turns before it too, when they came in one read)
    over, logged, summary = (said.index(line) for line in ENDED[lang])
    assert over < logged and summary == logged + 1, said
    assert any(line.startswith("Alduin") and "3" in line for line in said[said.index(ENDED[lang][2]) :])
    assert all(ch == "\n" or ch.isprintable() for ch in running.raw.decode()), running.raw
    assert b"\x1b" not in running.raw
    assert "arbal" not in running.raw.decode().casefold()  # the hidden crossbowmen


@pytest.mark.parametrize("how", ["sigint", "sigterm", "sighup", "file gone"])
def test_the_lines_end_cleanly(tmp_path: Path, how: str) -> None:
    _journal, published = start(tmp_path)
    running = Running(published.path)
    try:
        running.wait_for("Standing:")
        if how == "file gone":
            players_path(tmp_path / "villon.json").unlink()
        else:
            running.process.send_signal(
                {"sigint": signal.SIGINT, "sigterm": signal.SIGTERM, "sighup": signal.SIGHUP}[how]
            )
        status = running.ended()
    finally:
        running.kill()
    assert status == (1 if how == "file gone" else 0), running.process.stderr.read()  # type: ignore[union-attr]
    if how == "file gone":
        assert running.lines[-1] == "The players' file is gone: the view stops."


def test_the_lines_wait_for_the_gm_then_tell_the_state(tmp_path: Path) -> None:
    (tmp_path / "villon.json").write_text("{}")  # a campaign whose players' file is not written yet
    running = Running(tmp_path / "villon.json")
    try:
        running.wait_for("Waiting for the GM")
        start(tmp_path)
        running.wait_for("Standing:")
        running.process.send_signal(signal.SIGTERM)
        assert running.ended() == 0
    finally:
        running.kill()


def test_the_signals_are_handled_before_the_first_line(tmp_path: Path) -> None:
    """A reader may stop the lines as soon as it reads the first one (the test above sends
    SIGTERM on reading "Standing:"): the handlers are in place before it is written. Written
    first, a SIGTERM that came between them killed the process (status -15, once in eight runs)."""
    from saves.players_file import read_players
    from tui.view.lines import Lines

    _journal, published = start(tmp_path)
    signals = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    before = {sig: signal.getsignal(sig) for sig in signals}
    at_first_line: dict[int, object] = {}

    class Reader:
        def write(self, text: str) -> None:
            if not at_first_line:
                at_first_line.update({sig: signal.getsignal(sig) for sig in signals})
                lines.stop()  # the reader stops them there

        def flush(self) -> None:
            pass

    lines = Lines(published.path, read_players(published.path), lang="en", out=Reader())  # type: ignore[arg-type]
    assert lines.run() == 0
    assert all(at_first_line[sig] is not before[sig] for sig in signals), at_first_line
    assert {sig: signal.getsignal(sig) for sig in signals} == before  # put back at the end
