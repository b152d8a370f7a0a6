"""What the project's Markdown holds, read as GitHub renders it: fenced blocks, headings and their
anchors, links. Used by the tests of the docs (their examples, links and anchors) and of
docs/rules.md."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parents[1]

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_HEADING = re.compile(r"^ {0,3}(#{1,6}) +(.+?)(?: +#+)? *$")
#: ``[text](target)`` and ``![alt](target)``; a title after the target is allowed.
_LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+[\"'][^)]*)?\)")
_CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


@attrs.frozen
class Fenced:
    """A fenced code block: its info string (``console``, ``sh``…), its lines, and the line
    number of its opening fence (1 for the first line)."""

    info: str
    lines: tuple[str, ...]
    line: int
    #: The line that follows the closing fence ("" at the end of the text).
    after: str = ""


def fenced(text: str) -> list[Fenced]:
    """Every fenced code block of ``text``, in order (an unclosed one runs to the end)."""
    lines = text.splitlines()
    blocks, i = [], 0
    while i < len(lines):
        opening = _FENCE.match(lines[i])
        if opening is None:
            i += 1
            continue
        fence, start = opening[1], i
        i += 1
        body = []
        while i < len(lines) and not re.match(rf"^ {{0,3}}{fence[0]}{{{len(fence)},}} *$", lines[i]):
            body.append(lines[i])
            i += 1
        after = lines[i + 1] if i + 1 < len(lines) else ""
        blocks.append(Fenced(opening[2].strip(), tuple(body), start + 1, after))
        i += 1
    return blocks


def prose(text: str) -> Iterator[tuple[int, str]]:
    """The lines of ``text`` outside fenced blocks, with their numbers (a ``# comment`` in a
    shell block is no heading, a link in a console example no link)."""
    inside: str | None = None
    for number, line in enumerate(text.splitlines(), 1):
        opening = _FENCE.match(line)
        if inside is None and opening:
            inside = opening[1]
        elif inside is not None and re.match(rf"^ {{0,3}}{inside[0]}{{{len(inside)},}} *$", line):
            inside = None
        elif inside is None:
            yield number, line


def slug(title: str) -> str:
    """GitHub's anchor of a heading: the text as rendered (a link's text, a code span's content),
    lower case, every character that is not a letter, a digit, ``_``, ``-`` or a space dropped,
    each space a ``-``. ``### `calc check`: a kult check (RULES 1.2)`` →
    ``calc-check-a-kult-check-rules-12``."""
    rendered = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", title)
    return re.sub(r"[^\w\- ]", "", rendered.lower()).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors of ``text``'s headings, as GitHub makes them: a heading that repeats an
    earlier one's anchor gets ``-1``, the next ``-2``…"""
    seen: dict[str, int] = {}
    found = set()
    for _number, line in prose(text):
        heading = _HEADING.match(line)
        if heading is None:
            continue
        base = slug(heading[2])
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(text: str) -> list[tuple[int, str]]:
    """Every link target of ``text`` outside code (fenced blocks and code spans), with its line:
    ``docs/calc.md``, ``#keys``, ``docs/calc.md#calc-xp-the-xp-of-a-raise-rules-18``."""
    found = []
    for number, line in prose(text):
        for match in _LINK.finditer(_CODE_SPAN.sub("", line)):
            found.append((number, match[1]))
    return found


def broken_links(path: Path, root: Path = ROOT) -> list[str]:
    """The links of the Markdown file ``path`` that lead nowhere: a target outside the
    repository (a URL, an absolute path, ``../`` past the root), a file that is not there, an
    anchor that is no heading of its file. Each as ``file:line: target (why)``."""
    text = path.read_text(encoding="utf-8")
    where = path.relative_to(root)
    broken = []
    for number, target in links(text):
        file_part, _, anchor = target.partition("#")
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^/|^//", target):
            broken.append(f"{where}:{number}: {target} (outside the repository)")
            continue
        goal = (path.parent / file_part).resolve() if file_part else path
        if not goal.is_relative_to(root.resolve()):
            broken.append(f"{where}:{number}: {target} (outside the repository)")
        elif not goal.exists():
            broken.append(f"{where}:{number}: {target} (no such file)")
        elif anchor and goal.suffix == ".md" and anchor not in anchors(goal.read_text(encoding="utf-8")):
            broken.append(f"{where}:{number}: {target} (no heading has this anchor)")
        elif anchor and goal.suffix != ".md":
            broken.append(f"{where}:{number}: {target} (an anchor into a file that is not Markdown)")
    return broken


def documents(root: Path = ROOT) -> list[Path]:
    """The project's Markdown a reader is pointed at: the README, CONTRIBUTING, CHANGELOG, the
    benchmarks' notes and every page of docs/."""
    top = [root / name for name in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md", "benchmarks/README.md")]
    return [path for path in top if path.exists()] + sorted((root / "docs").glob("*.md"))
