"""core/ and saves/ never import Textual or Rich; the command line (tui/cli/) neither."""

from __future__ import annotations

import functools
import json
import pkgutil
import subprocess
import sys

import pytest

import core
import saves


def _modules(package) -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + "."))


#: Each module imported alone from a fresh interpreter's modules: after each, every module its
#: import brought is forgotten, so the next starts from the same state (one process for all, not
#: one each: a hundred interpreters cost the suite more than any other check). The libraries
#: every module needs and that cannot bring a UI (the standard library's, attrs, cattrs, orjson,
#: platformdirs) are imported once before, not again after each (15 s → 7 s, idle): were one of
#: them to bring Textual or Rich, every module would be reported, not none.
#: A module of the list that an earlier one's import brought while no UI package came is not
#: imported again: its own import ran whole inside that one (from fewer modules than fresh, never
#: more), so it brought no UI either. A module brought by an import that did bring a UI package is
#: imported again on its own, so the report names each culprit, not its importers alone. The
#: list is walked from its end (the command line, then saves/, then core/): the modules that
#: import the most come first and bring most of the others, 23 imports for 132 modules (a fifth
#: of the CPU: 8.3 s → 1.8 s at the same load).
CHECK = """
import importlib, json, sys
import attrs, cattrs, orjson, platformdirs
import decimal, difflib, fractions, hashlib, random, secrets, socket
fresh, seen, names = set(sys.modules), {}, json.loads(sys.argv[1])
for name in reversed(names):
    if name in seen:
        continue
    importlib.import_module(name)
    brought = set(sys.modules) - fresh
    seen[name] = [m for m in ("textual", "rich", "asyncssh") if m in sys.modules]
    if not seen[name]:
        seen.update({other: [] for other in names if other in brought})
    for module in brought:
        del sys.modules[module]
print(json.dumps(seen))
"""

LAYERS = ["core", *_modules(core), "saves", *_modules(saves)]


@functools.cache
def ui_imported_by() -> dict[str, list[str]]:
    """For every module of core/, saves/ and tui/cli/: the UI packages its import brings."""
    return _check([*LAYERS, *_cli_modules()])


def _check(names: list[str]) -> dict[str, list[str]]:
    out = subprocess.run([sys.executable, "-c", CHECK, json.dumps(names)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.slow
def test_the_check_sees_a_ui_import() -> None:
    """The one-process check tells a module that imports Textual, after others that do not; the
    modules that an import bringing Textual also brought are checked on their own (walked from
    the end, ``tui.widgets.dice_field`` comes first and brings ``tui.widgets.pane``, which brings
    ``core.dice``): the culprits are named, the innocent are not."""
    seen = _check(["tui.widgets.pane", "core.dice", "core.rolls", "tui.widgets.dice_field"])
    assert seen["core.dice"] == seen["core.rolls"] == [], seen
    assert "textual" in seen["tui.widgets.pane"] and "textual" in seen["tui.widgets.dice_field"], seen


@pytest.mark.parametrize("name", LAYERS)
def test_module_imports_no_ui(name: str) -> None:
    assert ui_imported_by()[name] == [], f"{name} imported {ui_imported_by()[name]}"


def _cli_modules() -> list[str]:
    import tui.cli

    return ["tui.cli", *(name for name in _modules(tui.cli) if not name.endswith("__main__"))]


@pytest.mark.parametrize("name", _cli_modules())
def test_the_command_line_imports_no_ui(name: str) -> None:
    """Every module of ``tui/cli/`` (an import-linter contract says the same of its imports,
    those inside functions included)."""
    assert ui_imported_by()[name] == [], f"{name} imported {ui_imported_by()[name]}"


def test_layer_contracts_hold() -> None:
    """import-linter: tui → saves → core, never back; core and saves free of Textual/Rich."""
    from importlinter.cli import lint_imports

    assert lint_imports() == 0
