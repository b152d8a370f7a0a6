"""The floor of issue 12's first-frame target: a Textual app with about the widgets the GM's
main screen shows at start-up (116: the four panes' containers, labels, fields, checkboxes,
choosers, tabs and footer), built from Textual's own widgets with no project code, no campaign
and almost no CSS. ``benchmarks/tui_paint.py --pty`` starts it next to the one-widget app and
``apotheose``: what Textual alone costs for a screen of that size.

    .venv/bin/python benchmarks/same_widgets_app.py          # run it
    .venv/bin/python benchmarks/same_widgets_app.py count    # print its widget count
"""

from textual.app import App, ComposeResult
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.widgets import (
    Checkbox,
    ContentSwitcher,
    Footer,
    Input,
    Label,
    OptionList,
    Select,
    Static,
    TabbedContent,
    TabPane,
)


def rows(label: str, n: int, value) -> ComposeResult:
    """``n`` rows of a label and a value widget (``value(i)`` makes it)."""
    for i in range(n):
        with Horizontal():
            yield Label(f"{label} {i}")
            yield value(i)


class SameWidgets(App[None]):
    CSS = "Grid { grid-size: 2 2; } Input, Select { width: 20; }"
    BINDINGS = [("x", "bell", "Damage"), ("g", "bell", "Groups"), ("n", "bell", "Next turn")]

    def compose(self) -> ComposeResult:
        yield Static("status")
        with Grid():
            with Vertical():
                yield Static("header")
                yield OptionList(*[f"row {i}" for i in range(60)])
            with Vertical():
                yield Static("targets")
                for i in range(2):
                    with Horizontal():
                        yield Checkbox(f"box {i}", compact=True)
                with ContentSwitcher(initial="a"):
                    with Vertical(id="a"):
                        yield from rows("label", 4, lambda i: Input(compact=True))
                with VerticalScroll():
                    yield Static("result")
            with Vertical():
                yield OptionList(*[f"group {i}" for i in range(5)])
                with Vertical():
                    yield from rows("label", 4, lambda i: Static(f"value {i}"))
                    yield Select([("a", 1), ("b", 2)], compact=True)
                    yield Select([("a", 1), ("b", 2)], compact=True)
                    for i in range(3):
                        yield Checkbox(f"c {i}", compact=True)
                    yield Input(compact=True)
                    yield Input(compact=True)
                    for i in range(17):
                        yield Label(f"more {i}")
            with TabbedContent():
                for name in ("Apothéose", "Kult", "D6", "Pôles"):
                    with TabPane(name):
                        if name != "Apothéose":
                            yield Static(name)
                            continue
                        with VerticalScroll():
                            yield from rows("cost", 3, lambda i: Static(f"{i}"))
                            yield Select([("a", 1), ("b", 2)], compact=True)
                            yield Input(compact=True)
                            yield Input(compact=True)
                            yield Static("cost")
        yield Footer()


async def count() -> None:
    app = SameWidgets()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        print(len(list(app.screen.walk_children())))


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["count"]:
        import asyncio

        asyncio.run(count())
    else:
        SameWidgets().run()
