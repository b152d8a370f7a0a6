"""The GM's commands: one table (:mod:`~tui.commands.table`, no Textual) from which the bindings
and their descriptions (:mod:`~tui.commands.keys`), the command palette
(:mod:`~tui.commands.palette`), the keymap check (:mod:`tui.keymap`) and the GM's guide's table of
ids come."""
