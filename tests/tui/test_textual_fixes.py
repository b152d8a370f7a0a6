"""Every workaround for Textual's (and textual-serve's) internals lives in ``tui/textual_fixes/``,
each module saying what Textual does, why it is patched and the version it was checked on; nothing
else in ``tui/`` touches a private name of either, and the fence touches them no more often than
docs/developing.md says (``benchmarks/private_touches.py`` counts). An upgrade of Textual is then
a read of one folder (and its canaries, ``tests/textual_fixes/``)."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import tomllib
from pathlib import Path

import pytest

from benchmarks.private_touches import distinct, fence_touches, touches

ROOT = Path(__file__).resolve().parents[2]
TUI = ROOT / "tui"
FIXES = TUI / "textual_fixes"


def pinned(package: str) -> str:
    """The version of ``package`` that ``pyproject.toml`` pins (``package==X.Y.Z``)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (pin,) = [d for d in project["project"]["dependencies"] if re.match(rf"{package}\s*[=<>~!]", d)]
    return pin.split("==")[1]


def app_modules() -> list[Path]:
    """The modules of ``tui/`` that may touch Textual: all but the fixes' folder and the command
    line (an import-linter contract keeps ``tui.cli`` free of Textual)."""
    return sorted(
        path for path in TUI.rglob("*.py")
        if FIXES not in path.parents and TUI / "cli" not in path.parents and path.name != "__main__.py"
    )  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("path", app_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_outside_textual_fixes_touches_a_private_textual_name(path: Path) -> None:
    found = list(touches(path))
    assert not found, (
        f"{path.relative_to(ROOT)} touches Textual's or textual-serve's internals (move it to tui/textual_fixes/):\n"
        + "\n".join(found)
    )


@pytest.mark.slow
def test_the_check_finds_what_it_looks_for(tmp_path, monkeypatch) -> None:
    """The check above is not empty: each kind of touch it looks for is found in a module made
    to hold them all."""
    package = tmp_path / "tui_probe"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "probe.py").write_text(
        "from textual.widgets import Input\n"
        "from textual.widgets._select import SelectOverlay\n"
        "from textual.keys import _character_to_key\n"
        "class Field(Input):\n"
        "    def _watch_value(self, value):\n"
        "        self._cursor_visible = True\n"
        "def run(app, node):\n"
        "    node._parent\n"
        "    getattr(app, '_exception', None)\n"
        "from textual_serve.app_service import AppService\n"
        "class Service(AppService):\n"
        "    async def _open_app_process(self, width=80, height=24):\n"
        "        return self._process\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    found = "\n".join(touches(package / "probe.py", root=tmp_path))
    for expected in (
        "textual.widgets._select",
        "_character_to_key",
        "overrides _watch_value",
        "self._cursor_visible",
        "._parent",
        "'_exception'",
        "Service overrides _open_app_process",
        "Service reads or sets self._process",
    ):
        assert expected in found


DOCS = ROOT / "docs" / "developing.md"


def documented_touches() -> int:
    """The figure ``docs/developing.md`` gives for the fence's touches of private names."""
    (figure,) = re.findall(r"(\d+) touches of private names", DOCS.read_text(encoding="utf-8"))
    return int(figure)


@pytest.mark.slow
def test_the_fence_touches_no_more_private_names_than_documented() -> None:
    """``benchmarks/private_touches.py`` counts them; a new touch lowers another one or raises the
    figure in docs/developing.md, on purpose."""
    found = fence_touches()
    count = sum(len(lines) for lines in found.values())
    listing = "\n".join(f"{name}: {line}" for name, lines in found.items() for line in lines)
    assert count <= documented_touches(), (
        f"tui/textual_fixes/ touches private names of Textual or textual-serve {count} times, "
        f"docs/developing.md says {documented_touches()}:\n{listing}"
    )


FIELDS = ("What (Textual|textual-serve) does:", "Why it is patched:", "Checked on (Textual|textual-serve) ")


@pytest.mark.parametrize("path", sorted(p for p in FIXES.glob("*.py") if p.name != "__init__.py"), ids=lambda p: p.name)
def test_each_fix_says_what_textual_does_why_and_the_version_checked(path: Path) -> None:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    missing = [field for field in FIELDS if not re.search(field, doc)]
    assert not missing, f"{path.name}: its docstring lacks {missing}"
    ((package, checked),) = re.findall(r"Checked on (Textual|textual-serve) (\d+\.\d+\.\d+)", doc)
    installed = importlib.metadata.version(package.lower())
    assert checked == pinned(package.lower()) == installed, (
        f"{path.name}: checked on {checked}, {package} is {installed}"
    )


@pytest.mark.slow
def test_each_private_name_the_fence_touches_is_named_in_docs_developing() -> None:
    """docs/developing.md ("The private names touched") names every private name a fix leans on."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("### The private names touched") : text.index("### The Textual behaviours behind them")]
    missing = sorted(name for name in distinct(fence_touches()) if name not in section)
    assert not missing, f"docs/developing.md does not name {missing}"


def test_each_fix_has_a_canary() -> None:
    """Each module of the fence is named by a canary of ``tests/textual_fixes/`` (the first argument
    of its ``gone(...)``): the test that fails the day Textual no longer needs it."""
    canaries = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests" / "textual_fixes").glob("test_*.py"))
    named = {name for first in re.findall(r'gone\(\s*"([^"]+)"', canaries) for name in re.findall(r"\w+\.py", first)}
    fixes = {p.name for p in FIXES.glob("*.py") if p.name != "__init__.py"}
    assert not fixes - named, f"no canary for {sorted(fixes - named)}"
