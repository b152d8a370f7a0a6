"""One home per GM command: the command table (tui/commands/table.py) is where each key, label,
palette entry and handler is written, and everything else comes from it."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest
from textual.actions import parse
from textual.dom import DOMNode

from core.breakdown import Lang
from tests.tui.pilot import make_test_app, run, wait_for
from tui.commands.table import BY_ID, COMMANDS, SCOPE, SCOPES, Command, in_scope

ROOT = Path(__file__).resolve().parents[2]


def node_class(scope_name: str) -> type:
    module, name = SCOPE[scope_name].node.split(":")
    return getattr(importlib.import_module(module), name)


def handler_class(command: Command) -> type:
    """The class whose ``action_…`` method runs ``command``."""
    if command.action.startswith("app."):
        return node_class("app")
    if command.action.startswith("screen."):
        return node_class("main")  # the widgets whose keys reach their screen are the main screen's
    return node_class(command.where)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.id)
def test_each_command_has_its_handler(command: Command) -> None:
    if command.handler:
        handler = command.function()
        inspect.signature(handler).bind(object(), *command.args)  # a context and its parameters
        cls = node_class(command.where)
        assert callable(getattr(cls, "action_command", None)), f"{command.id}: {cls.__qualname__} runs no handler"
        return
    _namespace, name, _parameters = parse(command.action)
    cls = handler_class(command)
    assert callable(getattr(cls, f"action_{name}", None)), f"{command.id}: {cls.__qualname__} has no action_{name}"


#: What the main screen's own actions may do: route (a pane shown, the list again, a spell
#: system's tab) and run a command's handler; never a GM command's logic.
ROUTES = {"pane", "back", "spell_system", "command"}


def test_the_main_screen_only_routes() -> None:
    from tui.screens.main import MainScreen

    actions = {name.removeprefix("action_") for name in dir(MainScreen) if name.startswith("action_")}
    own = {a for a in actions if not hasattr(__import__("textual.screen").screen.Screen, f"action_{a}")}
    assert own == ROUTES
    screen_bound = [c.id for c in COMMANDS if c.action.startswith("screen.") and parse(c.action)[1] not in ROUTES]
    assert screen_bound == [], "a key handled on the screen by an action string"


def test_a_key_is_bound_on_the_node_whose_handler_runs_it() -> None:
    """A GM command's key is bound where it applies (the initiative list's on the list) and runs
    its handler there: ``command('id')`` of that node, no ``screen.…`` hop."""
    for command in COMMANDS:
        if command.handler and command.keys:
            assert command.bound == f"command('{command.id}')"
            bound = [b for b in node_class(command.where).__dict__["BINDINGS"] if b.id == command.id]
            assert [b.action for b in bound] == [command.bound]


def test_the_palette_offers_each_command_with_a_palette_label_once() -> None:
    from tui.commands.table import PALETTE

    assert sorted(PALETTE) == sorted(c.id for c in COMMANDS if c.palette)
    assert len(set(PALETTE)) == len(PALETTE)


def test_ids_are_unique_and_every_scope_is_used() -> None:
    assert len(BY_ID) == len(COMMANDS)
    assert {c.where for c in COMMANDS} == {s.name for s in SCOPES}


@pytest.mark.parametrize("command", [c for c in COMMANDS if c.keys], ids=lambda c: c.id)
def test_default_keys_are_keys_textual_knows(command: Command) -> None:
    from tui.keymap import valid_key

    assert all(valid_key(key) for key in command.key_list), command.keys


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_label_is_in_the_catalogue_and_never_an_id(lang: Lang) -> None:
    """Each command's label (and palette entry) is the catalogue's, in both languages, filled."""
    for command in COMMANDS:
        for text in (command.text(lang), command.palette_text(lang)) if command.palette else (command.text(lang),):
            assert text.strip() and "{" not in text and text != command.id, command.id


def test_the_catalogue_has_the_tables_texts_and_no_other() -> None:
    """The catalogue's ``command.…`` and ``palette.…`` texts are the table's: one per command (or
    family of commands), none left over from a command that is gone."""
    from tui.i18n import catalogue

    named = {f"command.{c.family or c.id}" for c in COMMANDS}
    named |= {f"palette.{c.family or c.id}" for c in COMMANDS if c.palette}
    written = {key for key in catalogue()["en"] if key.startswith(("command.", "palette."))}
    assert named <= written
    assert written - named == {"palette.join", "palette.join_help"}  # a combatant's, not a command's


def test_a_label_missing_from_the_catalogue_is_an_error_naming_it() -> None:
    with pytest.raises(KeyError, match=r"command\.x-probe"):
        Command("x-probe", "x", "initiative", "screen.next_turn").text("fr")


@pytest.mark.parametrize("scope", [s.name for s in SCOPES])
def test_each_scope_binds_exactly_its_commands(scope: str) -> None:
    cls = node_class(scope)
    declared = [b.id for b in cls.__dict__["BINDINGS"]]
    inherited = [
        b.id
        for base in cls.__mro__[1:]
        for b in base.__dict__.get("BINDINGS", [])
        if b.id in declared and base.__module__.startswith("tui.")
    ]
    own = [i for i in declared if i not in inherited]
    assert own == [c.id for c in in_scope(scope)]


def test_no_screen_or_widget_of_the_gm_app_binds_a_key_outside_the_table() -> None:
    import tui.screens
    import tui.widgets

    for package in (tui.screens, tui.widgets):
        for module in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
            importlib.import_module(module.name)
    stack: list[type] = [DOMNode]
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if cls.__module__.startswith(("tui.screens.", "tui.widgets.", "tui.app")) and "BINDINGS" in cls.__dict__:
            for binding in cls.__dict__["BINDINGS"]:
                assert getattr(binding, "id", None) in BY_ID, (
                    f"{cls.__qualname__}: {binding} is not in the command table"
                )


# -- every label in the app's language (the texts' own checks: tests/tui/test_texts_catalogue.py) --------
@pytest.mark.slow
@run
async def test_a_dialog_speaks_french_in_the_footer() -> None:
    """Every key's label comes from the table in the app's language, dialogs' included (their
    Yes / No / Cancel were English before the table)."""
    app = make_test_app(lang="fr")
    async with app.run_test(size=(120, 40)) as pilot:
        app.selected = "capitaine"
        await pilot.pause()
        await pilot.press("delete")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConfirmDialog")
        shown = {b.binding.id: b.binding.description for b in app.screen.active_bindings.values() if b.binding.id}
        assert shown["confirm-yes"] == "Oui" and shown["confirm-no"] == "Non"


# -- the GM's guide (docs/guide.md) ------------------------------------------------------------------------------------------
def readme_part(start: str, end: str) -> str:
    text = (ROOT / "docs" / "guide.md").read_text(encoding="utf-8")
    return text[text.index(start) + len(start) + 1 : text.index(end)]


def test_the_readme_key_tables_are_made_from_the_table() -> None:
    """The guide's *Keys* tables name commands by id: their keys come from the table."""
    from tui.commands.guide import GUIDE, markdown

    assert readme_part("<!-- keys: start -->", "<!-- keys: end -->") == markdown(), (
        "docs/guide.md out of date: paste tui.commands.guide.markdown()"
    )
    named = {i for _table, ids, _what in GUIDE if not isinstance(ids, str) for i in ids}
    assert named <= set(BY_ID)


def test_the_keymap_list_reads_the_table_and_catalogue_without_textual() -> None:
    """``apotheose keymap --list`` stays light: the table and its labels load no Textual."""
    import subprocess
    import sys

    code = "import sys; from tui.commands.table import markdown_table; markdown_table(); print(sorted(m for m in sys.modules if m.startswith('textual')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"
