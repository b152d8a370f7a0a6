"""The test pyramid's levels, read from the source: which tests start the GM's whole app, which a
small harness app, which no app at all. One classifier for the two that need it:
``benchmarks/pyramid.py`` (the counts in docs/developing.md) and ``tests/conftest.py`` (every
whole-app test is ``slow``: the fast loop, ``pytest -m "not slow"``, starts no whole app).

Each test function (``test_…``, in a module or a class) is read with :mod:`ast`, with the
module's own helpers it calls (to any depth). A test that reaches the GM's app factory
(``make_test_app``, ``open_demo``, ``make_app_trades_apply``, ``make_app``) is a whole-app test;
else one that reaches ``harness``, ``run_test`` (a small app of its own) or ``open_tab`` (the
spell pane alone, ``tests/tui/spell_harness.py``) is a harness test; else it runs no app: a
session test (``tests/commands/``: a GM command's handler on a session), or a test of the rules,
the saves, the command line, the servers. No module is imported and nothing is run."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

WHOLE_APP = frozenset({"make_test_app", "open_demo", "make_app_trades_apply", "make_app"})
HARNESS = frozenset({"harness", "run_test", "open_tab"})  # open_tab: the spell pane alone
KINDS = ("session", "harness", "whole-app", "no app")


def called(node: ast.AST) -> set[str]:
    """The names ``node`` calls (``f(…)``, ``x.f(…)``) or passes on (``partial(f)``)."""
    names: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            func = sub.func
            names.add(func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else "")
        elif isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Load):
            names.add(sub.id)
    return names


def kinds_of(source: str, folder: str = "") -> list[tuple[str, str]]:
    """(test name, kind) of each test function of a module's ``source``; ``folder``: the name of
    the module's folder (``commands``: its tests that start no app are session tests)."""
    tree = ast.parse(source)
    functions: dict[str, ast.AST] = {}
    tests: list[tuple[str, ast.AST]] = []
    for node in tree.body:
        members = node.body if isinstance(node, ast.ClassDef) else [node]
        for member in members:
            if isinstance(member, ast.FunctionDef | ast.AsyncFunctionDef):
                functions.setdefault(member.name, member)
                if member.name.startswith("test_"):
                    tests.append((member.name, member))
    found = []
    for name, test in tests:
        reached: set[str] = set()
        todo: list[ast.AST] = [test]
        while todo:
            for callee in called(todo.pop()) - reached:
                reached.add(callee)
                if callee in functions:
                    todo.append(functions[callee])
        if reached & WHOLE_APP:
            kind = "whole-app"
        elif reached & HARNESS:
            kind = "harness"
        else:
            kind = "session" if folder == "commands" else "no app"
        found.append((name, kind))
    return found


def kinds(path: Path) -> list[tuple[str, str]]:
    """(test name, kind) of each test function of the module at ``path``."""
    return kinds_of(path.read_text(encoding="utf-8"), path.parent.name)


@cache
def kind_by_name(path: Path) -> dict[str, str]:
    """The kind of each test function of the module at ``path``, by its name (read once)."""
    return dict(kinds(path))
