"""The bindings of a node as the GM's keys are now: described in the app's language, remapped.

What Textual does: a node's bindings are a private ``BindingsMap`` (``DOMNode._bindings``, a dict
key → list of frozen ``Binding``) built from the class's ``BINDINGS`` merged with its bases'
(``DOMNode._merge_bindings``); ``App.set_keymap`` rewrites the keys by binding id when a binding
chain is built, from the private ``App._keymap``. A binding's description is fixed in its class.

Why it is patched: the app speaks English or French per instance, and the footer, ``?`` and the
palette show the keys the GM's ``keymap.toml`` set. :func:`set_descriptions` gives a node's
bindings the descriptions of the app's language (by binding id) in place; :func:`live_bindings`
is a copy of a node's bindings with the keymap applied, as Textual's own chain does;
:func:`keymap_keys` the keys the keymap gives one binding (the hints on screen);
:func:`merged_bindings` is what a class binds with its bases' (the keymap check walks them).
``tests/tui/test_keymap.py`` pins the structure these rely on.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual.binding import Binding, BindingsMap

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode


def bindings_map(node: DOMNode) -> BindingsMap:
    """``node``'s own bindings (the private ``DOMNode._bindings``)."""
    bindings: BindingsMap = node._bindings
    return bindings


def keymap(app: App[Any]) -> Mapping[str, str]:
    """``app``'s keymap (the private ``App._keymap``, as ``set_keymap`` normalised it)."""
    return getattr(app, "_keymap", None) or {}


def set_descriptions(node: DOMNode, descriptions: Mapping[str, str]) -> None:
    """Give ``node``'s bindings the description ``descriptions[id]`` (by binding id), in place."""
    table = bindings_map(node).key_to_bindings
    for key, bindings in list(table.items()):
        table[key] = [
            replace(b, description=descriptions[b.id]) if b.id is not None and b.id in descriptions else b
            for b in bindings
        ]


def live_bindings(node: DOMNode) -> Iterator[tuple[str, Binding]]:
    """``(key, binding)`` of ``node`` with the app's keymap applied (a copy: the node's own are
    kept), for lists of keys outside the footer."""
    bindings = bindings_map(node).copy()
    keys = keymap(node.app)
    if keys:
        bindings.apply_keymap(keys)
    yield from bindings


def keymap_keys(app: App[Any], binding_id: str) -> str | None:
    """The keys ``app``'s keymap gives ``binding_id`` (as ``keymap.toml`` wrote them), or None."""
    return keymap(app).get(binding_id)


def own_bindings(node: DOMNode) -> Iterator[tuple[str, Binding]]:
    """``(key, binding)`` of ``node`` as it has them (its class's, with its bases')."""
    yield from bindings_map(node)


def merged_bindings(cls: type) -> list[Binding]:
    """What class ``cls`` binds, its bases' included, as Textual merges them."""
    return [binding for _key, binding in cls._merge_bindings()]  # type: ignore[attr-defined]  # DOMNode's classmethod
