"""Prepare a fight in a few keys: NPCs from a template, a mook group in one line, a character
typed on one line, a roster from a file, and any character saved as a template.

- ``T`` :class:`TemplatePicker`: ``3 vet`` ⏎ adds Vétéran 1…3 (the count first, then part of the
  template's name; ↑/↓ choose among the matches).
- ``M`` :class:`MookLine`: ``12 s`` ⏎ adds a group of 12 standard soldiers (``12 vét Gardes`` names it).
- ``Q`` :class:`QuickAdd`: ``Garde 8/4/6/2 soldat:épée cotte ×3`` ⏎ (see :mod:`core.quick`).
- the palette: "Save the selected character as a template", "Import characters from a file".

Each dialog previews what it will add as the GM types, shows the error of the part that does
not parse under the line, and adds everything in one :class:`~core.actions.AddMany` (one undo);
during a fight the new ones join it, as with the forms (a box the GM can untick).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from core.actions import AddMany, Outcome, trial
from core.breakdown import Lang, Line
from core.errors import RulesError
from core.notation import format_armour, format_trades
from core.quick import SYNTAX, parse_quick
from core.templates import (
    Template,
    copies,
    count_and_rest,
    find,
    group_of,
    parse_group_line,
    split_count,
)
from tui.access import gm, lang_of
from tui.commands.keys import Described, bindings
from tui.door import Refused
from tui.i18n import t
from tui.screens.prompts import ValuePrompt
from tui.state import AppState
from tui.textual_fixes.checkbox import Checkbox


def library_file(path: Path | None) -> Path:
    """The template library of the campaign saved at ``path``: ``$APOTHEOSE_TEMPLATES``, else
    beside the campaign (its saves folder), else in the default saves folder."""
    from saves.templates import ENV_VAR, library_path

    if path is not None and not os.environ.get(ENV_VAR):
        return library_path(Path(path).parent)
    return library_path()


def _lines(lines: tuple[Line, ...] | list[Line], lang: Lang) -> str:
    return "\n".join(line.text(lang) for line in lines)


class LineDialog(Described, AppState, ModalScreen[bool]):
    """One line of text, a preview of what it adds (updated as the GM types), its error, and
    "join the fight" during one. Enter adds (one :class:`AddMany`); Escape closes."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("line")
    TITLE = ""
    HINT = ""
    PLACEHOLDER = ""

    def __init__(self, value: str = "") -> None:
        super().__init__(classes="dialog line-dialog")
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box line-box") as box:
            box.border_title = t(self.TITLE, self.lang)
            yield Static(self.hint(), classes="line-hint", markup=False)
            yield Input(self.value, placeholder=self.PLACEHOLDER, id="line-input", compact=True)
            yield from self.middle()
            yield Static("", id="line-preview", markup=False)
            yield Static("", id="line-error", classes="field-error", markup=False)
            enc = self.campaign.encounter
            if enc is not None:
                yield Checkbox(t("tpl.join", self.lang, fight=enc.name), True, id="line-join", compact=True)

    def hint(self) -> str:
        return t(self.HINT, self.lang)

    def middle(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.query_one("#line-input", Input).focus()
        self.refresh_preview()

    def on_key(self, event: events.Key) -> None:
        """A key typed before the field had the focus (the GM typed ``M12s`` fast) still goes in it."""
        fields = self.query("#line-input")
        if fields and self.focused is None and event.is_printable and event.character:
            field = fields.first(Input)
            field.focus()
            field.insert_text_at_cursor(event.character)
            event.stop()

    @property
    def joins(self) -> bool:
        boxes = self.query("#line-join")
        return bool(boxes) and boxes.first(Checkbox).value

    def action(self, text: str) -> AddMany:
        """The addition ``text`` asks for (a RulesError says what is wrong). Override."""
        raise NotImplementedError

    def describe(self, action: AddMany) -> str:
        return _lines(trial(self.campaign, action).lines[:2], self.lang)

    @on(Input.Changed, "#line-input")
    def _changed(self) -> None:
        self.refresh_preview()

    def refresh_preview(self) -> None:
        text = self.query_one("#line-input", Input).value
        preview, error = "", ""
        if text.strip():
            try:
                preview = self.describe(self.action(text))
            except RulesError as exc:
                error = exc.text(self.lang)
        self.query_one("#line-preview", Static).update(preview)
        line = self.query_one("#line-error", Static)
        line.update(error)
        line.display = bool(error)

    @on(Input.Submitted, "#line-input")
    async def submit(self) -> None:
        """Add what the line says (one :class:`AddMany`); a refusal stays under it, with what
        was typed."""
        text = self.query_one("#line-input", Input).value
        try:
            action = self.action(text)
        except RulesError as error:
            self.refused(error)
            return
        answer = await gm(self).request(AddMany(action.characters, action.groups, join=self.joins), quiet=True)
        if isinstance(answer, Refused):
            self.refused(answer.error)
        elif isinstance(answer, Outcome):
            self.dismiss(True)

    def refused(self, error: RulesError) -> None:
        line = self.query_one("#line-error", Static)
        line.update(error.text(self.lang))
        line.display = True

    def action_cancel(self) -> None:
        self.dismiss(False)


class TemplatePicker(LineDialog):
    """``3 vet`` ⏎: three numbered copies of the first template whose name holds "vet"."""

    BINDINGS: ClassVar[list[BindingType]] = [*LineDialog.BINDINGS, *bindings("template-picker")]
    TITLE = "tpl.picker_title"
    HINT = "tpl.picker_hint"
    PLACEHOLDER = "3 vet"

    def __init__(self, templates: tuple[Template, ...], value: str = "", problem: str | None = None) -> None:
        super().__init__(value)
        self.templates = templates
        self.problem = problem
        self.matches: list[Template] = list(templates)

    def hint(self) -> str:
        hint = t(self.HINT, self.lang)
        return hint if self.problem is None else f"{hint}\n{t('tpl.bad_library', self.lang, error=self.problem)}"

    def middle(self) -> ComposeResult:
        yield OptionList(id="template-list", compact=True)

    def _fill(self, query: str) -> None:
        matches = find(self.templates, query)
        if [m.name for m in matches] == [m.name for m in self.matches] and self.query_one(OptionList).option_count:
            return
        self.matches = matches
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options([Option(Text(self._summary(m)), id=str(i)) for i, m in enumerate(matches)])
        if matches:
            options.highlighted = 0

    def _summary(self, template: Template) -> str:
        c = template.characteristics
        parts = [format_trades(template.trades), format_armour(template.armour_pieces, self.lang)]
        parts += [t("tpl.mystic", self.lang)] if template.mystic else []
        extra = " · ".join(p for p in parts if p)
        return f"{template.name}  {c.corps}/{c.esprit}/{c.combat}/{c.ame}" + (f"  {extra}" if extra else "")

    def refresh_preview(self) -> None:
        text = self.query_one("#line-input", Input).value
        self._fill(count_and_rest(text)[1])
        super().refresh_preview()

    def chosen(self) -> Template | None:
        options = self.query_one(OptionList)
        index = options.highlighted
        return self.matches[index] if index is not None and index < len(self.matches) else None

    def action(self, text: str) -> AddMany:
        count, query = split_count(text)
        template = self.chosen()
        if template is None:
            raise RulesError("template", f"no template matches {query!r}", [m.name for m in self.templates],
                             f"aucun modèle ne correspond à {query!r}")  # fmt: skip
        return AddMany(copies(template, count, self.campaign))

    def action_move(self, step: int) -> None:
        options = self.query_one(OptionList)
        if options.option_count:
            options.highlighted = ((options.highlighted or 0) + step) % options.option_count
            super().refresh_preview()

    @on(OptionList.OptionSelected)
    async def _clicked(self, event: OptionList.OptionSelected) -> None:
        self.query_one(OptionList).highlighted = event.option_index
        await self.submit()


class MookLine(LineDialog):
    """``12 s`` ⏎: a group of 12 standard soldiers; ``12 vét Gardes de Villon`` names it."""

    TITLE = "tpl.mooks_title"
    HINT = "tpl.mooks_hint"
    PLACEHOLDER = "12 standard"

    def action(self, text: str) -> AddMany:
        count, grade, name = parse_group_line(text)
        return AddMany(groups=(group_of(self.campaign, grade, count, name, lang=self.lang),))

    def describe(self, action: AddMany) -> str:
        g = action.groups[0]
        grade = g.grade.label.text(self.lang)
        return t("tpl.mooks_preview", self.lang, name=g.name, total=g.total, grade=grade,
                 difficulty=g.grade.difficulty, init=g.initiative)  # fmt: skip


class QuickAdd(LineDialog):
    """``Garde 8/4/6/2 soldat:épée cotte ×3`` ⏎ (see :mod:`core.quick`)."""

    TITLE = "tpl.quick_title"
    PLACEHOLDER = "Garde 8/4/6/2 soldat:épée cotte"

    def hint(self) -> str:
        return SYNTAX.text(self.lang)

    def action(self, text: str) -> AddMany:
        return AddMany(parse_quick(text).characters(self.campaign))

    def describe(self, action: AddMany) -> str:
        quick = parse_quick(self.query_one("#line-input", Input).value)
        return _lines(quick.preview(self.campaign), self.lang)


class FilePrompt(ValuePrompt):
    """:class:`ValuePrompt` whose label and error are plain text: an error quotes what a file or
    the GM wrote (a name, a cell), which is data, never markup. ``fight``: the fight under way,
    which what the file adds joins unless the GM unticks the box (as with ``T``, ``M``, ``Q``)."""

    def __init__(self, *args: Any, fight: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fight = fight

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box"):
            yield Static(self.label, classes="dialog-question", markup=False)
            yield Input(self.value, placeholder=self.placeholder, id="prompt-value")
            yield Static("", id="prompt-error", classes="field-error", markup=False)
            if self.fight is not None:
                yield Checkbox(t("tpl.join", lang_of(self), fight=self.fight), True, id="prompt-join", compact=True)

    @property
    def joins(self) -> bool:
        boxes = self.query("#prompt-join")
        return bool(boxes) and boxes.first(Checkbox).value
