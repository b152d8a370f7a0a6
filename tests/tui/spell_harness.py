"""The spell pane alone: the GM's app (its session, language, styles and keys) whose screen holds
only the spell-cost pane, for the tests of a spell tab's own behaviour (its fields, hints, costs,
keys). It starts in a fraction of the four-pane app's time; what crosses panes (reaching the tab
from the list, Esc back to it, the palette, snapshots of the whole screen) stays on
:func:`tests.tui.pilot.open_demo`.

::

    async with open_tab("mage") as (app, pilot):
        await pilot.press("3")

Nothing here waits on the start-up's timing: a tab shown is awaited until its first field has
the focus (the pane imports a system's description when its tab is first shown).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path

from core.breakdown import Lang
from core.campaign import Campaign
from core.demo import demo_campaign
from tests.tui.pilot import NARROW, quiet, wait_for


def spell_app(campaign: Campaign | None = None, *, lang: Lang = "en", seed: int = 0):
    """The GM's app on ``campaign`` (default: the demo; seeded dice, no saving) whose screen is
    the spell pane alone."""
    from textual.app import ComposeResult
    from textual.screen import Screen

    import tui.app as app_module
    from tui.app import ApotheoseApp
    from tui.session import Session
    from tui.textual_fixes.styles import breakpoint_classes
    from tui.widgets.spell import SpellPane

    class SpellScreen(Screen[None]):
        def compose(self) -> ComposeResult:
            yield SpellPane(id="spell", classes="pane -active")

    class SpellApp(ApotheoseApp):
        # The app's own style sheets (a relative CSS_PATH is read beside the subclass's module).
        CSS_PATH = [str(Path(app_module.__file__).parent / path) for path in ApotheoseApp.CSS_PATH]

        def get_default_screen(self) -> Screen[None]:
            screen = SpellScreen()
            screen.set_classes(breakpoint_classes(self, screen))
            return screen

    session = Session.of(campaign or demo_campaign(), rng=random.Random(seed))
    return SpellApp(session, lang=lang)


@contextlib.asynccontextmanager
async def open_tab(
    tab: str, campaign: Campaign | None = None, *, size: tuple[int, int] = NARROW, lang: Lang = "en", seed: int = 0
) -> AsyncIterator:
    """The spell pane alone at ``size``, its ``tab`` (``mage``, ``d6``…) shown and its first field
    focused: ``async with open_tab("mage") as (app, pilot): ...``."""
    from tui.widgets.spell import SpellPane

    app = spell_app(campaign, lang=lang, seed=seed)
    async with app.run_test(size=size) as pilot:
        await quiet(pilot)
        pane = app.screen.query_one(SpellPane)
        mounting = pane.show_system(tab)
        if mounting is not None:
            await mounting
        await wait_for(pilot, lambda: app.focused is not None and (app.focused.id or "").startswith(f"{tab}-"))
        await quiet(pilot)  # what the tab's showing set off is done
        yield app, pilot


def state_of(tab) -> tuple:
    """What a spell tab shows and holds: its values, what it prices them with besides (its
    ``context()``: the Quatre Pôles tab's exact fractions…), the text and display of each of its
    named lines, and which of its widgets has the focus (what :func:`anew` compares)."""
    from textual.widgets import Static

    shown = {static.id: (str(static.content), static.display) for static in tab.query(Static) if static.id}
    focused = tab.app.focused
    return tab.values, tab.context(), shown, focused.id if focused is not None else None


async def anew(pilot, tab, start: tuple) -> None:
    """Put ``tab`` back as it opened (``start``: its :func:`state_of` then) and check it is: the
    next case of a folded test starts as in a new app."""
    from textual.widgets import Select

    values = dict(start[0])
    for name, value in start[0].items():
        widget = tab.query_one(f"#{tab.css}-{name}")
        if value is None and isinstance(widget, Select):  # a list on its prompt: cleared, not set
            widget.clear()
            del values[name]
    tab.values = values
    tab.start_entry()
    await wait_for(pilot, lambda: pilot.app.focused is tab.first_field())
    await quiet(pilot)
    assert state_of(tab) == start


async def walk(pilot, tab, cases: Sequence[Callable[..., Awaitable[None]]]) -> None:
    """A folded test: each of ``cases`` (``async def case(app, pilot)``, a test of the tab as it
    opens) in turn, in one app; before each case after the first the tab is put back as it opened
    and checked to be (:func:`anew`). A failure names its case."""
    start = state_of(tab)
    for index, case in enumerate(cases):
        try:
            if index:
                await anew(pilot, tab, start)
            await case(pilot.app, pilot)
        except AssertionError as error:
            error.add_note(f"case: {case.__name__}" + (" (the tab put back before it)" if index else ""))
            raise
