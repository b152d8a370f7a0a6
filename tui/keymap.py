"""Keys a GM can remap: ``keymap.toml`` in the config folder, binding id → key(s).

The file lives in ``$APOTHEOSE_CONFIG`` if set, else in the user config folder
(``platformdirs.user_config_dir("apotheose")``, e.g. ``~/.config/apotheose/keymap.toml``)::

    # binding id = "key", or several keys: "key1,key2" or ["key1", "key2"]
    undo = "ctrl+u"
    init-next = ["n", "space"]

At start-up the app reads it (:func:`install`), keeps what is sound and gives it to Textual's
``App.set_keymap``; every problem — a broken file, an unknown binding id, an unknown key, two
bindings on one key where both would be live, a key that is already fixed (``ctrl+q``,
``ctrl+p``, ``tab``…) — is one line in a notification, and the binding concerned keeps its
default key. ``apotheose keymap`` says the same on the command line (exit 1 on a problem) and
``apotheose keymap --list`` prints the table of binding ids the GM's guide (docs/guide.md) holds.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import platformdirs

from core.breakdown import Lang
from tui.access import lang_of
from tui.commands.table import COMMANDS, SCOPE, SCOPES, markdown_table
from tui.commands.table import Scope as TableScope
from tui.i18n import t

ENV_VAR = "APOTHEOSE_CONFIG"
FILE = "keymap.toml"


def config_dir(env: Mapping[str, str] = os.environ) -> Path:
    """``$APOTHEOSE_CONFIG``, else the user config folder of ``apotheose``."""
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser()
    return Path(platformdirs.user_config_dir("apotheose", appauthor=False))


def keymap_path(env: Mapping[str, str] = os.environ) -> Path:
    return config_dir(env) / FILE


@dataclass(frozen=True)
class Problem:
    """One thing wrong in the keymap file, said in the app's language."""

    key: str
    values: Mapping[str, object] = field(default_factory=dict)

    def text(self, lang: Lang = "en") -> str:
        values = dict(self.values)
        if "hint" in values:
            values["hint"] = t("keymap.hint", lang, id=values["hint"]) if values["hint"] else ""
        return t(self.key, lang, **values)

    @property
    def severity(self) -> str:
        return "error" if self.key in ("keymap.bad_toml", "keymap.unreadable") else "warning"


@dataclass(frozen=True)
class Loaded:
    """What :func:`load` found: the keymap the app applies and the problems it left out."""

    path: Path
    found: bool
    keymap: dict[str, str]
    problems: tuple[Problem, ...]


# -- reading the file ---------------------------------------------------------------------------
_TOML_WHERE = re.compile(r"^(?P<reason>.*) \(at line (?P<line>\d+), column \d+\)$", re.S)


#: The largest keymap file read (a full one is about 4 KiB).
KEYMAP_BYTES = 64 * 1024


def read(path: Path) -> tuple[dict[str, object], list[Problem]]:
    """The file's table (empty when there is no file), or the one problem that stops reading it.
    Read with bounds (:mod:`saves.reading`): a FIFO or a device at the path is refused at once,
    never waited on; a file past 64 KiB or nested past 16 tables is refused, never a crash."""
    from saves.errors import SaveError
    from saves.reading import read_bytes, toml_table

    if not os.path.lexists(path):
        return {}, []
    try:
        data = read_bytes(path, limit=KEYMAP_BYTES, follow=True)
    except SaveError as error:
        if not os.path.exists(path):  # a link to nothing: no file
            return {}, []
        return {}, [Problem("keymap.unreadable", {"file": path, "reason": error.reason})]
    except OSError as error:
        return {}, [Problem("keymap.unreadable", {"file": path, "reason": error.strerror or error})]
    import tomllib  # only when there is a file (most start-ups have none)

    try:
        return toml_table(data.decode("utf-8"), path), []
    except SaveError as error:
        return {}, [Problem("keymap.unreadable", {"file": path, "reason": error.reason})]
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        return {}, [Problem("keymap.bad_toml", {"file": path, "line": line, "reason": "not UTF-8 text"})]
    except tomllib.TOMLDecodeError as error:
        found = _TOML_WHERE.match(str(error))
        where, reason = (found["line"], found["reason"]) if found else ("?", str(error))
        return {}, [Problem("keymap.bad_toml", {"file": path, "line": where, "reason": reason})]


# -- the bindings a keymap can name -------------------------------------------------------------
@dataclass(frozen=True)
class Scope:
    """Bindings live at the same time: a screen or widget class's own (with what it inherits)
    and the app's that still answer there (all of them, or only the priority ones over a modal).
    ``own`` holds the class's own; the app's come after them."""

    name: str
    bindings: tuple[Any, ...]
    own: int


@dataclass(frozen=True)
class Remappable:
    """A binding of the GM's app a keymap can move: its id, default keys, what it does, where."""

    id: str
    keys: tuple[str, ...]
    description: str
    where: str


def _node(scope: TableScope) -> type:
    """The Textual class of ``scope`` (imported now)."""
    module, name = scope.node.split(":")
    node: type = getattr(importlib.import_module(module), name)
    return node


@cache
def scopes() -> tuple[Scope, ...]:
    """The command table's scopes, each with the bindings live there (the app's first)."""
    from textual.app import App
    from textual.binding import Binding
    from textual.screen import ModalScreen, Screen

    from tui.textual_fixes.bindings import merged_bindings

    app_scope, *others = sorted(SCOPES, key=lambda scope: (scope.name != "app", scope.node))
    palette = Binding(App.COMMAND_PALETTE_BINDING, "command_palette", "Command palette", priority=True)
    app_bindings = [*merged_bindings(_node(app_scope)), palette]
    every_screen = merged_bindings(Screen)  # tab, shift+tab, ctrl+c: before the app's keys on any screen
    out = [Scope("app", tuple(app_bindings + every_screen), len(app_bindings))]
    for scope in others:
        cls = _node(scope)
        modal = issubclass(cls, ModalScreen)
        live = [b for b in app_bindings if b.priority or not modal]
        own = merged_bindings(cls)
        screen = [] if issubclass(cls, Screen) else every_screen
        out.append(Scope(scope.where, tuple(own + screen + live), len(own)))
    return tuple(out)


def remappable() -> tuple[Remappable, ...]:
    """Every binding id of the GM's app, once, in the command table's order."""
    return tuple(
        Remappable(c.id, c.key_list, c.text("en"), "app" if c.where == "app" else SCOPE[c.where].where)
        for c in COMMANDS if c.keys
    )  # fmt: skip


# -- checking a keymap --------------------------------------------------------------------------
_MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})


def valid_key(key: str) -> bool:
    """A key Textual can report: ``x``, ``é``, ``f5``, ``ctrl+shift+up``, ``question_mark``…"""
    if len(key) == 1:
        return True
    *modifiers, name = key.split("+")
    if not name or any(m not in _MODIFIERS for m in modifiers):
        return False
    from tui.textual_fixes.keys import key_names

    return len(name) == 1 or name in key_names()


def _normalise(keys: Iterable[str]) -> str:
    from tui.textual_fixes.keys import key_name

    return ",".join(key_name(k) if len(k) == 1 else k for k in keys)


def _as_keys(value: object) -> list[str] | None:
    if isinstance(value, str):
        keys = [k.strip() for k in value.split(",")]
    elif isinstance(value, list) and all(isinstance(k, str) for k in value):
        keys = [k.strip() for k in value]
    else:
        return None
    return keys if keys and all(keys) else None


def check(table: Mapping[str, object], path: Path) -> tuple[dict[str, str], list[Problem]]:
    """The sound part of ``table`` as a Textual keymap (id → ``"key1,key2"``) and the problems."""
    known = {r.id for r in remappable()}
    keymap: dict[str, str] = {}
    problems: list[Problem] = []
    for binding_id, value in table.items():
        if binding_id not in known:
            import difflib

            close = difflib.get_close_matches(binding_id, sorted(known), n=1)
            problems.append(
                Problem("keymap.unknown_id", {"file": path, "id": repr(binding_id), "hint": close[0] if close else ""})
            )
            continue
        keys = _as_keys(value)
        if keys is None:
            problems.append(Problem("keymap.bad_value", {"file": path, "id": binding_id, "value": repr(value)[:60]}))
            continue
        bad = [k for k in keys if not valid_key(k)]
        if bad:
            problems.append(Problem("keymap.bad_key", {"file": path, "id": binding_id, "name": repr(bad[0])[:40]}))
            continue
        keymap[binding_id] = _normalise(keys)
    while clash := _first_clash(keymap, path):
        problem, dropped = clash
        problems.append(problem)
        for binding_id in dropped:
            del keymap[binding_id]
    return keymap, problems


def _first_clash(keymap: Mapping[str, str], path: Path) -> tuple[Problem, list[str]] | None:
    """The first key two live bindings would share once ``keymap`` applies, if any, and the
    remapped ids to leave on their default keys because of it."""
    for scope in scopes():
        owners: dict[str, dict[str, Any]] = {}  # key → owner (an id, or the action of a fixed key) → binding
        own: set[str] = set()
        for n, binding in enumerate(scope.bindings):
            remapped = binding.id is not None and binding.id in keymap
            keys = keymap[binding.id].split(",") if remapped and binding.id else [binding.key]
            owner = binding.id or f"fixed:{binding.action}"
            if n < scope.own:
                own.add(owner)
            for key in keys:
                owners.setdefault(key, {}).setdefault(owner, binding)
        for key, here in owners.items():
            moved = [o for o in here if o in keymap and key in keymap[o].split(",")]
            if len(here) < 2 or not moved:
                continue
            # A widget's fixed keys (a text field's ctrl+u) go before the app's keys by design:
            # only the class's own remapped keys, or a priority fixed key, clash with them.
            fixed = [
                b for o, b in here.items()
                if b.id is None and (b.priority or moved[0] in own or o not in own)
            ]  # fmt: skip
            ids = [o for o, b in here.items() if b.id is not None]
            if len(ids) < 2 and not fixed:
                continue
            if fixed:
                what = fixed[0].description or fixed[0].action
                values = {"file": path, "name": key, "fixed": what, "where": scope.name, "id": moved[0]}
                return Problem("keymap.clash_fixed", values), moved[:1]
            first = moved[0]
            second = next(o for o in ids if o != first)
            values = {
                "file": path,
                "name": key,
                "first": first,
                "second": second,
                "where": scope.name,
                "dropped": ", ".join(moved),
            }
            return Problem("keymap.clash", values), moved
    return None


def load(env: Mapping[str, str] = os.environ) -> Loaded:
    """Read and check the keymap file of ``env`` (none: the default keys, no problem)."""
    path = keymap_path(env)
    table, problems = read(path)
    found = path.exists()
    if not table:
        return Loaded(path, found, {}, tuple(problems))
    keymap, more = check(table, path)
    return Loaded(path, found, keymap, tuple(problems + more))


def install(app: Any, env: Mapping[str, str] = os.environ) -> Loaded:
    """Load the keymap into ``app`` (Textual's ``set_keymap``) and tell the GM what was wrong."""
    from tui.i18n import show_keys_of

    loaded = load(env)
    if loaded.keymap:
        app.set_keymap(loaded.keymap)
    show_keys_of(*_live_keys(app))  # the hints on screen: this app's keys
    lang = lang_of(app)
    for problem in loaded.problems:  # once the app runs: a notification from on_mount is lost
        app.call_later(app.notify, problem.text(lang), severity=problem.severity, timeout=20)
    return loaded


def _live_keys(app: Any) -> tuple[Callable[[str, int], str], Callable[[str, int], str]]:
    """Binding id → the key ``app`` answers to while it runs, as the footer shows it and as
    ``keymap.toml`` names it (the table's default once it is gone: the next app, or a test
    without one, never reads a closed app's keymap)."""
    import weakref

    from tui.commands.keys import live_key
    from tui.i18n import default_key, default_name
    from tui.textual_fixes.bindings import keymap_keys

    ref = weakref.ref(app)

    def display(binding_id: str, nth: int = 0) -> str:
        running = ref()
        if running is None or not running.is_running:
            return default_key(binding_id, nth)
        return live_key(running, binding_id, nth)

    def name(binding_id: str, nth: int = 0) -> str:
        running = ref()
        keys = keymap_keys(running, binding_id) if running is not None and running.is_running else None
        if not keys:
            return default_name(binding_id, nth)
        listed = [key.strip() for key in keys.split(",")]
        return listed[min(nth, len(listed) - 1)]

    return display, name


# -- ``apotheose keymap`` -------------------------------------------------------------------------
def main_keymap(argv: Sequence[str]) -> int:
    from tui.cli.campaign import OneLineParser, Rejected
    from tui.cli.output import complain, say

    p = OneLineParser(
        prog="apotheose keymap", description="Check the keymap file (keymap.toml) the app reads at start-up."
    )
    p.add_argument("--list", action="store_true", help="print the table of binding ids (Markdown) and stop")
    try:
        args = p.parse_args(list(argv))
    except Rejected as error:
        return complain(f"apotheose keymap: {error}", 2)
    if args.list:
        sys.stdout.write(markdown_table())
        return 0
    loaded = load()
    if not loaded.found:
        say(f"{loaded.path}: no keymap file, the default keys are used")
        return 0
    for problem in loaded.problems:
        complain(problem.text("en"), 1)
    moved = ", ".join(f"{k} = {v}" for k, v in loaded.keymap.items()) or "nothing"
    say(f"{loaded.path}: remaps {moved}")
    return 1 if loaded.problems else 0
