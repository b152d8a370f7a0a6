"""The spell book's dialog and caster helpers (core.spellbook): :class:`FilterDialog`, a list
filtered as the GM types, and what a remembered caster reads and fills of a tab. The book's
commands (ctrl+b, ctrl+s, ctrl+o in the spell tabs, ``s`` on a caster's turn) are
:mod:`tui.commands.book`'s; a Mage caster with a Sphere shows one line per Sphere, which fills
its level too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from core.choices import _folded
from core.errors import RulesError
from core.spellbook.book import check_name
from core.spellbook.mage import MageCaster, Sphere
from core.spellbook.poles import PolesCaster
from tui.commands.keys import Described, bindings
from tui.safe import plain
from tui.textual_fixes.first_frame import LinesScreen
from tui.textual_fixes.inputs import FixedSizeInput

#: The most lines the filtered list shows (the rest: one line telling how many, type to narrow).
SHOWN = 50

#: A line's text, or what makes it when it is shown (a spell priced only then).
LineText = str | Callable[[], str]


class FilterDialog(Described, LinesScreen, ModalScreen["object | None"]):
    """A list to pick from, filtered by what is typed above it: ↑/↓ move, Enter picks the
    highlighted line, Escape cancels. ``options``: (value, label, the words the filter reads);
    ``folded``: those words already folded (:func:`core.choices._folded`), when the caller has
    them. A label may be a function, called when its line is first shown: at most
    :data:`SHOWN` lines are, then one line ``more(how many more)``, so that a book of 10,000
    spells opens and filters at the cost of the lines shown (:class:`core.spellbook.index.Narrowing`)."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("filter")

    def __init__(
        self,
        title: str,
        options: Sequence[tuple[object, LineText, str]],
        placeholder: str = "",
        *,
        folded: Sequence[str] | Callable[[], Sequence[str]] | None = None,
        more: Callable[[int], str] | None = None,
    ) -> None:
        from core.spellbook.index import Narrowing

        super().__init__(classes="dialog")
        self.title_text, self.options, self.placeholder = title, options, placeholder
        self.shown: list[object] = []
        if folded is None:
            folded = [_folded(words) for _, _, words in options]
        self._narrowing = Narrowing(folded, len(options))
        self._labels: dict[int, str] = {}
        #: each line's option, made once: a letter that shows it again reuses it (and Textual's
        #: measure of its height, which wraps its text: issue 37)
        self._lines: dict[int, Option] = {}
        self._more = more

    def compose(self) -> ComposeResult:
        # a list longer than it shows keeps its size as the GM types: no layout per letter
        with Vertical(classes="dialog-box filter-full" if len(self.options) > SHOWN else "dialog-box"):
            yield Label(plain(self.title_text), classes="dialog-question")
            # a field of fixed size: a letter lays nothing out for it (issue 37)
            yield FixedSizeInput(placeholder=self.placeholder, id="filter-text")
            yield OptionList(id="filter-list")

    def on_mount(self) -> None:
        self._filter("")
        self.query_one("#filter-text", Input).focus()
        # the words folded once the list is shown, not before (a list given as a function)
        self.call_after_refresh(self._narrowing.prepare)

    @on(Input.Changed, "#filter-text")
    def _typed(self, event: Input.Changed) -> None:
        self._filter(event.value)

    def label(self, at: int) -> str:
        """The text of the option at ``at`` (made once, when first shown)."""
        text = self._labels.get(at)
        if text is None:
            made = self.options[at][1]
            text = self._labels[at] = made if isinstance(made, str) else made()
        return text

    def _line(self, at: int) -> Option:
        line = self._lines.get(at)
        if line is None:
            line = self._lines[at] = Option(plain(self.label(at)))
        return line

    def _filter(self, typed: str) -> None:
        """The lines whose words hold what is typed (case and accent blind): those that start
        with it first, each in the order given; the first :data:`SHOWN` of them."""
        found = self._narrowing.positions(typed)
        shown = found[:SHOWN]
        self.shown = [self.options[at][0] for at in shown]
        listed = self.query_one("#filter-list", OptionList)
        lines = [self._line(at) for at in shown]
        if len(found) > len(shown) and self._more is not None:
            lines.append(Option(plain(self._more(len(found) - len(shown))), disabled=True))
        if lines:  # replaced at once: emptied first, the list was laid out twice (issue 37)
            listed.set_options(lines)
        else:
            listed.clear_options()
        if shown:
            listed.highlighted = 0

    def action_move(self, step: int) -> None:
        listed = self.query_one("#filter-list", OptionList)
        if self.shown:
            listed.highlighted = max(0, min(len(self.shown) - 1, (listed.highlighted or 0) + step))

    @on(Input.Submitted, "#filter-text")
    def _submitted(self) -> None:
        index = self.query_one("#filter-list", OptionList).highlighted
        if index is not None and 0 <= index < len(self.shown):
            self.dismiss(self.shown[index])

    @on(OptionList.OptionSelected, "#filter-list")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.shown[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)


def parse_caster(text: str) -> tuple[str, tuple[Sphere, ...]]:
    """``Ana`` or ``Ana: Forces 3, Prime 2``: the name and the Spheres (a RulesError naming the
    part that is not one)."""
    name, _, spheres = text.partition(":")
    found = []
    for part in filter(None, (p.strip() for p in spheres.split(","))):
        words, _, level = part.rpartition(" ")
        if not words.strip() or not level.isdigit():
            raise RulesError(
                "spheres",
                f"{part!r} is no Sphere and level (Forces 3)",
                "NAME LEVEL",
                f"{part!r} n'est pas une Sphère et un niveau (Forces 3)",
            )
        found.append(Sphere(words, int(level)))
    return check_name("name", name.strip()), tuple(found)


def caster_fields(caster: Any, sphere: str | None, values: dict[str, Any]) -> dict[str, Any]:
    """The tab's fields a remembered caster fills (:meth:`MageCaster.fill`'s: Arete, Avatar, the
    Sphere's level, Willpower for a ritual; :meth:`PolesCaster.fill`'s and blood mana's)."""
    if isinstance(caster, MageCaster):
        filled: dict[str, Any] = {"arete": caster.arete, "avatar": caster.avatar}
        level = caster.sphere(sphere) if sphere is not None else None
        if level is not None:
            filled["sphere"] = level
        if values.get("willpower") is not None and caster.willpower is not None:
            filled["willpower"] = caster.willpower
        return filled
    assert isinstance(caster, PolesCaster)
    return {
        "caster-level": caster.caster_level, "mod": caster.mod, "tradition": caster.tradition.value,
        **({"blood-limit": caster.blood_limit} if caster.blood_limit is not None else {}),
        **({"blood-pool": caster.blood_pool} if caster.blood_pool is not None else {}),
        **({"intelligence": caster.intelligence} if caster.intelligence is not None else {}),
    }  # fmt: skip


def caster_of(system: str, values: dict[str, Any], spheres: tuple[Sphere, ...]) -> MageCaster | PolesCaster:
    """The caster the tab's fields hold (a RulesError naming a field it lacks)."""
    if system == "mage":
        if values.get("arete") is None:
            raise RulesError(
                "arete", "the tab has no arete to remember", "1 to 10", "l'onglet n'a pas d'entéléchie à retenir"
            )
        return MageCaster(values["arete"], values.get("avatar"), values.get("willpower"), spheres)
    if values.get("caster-level") is None:
        raise RulesError(
            "caster_level",
            "the tab has no caster level to remember",
            "1 or more",
            "l'onglet n'a pas de niveau de lanceur à retenir",
        )
    return PolesCaster(
        values["caster-level"],
        values.get("mod") or 0,
        values["tradition"],
        values.get("blood-limit"),
        values.get("blood-pool"),
        values.get("intelligence"),
    )
