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
