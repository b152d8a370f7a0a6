"""Weight: no module over 500 lines, no class over 400, no function over 50, in core/, saves/
and tui/ (an AST walk; each offender is named with its size)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "saves", "tui")
MAX_MODULE = 500
MAX_CLASS = 400
MAX_FUNCTION = 50
#: Data, not code: the text catalogues, one line a text, one per language (their own test checks
#: they hold one dict of literal strings and nothing else: tests/tui/test_texts_catalogue.py).
DATA = ("tui/texts/en.py", "tui/texts/fr.py")


def _sources(root: Path) -> list[Path]:
    return sorted(path for package in PACKAGES for path in (root / package).rglob("*.py"))


def offenders(root: Path = ROOT) -> list[str]:
    """Every module, class and function over its limit, as ``path[:name] kind lines > limit``."""
    found = []
    for path in _sources(root):
        name = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        lines = len(text.splitlines())
        if lines > MAX_MODULE and name not in DATA:
            found.append(f"{name} module {lines} > {MAX_MODULE}")
        for node in ast.walk(ast.parse(text, filename=name)):
            if isinstance(node, ast.ClassDef):
                kind, limit = "class", MAX_CLASS
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                kind, limit = "function", MAX_FUNCTION
            else:
                continue
            size = (node.end_lineno or node.lineno) - node.lineno + 1
            if size > limit:
                found.append(f"{name}:{node.name} {kind} {size} > {limit}")
    return found


def test_no_module_class_or_function_over_its_limit() -> None:
    found = offenders()
    assert not found, "over the size limits:\n" + "\n".join(found)


def test_the_walk_finds_an_offender(tmp_path: Path) -> None:
    """The check can fail: a 51-line function in a package folder is named with its size, and
    only what is in the packages is walked."""
    body = "".join(f"    x{i} = {i}\n" for i in range(50))
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "big.py").write_text(f"def big():\n{body}", encoding="utf-8")
    (tmp_path / "tui" / "spells").mkdir(parents=True)
    (tmp_path / "tui" / "spells" / "small.py").write_text(
        f"def small():\n{body[: body.rindex('    x49')]}", encoding="utf-8"
    )
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "big.py").write_text(f"def big():\n{body}", encoding="utf-8")
    assert offenders(tmp_path) == ["core/big.py:big function 51 > 50"]
