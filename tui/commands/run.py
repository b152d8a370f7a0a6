"""The live side of the commands: a key's handler run with a context built from the app.

A node that binds GM commands mixes in :class:`Commanding`: its one action, ``command(id)``,
builds a :class:`LiveContext` from the node and runs the command's handler (the table names it).

A handler that asks (``async def``) runs at once up to its first wait, in the key's own turn:
the dialog it asks is open before the next key is read (typed fast, over SSH, the next key is
for the dialog); the rest runs in a worker, since the dialog's keys need the app's task free
(:mod:`tui.door`). A handler that does not ask returns what Textual awaits before the next key
(a form composed the first time), or nothing.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Awaitable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

import attrs

from tui.access import gm
from tui.commands.context import Context, Severity
from tui.commands.table import BY_ID, Command
from tui.i18n import t

if TYPE_CHECKING:
    from pathlib import Path

    from textual.app import App
    from textual.screen import Screen
    from textual.widget import Widget

    from core.actions import Action, Outcome
    from core.breakdown import Lang
    from core.campaign import Campaign
    from core.journal import Journal
    from core.player_send import Sent
    from core.spellbook.book import BookCaster, BookSpell
    from tui.app import ApotheoseApp
    from tui.commands.context import BookTab, Casting
    from tui.door import Answer
    from tui.screens.main import MainScreen

T = TypeVar("T")
W = TypeVar("W", bound="Widget")


@runtime_checkable
class Cursor(Protocol):
    """A list whose keys act on the key under its cursor."""

    @property
    def cursor_key(self) -> str | None: ...


@attrs.frozen
class LiveContext:
    """The :class:`~tui.commands.context.Context` of a key pressed on ``node`` in the GM's app."""

    node: Widget

    @property
    def app(self) -> ApotheoseApp:
        return gm(self.node)

    @property
    def main(self) -> MainScreen:
        from tui.screens.main import MainScreen

        screen = self.node if isinstance(self.node, MainScreen) else self.node.screen
        assert isinstance(screen, MainScreen), "a GM command runs on the main screen"
        return screen

    @property
    def campaign(self) -> Campaign:
        return self.app.campaign

    @property
    def journal(self) -> Journal:
        return self.app.session.journal

    @property
    def lang(self) -> Lang:
        return self.app.lang

    @property
    def saved_at(self) -> Path | None:
        return self.app.session.path

    @property
    def waiting(self) -> tuple[Sent, ...]:
        return self.app.waiting

    @property
    def offered(self) -> Sent | None:
        return self.app.offered

    @property
    def selected(self) -> str | None:
        return self.app.selected

    @property
    def cursor(self) -> str | None:
        from tui.widgets.initiative import InitiativeList

        if isinstance(self.node, Cursor):
            return self.node.cursor_key
        return self.main.query_one(InitiativeList).cursor_key

    @property
    def marked(self) -> frozenset[str]:
        return self.app.marked

    def mark(self, keys: frozenset[str]) -> None:
        self.app.marked = keys

    def request(self, action: Action) -> Awaitable[Answer]:
        return self.app.request(action)

    def ask(self, dialog: Screen[T]) -> Awaitable[T | None]:
        answer: asyncio.Future[T | None] = asyncio.get_running_loop().create_future()

        def answered(value: T | None) -> None:
            if not answer.done():
                answer.set_result(value)

        self.app.push_screen(dialog, answered)
        return answer

    def open(self, screen: Screen[Any]) -> None:
        self.app.push_screen(screen)

    def notify(self, text: str, *, severity: Severity = "information", timeout: float | None = None) -> None:
        self.app.notify(text, severity=severity, timeout=timeout)

    def warn(self, key: str, /, timeout: float | None = 4, **values: object) -> None:
        self.app.notify(t(key, self.lang, **values), severity="warning", timeout=timeout)

    def go(self, pane: str, form: str = "", **options: object) -> Awaitable[None] | None:
        return self.main.route(pane, form, **options)

    def show_check(self, outcome: Outcome, parts: str) -> None:
        from tui.widgets.initiative import InitiativePane

        self.main.query_one(InitiativePane).show_check(outcome, parts)

    def casting(self) -> Casting:
        from tui.widgets.spell import ApotheoseSpell

        return self.main.query_one(ApotheoseSpell)

    def spell_tab(self) -> BookTab | None:
        from tui.widgets.spell import SpellPane
        from tui.widgets.spell_tab import SpellTab

        system = self.main.query_one(SpellPane).active_system()
        return system if isinstance(system, SpellTab) and system.is_mounted else None

    async def show_spell(self, spell: BookSpell) -> object:
        """``spell`` in its system's tab, priced at once, its first field focused."""
        from tui import spells
        from tui.widgets.spell_tab import SpellTab

        tab = await self._spell_tab_shown(spells.pricing(spell.system).id, SpellTab)
        tab.spell = spell.inputs
        tab.book_name, tab.book_caster = spell.name, spell.caster
        tab.start_entry()
        return tab

    async def show_caster(self, caster: BookCaster, sphere: str | None) -> None:
        """``caster``'s system's tab, the fields it fills filled (with ``sphere``'s level)."""
        from tui.screens.spell_book import caster_fields
        from tui.widgets.spell_tab import CasterTab

        tab = await self._spell_tab_shown(caster.system, CasterTab)
        tab.book_caster = caster.name  # what a spell saved from the tab names as its caster
        tab.caster_filled(caster_fields(caster.inputs, sphere, tab.values))

    async def _spell_tab_shown(self, tab_id: str, kind: type[W]) -> W:
        """The spell pane shown on tab ``tab_id`` (composed the first time), the tab."""
        from tui.widgets.spell import SpellPane

        main = self.main
        main.pane = "spell"
        mounting = main.query_one(SpellPane).show_system(tab_id)
        if mounting is not None:
            await mounting
        return main.query_one(f"#spell-{tab_id}", kind)


def run(command: Command, ctx: LiveContext) -> Awaitable[Any] | None:
    """Run ``command``'s handler in ``ctx`` (see the module)."""
    handler = command.function()
    result = handler(ctx, *command.args)
    if inspect.iscoroutinefunction(handler):
        return start(ctx.app, result)
    awaited: Awaitable[Any] | None = result
    return awaited


def start(app: App[Any], work: Coroutine[Any, Any, Any]) -> Awaitable[Any] | None:
    """Run ``work`` now up to its first wait, then on in a worker. Done at once: what it
    returned (Textual awaits it before the next key)."""
    try:
        waiting = work.send(None)
    except StopIteration as done:
        returned: Awaitable[Any] | None = done.value
        return returned
    app.run_worker(_rest(work, waiting), group="request")
    return None


async def _rest(work: Coroutine[Any, Any, Any], waiting: Any) -> None:
    """Go on with ``work``, which waits on ``waiting`` (what a coroutine gives its task when it
    waits: a future, or None for a bare turn of the loop): once that is done, ``work`` reads it
    as it resumes."""
    while True:
        try:
            if waiting is None:
                await asyncio.sleep(0)
            else:
                await asyncio.wait({waiting})
        except asyncio.CancelledError:
            work.close()
            raise
        try:
            waiting = work.send(None)
        except StopIteration:
            return


class Commanding:
    """Mixin of a node (the main screen, a pane's widget) that binds GM commands."""

    def action_command(self, command_id: str) -> Awaitable[Any] | None:
        """Run the command ``command_id`` (the table's) with this node's context."""
        node: Widget = self  # type: ignore[assignment]  # mixed into a screen or a widget
        return run(BY_ID[command_id], LiveContext(node))


def context(node: Widget) -> Context:
    """The context of a key pressed on ``node`` (what mypy checks: a live context is a
    :class:`~tui.commands.context.Context`)."""
    return LiveContext(node)
