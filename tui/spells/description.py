"""What a spell system is to the app: a description its tab is built from (no Textual here).

A :class:`SpellDescription` says, for one magic system, what the GM types (``parts``: rows of
fields, with their bounds and hints, and the lines the result shows on), how the typed values
become the one value core prices (``inputs``: the values by field name → the core request, a
:class:`~core.errors.RulesError` naming the field when they cannot be one), how core prices it
(``price``) and how the result reads (``shown``: a :class:`Scored`). The tab
(:class:`tui.widgets.spell_tab.SpellTab`) composes the parts, reads its fields into a mapping
(:attr:`~tui.widgets.spell_tab.SpellTab.values`, which can be written back: what a spell book
stores of a spell) and shows what the description says of it on every key.

A system with several forms (Système D6: spell, psionics, a skill's cost) has one
:class:`Mode` each, switched with ctrl+t.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from core.breakdown import Lang
from core.errors import RulesError
from tui.i18n import Said, t

Pair = tuple[str, str]
Values = Mapping[str, Any]


def in_both(key: str, **values: object) -> Pair:
    """The catalogue's text ``key`` in English and French, filled with ``values``: a choice's
    label made from core's numbers (``3 targets +2``)."""
    return t(key, "en", **values), t(key, "fr", **values)


# -- fields -------------------------------------------------------------------------------------------
@attrs.frozen
class Text:
    """A field of free text (``{prefix}-{name}``; its value is the text as typed: a die code, a
    list of numbers); ``label`` before it (None: none); ``restrict`` the characters it takes;
    ``hint`` what it takes (the hint line and its tooltip); ``small``: its label is an inline
    one (``{style}-small``); ``widget``: a field of the system's own (``"module:Class"``)."""

    name: str
    label: Said | None = None
    placeholder: str = ""
    restrict: str | None = None
    value: str = ""
    classes: str = ""
    hint: Said | None = None
    small: bool = False
    select_on_focus: bool = True
    widget: str | None = None


@attrs.frozen
class Number:
    """A whole-number field, empty or typed (a few digits by default), as :class:`Text` is made
    (the same fields, the restrict's default aside: attrs puts a field redefined in a subclass
    last, which would move it among the positional ones); its ``widget``, when it has one, is a
    :class:`NumberField` (one that also rolls its die on Enter)."""

    name: str
    label: Said | None = None
    placeholder: str = ""
    restrict: str | None = r"\d{0,2}"
    value: str = ""
    classes: str = ""
    hint: Said | None = None
    small: bool = False
    select_on_focus: bool = True
    widget: str | None = None


@attrs.frozen
class Choice:
    """A one-line choice among a few (its keys: ``choice-next``, ``choice-previous``): ``choices`` are (value, label);
    ``fit``: as wide as its longest label, so the fields after it keep their place; ``widget``:
    a choice of the system's own (``"module:Class"``, a ``Cycle``)."""

    name: str
    choices: tuple[tuple[Any, Said], ...]
    value: Any = None
    hint: Said | None = None
    fit: bool = True
    widget: str | None = None


@attrs.frozen
class Check:
    """A box to tick."""

    name: str
    label: Said
    value: bool = False
    #: The house rule (an attribute of ``campaign.rules``) it starts as, when it has one.
    rule: str = ""
    classes: str = ""


@attrs.frozen
class Pick:
    """A list to open (a Select): ``options`` are (value, label); ``prompt`` shown
    while nothing is picked (None: one is always picked, the first by default)."""

    name: str
    options: tuple[tuple[str, Said], ...]
    value: str | None = None
    prompt: Said | None = None
    label: Said | None = None
    classes: str = ""


@attrs.frozen
class Words:
    """A label alone in a row (``small``: an inline one)."""

    label: Said
    small: bool = False


@attrs.frozen
class Line:
    """A line of text the tab writes (``{prefix}-{name}``): a result, a hint beside a field;
    ``text`` before it does; ``hide_empty``: it takes no room while it says nothing."""

    name: str
    classes: str = ""
    text: Said | None = None
    hide_empty: bool = False


@attrs.frozen
class Custom:
    """A widget of the system's own (``"module:Class"``), made with ``id={prefix}-{name}``; it has
    a ``value`` the tab reads and writes, and posts ``Changed`` when it changes."""

    name: str
    widget: str


Item = Number | Text | Choice | Check | Pick | Words | Line | Custom


@attrs.frozen
class Row:
    """Items on one line (a ``{style}-row`` unless ``row_class`` is false), with more classes or
    an id of its own (``{prefix}-{id}``)."""

    items: tuple[Item, ...]
    classes: str = ""
    id: str = ""
    row_class: bool = True


@attrs.frozen
class Fields:
    """Rows of fields (or lines), in a container ``{prefix}-{name}`` (a Vertical, or the system's
    own ``widget``, ``"module:Class"``: one whose Enter casts)."""

    rows: tuple[Row | Item, ...]
    name: str = "fields"
    widget: str | None = None
    classes: str = ""


@attrs.frozen
class Scroll:
    """Lines that scroll (the breakdown, when the fields above must stay in view)."""

    name: str
    lines: tuple[Line, ...]


Part = Fields | Row | Scroll | Item


# -- what the tab shows ------------------------------------------------------------------------------
@attrs.frozen
class Scored:
    """What the tab shows of a spell: the text of each of its lines (by name, ``""``: nothing),
    and whether the verdict line says it can be done (True), cannot (False) or neither (None)."""

    lines: Mapping[str, str]
    ok: bool | None = None


class Prompt(RulesError):
    """What the tab asks for while a field it needs is empty (*Type the effect…*): shown alone,
    without the field's name."""


def prompt(field: str, key: str) -> Prompt:
    """The tab's question while ``field`` is blank (the registered text ``key``, both languages)."""
    return Prompt(field, t(key, "en"), None, t(key, "fr"))


def refused(
    error: RulesError, lang: Lang, *, field: str = "", summary: str = "summary", clear: Sequence[str] = ()
) -> Scored:
    """The tab's lines when the spell as typed cannot be priced: the refusal on the summary (its
    reason alone when it is a :class:`Prompt` or its field is ``field``, the one a new spell
    starts on), the others empty."""
    text = error.reason_in(lang) if isinstance(error, Prompt) or error.field == field else error.text(lang)
    return Scored({summary: text, **dict.fromkeys(clear, "")}, ok=False)


# -- a system ----------------------------------------------------------------------------------------
@attrs.frozen
class Mode:
    """One form of a system: its parts, how its values become the core request, how that is
    priced and shown, its first field (focused when the tab opens)."""

    id: str
    title: Said
    parts: tuple[Part, ...]
    inputs: Callable[[Values], Any]
    price: Callable[..., Any]
    #: (result, lang, **context) → the lines shown: the context is the tab's (the caster, a display
    #: preference such as the Quatre Pôles fractions).
    shown: Callable[..., Scored]
    refused: Callable[[RulesError, Lang], Scored]
    first: str
    verdict: str = "summary"
    #: Lines worked out from the values, whether the spell can be priced or not (what a level
    #: means, a blood mana's backlash): (values, campaign, lang, **context) → text by line name;
    #: written before the result's (which may say better).
    extra: Callable[..., Mapping[str, str]] | None = None
    #: The spell book's system whose inputs (a :class:`~core.spellbook.book.SpellInputs`) this
    #: mode's ``inputs`` gives ("": a form the book does not keep), and the fields' values for
    #: such a stored spell (what the tab shows when the GM picks it in the book).
    system: str = ""
    filled: Callable[[Any], Values] | None = None


@attrs.frozen
class SpellDescription:
    """A magic system as its tab is built (see the module): ``id`` names the tab and prefixes its
    fields' ids (``style`` its CSS classes, the same by default); ``title`` is the tab's and the
    palette's (*Spell cost: Mage*); ``modes``: its forms, the first shown first; ``hints``: a line
    that says what the field in focus takes (its name, and what it says when no field has the
    focus), or None."""

    id: str
    title: Said
    modes: tuple[Mode, ...]
    style: str = ""
    hints: tuple[str, Said] | None = None
    #: Parts above and below the modes' (a system with several modes shares them).
    head: tuple[Part, ...] = ()
    tail: tuple[Part, ...] = ()
    #: The CSS class (after ``{style}-``) of its number fields and of its inline labels.
    number_class: str = "number"
    small_class: str = "small"
    #: Its tab, when it does more than price (``"module:Class"``, a SpellTab).
    tab: str = "tui.widgets.spell_tab:SpellTab"
    #: Whether the tab itself is a stop of Tab (a scrolling container is, by default).
    tab_stop: bool = True
    #: The field focused once a remembered caster has filled the tab ("": the mode's first).
    after_caster: str = ""

    @property
    def css(self) -> str:
        return self.style or self.id

    def mode(self, mode_id: str) -> Mode:
        return next(mode for mode in self.modes if mode.id == mode_id)


def items(parts: Sequence[Part]) -> list[Item]:
    """Every field and line of ``parts``, in order."""
    out: list[Item] = []
    for part in parts:
        if isinstance(part, Fields):
            out += items(part.rows)
        elif isinstance(part, Row):
            out += part.items
        elif isinstance(part, Scroll):
            out += part.lines
        else:
            out.append(part)
    return out


def fields_of(mode: Mode) -> list[Number | Text | Choice | Check | Pick | Custom]:
    """The fields of ``mode`` whose values it reads."""
    return [item for item in items(mode.parts) if isinstance(item, (Number, Text, Choice, Check, Pick, Custom))]


def parsed(values: Values, name: str) -> int | None:
    """A number field's value: None when empty."""
    value = values.get(name)
    return value if isinstance(value, int) else None
