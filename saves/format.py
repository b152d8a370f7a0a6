"""The campaign save format: one strict cattrs converter, a checked load and a cheap save.

A save is a versioned envelope (:mod:`saves.envelope`) holding the campaign as it stands and
its history::

    {"format": "apotheose.campaign", "version": 1,
     "campaign": {"name": …, "rules": {…}, "roster": [{…}], "groups": […], "encounters": […], …},
     "history": {"base": {…}, "done": [{"seq": 1, "action": {"type": "NextTurn"}, "lines": […]}],
                 "undone": […], "log": [{"seq": 1, "kind": "do", "line": {"en": …, "fr": …}}]}}

``campaign`` is the current state, hidden flags included, readable without replaying (a player
view reads only that). ``history`` is the journal as a save keeps it: at least the last
:data:`~core.journal.KEPT_IN_SAVE` actions. Loading carries on from ``campaign`` and replays
``done`` on ``base`` only when undo first goes back past it. If the replay fails or does not give
``campaign`` (the file was edited by hand, or a rule changed since), ``campaign`` wins: undo
stops there, saying why, and the combat log is kept. ``apotheose check`` replays at once
(``read_journal(..., replay=True)``) and says so in :attr:`Loaded.note`.

The converter is strict: ``"5"`` or ``3.7`` for a whole number, ``1`` for true/false, an unknown
enum value, a missing or unknown field are errors. Loading structures with the fast converter
and only when that fails again with the detailed one, to name the field (``$.campaign.roster[3]
.hp``) in a :class:`~saves.errors.BadFieldError`. Both come from :func:`make_converter`, the one
definition of the format. Saving goes through an :class:`Encoder`, which keeps the bytes of what
did not change (history entries, log lines, characters, groups, encounters) so an autosave costs
about the same after 10 actions as after 500.

Its pieces: the strict hooks (:mod:`saves.hooks`), the converter built from them
(:mod:`saves.converter`), the encoder (:mod:`saves.encoder`) and the migrations from older
versions (:mod:`saves.migrations`); this module reads a save and names what is wrong in it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from os import PathLike
from pathlib import Path
from typing import Any

import attrs
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
)

from core.actions import apply
from core.campaign import Campaign
from core.errors import RulesError
from core.journal import Entry, Journal, LogLine
from saves import migrations  # noqa: F401 - registers the format's migrations on CAMPAIGN
from saves.converter import CONVERTER, SYSTEM_TAG, TAG, detailed_converter, make_converter, unstructure
from saves.encoder import SLACK, Encoder, encode
from saves.envelope import CAMPAIGN, EnvelopeFormat
from saves.errors import BadFieldError
from saves.hooks import Invalid, UnknownValueError, WrongTypeError


@attrs.frozen
class History:
    """The journal as a save holds it: :class:`~core.journal.Journal` without its derived states."""

    base: Campaign
    done: tuple[Entry, ...] = ()
    undone: tuple[Entry, ...] = ()
    log: tuple[LogLine, ...] = ()


@attrs.frozen
class SaveFile:
    """A save's payload (inside the envelope): the campaign now and its history."""

    campaign: Campaign
    history: History


@attrs.frozen
class Loaded:
    """A loaded save: the journal to carry on with, and why its undo history was reset, if it was."""

    journal: Journal
    note: str | None = None


# -- reading ---------------------------------------------------------------------------------


def decode(raw: bytes, path: str | PathLike[str], envelope: EnvelopeFormat = CAMPAIGN) -> SaveFile:
    """The checked content of a save file's bytes (no replay); errors name the file and field.

    ``envelope`` is the format with its migrations (another one only in tests of a chain).

    The cyclic garbage collector waits while it runs: the file's parsed JSON (about 20,000 dicts
    and lists at 1,000 actions) lives only until it is structured, and the collector would go
    over it again and again as the new objects pile up (a few per cent of an open, more in the
    app, whose heap is larger). Nothing here makes a cycle to collect, and what it builds (the
    campaign, its history: about 8,000 objects at 1,000 actions) is handed to the oldest
    generation as it ends, as it would be after two young collections, without those collections
    walking it (4 % of an open's instructions); see :func:`_collector_waiting`."""
    with _collector_waiting():
        return checked(raw, envelope.open(raw, path), path)


@contextmanager
def _collector_waiting() -> Iterator[None]:
    """``gc`` disabled inside, enabled again after if it was before (an error included).

    The objects made inside are then moved to the oldest generation (``gc.freeze`` then
    ``gc.unfreeze``: two list splices, the young generation's count back to zero), unless someone
    holds objects frozen (the app, once its campaign is open): unfreezing would let theirs go.
    Young objects made meanwhile by another thread go with them; like anything old, they are
    looked at again by the next full collection."""
    if not gc.isenabled():  # someone else holds it off (another thread's open): leave it to them
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        if not gc.get_freeze_count():
            gc.freeze()
            gc.unfreeze()
        gc.enable()


def checked(raw: bytes, payload: dict[str, Any], path: str | PathLike[str]) -> SaveFile:
    """The one validation of a save's payload (its envelope opened): every field structured, its
    texts and references checked. What ``apotheose check``, the app and the players' view run,
    so that a file one of them accepts the others open."""
    try:
        data = _structured(payload)
    except Exception as fast_error:  # noqa: BLE001 - any failure is explained by the detailed pass
        raise _explain(payload, Path(path), fast_error) from None
    from saves.integrity import check_loaded  # text and references: what would crash the app

    check_loaded(raw, payload, data.campaign, data.history.base, data.history.log, path)
    return data


_EMPTY_BOOK: dict[str, list[Any]] = {"spells": [], "casters": []}


def _structured(payload: dict[str, Any]) -> SaveFile:
    """``payload`` as a SaveFile, the spell book built once when the history's base holds the
    same one as the campaign (the usual case): each spell's inputs are checked through the rules
    when built, 10,000 spells cost a second, and twice that when built for both."""
    campaign, history = payload.get("campaign"), payload.get("history")
    base = history.get("base") if type(history) is dict else None
    book = campaign.get("book") if type(campaign) is dict else None
    if type(history) is not dict or type(base) is not dict or type(book) is not dict:
        return CONVERTER.structure(payload, SaveFile)
    if book == _EMPTY_BOOK or base.get("book") != book:
        return CONVERTER.structure(payload, SaveFile)
    lighter = {**payload, "history": {**history, "base": {**base, "book": _EMPTY_BOOK}}}
    data = CONVERTER.structure(lighter, SaveFile)
    shared = attrs.evolve(data.history.base, book=data.campaign.book)
    return attrs.evolve(data, history=attrs.evolve(data.history, base=shared))


#: Why a loaded journal's undo history was reset (:attr:`Loaded.note`).
HISTORY_RESET = "the campaign differs from what its history gives (edited outside apotheose?): undo starts from here"


def read_journal(
    raw: bytes, path: str | PathLike[str], envelope: EnvelopeFormat = CAMPAIGN, *, replay: bool = False
) -> Loaded:
    """Load a save: check it, and carry on from the campaign it holds.

    The history is replayed only when a state before that campaign is first needed (see
    :meth:`Journal.loaded`): a history that does not lead to the campaign is found then, and undo
    stops there. With ``replay`` (``apotheose check``) it is replayed now: an action that cannot be
    replayed is a :class:`BadFieldError`, and a campaign that differs from what its history gives
    wins, undo starting from it (:attr:`Loaded.note` says so)."""
    data = decode(raw, path, envelope)
    history = data.history
    if not replay and (history.done or history.base == data.campaign):
        return Loaded(Journal.loaded(data.campaign, history.base, history.done, history.undone, history.log))
    try:
        journal = Journal.restore(history.base, history.done, history.undone, history.log)
    except Exception:  # noqa: BLE001 - find the action that cannot be replayed and name it
        raise _replay_error(history, Path(path)) from None
    if journal.campaign == data.campaign:
        return Loaded(journal)
    return Loaded(Journal(base=data.campaign, log=history.log), HISTORY_RESET)


def _replay_error(history: History, path: Path) -> BadFieldError:
    campaign = history.base
    for i, entry in enumerate(history.done):
        try:
            campaign = apply(campaign, entry.action).campaign
        except Exception as exc:  # noqa: BLE001 - whatever it raises, this is the action to name
            reason = exc.args[0] if isinstance(exc, RulesError) else repr(exc)
            return BadFieldError(path, f"$.history.done[{i}].action", f"cannot be replayed: {reason}")
    return BadFieldError(path, "$.history", "cannot be replayed")


def _explain(payload: dict[str, Any], path: Path, fast_error: Exception) -> BadFieldError:
    """Structure again with detailed validation and turn the first error into a BadFieldError."""
    try:
        detailed_converter().structure(payload, SaveFile)
    except Exception as exc:  # noqa: BLE001 - any failure of the detailed pass is the explanation
        problems = list(field_errors(exc))
    else:  # the two converters disagree: should not happen, but never hide the failure
        problems = [("$", f"cannot be read ({fast_error!r})")]
    field, reason = problems[0]
    if len(problems) > 1:
        reason += f" (and {len(problems) - 1} more problem{'s' if len(problems) > 2 else ''})"
    return BadFieldError(path, field, reason)


def field_errors(exc: BaseException, path: str = "$") -> Iterator[tuple[str, str]]:
    """``(json path, reason)`` for each error a detailed structuring found, like
    :func:`cattrs.transform_error`, with a RulesError's field appended to its object's path."""
    if isinstance(exc, (ClassValidationError, IterableValidationError)):
        with_notes, without = exc.group_exceptions()
        for inner, note in with_notes:
            step = f".{note.name}" if isinstance(note, AttributeValidationNote) else f"[{note.index!r}]"
            yield from field_errors(inner, path + step)
        for inner in without:
            yield from field_errors(inner, path)
    elif isinstance(exc, RulesError):
        allowed = f" (allowed: {exc.allowed})" if exc.allowed else ""
        yield f"{path}.{exc.field}", f"{exc.reason}{allowed}"
    elif isinstance(exc, ForbiddenExtraKeysError):
        extra = sorted(exc.extra_fields)
        yield f"{path}.{extra[0]}", f"unknown field{'s' if len(extra) > 1 else ''} {', '.join(map(repr, extra))}"
    elif isinstance(exc, KeyError):
        yield path, "is missing"
    elif isinstance(exc, Invalid):
        yield (f"{path}.{exc.field}" if exc.field else path), exc.reason
    else:
        yield path, f"is not valid ({exc})"


__all__ = [
    "CONVERTER",
    "HISTORY_RESET",
    "SLACK",
    "SYSTEM_TAG",
    "TAG",
    "Encoder",
    "History",
    "Invalid",
    "Loaded",
    "SaveFile",
    "UnknownValueError",
    "WrongTypeError",
    "checked",
    "decode",
    "detailed_converter",
    "encode",
    "field_errors",
    "make_converter",
    "read_journal",
    "unstructure",
]
