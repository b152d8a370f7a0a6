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
CHECK = """
import importlib, json, sys
import attrs, cattrs, orjson, platformdirs
import decimal, difflib, fractions, hashlib, random, secrets, socket
fresh, seen = set(sys.modules), {}
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
    seen[name] = [m for m in ("textual", "rich", "asyncssh") if m in sys.modules]
    for module in set(sys.modules) - fresh:
        del sys.modules[module]
print(json.dumps(seen))
"""

LAYERS = ["core", *_modules(core), "saves", *_modules(saves)]


@functools.cache
def ui_imported_by() -> dict[str, list[str]]:
    """For every module of core/, saves/ and tui/cli/: the UI packages its import brings."""
    names = json.dumps([*LAYERS, *_cli_modules()])
    out = subprocess.run([sys.executable, "-c", CHECK, names], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_check_sees_a_ui_import() -> None:
    """The one-process check tells a module that imports Textual, after others that do not."""
    out = subprocess.run(
        [sys.executable, "-c", CHECK, json.dumps(["core.dice", "tui.widgets.pane", "core.rolls"])],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    seen = json.loads(out.stdout)
    assert seen["core.dice"] == seen["core.rolls"] == [] and "textual" in seen["tui.widgets.pane"]


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
