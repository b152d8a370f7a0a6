"""Canaries of the painting workarounds (``tui/textual_fixes/``): each runs the pinned Textual
*without* the fix, on a minimal app, and checks that what the fix works around is still there.
The day a Textual upgrade makes one fail, Textual no longer needs that fix: remove it (its
message says which), then this canary. No timing: each waits on Textual's own pauses or calls
Textual synchronously.

docs/developing.md ("Textual workarounds") has each bug written up with a short reproduction."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select, SelectionList, Static

from tests.textual_fixes.canary import gone, spy_refresh
from tests.tui.pilot import harness, run


@run
async def test_checkbox_tells_on_from_off_by_colour_alone() -> None:
    app = harness(Checkbox("Armure", value=False, id="off"), Checkbox("Armure", value=True, id="on"))
    async with app.run_test(size=(30, 8)) as pilot:
        await pilot.pause()
        off, on = (app.query_one(f"#{name}", Checkbox).render_line(0).text for name in ("off", "on"))
        assert off == on, gone("checkbox.py", "tells a Checkbox's states apart by colour alone")


@run
async def test_selection_list_tells_ticked_from_not_by_colour_alone() -> None:
    app = harness(SelectionList(("Brunvir", 1, True), id="on"), SelectionList(("Brunvir", 1, False), id="off"))
    async with app.run_test(size=(30, 12)) as pilot:
        await pilot.pause()
        on, off = (
            next(
                line
                for y in range(4)
                if "Brunvir" in (line := app.query_one(f"#{name}", SelectionList).render_line(y).text)
            )
            for name in ("on", "off")
        )
        assert "Brunvir" in on and on == off, gone("tick_list.py", "tells a SelectionList's rows apart by colour alone")


@run
async def test_select_lays_its_label_out_on_each_new_value_and_builds_its_list_at_once() -> None:
    from textual.widgets._select import SelectOverlay

    options = [(f"option {n}", n) for n in range(50)]
    app = harness(Select(options, value=0, allow_blank=False), css="Select { width: 30; }")
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        select = app.query_one(Select)
        assert not select.expanded
        built = select.query_one(SelectOverlay).option_count
        label = select.query_one("#label", Static)
        refreshes = spy_refresh(label)
        select.value = 1
        assert built == len(options) and any(kw.get("layout") for kw in refreshes), gone(
            "chooser.py", "builds every Select's options at compose, or lays the label out on each new value"
        )


@run
async def test_a_fixed_size_input_lays_the_screen_out_on_each_new_value() -> None:
    app = harness(Input(id="field"), css="Input { width: 12; height: 1; border: none; }")
    async with app.run_test(size=(30, 5)) as pilot:
        await pilot.pause()
        field = app.query_one(Input)
        refreshes = spy_refresh(field)
        field.value = "12"
        assert any(kw.get("layout") for kw in refreshes), gone("inputs.py", "lays an Input out on each new value")


@run
async def test_static_lays_the_same_text_out_again(monkeypatch) -> None:
    laid_out: list[str] = []
    to_strips = Visual.to_strips

    def counted(widget: Widget, visual: Visual, *args: Any, **kwargs: Any) -> list[Strip]:
        laid_out.append(str(visual))
        return to_strips(widget, visual, *args, **kwargs)

    monkeypatch.setattr(Visual, "to_strips", staticmethod(counted))
    app = harness(Static("", markup=False), css="Static { height: 1; }")
    async with app.run_test(size=(30, 3)) as pilot:
        line = app.query_one(Static)
        for text in ("Targets: Brunvir", "Targets: Kaël", "Targets: Brunvir"):
            line.update(text)
            await pilot.pause()
            line.render_line(0)
        assert laid_out.count("Targets: Brunvir") >= 2, gone(
            "recent_static.py", "keeps the cells of a text shown before"
        )


class Rows(ScrollView, can_focus=True):
    """A list painting its own rows, as the initiative list does."""

    COMPONENT_CLASSES = {"rows--cursor"}

    def on_mount(self) -> None:
        self.virtual_size = Size(20, 100)

    def render_line(self, y: int) -> Strip:
        self.get_component_rich_style("rows--cursor")
        return Strip.blank(self.size.width)


@run
async def test_a_scroll_view_repaints_whole_on_focus_forgets_its_styles_and_redraws_its_scrollbar() -> None:
    app = harness(Rows(), Static("below", id="below"), css="Rows { height: 10; }")
    async with app.run_test(size=(30, 14)) as pilot:
        await pilot.pause()
        rows = app.query_one(Rows)
        refreshes = spy_refresh(rows)
        rows.focus()
        await pilot.pause()
        whole_on_focus = any(not regions for regions in refreshes.regions)
        rows.get_component_rich_style("rows--cursor")
        rows.refresh(Region(0, 0, 10, 1))
        styles_forgotten = not rows._rich_style_cache
        updates: list[Size] = []
        scroll_update = rows._scroll_update
        rows._scroll_update = lambda virtual_size: (updates.append(virtual_size), scroll_update(virtual_size))[1]  # type: ignore[method-assign,func-returns-value]
        app.screen._refresh_layout()  # a layout of the screen, where nothing of the list changed
        app.screen.set_focus(None)  # the list had the focus from the start (the app's auto focus)
        await pilot.pause()
        restyled: list[object] = []
        update_styles = app.update_styles
        app.update_styles = lambda node, animate=True: (restyled.append(node), update_styles(node, animate))[1]  # type: ignore[method-assign,func-returns-value]
        rows.focus()
        await pilot.pause()
        restyled_on_focus = rows in restyled  # no rule of this app names the focus of a ScrollView
        assert whole_on_focus and styles_forgotten and updates and restyled_on_focus, gone(
            "line_list.py",
            f"repaints a focused ScrollView whole ({whole_on_focus}), forgets its styles on a refresh of "
            f"regions ({styles_forgotten}), redraws its scrollbar after an unrelated layout ({bool(updates)}) "
            f"or restyles it on focus though no rule names its focus ({restyled_on_focus})",
        )


class Tall(Widget):
    """A tall widget recording the rows it was asked to render."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[Region] = []

    def render_lines(self, crop: Region) -> list[Strip]:
        self.asked.append(crop)
        return super().render_lines(crop)

    def render(self) -> str:
        return "\n".join(f"row {n}" for n in range(20))


@run
async def test_a_partial_update_renders_every_row_between_the_changed_ones() -> None:
    app = harness(Tall(), css="Tall { height: 20; }")
    async with app.run_test(size=(20, 20)) as pilot:
        await pilot.pause()
        tall = app.query_one(Tall)
        compositor = app.screen._compositor
        tall.asked.clear()
        tall.refresh(Region(0, 0, 20, 1), Region(0, 10, 20, 1))  # two rows changed
        compositor.update_widgets({tall})
        compositor.render_update()
        rows = sum(crop.height for crop in tall.asked)
        assert rows > 2, gone("compositor.py", "renders only the changed rows of a partial update")


class Screenful(App[None]):
    """A screen whose widget learns its size after the first layout (as the footer does); each
    frame sent to the terminal is counted."""

    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (40, "-wide")]

    def __init__(self) -> None:
        super().__init__()
        self.frames = 0
        self.classes_at_mount: set[str] = set()

    def compose(self) -> ComposeResult:
        yield Sized("")

    def _display(self, screen: Any, renderable: Any) -> None:
        self.frames += renderable is not None
        super()._display(screen, renderable)


class Sized(Static):
    def on_mount(self) -> None:
        self.app_classes = set(self.screen.classes)  # type: ignore[attr-defined]

    def on_resize(self, event: Any) -> None:
        self.update(f"{event.size.width} wide")


@run
async def test_a_screen_paints_before_it_settles_and_restyles_on_resume() -> None:
    app = Screenful()
    async with app.run_test(size=(50, 10)) as pilot:
        await pilot.pause()
        frames = app.frames  # the first layout's, then the one of the text that learnt its width
        restyled: list[object] = []
        update_styles = app.update_styles
        app.update_styles = lambda node, animate=True: (restyled.append(node), update_styles(node, animate))[1]  # type: ignore[method-assign,func-returns-value]
        app.screen.post_message(events.ScreenResume())  # as a screen pushed gets it
        await pilot.pause()
        resume_restyles = app.screen in restyled
        assert frames >= 2 and resume_restyles, gone(
            "first_frame.py",
            f"paints a screen before it settles ({frames} frames at start-up) or restyles a screen on resume "
            f"({resume_restyles})",
        )


@run
async def test_a_focus_change_repaints_the_whole_screen() -> None:
    app = harness(Input(id="a"), Input(id="b"))
    async with app.run_test(size=(30, 8)) as pilot:
        await pilot.pause()
        refreshes = spy_refresh(app.screen)
        app.query_one("#b", Input).focus()
        await pilot.pause()
        assert any(not regions for regions in refreshes.regions), gone(
            "first_frame.py", "repaints the whole screen when the focus moves (Screen.focused)"
        )


@run
async def test_a_repaint_of_a_widget_not_on_screen_rebuilds_the_compositor_map() -> None:
    statics = [Static(f"line {n}", id=f"s{n}") for n in range(30)]
    from textual.containers import VerticalScroll

    app = harness(VerticalScroll(*statics))
    async with app.run_test(size=(20, 5)) as pilot:
        await pilot.pause()
        compositor = app.screen._compositor
        assert compositor.full_map  # built now: not invalidated
        far = app.query_one("#s25", Static)
        assert far not in compositor.visible_widgets
        far.refresh()
        compositor.update_widgets({far})
        assert compositor._full_map_invalidated, gone(
            "first_frame.py and compositor.py", "rebuilds its map of every widget for a repaint off screen"
        )


@run
async def test_a_widget_is_styled_before_it_is_in_the_app_and_a_screen_lacks_its_breakpoints_at_mount() -> None:
    app = Screenful()
    async with app.run_test(size=(50, 10)) as pilot:
        await pilot.pause()
        styled: list[object] = []
        update_styles = app.update_styles
        app.update_styles = lambda node, animate=True: (styled.append(node), update_styles(node, animate))[1]  # type: ignore[method-assign,func-returns-value]
        field = Input(classes="a")
        field.add_class("b")  # in its constructor, say
        styled_unattached = field in styled and not field.is_attached
        breakpoints_late = not (app.query_one(Sized).app_classes & {"-narrow", "-wide"})
        from tui.textual_fixes.styles import breakpoint_classes

        assert breakpoint_classes(app, app.screen) == set(app.screen.classes)  # what the fix computes is Textual's
        assert styled_unattached and breakpoints_late, gone(
            "styles.py",
            f"styles a widget not yet in the app ({styled_unattached}) or gives a screen its breakpoint classes "
            f"only after its first layout ({breakpoints_late})",
        )


def test_a_toast_built_as_its_time_runs_out_gets_a_negative_timer() -> None:
    """Textual's ``Timer`` never ticks on a negative delay: it loops without yielding (the app
    freezes). A toast reads its notification's time left when it is built."""
    import time

    from textual.notifications import Notification
    from textual.widgets._toast import Toast

    late = Notification("x", timeout=1.0, raised_at=time.time() - 5)
    assert Toast(late)._timeout < 0, gone("toasts.py", "gives a toast built after its time ran out a negative timer")


@run
async def test_a_resize_to_the_screens_own_size_lays_the_screen_out_again(monkeypatch) -> None:
    from textual.screen import Screen

    app = harness(Static("one"), Static("two"))
    async with app.run_test(size=(30, 8)) as pilot:
        await pilot.pause()
        layouts: list[object] = []
        refresh_layout = Screen._refresh_layout

        def counting(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
            layouts.append(args)
            refresh_layout(screen, *args, **kwargs)

        monkeypatch.setattr(Screen, "_refresh_layout", counting)
        app.screen.post_message(events.Resize(app.size, app.size))  # as the driver sends at start
        await pilot.pause()
        assert layouts, gone("first_frame.py", "lays the whole screen out again on a resize to the size it has")
