"""How many times the workarounds touch a private name of Textual or textual-serve.

    .venv/bin/python benchmarks/private_touches.py [--list] [PATH ...]

A *touch* is one place in the source that depends on a name Textual or textual-serve keep to
themselves (a name starting with ``_``): an import from a private module or of a private name,
a method of theirs overridden, ``self._x`` read or set where ``_x`` is theirs, ``obj._x`` or
``getattr(obj, "_x")`` with ``_x`` one of their private names, a class attribute of theirs set.
Each occurrence counts once (two reads of one flag in two places are two touches: two places
to check on an upgrade). Without paths it counts the fence, ``tui/textual_fixes/``, module by
module, then the distinct private names; ``--list`` prints each touch.

The figure is pinned in ``docs/developing.md`` ("Textual workarounds") and checked by
``tests/tui/test_textual_fixes.py``: a new touch must lower another or raise the documented
figure on purpose.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FENCE = ROOT / "tui" / "textual_fixes"
#: The libraries whose private names are counted.
PACKAGES = ("textual", "textual_serve")
STDLIB = frozenset({"os", "sys"})  # ``os._exit`` is the standard library's, whatever Textual names alike


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and name != "_"


def theirs(module: str) -> bool:
    """Whether ``module`` is Textual's or textual-serve's."""
    return module.split(".")[0] in PACKAGES


@cache
def private_names() -> tuple[dict[tuple[str, str], frozenset[str]], frozenset[str]]:
    """The private names of Textual and textual-serve: by class (module, class name) — its
    methods, class attributes and the ``self._x`` it assigns — and all of them at once,
    module-level ones included."""
    by_class: dict[tuple[str, str], set[str]] = {}
    every: set[str] = set()
    for package in PACKAGES:
        top = Path(importlib.import_module(package).__file__ or "").parent
        for path in top.rglob("*.py"):
            module = ".".join((package, *path.relative_to(top).with_suffix("").parts)).removesuffix(".__init__")
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
    """The private names ``cls`` inherits from Textual's and textual-serve's classes."""
    by_class, _every = private_names()
    found: set[str] = set()
    for base in cls.__mro__:
        if theirs(base.__module__):
            found |= by_class.get((base.__module__, base.__name__), frozenset())
            found |= {name for name in vars(base) if private(name)}
    return frozenset(found)


def touches(path: Path, root: Path = ROOT) -> Iterator[str]:
    """Each place ``path`` (a module under ``root``, importable) touches a private name of
    Textual or textual-serve: ``line: what``."""
    _by_class, every = private_names()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module = importlib.import_module(".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and theirs(node.module):
            if any(private(part) for part in node.module.split(".")) or any(private(a.name) for a in node.names):
                yield f"{node.lineno}: imports from {node.module}: {', '.join(a.name for a in node.names)}"
    on_self: set[int] = set()
    for cls_node in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        cls = getattr(module, cls_node.name, None)
        # a class made inside a function is not found by name: held to every private name
        names = private_of(cls) if inspect.isclass(cls) else every
        if inspect.isclass(cls) and not any(theirs(b.__module__) for b in cls.__mro__):
            names = frozenset()
        for sub in ast.walk(cls_node):
            if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)) and sub.name in names:
                yield f"{sub.lineno}: {cls_node.name} overrides {sub.name}"
            elif isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id in ("self", "cls"):
                on_self.add(id(sub))
                if sub.attr in names:
                    yield f"{sub.lineno}: {cls_node.name} reads or sets self.{sub.attr}"
        for statement in cls_node.body:  # class attributes
            targets = statement.targets if isinstance(statement, ast.Assign) else [getattr(statement, "target", None)]
            for target in targets:
                if isinstance(target, ast.Name) and target.id in names:
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


def fence_modules() -> list[Path]:
    return sorted(FENCE.glob("*.py"))


def fence_touches() -> dict[str, list[str]]:
    """The touches of each module of the fence, by file name."""
    return {path.name: list(touches(path)) for path in fence_modules()}


def distinct(found: dict[str, list[str]]) -> set[str]:
    """The private names touched (``_x``), whatever the place."""
    names: set[str] = set()
    for lines in found.values():
        for line in lines:
            names.update(
                word.strip(".,'()") for word in line.replace("self.", " ").split() if private(word.strip(".,'()"))
            )
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print each touch")
    parser.add_argument("paths", nargs="*", type=Path, help="modules to count (default: the fence)")
    args = parser.parse_args(argv)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    found = (
        {str(p): list(touches(p.resolve())) for p in args.paths} if args.paths else fence_touches()
    )  # fmt: skip
    for name, lines in found.items():
        print(f"{len(lines):4d}  {name}")
        if args.list:
            for line in lines:
                print(f"        {line}")
    print(f"{sum(len(v) for v in found.values()):4d}  touches in all, {len(distinct(found))} private names")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
