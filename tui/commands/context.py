"""What a GM command's handler is given: a :class:`Context`, the same in the app and in a test.

A handler (``tui/commands/fight.py``, ``roster.py``, ``templates.py``, ``book.py``, ``mass.py``,
``spell.py``) is a plain function of a context and the command's parameters; async when it asks
the GM something. It reads the campaign, the selection and the marks, asks with
:meth:`Context.ask` (a dialog, its answer awaited), changes the campaign only through
:meth:`Context.request` (the door, :mod:`tui.door`), says what is wrong with :meth:`Context.warn`,
and moves the GM to a pane's form with :meth:`Context.go` (the main screen routes).

Two contexts implement it: the live one (:mod:`tui.commands.run`, built from the node whose key
ran the command) and a test's, built from a session without an app
(``tests/commands/session.py``).

This module imports no Textual.
"""

from __future__ import annotations

from collections.abc import Awaitable, Generator
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, TypeVar

import attrs

if TYPE_CHECKING:
    from pathlib import Path

    from textual.screen import Screen

    from core.actions import Action, CastSpell, Outcome
    from core.breakdown import Lang
    from core.campaign import Campaign
    from core.journal import Journal
    from core.player_send import Sent
    from core.spellbook.book import BookCaster, BookSpell
    from tui.door import Answer
    from tui.spells.description import SpellDescription

T = TypeVar("T")
#: A notification's kind (Textual's ``SeverityLevel``).
Severity = Literal["information", "warning", "error"]


class Casting(Protocol):
    """The Apothéose tab casting its spell (:class:`tui.widgets.spell.ApotheoseSpell`)."""

    def cast_asked(self) -> CastSpell | None:
        """The spell as typed, checked (refused: said, and None)."""
        ...

    def cast(self, cast: CastSpell, victims: tuple[str, ...]) -> Awaitable[Answer]:
        """``cast`` on ``victims`` through the door."""
        ...


class BookTab(Protocol):
    """What the book's commands read and write of the spell tab shown
    (:class:`tui.widgets.spell_tab.SpellTab`)."""

    description: SpellDescription
    #: The book's name of the spell shown, what a save offers first.
    book_name: str
    #: Whether its system remembers casters (Mage, Quatre Pôles: ctrl+o's last line).
    remembers_casters: bool

    @property
    def spell(self) -> Any:
        """The spell as typed (a RulesError when it cannot be priced)."""
        ...

    @property
    def values(self) -> dict[str, Any]: ...

    def stores(self, system: str) -> bool: ...

    def caster_key(self) -> str | None: ...


class Context(Protocol):
    """What a handler may read and do (see the module)."""

    @property
    def campaign(self) -> Campaign:
        """The campaign as it stands now (after the last request)."""
        ...

    @property
    def journal(self) -> Journal:
        """The session's journal (what a fight's summary is made from)."""
        ...

    @property
    def lang(self) -> Lang: ...

    @property
    def saved_at(self) -> Path | None:
        """Where the campaign is saved (None: nowhere, a test's)."""
        ...

    @property
    def waiting(self) -> tuple[Sent, ...]:
        """What players sent that waits for the GM (issue 38), oldest first."""
        ...

    @property
    def offered(self) -> Sent | None:
        """The message offered beside the form shown (its empty die field takes it), or None."""
        ...

    @property
    def selected(self) -> str | None:
        """The selected combatant (``app.selected``: the list's cursor, or what the palette picked)."""
        ...

    @property
    def cursor(self) -> str | None:
        """The key under the cursor of the list the command's key was pressed on (the initiative
        list's, the group list's: what the list's keys act on); from elsewhere, the initiative
        list's."""
        ...

    @property
    def marked(self) -> frozenset[str]:
        """The combatants marked (space) as the targets of the next damage, spell or condition."""
        ...

    def mark(self, keys: frozenset[str]) -> None:
        """Mark ``keys`` (and only them)."""
        ...

    def request(self, action: Action) -> Awaitable[Answer]:
        """Apply ``action`` through the door: applied at once unless the GM is asked first; the
        answer (``Outcome``, ``Refused``, ``Declined``) awaited by who needs it."""
        ...

    def ask(self, dialog: Screen[T]) -> Awaitable[T | None]:
        """Open ``dialog`` now (the next key goes to it); its answer, awaited."""
        ...

    def open(self, screen: Screen[Any]) -> None:
        """Open ``screen`` (a sheet, a form that sends its own action): nothing is awaited."""
        ...

    def notify(self, text: str, *, severity: Severity = "information", timeout: float | None = None) -> None: ...

    def warn(self, key: str, /, timeout: float | None = 4, **values: object) -> None:
        """The text ``key`` as a warning (nothing was done)."""
        ...

    def go(self, pane: str, form: str = "", **options: object) -> Awaitable[None] | None:
        """Show ``pane`` and start its ``form`` (``"damage", "duel", defends=True``): what is
        returned is awaited before the next key (a form composed the first time)."""
        ...

    def show_check(self, outcome: Outcome, parts: str) -> None:
        """A check's outcome and the score's parts, under the initiative list."""
        ...

    def casting(self) -> Casting:
        """The Apothéose tab, which casts the spell typed in it."""
        ...

    def spell_tab(self) -> BookTab | None:
        """The spell pane's tab shown (None: not one the book reads)."""
        ...

    def show_spell(self, spell: BookSpell) -> Awaitable[object]:
        """``spell`` in its system's tab, priced, its first field focused."""
        ...

    def show_caster(self, caster: BookCaster, sphere: str | None) -> Awaitable[None]:
        """``caster``'s system's tab, the fields it fills filled."""
        ...


def targets(ctx: Context) -> tuple[str, ...]:
    """The marked combatants in initiative order, else the selected one (what damage, a spell's
    victims and a condition go to)."""
    from tui.access import targets_in

    return targets_in(ctx.campaign, ctx.marked, ctx.selected)


@attrs.frozen
class Ready(Generic[T]):
    """An answer known at once, to await like one that is not."""

    value: T

    def __await__(self) -> Generator[Any, None, T]:
        return self.value
        yield  # a generator: awaiting it returns at once
