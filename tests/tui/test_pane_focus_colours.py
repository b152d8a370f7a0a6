"""The pane holding the focus is framed in the theme's accent colour, the others in its muted
primary: after a theme change too (the pane reads the colours worked out for the theme, not
working them out again on each focus change: issue 37)."""

from __future__ import annotations

from textual.color import Color

from tests.tui.pilot import WIDE, make_test_app, run, settle
from tui.widgets.damage import DamagePane
from tui.widgets.initiative import InitiativePane


def border_colour(pane) -> Color:
    return pane.styles.border_top[1]


@run
async def test_the_focused_panes_frame_follows_the_focus_and_the_theme() -> None:
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot)
        initiative, damage = app.screen.query_one(InitiativePane), app.screen.query_one(DamagePane)
        for theme in ("textual-light", "nord"):
            app.theme = theme
            await settle(pilot)
            colours = app.get_css_variables()
            accent, muted = Color.parse(colours["accent"]), Color.parse(colours["primary-muted"])
            assert (border_colour(initiative), border_colour(damage)) == (accent, muted)
            await pilot.press("x")
            await settle(pilot)
            assert (border_colour(initiative), border_colour(damage)) == (muted, accent)
            await pilot.press("escape")
            await settle(pilot)
            assert (border_colour(initiative), border_colour(damage)) == (accent, muted)


@run
async def test_a_panes_frame_renders_one_side_row_and_draws_what_textual_draws() -> None:
    """A focus change repaints two panes' frames: each pane renders one of its side rows (they
    are all alike), not its 38 (issue 37); every line is the one Textual's own rendering makes,
    focused or not, whole or cropped."""
    from textual.geometry import Region
    from textual.widget import Widget

    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot)
        panes = list(app.screen.query(".pane").results())
        rendered: dict[Widget, int] = dict.fromkeys(panes, 0)
        for pane in panes:
            original = pane.render_line

            def counted(y: int, pane=pane, original=original):
                rendered[pane] += 1
                return original(y)

            pane.render_line = counted  # type: ignore[method-assign]
        await pilot.press("x")
        await settle(pilot)
        initiative, damage = app.screen.query_one(InitiativePane), app.screen.query_one(DamagePane)
        assert initiative.outer_size.height > 10
        assert 1 <= rendered[initiative] <= 2 and 1 <= rendered[damage] <= 2, rendered
        for pane in (initiative, damage):
            width, height = pane.outer_size
            for crop in (Region(0, 0, width, height), Region(0, 0, 1, height), Region(width - 3, 2, 3, height - 4)):
                ours = pane.render_lines(crop)
                theirs = Widget.render_lines(pane, crop)
                assert [s.text for s in ours] == [s.text for s in theirs]
                assert [list(s) for s in ours] == [list(s) for s in theirs]
            for y in range(pane.size.height):  # its own content: blank, as Textual renders it
                assert list(pane.render_line(y)) == list(Widget.render_line(pane, y))
