"""Every workaround for Textual's internals lives in ``tui/textual_fixes/``, each module saying what
Textual does, why it is patched and the Textual version it was checked on; nothing else in ``tui/``
touches a private Textual name. An upgrade of Textual is then a read of one folder."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import tomllib
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
import textual

ROOT = Path(__file__).resolve().parents[2]
TUI = ROOT / "tui"
FIXES = TUI / "textual_fixes"
TEXTUAL = Path(textual.__file__).parent


def pinned_textual() -> str:
    """The Textual version ``pyproject.toml`` pins (``textual==X.Y.Z``)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    (pin,) = [d for d in project["project"]["dependencies"] if re.match(r"textual\s*[=<>~!]", d)]
    return pin.split("==")[1]


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name != "_"


@cache
def textual_private_names() -> tuple[dict[tuple[str, str], frozenset[str]], frozenset[str]]:
    """The private names of Textual: by class (module, class name) — its methods, class attributes
    and the ``self._x`` it assigns — and all of them at once, module-level ones included."""
    by_class: dict[tuple[str, str], set[str]] = {}
    every: set[str] = set()
    for path in TEXTUAL.rglob("*.py"):
        module = ".".join(("textual", *path.relative_to(TEXTUAL).with_suffix("").parts)).removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and private(node.name):
                every.add(node.name)
            for target in node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]:
                if isinstance(target, ast.Name) and private(target.id):
                    every.add(target.id)
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            names = by_class.setdefault((module, cls.name), set())
            for sub in ast.walk(cls):
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    name = sub.name
                elif (
                    isinstance(sub, ast.Attribute)
                    and isinstance(sub.ctx, ast.Store)
                    and isinstance(sub.value, ast.Name)
                    and sub.value.id == "self"
                ):
                    name = sub.attr
                elif isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
                    name = sub.id
                else:
                    continue
                if private(name):
                    names.add(name)
                    every.add(name)
    return {k: frozenset(v) for k, v in by_class.items()}, frozenset(every)


def private_of(cls: type) -> frozenset[str]:
    """The private names ``cls`` inherits from Textual's classes."""
    by_class, _every = textual_private_names()
    found: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.split(".")[0] == "textual":
            found |= by_class.get((base.__module__, base.__name__), frozenset())
            found |= {name for name in vars(base) if private(name)}
    return frozenset(found)


def app_modules() -> list[Path]:
    """The modules of ``tui/`` that may touch Textual: all but the fixes' folder and the command
    line (an import-linter contract keeps ``tui.cli`` free of Textual)."""
    return sorted(
        path for path in TUI.rglob("*.py")
        if FIXES not in path.parents and TUI / "cli" not in path.parents and path.name != "__main__.py"
    )  # fmt: skip


STDLIB = frozenset({"os", "sys"})  # ``os._exit`` is the standard library's, whatever Textual names alike


def touches(path: Path) -> Iterator[str]:
    """Each place ``path`` touches a private name of Textual: ``line: what``."""
    _by_class, every = textual_private_names()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module = importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "textual":
            if any(private(part) for part in node.module.split(".")) or any(private(a.name) for a in node.names):
                yield f"{node.lineno}: imports from {node.module}: {', '.join(a.name for a in node.names)}"
    on_self: set[int] = set()
    for cls_node in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        cls = getattr(module, cls_node.name, None)
        # a class made inside a function is not found by name: held to every private name
        theirs = private_of(cls) if inspect.isclass(cls) else every
        if inspect.isclass(cls) and not any(b.__module__.split(".")[0] == "textual" for b in cls.__mro__):
            theirs = frozenset()
        for sub in ast.walk(cls_node):
            if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)) and sub.name in theirs:
                yield f"{sub.lineno}: {cls_node.name} overrides {sub.name}"
            elif isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id in ("self", "cls"):
                on_self.add(id(sub))
                if sub.attr in theirs:
                    yield f"{sub.lineno}: {cls_node.name} reads or sets self.{sub.attr}"
        for statement in cls_node.body:  # class attributes
            targets = statement.targets if isinstance(statement, ast.Assign) else [getattr(statement, "target", None)]
            for target in targets:
                if isinstance(target, ast.Name) and target.id in theirs:
                    yield f"{statement.lineno}: {cls_node.name} sets {target.id}"
    for node in ast.walk(tree):
        standard = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in STDLIB
        if isinstance(node, ast.Attribute) and id(node) not in on_self and node.attr in every and not standard:
            yield f"{node.lineno}: .{node.attr}"
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("getattr", "hasattr", "setattr")
        ):
            if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value in every:
                yield f"{node.lineno}: {node.func.id}(…, {node.args[1].value!r})"


@pytest.mark.slow
@pytest.mark.parametrize("path", app_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_outside_textual_fixes_touches_a_private_textual_name(path: Path) -> None:
    found = list(touches(path))
    assert not found, (
        f"{path.relative_to(ROOT)} touches Textual's internals (move it to tui/textual_fixes/):\n" + "\n".join(found)
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
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    found = "\n".join(touches(package / "probe.py"))
    for expected in (
        "textual.widgets._select",
        "_character_to_key",
        "overrides _watch_value",
        "self._cursor_visible",
        "._parent",
        "'_exception'",
    ):
        assert expected in found


FIELDS = ("What Textual does:", "Why it is patched:", "Checked on Textual")


@pytest.mark.parametrize("path", sorted(p for p in FIXES.glob("*.py") if p.name != "__init__.py"), ids=lambda p: p.name)
def test_each_fix_says_what_textual_does_why_and_the_version_checked(path: Path) -> None:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    missing = [field for field in FIELDS if field not in doc]
    assert not missing, f"{path.name}: its docstring lacks {missing}"
    (checked,) = re.findall(r"Checked on Textual (\d+\.\d+\.\d+)", doc)
    assert checked == pinned_textual() == textual.__version__, (
        f"{path.name}: checked on {checked}, Textual is {textual.__version__}"
    )
