"""Every workaround for Textual's (and textual-serve's) internals, one module each, so that an
upgrade of Textual is a read of this folder. Each module's docstring says what Textual does, why
it is patched and the version it was checked on (``tests/tui/test_textual_fixes.py`` checks all
three, that no other module of ``tui/`` touches a private name of either, and that the touches
here, counted by ``benchmarks/private_touches.py``, stay within the figure of docs/developing.md);
each has a canary in ``tests/textual_fixes/`` that fails the day Textual no longer needs it.

- :mod:`~tui.textual_fixes.bindings` — bindings described in the app's language, remapped by the keymap;
- :mod:`~tui.textual_fixes.checkbox` — ``[x]`` / ``[ ]`` instead of a colour;
- :mod:`~tui.textual_fixes.chooser` — a ``Select`` that lays nothing out when its value changes;
- :mod:`~tui.textual_fixes.compositor` — repaint the changed lines only;
- :mod:`~tui.textual_fixes.exit` — the exception the app stopped on;
- :mod:`~tui.textual_fixes.first_frame` — the main screen drawn once settled, then line by line;
- :mod:`~tui.textual_fixes.inputs` — a fixed-size field that takes a value without a layout;
- :mod:`~tui.textual_fixes.key_order` and :mod:`~tui.textual_fixes.keys` — keys in the order typed, Esc then a key;
- :mod:`~tui.textual_fixes.late_hide` — a late Hide event does not take the focus from a widget shown again;
- :mod:`~tui.textual_fixes.line_list` — a list that repaints only its rows;
- :mod:`~tui.textual_fixes.mouse` — clicks only over SSH;
- :mod:`~tui.textual_fixes.recent_static` — a Static that keeps its last texts' cells;
- :mod:`~tui.textual_fixes.serve` — textual-serve's app service running a process the app opens;
- :mod:`~tui.textual_fixes.settle` — waiting until the widgets have handled their messages;
- :mod:`~tui.textual_fixes.styles` — style a widget once, for the terminal's size;
- :mod:`~tui.textual_fixes.tick_list` — a selection list whose rows say ``[x]``;
- :mod:`~tui.textual_fixes.wheel` — the wheel scrolls a row of keys sideways.
"""
