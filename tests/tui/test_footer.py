"""Issue 12: the main screen's footer is one widget drawing the row Textual's ``Footer`` draws.

Textual's ``Footer`` mounted a widget per key (26 at 120x40), each styled twice, and rebuilt them
all whenever the keys changed. ``KeysFooter`` draws the same row itself: the same cells in the
same styles, cut into the same segments (a screenshot compares them), and keeps what the keys
did: a click presses the key, the key under the mouse is highlighted and gives its tooltip, the
wheel scrolls the keys sideways when they do not fit.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.segment import Segment
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Input, Label

from tests.tui.pilot import NARROW, WIDE, make_test_app, run, settle, wait_for
from tui.widgets.footer import PALETTE, KeysFooter


def bottom_row(app) -> list[tuple[str, str]]:
    """The screen's last row as a screenshot receives it: (text, style) segment by segment."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    segments = list(Segment.filter_control(console._record_buffer))
    lines = list(Segment.split_and_crop_lines(segments, length=width))
    return [(segment.text, str(segment.style)) for segment in lines[height - 1]]


def row_text(app) -> str:
    return "".join(text for text, _style in bottom_row(app))


async def wheel(pilot, down: bool, x: int = 10) -> None:
    """The mouse wheel over the footer's row, as a terminal reports it."""
    app = pilot.app
    y = app.size[1] - 1
    await pilot.hover(None, offset=(x, y))
    event_type = events.MouseScrollDown if down else events.MouseScrollUp
    app.post_message(event_type(None, x, y, 0, 0, 0, False, False, False, screen_x=x, screen_y=y))
    await settle(pilot)
    await pilot.wait_for_scheduled_animations()
    await settle(pilot)


# -- the same row as Textual's Footer ----------------------------------------------------------
class KeysApp(App):
    """A screen's worth of keys: one disabled, one with a tooltip, one without a description,
    two bindings of one action (the first shown), one hidden, and the command palette's. The
    input, once focused, takes the printable keys: the footer shows fewer."""

    AUTO_FOCUS = None
    BINDINGS = [
        Binding("n", "next", "Next turn"),
        Binding("x", "damage", "Damage", tooltip="Hit the selected character"),
        Binding("ctrl+t", "disabled", "Cannot"),
        Binding("h", "hidden", "Hidden", show=False),
        Binding("k", "bare", ""),
        Binding("a", "twice", "Twice"),
        Binding("b", "twice", "Twice again"),
        *(Binding(key, f"more('{key}')", f"More {key}") for key in "cdefgij"),
    ]

    def __init__(self, footer_type: type) -> None:
        super().__init__()
        self.footer_type = footer_type
        self.done: list[str] = []
        self.bells = 0

    def compose(self) -> ComposeResult:
        yield Label("keys")
        yield Input()
        yield self.footer_type()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return None if action == "disabled" else True

    def action_next(self) -> None:
        self.done.append("next")

    def action_damage(self) -> None:
        self.done.append("damage")

    def action_more(self, key: str) -> None:
        self.done.append(key)

    def bell(self) -> None:
        self.bells += 1


def rows_of(footer_type: type, size: tuple[int, int]) -> list[list[tuple[str, str]]]:
    """The footer's row at start, with the mouse over a key, over the palette, after the wheel
    (right twice, left once), the input focused."""
    rows = []

    @run
    async def play() -> None:
        app = KeysApp(footer_type)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            rows.append(bottom_row(app))
            await pilot.hover(None, offset=(14, size[1] - 1))
            await settle(pilot)
            rows.append(bottom_row(app))
            await pilot.hover(None, offset=(size[0] - 3, size[1] - 1))
            await settle(pilot)
            rows.append(bottom_row(app))
            for down in (True, True, False):
                await wheel(pilot, down)
                rows.append(bottom_row(app))
            app.query_one(Input).focus()
            await settle(pilot)
            rows.append(bottom_row(app))

    play()
    return rows


@pytest.mark.slow
@pytest.mark.parametrize("size", [(140, 5), (60, 5)], ids=["the keys fit", "the keys overflow"])
def test_keys_footer_draws_the_row_textuals_footer_draws(size):
    ours, textuals = rows_of(KeysFooter, size), rows_of(Footer, size)
    assert ours == textuals
    start, hovered, palette, *_ = ours
    assert hovered != start and palette != start  # the hover shows, in both
    assert any("dim" in style for _text, style in start)  # the disabled key


def main_rows(footer_type: type) -> dict[tuple[tuple[int, int], str], list[tuple[str, str]]]:
    """The main screen's footer row at start and in the damage form, drawn by ``footer_type``."""
    import tui.screens.main as main

    rows = {}

    @run
    async def play() -> None:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(main, "KeysFooter", footer_type)
            for size in (WIDE, NARROW):
                app = make_test_app()
                async with app.run_test(size=size) as pilot:
                    await settle(pilot)
                    rows[size, "start"] = bottom_row(app)
                    await pilot.press("x")
                    await settle(pilot)
                    rows[size, "x"] = bottom_row(app)

    play()
    return rows


class UndockedFooter(KeysFooter):
    """The app's footer without its one change to Textual's row: the help's key left in line."""

    HELP_ACTIONS = frozenset()


@pytest.mark.slow
def test_on_the_main_screen_too():
    """The app's own footer against Textual's, at the two sizes the snapshots use (the help's
    key left in line, as Textual draws it: issue 34 item 13 docks it on the right)."""
    assert main_rows(UndockedFooter) == main_rows(Footer)


# -- one widget ----------------------------------------------------------------------------------
@pytest.mark.slow
@run
async def test_the_footer_is_one_widget_listing_the_keys():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(KeysFooter)
        assert list(footer.walk_children()) == []
        text = row_text(app)
        assert text.startswith(" n Next turn  x Damage  g Attack group ")
        assert text.endswith("▏^p palette ")
        assert [item.key for item in footer.items][:3] == ["n", "x", "g"]
        await pilot.press("x")  # the damage form's keys
        await settle(pilot)
        assert "Damage/Duel" in row_text(app) and list(footer.walk_children()) == []


@pytest.mark.slow
@run
async def test_the_row_is_redrawn_only_when_its_keys_change():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(KeysFooter)
        built = []
        original = footer.bindings_changed

        def counted(screen):
            before = footer._shown
            original(screen)
            built.append(footer._shown is not before)

        app.screen.bindings_updated_signal.unsubscribe(footer)
        app.screen.bindings_updated_signal.subscribe(footer, counted)
        app.screen.refresh_bindings()
        await settle(pilot)
        assert built and not any(built)  # the same keys: nothing rebuilt
        await pilot.press("x")
        await settle(pilot)
        assert any(built)


# -- the mouse -------------------------------------------------------------------------------------
@run
async def test_a_click_on_a_key_presses_it_and_a_disabled_key_rings():
    app = KeysApp(KeysFooter)
    async with app.run_test(size=(140, 5)) as pilot:
        await settle(pilot)
        footer = app.query_one(KeysFooter)
        text = row_text(app)
        await pilot.click(KeysFooter, offset=(text.index(" x ") + 1, 0))
        await pilot.click(KeysFooter, offset=(text.index("Next"), 0))
        await pilot.click(KeysFooter, offset=(text.index("Cannot"), 0))
        await pilot.click(KeysFooter, offset=(footer.virtual_size.width - footer.palette_width + 1, 0))  # the gap
        await settle(pilot)
        assert app.done == ["damage", "next"] and app.bells == 1
        assert footer.item_at(len(text) - 2) == PALETTE


@pytest.mark.slow
@run
async def test_a_click_on_the_damage_key_opens_the_damage_form():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot)
        await pilot.click(KeysFooter, offset=(row_text(app).index(" x ") + 1, 0))
        await wait_for(pilot, lambda: isinstance(app.focused, Input))
        assert app.screen.pane == "damage"


@run
async def test_the_key_under_the_mouse_gives_its_tooltip():
    app = KeysApp(KeysFooter)
    async with app.run_test(size=(140, 5)) as pilot:
        await settle(pilot)
        footer = app.query_one(KeysFooter)
        text = row_text(app)
        await pilot.hover(KeysFooter, offset=(text.index("Damage"), 0))
        assert footer.tooltip == "Hit the selected character"
        await pilot.hover(KeysFooter, offset=(text.index("Next"), 0))
        assert footer.tooltip is None
        await pilot.hover(KeysFooter, offset=(len(text) - 3, 0))
        palette = app.active_bindings[app.COMMAND_PALETTE_BINDING].binding
        assert footer.tooltip == palette.tooltip == "Open the command palette"


@pytest.mark.slow
@run
async def test_the_wheel_scrolls_the_keys_that_do_not_fit_at_80_columns():
    app = make_test_app()
    async with app.run_test(size=NARROW) as pilot:
        await settle(pilot)
        footer = app.screen.query_one(KeysFooter)
        assert row_text(app).startswith(" n Next turn ")
        assert footer.max_scroll_x > 0
        await wheel(pilot, down=True)
        assert footer.scroll_x == app.scroll_sensitivity_x
        assert row_text(app).startswith("ext turn  x Damage ")  # " n N" scrolled out
        await wheel(pilot, down=True)
        await wheel(pilot, down=False)
        await wheel(pilot, down=False)
        assert footer.scroll_x == 0 and row_text(app).startswith(" n Next turn ")
        assert row_text(app).endswith("▏^p palette ")  # the palette's key stays on the right
