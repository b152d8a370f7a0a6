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
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

from core.breakdown import Lang
from core.campaign import Campaign
from core.demo import demo_campaign
from tests.tui.pilot import NARROW, left_behind, on_initiative, quiet, wait_for


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


def put(tab, values: dict) -> None:
    """Fill ``tab``'s fields with ``values`` (its ``values`` as read before); a list whose value
    was None (on its prompt) is cleared, not set."""
    from textual.widgets import Select

    values = dict(values)
    for name, value in list(values.items()):
        widget = tab.query_one(f"#{tab.css}-{name}")
        if value is None and isinstance(widget, Select):
            widget.clear()
            del values[name]
    tab.values = values


async def anew(pilot, tab, start: tuple) -> None:
    """Put ``tab`` back as it opened (``start``: its :func:`state_of` then) and check it is: the
    next case of a folded test starts as in a new app."""
    put(tab, start[0])
    tab.start_entry()
    await wait_for(pilot, lambda: pilot.app.focused is tab.first_field())
    await quiet(pilot)
    assert state_of(tab) == start


Case = Callable[..., Awaitable[None]]


async def _in_turn(pilot, cases: Sequence[Case], put_back: Callable[[], Awaitable[None]]) -> None:
    """Each of ``cases`` (``async def case(app, pilot)``) in turn; ``put_back()`` before each
    after the first. A failure names its case."""
    for index, case in enumerate(cases):
        try:
            if index:
                await put_back()
            await case(pilot.app, pilot)
        except AssertionError as error:
            error.add_note(f"case: {case.__name__}" + (" (put back before it)" if index else ""))
            raise


async def walk(pilot, tab, cases: Sequence[Case]) -> None:
    """A folded test on the spell pane alone: each of ``cases`` (a test of the tab as it opens)
    in turn, in one app; before each case after the first the tab is put back as it opened and
    checked to be (:func:`anew`). A failure names its case."""
    start = state_of(tab)
    await _in_turn(pilot, cases, lambda: anew(pilot, tab, start))


#: Each spell tab's fields as first shown in the GM's whole app (what :func:`back_to_the_list`
#: puts back).
_FIRST_SHOWN: weakref.WeakKeyDictionary[Any, dict] = weakref.WeakKeyDictionary()


def shown_first(app, tab_id: str) -> None:
    """Note the spell tab ``tab_id``'s fields (``#spell-mage``…) as they are now, the first time
    it is shown in ``app`` (once: later calls change nothing)."""
    from tui.widgets.spell_tab import SpellTab

    tab = app.screen.query_one(tab_id, SpellTab)
    _FIRST_SHOWN.setdefault(tab, tab.values)


async def back_to_the_list(pilot, at_start: dict) -> None:
    """Put the GM's whole app back where a new one starts, after a case that went to a spell tab:
    Esc back to the list (out of a dialog left open first), each tab noted by :func:`shown_first` with its fields as first shown,
    the Apothéose tab in front; then check it is (``at_start``: :func:`~tests.tui.pilot.left_behind`
    of the new app). A tab a case showed first stays composed (a new app composes it then): it
    must have been noted, and its fields are checked to hold what they held when first put back."""
    from textual.widgets import TabbedContent

    from tui.widgets.spell_tab import SpellTab

    app = pilot.app
    for _ in range(4):  # a dialog a case left open, then the pane
        if on_initiative(app):
            break
        await pilot.press("escape")
    tabs = list(app.screen.query(SpellTab))
    for tab in tabs:
        if tab in _FIRST_SHOWN:
            put(tab, _FIRST_SHOWN[tab])
    app.screen.query_one("#spell-systems", TabbedContent).active = "spell-tab-apotheose"
    await quiet(pilot)
    now = left_behind(app)
    for tab in tabs:
        if tab in _FIRST_SHOWN:
            assert tab.values == _FIRST_SHOWN[tab], tab.id
        else:
            names = [field.id for field in tab.query("Input, Checkbox, Select") if field.id]
            assert all(name in at_start for name in names), f"{tab.id} shown by a case without shown_first"
    for name in now.keys() - at_start.keys():  # the fields of a tab a case showed first
        at_start[name] = now[name]
    assert now == at_start


async def walk_from_the_list(pilot, cases: Sequence[Case]) -> None:
    """A folded test in the GM's whole app (a spell tab reached from the list, the palette…):
    each of ``cases`` (a test of a new app) in turn; before each case after the first the app is
    put back where it started and checked to be (:func:`back_to_the_list`). A failure names its
    case. A case that shows a spell tab calls :func:`shown_first` once it is shown (the tabs shown
    at the start are noted here)."""
    from tui.widgets.spell_tab import SpellTab

    for tab in pilot.app.screen.query(SpellTab):
        _FIRST_SHOWN.setdefault(tab, tab.values)
    at_start = left_behind(pilot.app)
    await _in_turn(pilot, cases, lambda: back_to_the_list(pilot, at_start))
