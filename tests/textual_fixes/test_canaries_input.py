"""Canaries of the workarounds for keys, focus, bindings, the mouse, the app's end and
textual-serve (``tui/textual_fixes/``): each runs the pinned Textual (or textual-serve) *without*
the fix and checks that what the fix works around is still there. The day one fails, the fix is
no longer needed: remove it (its message says which), then this canary. No timing: keys are
posted as one packet delivers them and the test waits on Textual's own pauses.

Where a fix exists because Textual offers no public way to do something (read a node's
bindings, run a key's binding, name a key), its canary checks that Textual still has no public
name for it: the day one appears, use it and drop the private touch."""

from __future__ import annotations

import asyncio
import dataclasses
import inspect
import shlex
import sys

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.dom import DOMNode
from textual.geometry import Size
from textual.message_pump import MessagePump
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input

from tests.textual_fixes.canary import gone
from tests.tui.pilot import burst, harness, run, wait_for


def test_esc_then_a_key_in_one_packet_is_read_as_alt_and_esc_then_a_digit_as_a_symbol() -> None:
    from textual._xterm_parser import XTermParser

    parser = XTermParser()
    keys = [*parser.feed("\x1bn"), *parser.feed("")]  # Esc and n in one packet, then no more bytes
    digit = list(XTermParser().feed("\x1b1"))
    assert [getattr(k, "key", None) for k in keys] == ["alt+n"] and [getattr(k, "character", None) for k in digit] == [
        "¡"
    ], gone("keys.py", "reads Esc then a key sent together as one alt+key, nor Esc then 1 as ¡")


def test_textual_has_no_public_name_for_a_key_nor_a_way_to_run_a_key_binding() -> None:
    import textual.keys

    public_names = [n for n in ("character_to_key", "key_for_character") if hasattr(textual.keys, n)]
    public_checks = [n for n in ("check_bindings", "run_bindings", "handle_key_bindings") if hasattr(App, n)]
    assert not public_names and not public_checks and hasattr(App, "_check_bindings"), gone(
        "keys.py", f"keeps naming keys and running bindings private ({public_names or public_checks} is public)"
    )


class Counter(Widget, can_focus=True):
    """A list whose cursor moves down on ``down`` (a non-priority binding, as the initiative list's)."""

    BINDINGS = [Binding("down", "move")]
    cursor = 0

    def action_move(self) -> None:
        self.cursor += 1


class PriorityKey(App[None]):
    """``x`` is a priority binding that reads the list's cursor (as ``x`` opens the damage form on
    the selected row)."""

    BINDINGS = [Binding("x", "seen", priority=True)]
    seen: int | None = None

    def compose(self) -> ComposeResult:
        yield Counter()

    def action_seen(self) -> None:
        self.seen = self.query_one(Counter).cursor


@run
async def test_a_priority_key_in_one_packet_runs_before_the_keys_typed_before_it() -> None:
    app = PriorityKey()
    async with app.run_test(size=(20, 5)) as pilot:
        app.query_one(Counter).focus()
        await pilot.pause()
        burst(app, "down", "down", "down", "x")
        await wait_for(pilot, lambda: app.query_one(Counter).cursor == 3 and app.seen is not None)
        assert app.seen is not None and app.seen < 3, gone(
            "key_order.py", "runs a priority key of a packet before the keys typed before it"
        )


@run
async def test_a_late_hide_takes_the_focus_from_a_widget_shown_again() -> None:
    app = harness(Input(id="a"), Input(id="b"))
    async with app.run_test(size=(20, 8)) as pilot:
        field = app.query_one("#b", Input)
        field.focus()
        await pilot.pause()
        assert field.display and app.focused is field
        field.post_message(events.Hide())  # what a layout that left it out posted, handled now
        await pilot.pause()
        assert app.focused is not field, gone("late_hide.py", "blurs a shown widget on a Hide posted before it showed")


def test_textual_has_no_public_view_of_a_node_s_bindings_nor_of_the_keymap() -> None:
    public = [
        f"{cls.__name__}.{name}"
        for cls, names in ((DOMNode, ("bindings", "bindings_map", "merged_bindings")), (App, ("keymap", "get_keymap")))
        for name in names
        if hasattr(cls, name)
    ]
    frozen = dataclasses.is_dataclass(Binding) and Binding.__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert not public and frozen, gone(
        "bindings.py", f"keeps a node's bindings and the keymap private ({public} is public)"
    )


class Row(ScrollView):
    """A one-line row of keys wider than its box, as the footer."""

    def on_mount(self) -> None:
        self.virtual_size = Size(200, 1)

    def render_line(self, y: int) -> Strip:
        return Strip.blank(self.size.width)


@run
async def test_the_wheel_does_not_scroll_a_one_line_row_sideways() -> None:
    app = harness(Row(), css="Row { height: 1; width: 20; overflow-x: auto; scrollbar-size-horizontal: 0; }")
    async with app.run_test(size=(30, 4)) as pilot:
        await pilot.pause()
        row = app.query_one(Row)
        assert row.max_scroll_x > 0
        row.post_message(events.MouseScrollDown(row, 1, 0, 0, 1, 0, False, False, False))
        await pilot.pause()
        assert row.scroll_target_x == row.scroll_x == 0, gone(
            "wheel.py", "leaves a one-line row where it is on the wheel"
        )


@pytest.mark.skipif(sys.platform == "win32", reason="the Linux/macOS driver")
def test_the_terminal_driver_asks_for_every_mouse_motion() -> None:
    from textual.drivers.linux_driver import LinuxDriver

    written: list[str] = []

    async def enable() -> None:  # the driver wants a running loop
        driver = LinuxDriver(App(), mouse=True, size=(80, 24))
        driver.write = written.append  # type: ignore[method-assign,assignment]
        driver.flush = lambda: None  # type: ignore[method-assign]
        driver._enable_mouse_support()

    asyncio.run(enable())
    options = set(inspect.signature(LinuxDriver.__init__).parameters)
    assert "\x1b[?1003h" in written and options == {"self", "app", "debug", "mouse", "size"}, gone(
        "mouse.py", "asks for every mouse motion with no option to ask for clicks only"
    )


class Crashes(App[None]):
    def on_mount(self) -> None:
        raise RuntimeError("boom")


@run
async def test_the_app_keeps_the_exception_it_stopped_on_to_itself() -> None:
    app = Crashes()
    await app.run_async(headless=True, size=(20, 5))  # returns: no exception comes out
    error = app._exception
    public = [name for name, value in vars(app).items() if value is error and not name.startswith("_")]
    assert isinstance(error, RuntimeError) and app.return_code == 1 and not public, gone(
        "exit.py", "keeps the exception an app stopped on to itself (App._exception)"
    )


def test_textual_has_no_public_wait_for_the_widgets_to_handle_their_messages() -> None:
    waits = sorted(
        f"{cls.__name__}.{name}"
        for cls in (App, MessagePump, Widget)
        for name, member in inspect.getmembers(cls, inspect.iscoroutinefunction)
        if not name.startswith("_") and any(word in name for word in ("idle", "settle", "drain", "handled"))
    )
    assert not waits, gone("settle.py", f"lacks a public wait for the widgets' messages ({waits})")


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell")
def test_textual_serve_runs_the_app_through_a_shell_in_the_server_s_environment(monkeypatch) -> None:
    from textual_serve.app_service import AppService
    from textual_serve.download_manager import DownloadManager

    async def check() -> tuple[bytes, bool]:
        async def nothing(*_args: object) -> None:
            return None

        monkeypatch.setenv("APOTHEOSE_CANARY", "the server's")
        command = f"{shlex.quote(sys.executable)} -c 'import os; print(os.environ.get(\"APOTHEOSE_CANARY\"))'; echo $((6 * 7))"
        service = AppService(
            command, write_bytes=nothing, write_str=nothing, close=nothing, download_manager=DownloadManager()
        )
        process = await service._open_app_process(80, 24)
        out, _err = await asyncio.wait_for(process.communicate(), 60)
        return out, hasattr(AppService, "process")

    out, public_process = asyncio.run(check())
    assert out.split() == [b"the", b"server's", b"42"] and not public_process, gone(
        "serve.py", "textual-serve: runs an app through a shell in the server's environment with no public process"
    )
