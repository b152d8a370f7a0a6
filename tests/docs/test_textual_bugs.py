"""The reproductions of the Textual behaviours behind ``tui/textual_fixes/`` (docs/developing.md,
"Textual workarounds") run as they are written and still show what they say: each prints
``True`` while the pinned Textual (or textual-serve) behaves so. A reader can report them
upstream as they are; the day one prints ``False``, its fix's canary (``tests/textual_fixes/``)
says which fix to remove."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.markdown import ROOT, fenced

DOC = ROOT / "docs" / "developing.md"


def section() -> str:
    """The "Textual workarounds" section of docs/developing.md."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index("\n## Textual workarounds\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def reproductions() -> list[tuple[str, str]]:
    """(the bold title before it, the code) of each Python block of the section."""
    text = section()
    found = []
    for block in fenced(text):
        if block.info.strip() == "python":
            before = text.splitlines()[: block.line - 1]
            title = next(line for line in reversed(before) if line.startswith("**"))
            found.append((title.split("**")[1], "\n".join(block.lines)))
    return found


def test_the_section_holds_a_reproduction_per_behaviour() -> None:
    assert len(reproductions()) >= 12


@pytest.mark.slow
@pytest.mark.parametrize(("title", "code"), reproductions(), ids=[title[:40] for title, _code in reproductions()])
def test_the_reproduction_still_shows_it(title: str, code: str, tmp_path) -> None:
    script = tmp_path / "repro.py"
    script.write_text(code, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False
    )
    printed = done.stdout.strip().splitlines()
    assert printed and printed[-1] == "True", (
        f"{title!r} no longer shows with this Textual (printed {printed[-1:] or done.stderr[-2000:]}): "
        "its fix may be gone, see its canary in tests/textual_fixes/"
    )
