"""Keys as Textual names them, and the app's handling of each key from the terminal.

What Textual does: it names a printable key by ``textual.keys._character_to_key`` (``?`` is
``question_mark``), checks bindings in the private ``App._check_bindings``, reads Esc and the key
after it, when both come in one packet, as one ``alt+key`` (over SSH, or under tmux's
``escape-time``; and a macOS-minded table turns Esc + a digit into ``¡``, ``™``…), and hands each
key from the terminal to the focused widget without waiting for the key before it.

Why it is patched: Esc then a key must act as Esc then that key (the GM leaves a form and acts on
the list); keys typed in one burst must act in order (:mod:`tui.textual_fixes.key_order`); a
keymap is checked against the names Textual gives keys; a die field that stops waiting lets the
list's priority keys run (:func:`run_priority_binding`). :class:`OrderedKeys` is the app's
``on_event`` for keys.

Checked on Textual 8.2.8.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from textual import events
from textual.app import App, ScreenStackError
from textual.keys import Keys, _character_to_key
from textual.widgets import Input

from tui.textual_fixes.key_order import KeyOrder

#: What a macOS-minded table in Textual turns Esc + a digit (sent in one packet) into.
ESC_DIGITS = dict(zip("¡™£¢∞¶•ªº", "1234578 90".replace(" ", ""), strict=False))  # Esc 6 is "§", a real key


def key_name(character: str) -> str:
    """The name Textual gives the key of ``character`` (``?`` → ``question_mark``)."""
    return _character_to_key(character)


@cache
def key_names() -> frozenset[str]:
    """Every key name Textual reports without a modifier: named keys and printable ASCII."""
    named = {k.value for k in Keys if "+" not in k.value and not k.value.startswith("<")}
    return frozenset(named | {_character_to_key(chr(c)) for c in range(33, 127)})


def after_escape(event: events.Key, focused: object) -> events.Key | None:
    """The key typed just after Esc when both came in one packet (over SSH, or under tmux's
    escape-time) and Textual read them as one ``alt+<key>``; ``None`` for any other key."""
    key = event.key
    if key.startswith("alt+"):
        char = event.character
        rest = _character_to_key(char) if char and len(char) == 1 and char.isprintable() else key[len("alt+") :]
        return events.Key(rest, char)
    digit = ESC_DIGITS.get(event.character or "")
    free_text = isinstance(focused, Input) and focused.restrict is None and focused.type == "text"
    if digit is not None and not free_text:
        return events.Key(digit, digit)
    return None


async def check_bindings(app: App[Any], key: str, priority: bool = False) -> bool:
    """Run ``key``'s binding as the app would (its priority ones before a widget sees the key,
    ``priority``; the others after); whether one ran."""
    return await app._check_bindings(key, priority=priority)


async def run_priority_binding(app: App[Any], key: str) -> bool:
    """Run ``key``'s priority binding as the app would before a widget sees it; whether one ran."""
    return await check_bindings(app, key, priority=True)


class OrderedKeys(App[Any]):
    """The app's handling of each key from the terminal: it waits for the keys before it
    (:class:`KeyOrder`), and ``alt+n`` is Esc then ``n``: the Esc runs first, then the key goes
    where the Esc left the focus (Textual would send both to the field the Esc was meant to
    leave). Mixed into the GM's app, before :class:`~textual.app.App`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.key_order = KeyOrder(self)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            if self.key_order.hold(event):  # a key before it is still on its way
                return
            if not self.screen_stack:  # held until the app was closing: no screen is left to take it
                return
            key = after_escape(event, self.focused)
            if key is not None:
                if not await check_bindings(self, "escape", priority=True):
                    await check_bindings(self, "escape")
                event = key
            target = self.focused or self.screen
            try:
                await super().on_event(event)
            except ScreenStackError:  # the app closed its last screen while this key was handled
                return
            self.key_order.handled(event, target)
            return
        if isinstance(event, events.Key) and not self.screen_stack:
            return  # a key back from a widget while the app closed its last screen
        await super().on_event(event)
