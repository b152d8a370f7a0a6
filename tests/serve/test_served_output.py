"""What the real-server tests' helpers promise (tests/serving.py): a wait on what a server
prints ends when it prints it, and says what it printed when it never does; a relaunched
server's lines are its own; each server's saves and keys are the same files as made anew,
copied from the ones made once per test process, and each copy is its own."""

from __future__ import annotations

import stat
import sys
from pathlib import Path

import pytest

from tests.serving import Served, made

pytestmark = pytest.mark.slow

#: A stand-in for ``apotheose serve``: prints its words, one a line, then waits to be stopped.
SAYS = "import sys, time\nfor word in sys.argv[1:]: print(word, flush=True)\ntime.sleep(600)"


def test_a_wait_on_the_output_ends_on_the_line_and_says_the_output_when_it_never_comes() -> None:
    served = Served()
    served.launch([sys.executable, "-c", SAYS, "listening", "ready"])
    try:
        served.wait_for(lambda: "ready" in served.lines, 60)
        assert served.lines == ["listening", "ready"] and served.said("listening", 0)
        with pytest.raises(TimeoutError, match="listening\nready"):
            served.wait_for(lambda: "never said" in served.output, 0.1)
        assert not served.said("never said", 0.1)
    finally:
        served.stop()


def test_a_wait_ends_when_the_server_does() -> None:
    served = Served()
    served.launch([sys.executable, "-c", "print('bye')"])
    try:
        served.wait_for(lambda: served.process.poll() is not None, 60)
        served.process.wait(60)
        served.wait_for(lambda: served.lines == ["bye"], 60)
    finally:
        served.stop()


def test_a_relaunched_server_s_lines_are_its_own() -> None:
    served = Served()
    served.launch([sys.executable, "-c", SAYS, "first"])
    try:
        served.wait_for(lambda: served.lines == ["first"], 60)
        served.stop()
        served.launch([sys.executable, "-c", SAYS, "second"])
        served.wait_for(lambda: "second" in served.lines, 60)
        assert served.lines == ["second"]
    finally:
        served.stop()


def test_each_server_gets_its_own_copy_of_the_same_new_files(tmp_path: Path) -> None:
    one, two = made(tmp_path / "one", "villon", alice=True), made(tmp_path / "two", "villon", alice=True)
    names = sorted(p.name for p in one.iterdir())
    assert names == sorted(p.name for p in two.iterdir()) and "villon.json" in names and "villon.access.json" in names
    assert "alice" in (one / "villon.access.json").read_text()
    key = " ".join((tmp_path / "one" / "alice.pub").read_text().split()[:2])  # without its comment
    assert key in (one / "villon.access.json").read_text()
    for base in (tmp_path / "one", tmp_path / "two"):
        assert stat.S_IMODE((base / "saves").stat().st_mode) == 0o700
        assert (
            stat.S_IMODE((base / "alice").stat().st_mode) == stat.S_IMODE((base / "stranger").stat().st_mode) == 0o600
        )
    (one / "villon.json").write_text("changed")
    assert (two / "villon.json").read_text() != "changed"
    web = made(tmp_path / "web", "villon", alice=False)
    assert not (tmp_path / "web" / "alice").exists() and not (web / "villon.access.json").exists()
