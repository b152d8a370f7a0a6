"""The form framework of the combat panes: a :class:`Form` previews on every change and submits
on Enter, a :class:`FormPane` holds a few forms (ctrl+t switches), keeps its character Selects in
step with the roster and sends the action to the app once, showing the refusal or the outcome."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, ClassVar, TypeVar, cast

from rich.cells import cell_len
from textual import events, on, work
from textual.binding import BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import ContentSwitcher, Input, Select, Static

from core.actions import Action, Outcome
from core.breakdown import Lang
from core.campaign import Campaign
from core.roster import Character
from core.scores import Applies
from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.door import Answer, Declined, Refused
from tui.i18n import t
from tui.safe import markup, plain
from tui.textual_fixes.checkbox import Checkbox
from tui.widgets.dice_field import KultDieField
from tui.widgets.inputs import Cycle, ErrorLine, FieldError, NumberField, preview_error, set_text
from tui.widgets.pane import Pane, back_to_list, switch_key
from tui.widgets.score_parts import (
    ScoreToggles,
    applies_to,
    default_score,
    parts_text,
    remembered,
)


def fighters(campaign: Campaign) -> list[Character]:
    """Characters taking part in the encounter (all of the roster when there is none)."""
    encounter = campaign.encounter
    if encounter is None:
        return list(campaign.roster)
    keys = set(encounter.keys)
    return [c for c in campaign.roster if c.id in keys] or list(campaign.roster)


def character_or_none(campaign: Campaign, key: object) -> Character | None:
    for c in campaign.roster:
        if c.id == key:
            return c
    return None


def outcome_text(outcome: Outcome, lang: Lang = "en") -> Content:
    """The summary in bold, then the other log lines and the breakdown (names stay plain text)."""
    head, *rest = outcome.lines
    body = [plain(item.text(lang)) for item in (*rest, *outcome.breakdown)]
    return Content("\n").join([markup("[b]$head[/b]", head=head.text(lang)), *body])


class Form(Described, Vertical):
    """A form of a :class:`FormPane`: any change re-previews, Enter in a field submits.

    ``SCORES`` maps a character Select's id to the score field it fills (the character's combat
    score with what the GM said applies, :func:`tui.widgets.score_parts.default_score`) and
    whether the form's affect (a Cycle with class ``affect``) moves that score by ±5: that one is
    the roller's, whose trade and speciality the form's :class:`ScoreToggles` tick (ctrl+b,
    ctrl+s). A Static ``.score-parts`` names each part of the scores filled in."""

    SCORES: ClassVar[dict[str, tuple[str, bool]]] = {}
    #: Enter on a choice (a Cycle) applies too; Inputs submit on their own.
    BINDINGS: ClassVar[list[BindingType]] = bindings("form")

    def __init__(self, pane: FormPane, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pane = pane
        self.affect = 0
        self.prefilled: dict[str, object] = {}

    def preview(self) -> None:
        """Show the chance and what Enter would do. Override."""

    def refuse(self, reason: str | FieldError, *shown: Static) -> None:
        """A field refused: its reason on the form's error line (none in a preview for a field
        not filled in yet: :class:`~tui.widgets.inputs.Missing`), ``shown`` (the preview's
        lines) emptied."""
        self.query_one(ErrorLine).show(reason if isinstance(reason, str) else preview_error(reason))
        for widget in shown:
            set_text(widget, "")

    async def submit(self) -> Answer | None:
        """Build the action and send it through the pane (:meth:`FormPane.apply`): its answer,
        or None when a field is refused before anything is sent. Override."""
        return None

    def action_submit(self) -> None:
        self.enter()

    @work(group="form")
    async def enter(self) -> None:
        """Enter in the form: apply it, then whatever came of it (applied, missed, refused,
        failed) the next key acts on the initiative list, unless the form says on screen that
        it waits for a die (a reroll), which Esc or any list key still leaves. A no to the
        door's question keeps the form, to change it. (A worker: the door may ask first.)"""
        answer = await self.submit()
        if isinstance(answer, Declined):
            return
        focused = self.app.focused
        if focused is not None and isinstance(focused, KultDieField) and focused.waiting:
            return
        refusals = [e.message for e in self.query(ErrorLine) if e.message]
        if refusals:  # seen at once even on an 80×24 screen, where the list hides the form
            self.app.notify(refusals[0], severity="warning", timeout=6)
        back_to_list(self)

    def choose(self, select_id: str, key: str | None) -> None:
        """Pick ``key`` in a character Select and put its score in the field."""
        self.pane.choose(self.query_one(f"#{select_id}", Select), key)
        self.prefill(select_id, key)

    def prefill(self, select_id: str, key: object) -> None:
        self.prefilled[select_id] = key
        field_id, with_affect = self.SCORES[select_id]
        character = character_or_none(self.pane.campaign, key)
        affect = self.affect if with_affect else 0
        score = None if character is None else default_score(self.app, character, affect=affect)
        self.query_one(f"#{field_id}", NumberField).value = "" if score is None else str(score.value)
        if with_affect:
            for toggles in self.query(ScoreToggles).results(ScoreToggles):
                toggles.show_for(character, Applies() if character is None else applies_to(self.app, character))
        self.show_parts()

    def roller(self) -> str | None:
        """The Select of the one who rolls (whose score the affect and the toggles move)."""
        return next((select_id for select_id, (_, with_affect) in self.SCORES.items() if with_affect), None)

    def show_parts(self) -> None:
        """Each filled score's parts, in the ``.score-parts`` Static (what the score assumes)."""
        shown = self.query(".score-parts").results(Static)
        lines = []
        for select_id, (field_id, with_affect) in self.SCORES.items():
            character = character_or_none(self.pane.campaign, self.prefilled.get(select_id))
            if character is not None:
                score = default_score(self.app, character, affect=self.affect if with_affect else 0)
                typed = self.query_one(f"#{field_id}", NumberField).value
                lines.append(parts_text(character.name, score, typed, self.pane.lang))
        for static in shown:
            set_text(static, "\n".join(lines))

    def action_applies(self, which: str) -> None:
        """ctrl+b / ctrl+s: tick or untick the roller's trade or speciality."""
        for toggles in self.query(ScoreToggles).results(ScoreToggles):
            box = toggles.trade if which == "trade" else toggles.speciality
            if not box.disabled:
                box.toggle()

    @on(Checkbox.Changed, ".applies-trade, .applies-speciality")
    def _applies_changed(self, event: Checkbox.Changed) -> None:
        """The GM says whether the roller's trade or speciality applies: remembered for that
        character, and its score filled again with it."""
        event.stop()
        select_id = self.roller()
        character = character_or_none(self.pane.campaign, self.prefilled.get(select_id)) if select_id else None
        if select_id is None or character is None:
            return
        remembered(self.app)[(character.id, "combat")] = ScoreToggles.changed(applies_to(self.app, character), event)
        self.prefill(select_id, character.id)
        self.preview()

    @on(Select.Changed)
    def _character_changed(self, event: Select.Changed) -> None:
        select_id = event.select.id or ""
        if select_id in self.SCORES and event.select.selection != self.prefilled.get(select_id):
            self.prefill(select_id, event.select.selection)
        self.preview()

    @on(Cycle.Changed)
    def _cycled(self, event: Cycle.Changed) -> None:
        if event.cycle.has_class("affect"):
            before, self.affect = self.affect, event.value
            field_id = next(field for field, with_affect in self.SCORES.values() if with_affect)
            field = self.query_one(f"#{field_id}", NumberField)
            try:
                field.value = str(int(field.value) + 5 * (self.affect - before))
            except ValueError:
                pass
            self.show_parts()
        self.preview()

    @on(Input.Changed)
    def _typed(self) -> None:
        self.show_parts()
        self.preview()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.enter()


FormT = TypeVar("FormT", bound=Form)


class FormPane(Pane):
    """A pane of forms (one shown at a time, ctrl+t switches) with a result area under them.

    Subclasses compose a Static ``.form-mode`` (the form tabs), a ContentSwitcher of forms and a
    Static ``.form-result``; ``MODES`` lists (form id, i18n key) in order."""

    MODES: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: Form id → the name of the pane's method that opens it (a click on its tab calls it).
    OPENERS: ClassVar[dict[str, str]] = {}
    result_text: Content = Content("")
    ready = False

    #: (fight, round, whose turn) the actors in the forms were filled for.
    turn_filled: tuple[object, ...] | None = None

    def campaign_changed(self, campaign: Campaign) -> None:
        """Follow ``campaign``; the first time (at mount), set the forms up too. When the turn
        passes, the forms' actors follow whose turn it is (never a stale one)."""
        self.follow(campaign)
        if not self.ready:
            self.ready = True
            self.show_form(self.MODES[0][0])
            self.prepare()
            self.turn_filled = self.turn_stamp()
        elif self.turn_stamp() != self.turn_filled:
            self.turn_filled = self.turn_stamp()
            self.new_turn()

    def turn_stamp(self) -> tuple[object, ...]:
        encounter = self.campaign.encounter
        return (None,) if encounter is None else (encounter.id, encounter.round, encounter.current)

    def new_turn(self) -> None:
        """The turn passed: put whose turn it is in the forms. Override."""

    def follow(self, campaign: Campaign) -> None:
        """Update what shows from ``campaign`` in place. Override."""

    def prepare(self) -> None:
        """Default values of the forms, once mounted. Override."""

    # -- the characters the Selects offer -------------------------------------------------------
    #: What the Selects offer: (name, id) pairs, their ids, and what they were built from.
    options_shown: tuple[tuple[Content, str], ...] = ()
    fighter_keys: frozenset[str] = frozenset()
    built_from: tuple[int, object] | None = None

    def fighter_options(self) -> tuple[tuple[Content, str], ...]:
        return tuple((plain(c.name), c.id) for c in fighters(self.campaign))

    def compose_options(self) -> tuple[tuple[Content, str], ...]:
        """The options for a Select being composed (the pane's state follows them)."""
        if self.built_from is None:
            self.sync_selects(force=True)
        return self.options_shown

    def sync_selects(self, force: bool = False) -> None:
        """New options in the Selects when characters come or go (or, with ``force``, were
        renamed); the choices are kept. Without ``force`` it costs nothing on a counter change,
        however long the roster."""
        campaign = self.campaign
        encounter = campaign.encounter
        stamp = (len(campaign.roster), encounter.participants if encounter else None)
        if (
            not force
            and self.built_from is not None
            and stamp[0] == self.built_from[0]
            and stamp[1] is self.built_from[1]
        ):
            return
        self.built_from = stamp
        options = self.fighter_options()
        if options == self.options_shown:
            return
        self.options_shown, self.fighter_keys = options, frozenset(key for _, key in options)
        for select in self.query(Select):
            kept = select.selection
            select.set_options(options)
            if kept in self.fighter_keys:
                select.value = kept

    def on_descendant_focus(self, event: Any) -> None:
        """A Select about to be opened offers the characters as they are now."""
        if isinstance(event.widget, Select):
            self.sync_selects(force=True)

    def choose(self, select: Select[str], key: str | None) -> None:
        if key is not None and key in self.fighter_keys:
            select.value = key
        else:
            select.clear()

    def current_key(self) -> str | None:
        encounter = self.campaign.encounter
        return encounter.current if encounter else None

    def current_character(self) -> str | None:
        key = self.current_key()
        return key if character_or_none(self.campaign, key) is not None else None

    # -- forms ----------------------------------------------------------------------------------
    #: The forms composed when first shown (all but a pane's first), once mounted, by id; the
    #: mounts under way. A form not shown at start-up is not composed then (the duel form, 37
    #: widgets, the defence and named-group forms, 56), nor its module imported (issue 37): only
    #: what it follows is kept.
    _late_forms: dict[str, Form]
    _late_mounts: dict[str, asyncio.Task[None]]
    #: The last character the GM selected (a form composed late starts with it).
    last_selected: str | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._late_forms = {}
        self._late_mounts = {}

    def form_of(self, cls: type[FormT]) -> FormT | None:
        """The form of class ``cls`` once composed and mounted, else None."""
        return next((form for form in self._late_forms.values() if isinstance(form, cls)), None)

    def late_form(self, form_id: str) -> Form | None:
        """The form ``form_id`` once composed and mounted, else None (its class not imported)."""
        return self._late_forms.get(form_id)

    def open_form(
        self,
        load: Callable[[], type[FormT]],
        form_id: str,
        ready: Callable[[FormT], None],
        opened: Callable[[FormT], None],
    ) -> Coroutine[Any, Any, None] | None:
        """Show the form ``form_id``: ``opened(form)`` now when composed; else import its class
        (``load()``), compose it in the pane's switcher (``ready(form)`` once mounted: what it
        would have followed) and return what opens it then. A key's action returns that for
        Textual to finish before the next key (a die typed right after the key goes to the new
        form's field)."""
        form = self._late_forms.get(form_id)
        if form is not None:
            opened(cast(FormT, form))
            return None
        mounts = self._late_mounts
        if form_id not in mounts:  # a task: two keys may wait for the same mount
            mounts[form_id] = asyncio.get_running_loop().create_task(self._compose_form(load(), form_id, ready))
        mounting = mounts[form_id]

        async def when_mounted() -> None:
            await mounting
            form = self._late_forms.get(form_id)
            if form is not None:
                opened(cast(FormT, form))

        return when_mounted()

    async def _compose_form(self, cls: type[FormT], form_id: str, ready: Callable[[FormT], None]) -> None:
        form = cls(self, id=form_id)
        form.display = False  # the switcher shows it
        await self.query_one(ContentSwitcher).mount(form)
        self._late_forms[form_id] = form
        ready(form)

    @property
    def mode(self) -> str:
        return self.query_one(ContentSwitcher).current or self.MODES[0][0]

    def show_form(self, mode: str) -> None:
        self.query_one(ContentSwitcher).current = mode
        parts = []
        for name, key in self.MODES:
            label = f" {t(key, self.lang)} "
            parts.append(f"[reverse]{label}[/]" if mode == name else f"[$text-muted]{label}[/]")
        set_text(self.query_one(".form-mode", Static), " ".join(parts) + f"  [$text-muted]{switch_key(self)}[/]")

    def mode_at(self, x: int) -> str | None:
        """The form whose tab is at column ``x`` of the tab line (as :meth:`show_form` lays it)."""
        start = 0
        for name, key in self.MODES:
            width = cell_len(t(key, self.lang)) + 2
            if start <= x < start + width:
                return name
            start += width + 1
        return None

    async def on_click(self, event: events.Click) -> None:
        """A click on a form's tab opens that form, as ctrl+t does."""
        widget = event.widget
        if widget is None or not widget.has_class("form-mode"):
            return
        offset = event.get_content_offset(widget)
        mode = self.mode_at(offset.x) if offset is not None else None
        if mode is not None and mode != self.mode and mode in self.OPENERS:
            opened = getattr(self, self.OPENERS[mode])()
            if opened is not None:
                await opened

    # -- applying -------------------------------------------------------------------------------
    async def apply(self, action: Action, error: ErrorLine, *, replace_last: bool = False) -> Answer:
        """Send ``action`` through the door, once, and show its answer: a refusal next to the
        fields (nothing changed), an outcome's breakdown in the result area. ``replace_last``:
        ``action`` takes the place of the journal's last (a reroll replaces the failed roll)."""
        error.show("")
        answer = await gm(self).request(action, replace_last=replace_last, quiet=True)
        if isinstance(answer, Refused):
            error.show(answer.text(self.lang))
        elif isinstance(answer, Outcome):
            self.show_result(outcome_text(answer, self.lang))
            done = gm(self).session.journal.done
            self.result_entry = (len(done) - 1, done[-1]) if done else None
        return answer

    #: (journal position, entry) of the action whose result the pane shows.
    result_entry: tuple[int, object] | None = None

    def on_mount(self) -> None:  # Pane.on_mount runs too (Textual calls each class's handler)
        self.watch(self.app, "journal_moves", self._result_still_true, init=False)

    def _result_still_true(self) -> None:
        """Undo took back the action whose result shows: it goes (the log keeps it, struck)."""
        if self.result_entry is None:
            return
        position, entry = self.result_entry
        done = gm(self).session.journal.done
        if len(done) <= position or done[position] is not entry:
            self.result_entry = None
            self.show_result("")

    def show_result(self, text: str | Content) -> None:
        """Show ``text`` (plain text when a string) in the result area."""
        self.result_text = text if isinstance(text, Content) else plain(text)
        set_text(self.query_one(".form-result", Static), self.result_text)  # a layout only if its size changes

    def add_result_line(self, text: str) -> None:
        self.show_result(Content("\n").join([self.result_text, markup("[$warning]$text[/]", text=text)]))
