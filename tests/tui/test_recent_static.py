"""Issue 12: the damage pane's target line keeps the cells of the texts it showed last, so the
GM going back and forth between two combatants does not lay the same text out again; what it
shows is always the text of now."""

from __future__ import annotations

from textual.visual import Visual

from tests.tui.pilot import harness, run
from tui.textual_fixes.recent_static import RecentStatic


def one_line():
    """The line alone, one row high (as the damage pane's target line)."""
    return harness(RecentStatic("", markup=False), css="RecentStatic { height: 1; }")


@run
async def test_a_text_shown_again_is_not_laid_out_again(monkeypatch) -> None:
    laid_out: list[str] = []
    to_strips = Visual.to_strips

    def counted(widget, visual, *args, **kwargs):
        laid_out.append(str(visual))
        return to_strips(widget, visual, *args, **kwargs)

    monkeypatch.setattr(Visual, "to_strips", staticmethod(counted))
    app = one_line()
    async with app.run_test(size=(30, 3)) as pilot:
        line = app.query_one(RecentStatic)
        for text in ("Targets: Brunvir", "Targets: Kaël", "Targets: Brunvir", "Targets: Kaël"):
            line.update(text)
            await pilot.pause()
            assert line.render_line(0).text.rstrip() == text
        assert laid_out.count("Targets: Brunvir") == 1 and laid_out.count("Targets: Kaël") == 1


@run
async def test_it_keeps_only_the_last_texts_and_forgets_them_when_the_colours_change() -> None:
    app = one_line()
    async with app.run_test(size=(30, 3)) as pilot:
        line = app.query_one(RecentStatic)
        for n in range(RecentStatic.RECENT + 5):
            line.update(f"text {n}")
            await pilot.pause()
            line.render_line(0)
        assert len(line._recent) == RecentStatic.RECENT
        assert not any(str(key[0]) == "text 0" for key in line._recent)  # the oldest went first
        before = line.render_line(0)
        app.theme = "textual-light"
        await pilot.pause()
        assert len(line._recent) <= 1  # new colours: the old cells are forgotten
        assert line.render_line(0) != before
        assert line.render_line(0).text.rstrip() == f"text {RecentStatic.RECENT + 4}"
