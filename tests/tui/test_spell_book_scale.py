"""The spell book's list at scale (issue 37): a book of 2,000 spells opens on its first lines
with how many more, filters as the GM types, and a spell the rules refuse is listed with why in
place of its figure. Each line is priced when first shown, not when the book opens."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
from textual.widgets import OptionList

from core.choices import _folded
from core.demo import demo_campaign
from core.errors import RulesError
from core.spellbook.apotheose import ApotheoseInputs
from core.spellbook.book import BookSpell, SpellBook
from core.spellbook.seeds import SEEDS, entries
from tests.conftest import make_test_app, run, wait_for
from tests.tui.pilot import NARROW
from tui.screens.spell_book import SHOWN, FilterDialog
from tui.widgets.spell import SpellPane

SPELLS = 2_000


@attrs.frozen
class Refused(ApotheoseInputs):
    """An Apothéose spell the rules refuse to price (as a house rule switched under it would),
    which counts how often it was priced."""

    priced: ClassVar[list[int]] = []

    def price(self, rules, caster=None):
        Refused.priced.append(1)
        raise RulesError("intensity", "refused by the house rules", fr="refusée par les règles maison")


def big_book() -> SpellBook:
    copies = [
        attrs.evolve(SEEDS[i % len(SEEDS)].spell, name=f"{SEEDS[i % len(SEEDS)].spell.name[:40]} {i}")
        for i in range(SPELLS)
    ]
    return SpellBook((*copies, BookSpell("Zzyzx maudit", Refused(3))))


def expected(book: SpellBook, typed: str, own: set[str]) -> list[str]:
    """The names the list should show for ``typed``, as the GM reads the rule: the spells of
    the tab's systems (``own``) first, the newest own spell first, then those built in; of
    them, those holding what is typed (case and accent blind), those starting with it first."""
    every = entries(book)
    order = [e for e in reversed(every) if not e.built_in] + [e for e in every if e.built_in]
    order.sort(key=lambda e: e.spell.system not in own)
    wanted = _folded(typed)
    holding = [e.spell.name for e in order if wanted in _folded(e.spell.name)]
    return sorted(holding, key=lambda name: not _folded(name).startswith(wanted))


def prompts(dialog) -> list[str]:
    listed = dialog.query_one("#filter-list", OptionList)
    return [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]


@run
async def test_a_book_of_2000_spells_shows_its_first_lines_filters_and_says_why_a_spell_is_not_priced():
    book = big_book()
    Refused.priced.clear()
    app = make_test_app(demo_campaign().with_book(book))
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await pilot.press("4", "ctrl+b")
        await wait_for(pilot, lambda: isinstance(app.screen, FilterDialog))
        dialog = app.screen
        tab = app.screen_stack[0].query_one(SpellPane).active_system()
        own = {m.system for m in tab.description.modes}
        every = expected(book, "", own)
        assert [e.spell.name for e in dialog.shown] == every[:SHOWN]
        lines = prompts(dialog)
        assert len(lines) == SHOWN + 1 and lines[-1] == f"… {len(every) - SHOWN} more: type to narrow"
        assert Refused.priced == [1]  # the newest spell, shown first: priced once, when shown

        word = "sens lointains 1"
        for typed in (word[: n + 1] for n in range(len(word))):
            await pilot.press(typed[-1] if typed[-1] != " " else "space")
            await wait_for(
                pilot, lambda typed=typed: [e.spell.name for e in dialog.shown] == expected(book, typed, own)[:SHOWN]
            )
        assert 0 < len(dialog.shown) < SHOWN
        assert all(line.startswith(e.spell.name + " · ") for line, e in zip(prompts(dialog), dialog.shown, strict=True))

        for _ in word:
            await pilot.press("backspace")
        await pilot.press(*"zzyzx")
        await wait_for(pilot, lambda: [e.spell.name for e in dialog.shown] == ["Zzyzx maudit"])
        assert prompts(dialog) == ["Zzyzx maudit · Apothéose · intensity: refused by the house rules"]
        assert Refused.priced == [1]  # its line made once


async def open_big_book(app, pilot) -> Any:
    """The book's list opened on the big book, its first lines shown."""
    await pilot.pause()
    await pilot.press("4", "ctrl+b")
    await wait_for(pilot, lambda: isinstance(app.screen, FilterDialog) and len(app.screen.shown) == SHOWN)
    await pilot.pause()
    return app.screen


async def type_letters(pilot, dialog: FilterDialog, letters: str) -> None:
    """Each letter typed once the list shows the last one's result."""
    for letter in letters:
        shown = dialog.shown

        def changed(shown: list[object] = shown) -> bool:
            return dialog.shown is not shown

        await pilot.press(letter)
        await wait_for(pilot, changed)
        await pilot.pause()


def counting_layouts(monkeypatch) -> list[Any]:
    """Every screen laid out (``Screen._refresh_layout``) from now on."""
    from textual.screen import Screen

    layouts: list[Screen] = []
    refresh_layout = Screen._refresh_layout

    def counted(screen, *args, **kwargs):
        layouts.append(screen)
        return refresh_layout(screen, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    return layouts


@run
async def test_a_letter_repaints_the_list_not_the_screen_behind_the_dialog(monkeypatch) -> None:
    """Typing in the book's list draws the dialog's changed rows; the main screen behind it, which
    the dialog's translucent background shows, is not drawn again for each letter (issue 37: it
    was, whole, three times a letter)."""
    from textual.widget import Widget

    app = make_test_app(demo_campaign().with_book(big_book()))
    async with app.run_test(size=NARROW) as pilot:
        dialog = await open_big_book(app, pilot)
        behind = app.screen_stack[0]
        drawn: list[Widget] = []
        render_lines = Widget.render_lines

        def counted(widget, crop):
            drawn.append(widget)
            return render_lines(widget, crop)

        monkeypatch.setattr(Widget, "render_lines", counted)
        lists: list[bool] = []  # for each letter: its list's rows drawn
        whole: list[bool] = []  # for each letter: the dialog or the screen behind it drawn
        for letter in "se":
            drawn.clear()
            await type_letters(pilot, dialog, letter)
            lists.append(any(isinstance(widget, OptionList) for widget in drawn))
            whole.append(dialog in drawn or any(widget.screen is behind for widget in drawn))
        assert len(dialog.shown) == SHOWN  # the list as long: the dialog keeps its size
        assert all(lists), lists
        # The dialog's own background is the main screen behind it, tinted: drawing it draws that
        # whole screen again (Textual's ``BackgroundScreen``). A letter drew it, whole, three times;
        # now none does. One whole repaint that opening the book set off can still come late, on
        # either letter, when the whole suite keeps the cores busy: never on both.
        assert not all(whole), whole


@run
async def test_a_letter_lays_the_dialog_out_once_at_most(monkeypatch) -> None:
    """The filter field is of fixed size and the list's lines are replaced at once: the field's
    value and the list emptied first laid the dialog out twice per letter (issue 37)."""
    app = make_test_app(demo_campaign().with_book(big_book()))
    async with app.run_test(size=NARROW) as pilot:
        dialog = await open_big_book(app, pilot)
        layouts = counting_layouts(monkeypatch)
        await type_letters(pilot, dialog, "se")
        assert len(dialog.shown) == SHOWN
        assert len(layouts) <= 2
        await pilot.press("backspace", "backspace", *"zzyzx")
        await wait_for(pilot, lambda: [e.spell.name for e in dialog.shown] == ["Zzyzx maudit"])
        await pilot.press("q")  # nothing holds "zzyzxq": the list empties
        await wait_for(pilot, lambda: dialog.shown == [])
        await pilot.pause()
        assert prompts(dialog) == []


class Watched(list):
    """A dialog's lines, noting which the dialog asked for."""

    def __init__(self, lines) -> None:
        super().__init__(lines)
        self.asked: set[int] = set()

    def __getitem__(self, at):
        self.asked.add(at)
        return super().__getitem__(at)

    def __iter__(self):
        raise AssertionError("every line asked for")


@run
async def test_a_long_list_opens_making_only_the_lines_it_shows_and_folds_when_first_typed() -> None:
    """The dialog over 10,000 lines asks only for those it shows, and folds the words to filter
    once it is shown (issue 37: every line made, every word folded before its first frame)."""
    from textual.app import App

    lines = Watched([(n, f"line {n}", f"Mot {n}") for n in range(3 * SHOWN)])
    folded: list[int] = []

    def fold() -> list[str]:
        folded.append(1)
        return [_folded(f"Mot {n}") for n in range(3 * SHOWN)]

    app: App = App()
    async with app.run_test(size=NARROW) as pilot:
        dialog = FilterDialog("Lines", lines, folded=fold)
        app.push_screen(dialog)
        await wait_for(pilot, lambda: dialog.shown == list(range(SHOWN)))
        assert lines.asked == set(range(SHOWN))
        await wait_for(pilot, lambda: folded == [1])
        await pilot.press("m", "o", "t", "space", "1", "2")
        await wait_for(pilot, lambda: dialog.shown == [12, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129])
        assert folded == [1]


@run
async def test_a_long_list_keeps_its_size_as_the_gm_types(monkeypatch) -> None:
    """A list longer than it shows takes the screen's height: a letter changes its lines and
    lays nothing out (issue 37: each letter laid the dialog out again, its list measured by
    wrapping each of its lines)."""
    app = make_test_app(demo_campaign().with_book(big_book()))
    async with app.run_test(size=NARROW) as pilot:
        dialog = await open_big_book(app, pilot)
        listed = dialog.query_one("#filter-list", OptionList)
        height = listed.size.height
        layouts = counting_layouts(monkeypatch)
        await type_letters(pilot, dialog, "sens")
        assert len(dialog.shown) == SHOWN and listed.size.height == height
        assert layouts == []
        await type_letters(pilot, dialog, " lointains 1")  # the list no longer scrolls: its scroll bar goes
        assert 0 < len(dialog.shown) < SHOWN and listed.size.height == height
        assert len(layouts) <= 1


@run
async def test_a_line_shown_again_is_not_made_again() -> None:
    """A line the list showed for an earlier letter is the same option when shown again (its
    height, which Textual measures by wrapping its text, kept: issue 37)."""
    app = make_test_app(demo_campaign().with_book(big_book()))
    async with app.run_test(size=NARROW) as pilot:
        dialog = await open_big_book(app, pilot)
        listed = dialog.query_one("#filter-list", OptionList)
        first = [listed.get_option_at_index(i) for i in range(SHOWN)]
        await type_letters(pilot, dialog, "s")
        await pilot.press("backspace")
        await wait_for(pilot, lambda: len(dialog.shown) == SHOWN and listed.get_option_at_index(0) is first[0])
        assert [listed.get_option_at_index(i) for i in range(SHOWN)] == first
        assert all(listed.get_option_at_index(i) is first[i] for i in range(SHOWN))
