"""core/ and saves/ never import Textual or Rich; the command line (tui/cli/) neither."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

import core
import saves


def _modules(package) -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + "."))


CHECK = "import importlib, sys; importlib.import_module({name!r}); bad = [m for m in ('textual', 'rich', 'asyncssh') if m in sys.modules]; print(','.join(bad))"


@pytest.mark.slow
@pytest.mark.parametrize("name", ["core", *_modules(core), "saves", *_modules(saves)])
def test_module_imports_no_ui(name: str) -> None:
    out = subprocess.run([sys.executable, "-c", CHECK.format(name=name)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{name} imported {out.stdout.strip()}"


def _cli_modules() -> list[str]:
    import tui.cli

    return ["tui.cli", *(name for name in _modules(tui.cli) if not name.endswith("__main__"))]


@pytest.mark.parametrize("name", _cli_modules())
def test_the_command_line_imports_no_ui(name: str) -> None:
    """Every module of ``tui/cli/`` (an import-linter contract says the same of its imports,
    those inside functions included)."""
    out = subprocess.run([sys.executable, "-c", CHECK.format(name=name)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"{name} imported {out.stdout.strip()}"


def test_layer_contracts_hold() -> None:
    """import-linter: tui → saves → core, never back; core and saves free of Textual/Rich."""
    from importlinter.cli import lint_imports

    assert lint_imports() == 0
