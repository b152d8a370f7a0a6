"""Textual's side of the command table: a node's ``BINDINGS`` and their descriptions.

A screen or widget declares ``BINDINGS = bindings("initiative")`` (the table's commands of that
scope) and mixes in :class:`Described`, which gives its bindings the labels of the app's language
as it is made: the footer, ``?`` and the palette read them there.
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding, BindingType

from tui.access import lang_of
from tui.commands.table import BY_ID, SCOPE, Command, in_scope
from tui.textual_fixes.bindings import keymap_keys, own_bindings, set_descriptions


def binding(command: Command) -> Binding:
    """``command`` as a Textual binding (described in English)."""
    return Binding(
        command.keys, command.bound, command.text("en"), show=command.show, priority=command.priority, id=command.id
    )


def bindings(scope: str) -> list[BindingType]:
    """The bindings of scope ``scope``: its commands with keys, in table order."""
    assert scope in SCOPE, f"no scope {scope!r} in the command table"
    return [binding(command) for command in in_scope(scope)]


def live_key(app: Any, binding_id: str, nth: int = 0) -> str:
    """The key that does ``binding_id`` in ``app`` now (its keymap's first, else the table's;
    ``nth``: another of its keys, from 0, or its last), as the footer writes it (``^n``, ``f6``):
    what every key hint on screen shows."""
    keys = [key.strip() for key in (keymap_keys(app, binding_id) or BY_ID[binding_id].keys).split(",")]
    return str(app.get_key_display(Binding(keys[min(nth, len(keys) - 1)], "")))


def describe(node: Any) -> None:
    """Give ``node``'s bindings the labels of the app's language (English is how they are made)."""
    lang = lang_of(node)
    if lang == "en":
        return
    ids = {b.id for _key, b in own_bindings(node) if b.id in BY_ID}
    set_descriptions(node, {binding_id: BY_ID[binding_id].text(lang) for binding_id in ids})


class Described:
    """Mixin, first in the bases of a node whose keys come from the table: its bindings are
    described in the app's language as it is made (outside an app: English)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        try:
            describe(self)
        except RuntimeError:  # made outside a running app (Textual's NoActiveAppError): English
            pass
