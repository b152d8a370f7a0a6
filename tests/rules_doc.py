"""What docs/rules.md offers (its numbered sections, its worked examples, the tests it names) and
what the project cites of it ("RULES 1.5" references, worked examples in test names). Its
headings' anchors are GitHub's (:func:`tests.markdown.anchors`)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from tests.markdown import links

ROOT = Path(__file__).resolve().parents[1]
RULES_DOC = ROOT / "docs" / "rules.md"
TESTS = ROOT / "tests"

#: ``RULES 1.5``, ``RÈGLES 1.6`` (the French breakdowns), ``RULES 2``, and the sections listed
#: after the first: ``RULES 1.2, 1.5``, ``RULES 1.2 and 1.5``, ``RULES 1.3–1.7``. A listed
#: section has a dot, so ``RULES 1.6, 0 HP`` cites 1.6 only.
REFERENCE = re.compile(r"\b(?:RULES|RÈGLES) ?(\d+(?:\.\d+)*)((?:(?:, ?| and | et | ?[–-] ?)\d+(?:\.\d+)+)*)")
_LISTED = re.compile(r"\d+(?:\.\d+)+")
#: ``## 1. Apothéose``, ``### 1.5 Attack and defence``.
_HEADING = re.compile(r"^#{1,6} +(\d+(?:\.\d+)*)\.? ", re.M)
#: A worked example's row: ``| E13a | … |``.
_EXAMPLE_ROW = re.compile(r"^\| *([EMPD]\d+[a-c]?) *\|", re.M)
#: A test cited in code font: `` `test_e1_arsouille_climbs_with_one_success_rank` ``.
_CITED_TEST = re.compile(r"`(test_\w+)`")
_TEST_DEF = re.compile(r"^\s*(?:async\s+)?def\s+(test_\w+)", re.M)
#: A worked example in a test's name: ``e10`` (Apothéose ids are written in lower case there),
#: ``M1``, ``P3``, ``D6`` (upper case: ``d6`` is the system's name, ``d100`` a die).
_EXAMPLE_TOKEN = re.compile(r"[eEMPD]\d+[a-c]?")

#: What the project's text is written in, and the folders that are not the project's.
SCANNED_SUFFIXES = {".py", ".md", ".tcss", ".toml", ".cfg", ".ini", ".txt"}
_SKIPPED_DIRS = {".git", ".venv", "venv", "__pycache__", "node_modules", "build", "dist", "__snapshots__"}


def sections(text: str) -> set[str]:
    """The numbered headings of ``text``: ``{"1", "1.1", …, "4.6"}``."""
    return set(_HEADING.findall(text))


def references(text: str) -> list[str]:
    """Every section ``text`` cites, in order, with repeats."""
    found = []
    for match in REFERENCE.finditer(text):
        found.append(match[1])
        found.extend(_LISTED.findall(match[2]))
    return found


def unresolved(text: str, known: set[str]) -> list[str]:
    """The sections ``text`` cites that are not among ``known``."""
    return [section for section in references(text) if section not in known]


def project_files(root: Path = ROOT) -> Iterator[Path]:
    """The project's text files: code, tests, README, docs, configuration."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in _SKIPPED_DIRS and not d.endswith(".egg-info"))
        for name in sorted(files):
            path = Path(folder) / name
            if path.suffix in SCANNED_SUFFIXES:
                yield path


def local_links(text: str) -> list[str]:
    """The anchors ``text`` links to within itself: ``[1.5](#15-attack-and-defence)``."""
    return [target[1:] for _line, target in links(text) if target.startswith("#")]


def examples(text: str) -> set[str]:
    """The worked examples ``text`` (docs/rules.md) numbers: ``{"E1", …, "E13a", …, "D6"}``."""
    return set(_EXAMPLE_ROW.findall(text))


def cited_tests(text: str) -> set[str]:
    """The test functions ``text`` names in code font."""
    return set(_CITED_TEST.findall(text))


def defined_tests(root: Path = TESTS) -> set[str]:
    """Every test function defined under ``root``."""
    return {name for path in root.rglob("*.py") for name in _TEST_DEF.findall(path.read_text(encoding="utf-8"))}


def example_of(token: str) -> str | None:
    """``e13a`` → ``E13a``, ``P3`` → ``P3``; None for a part of a test name that is no example."""
    if not _EXAMPLE_TOKEN.fullmatch(token):
        return None
    return token[0].upper() + token[1:]


def examples_named(names: Iterable[str]) -> dict[str, set[str]]:
    """The worked examples test names carry, each with the tests that carry it."""
    found: dict[str, set[str]] = {}
    for name in names:
        for token in name.split("_")[1:]:
            example = example_of(token)
            if example is not None:
                found.setdefault(example, set()).add(name)
    return found
