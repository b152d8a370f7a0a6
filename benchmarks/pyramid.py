"""The test pyramid, counted: how many tests start the GM's whole app, how many a small harness
app, how many no app at all (``python benchmarks/pyramid.py``).

Counted from the source, not by running anything: each test function (``test_…``, in a module or
a class, under ``tests/``) is read with :mod:`ast`, with the module's own helpers it calls (to
any depth). A test that reaches the GM's app factory (``make_test_app``, ``open_demo``,
``make_app_trades_apply``, ``make_app``) is a whole-app test; else one that reaches ``harness``,
``run_test`` (a small app of its own) or ``open_tab`` (the spell pane alone,
``tests/tui/spell_harness.py``) is a harness test; else it runs no app: a session test
(``tests/commands/``: a GM command's handler on a session), or a test of the rules, the saves,
the command line, the servers. A function is counted once, whatever its parametrisation.

``--cases`` also counts the tests pytest collects (each parametrised case, each hypothesis test
once), by the kind of the function they come from: what a run starts, app by app.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WHOLE_APP = {"make_test_app", "open_demo", "make_app_trades_apply", "make_app"}
HARNESS = {"harness", "run_test", "open_tab"}  # open_tab: the spell pane alone (tests/tui/spell_harness.py)


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


def kinds(path: Path) -> list[tuple[str, str]]:
    """(test name, kind) of each test function of ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
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
    for name, node in tests:
        reached, todo = set(), [node]
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
            kind = "session" if path.parent.name == "commands" else "no app"
        found.append((name, kind))
    return found


def count(root: Path = ROOT / "tests") -> Counter[str]:
    return Counter(kind for path in sorted(root.rglob("test_*.py")) for _name, kind in kinds(path))


def count_cases(root: Path = ROOT / "tests") -> Counter[str]:
    """The collected tests (``pytest --collect-only``) by the kind of their function."""
    kind_of = {
        (str(path.relative_to(ROOT)), name): kind
        for path in sorted(root.rglob("test_*.py"))
        for name, kind in kinds(path)
    }
    collected = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-p",
            "no:xdist",
            str(root.relative_to(ROOT)),
        ],  # -q: addopts,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    cases: Counter[str] = Counter()
    for line in collected.splitlines():
        if "::" not in line:
            continue
        path, *_, function = line.split("::")
        cases[kind_of.get((path, function.split("[")[0]), "no app")] += 1
    return cases


def main(argv: list[str]) -> int:
    counts = count()
    cases = count_cases() if "--cases" in argv else None
    for kind in ("session", "harness", "whole-app", "no app"):
        print(f"{kind:10} {counts[kind]:5}" + (f" {cases[kind]:6} tests" if cases is not None else ""))
    print(f"{'total':10} {sum(counts.values()):5}" + (f" {sum(cases.values()):6} tests" if cases is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
