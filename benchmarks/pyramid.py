"""The test pyramid, counted: how many tests start the GM's whole app, how many a small harness
app, how many no app at all (``python benchmarks/pyramid.py``).

Counted from the source, not by running anything, by the classifier of ``tests/levels.py`` (the
one ``tests/conftest.py`` marks every whole-app test ``slow`` with, so the two cannot disagree):
each test function is read with :mod:`ast`, with the module's own helpers it calls; one that
reaches the GM's app factory is a whole-app test, else one that reaches a small app (``harness``,
``run_test``, ``open_tab``) is a harness test, else it runs no app (a session test in
``tests/commands/``). A function is counted once, whatever its parametrisation.

``--cases`` also counts the tests pytest collects (each parametrised case, each hypothesis test
once), by the kind of the function they come from: what a run starts, app by app.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.levels import KINDS, kinds  # noqa: E402 - the classifier conftest.py marks the fast loop with


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
    for kind in KINDS:
        print(f"{kind:10} {counts[kind]:5}" + (f" {cases[kind]:6} tests" if cases is not None else ""))
    print(f"{'total':10} {sum(counts.values()):5}" + (f" {sum(cases.values()):6} tests" if cases is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
