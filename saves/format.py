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
"""

from __future__ import annotations

import enum
import threading
import types
import typing
from collections.abc import Callable, Iterator
from os import PathLike
from pathlib import Path
from typing import Any

import attrs
import cattrs
import orjson
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn
from cattrs.strategies import configure_tagged_union, include_subclasses

from core.actions import ALL_ACTIONS, Action, apply
from core.campaign import Campaign
from core.errors import RulesError
from core.journal import KEPT_IN_SAVE, Entry, Journal, LogLine
from saves.envelope import CAMPAIGN, CURRENT_VERSION, FORMAT, EnvelopeFormat, _json_type
from saves.errors import BadFieldError

#: The key naming an action's class in a save: ``{"type": "Damage", "targets": […], …}``.
TAG = "type"
#: A save keeps between KEPT_IN_SAVE and KEPT_IN_SAVE + SLACK actions: the base it holds then
#: moves (and is encoded again) once every SLACK actions instead of after each one.
SLACK = 50

Hook = Callable[[Any, Any], Any]


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


# -- strict hooks ----------------------------------------------------------------------------


class Invalid(ValueError):
    """A value the format refuses; ``field`` (if any) is the key inside it that is wrong."""

    def __init__(self, reason: str, field: str | None = None) -> None:
        self.reason, self.field = reason, field
        super().__init__(reason)


class WrongTypeError(Invalid, TypeError):
    """A JSON value of the wrong type for its field."""

    def __init__(self, expected: str, value: object) -> None:
        super().__init__(f"expected {expected}, found {_found(value)}")


class UnknownValueError(Invalid):
    """A string that is none of the values its field allows."""

    def __init__(self, value: object, allowed: typing.Iterable[str], what: str = "value") -> None:
        super().__init__(f"unknown {what} {value!r} (allowed: {', '.join(allowed)})")


def _found(value: object) -> str:
    """``a string "5"``, ``a number 3.7``, ``true``, ``an array``: a JSON value, for a message."""
    if isinstance(value, (bool, type(None))):
        return orjson.dumps(value).decode()
    if isinstance(value, (dict, list)):
        return _json_type(value)
    shown = orjson.dumps(value).decode()
    return f"{_json_type(value)} {shown if len(shown) <= 60 else shown[:60] + f'… ({len(shown)} characters)'}"


def _strict(kind: type, expected: str) -> Hook:
    """Exactly ``kind`` (no coercion: not "5" for 5, not true for 1); a subclass of ``kind`` asked
    for (a StrEnum for ``str``) is an enum, taken by value."""

    def structure(value: Any, type_: Any) -> Any:
        if type(value) is not kind:
            raise WrongTypeError(expected, value)
        return value if type_ is kind else _member(type_, value)

    return structure


def _number(value: Any, _type: Any) -> float:
    if type(value) is float or type(value) is int:
        return value
    raise WrongTypeError("a number", value)


def _is_enum(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, enum.Enum)


def _member(cls: type[enum.Enum], value: Any) -> enum.Enum:
    """The member of ``cls`` whose value is ``value``: by value only (not by label or name)."""
    try:
        return cls._value2member_map_[value]
    except (KeyError, TypeError):  # TypeError: an array or object is not a value
        raise UnknownValueError(value, [str(m.value) for m in cls]) from None


def _enum_hook(cls: type[enum.Enum]) -> Hook:
    """Enums that are neither str nor int (those go through :func:`_strict`)."""
    return lambda value, _type: _member(cls, value)


def _is_tuple(t: Any) -> bool:
    return typing.get_origin(t) is tuple


def _tuple_factory(detailed: bool) -> Callable[[Any, cattrs.Converter], Hook]:
    """Tuples from JSON arrays only (cattrs would take any iterable: a string, an object's keys)."""

    def factory(t: Any, converter: cattrs.Converter) -> Hook:
        args = typing.get_args(t)
        homogeneous = len(args) == 2 and args[1] is Ellipsis
        item = args[0]
        hooks = [converter.get_structure_hook(a) for a in (args[:1] if homogeneous else args)]

        def items(value: Any) -> Iterator[tuple[Any, Hook, Any]]:
            if type(value) is not list:
                raise WrongTypeError("an array", value)
            if homogeneous:
                return ((v, hooks[0], item) for v in value)
            if len(value) != len(args):
                raise WrongTypeError(f"an array of {len(args)}", value)
            return zip(value, hooks, args, strict=True)

        if not detailed and homogeneous:  # the common case, kept tight
            hook = hooks[0]

            def fast(value: Any, _type: Any) -> tuple:
                if type(value) is not list:
                    raise WrongTypeError("an array", value)
                return tuple([hook(v, item) for v in value])

            return fast
        if not detailed:
            return lambda value, _type: tuple([h(v, it) for v, h, it in items(value)])

        def collect(value: Any, _type: Any) -> tuple:
            out, errors = [], []
            for i, (v, h, it) in enumerate(items(value)):
                try:
                    out.append(h(v, it))
                except Exception as exc:  # noqa: BLE001 - collected, reported with its index
                    exc.__notes__ = [*getattr(exc, "__notes__", []), IterableValidationNote(f"@ index {i}", i, it)]
                    errors.append(exc)
            if errors:
                raise IterableValidationError(f"While structuring {t!r}", errors, t)
            return tuple(out)

        return collect

    return factory


def _is_model_class(t: Any) -> bool:
    return isinstance(t, type) and attrs.has(t) and not issubclass(t, Action)


def _class_hook(cl: type[Any], converter: cattrs.Converter) -> Hook:
    """cattrs' generated function, behind a check that the value is a JSON object (and, in the
    fast converter, behind :func:`_fast_path`)."""
    inner = make_dict_structure_fn(cl, converter)

    def structure(value: Any, _type: Any) -> Any:
        if type(value) is not dict:
            raise WrongTypeError("an object", value)
        return inner(value, cl)

    return structure if converter.detailed_validation else _fast_path(cl, converter, structure)


#: Types checked inline by :func:`_fast_path` (their hook is :func:`_strict`: exactly this type).
_INLINE = {int: "int", str: "str", bool: "bool"}


def _fast_path(cl: type, converter: cattrs.Converter, slow: Hook, tag: str | None = None) -> Hook:
    """A structure function for the usual case, a save as :class:`Encoder` writes it: an object
    with exactly the fields of ``cl`` (plus ``tag``), whole numbers, strings and true/false of
    the right type. It calls the same hooks and ``cl`` as cattrs' function does, only without
    its bookkeeping (about 2x faster); anything else (a missing, extra or mistyped field) goes to
    ``slow``, which takes it or raises the exact error. So it accepts exactly what ``slow`` does."""
    fields = [a for a in attrs.fields(attrs.resolve_types(cl)) if a.init]
    names: dict[str, Any] = {"cl": cl, "slow": slow}
    body = [
        "def structure(o, t=None):",
        f"    if type(o) is not dict or len(o) != {len(fields) + (tag is not None)}:",
        "        return slow(o, t)",
        "    try:",
        *(f"        v{i} = o[{a.name!r}]" for i, a in enumerate(fields)),
        *([f"        o[{tag!r}]"] if tag is not None else []),
        "    except KeyError:",
        "        return slow(o, t)",
    ]
    checks, args = [], []
    for i, a in enumerate(fields):
        kind = a.type
        options = typing.get_args(kind) if typing.get_origin(kind) in (typing.Union, types.UnionType) else ()
        optional = [o for o in options if o is not type(None)] if type(None) in options else []
        if kind in _INLINE:
            checks.append(f"type(v{i}) is {_INLINE[kind]}")
            value = f"v{i}"
        elif len(optional) == 1 and len(options) == 2 and optional[0] in _INLINE:  # X | None
            checks.append(f"(v{i} is None or type(v{i}) is {_INLINE[optional[0]]})")
            value = f"v{i}"
        elif kind is None or kind is Any:
            value = f"v{i}"
        elif _is_tuple(kind) and len(typing.get_args(kind)) == 2 and typing.get_args(kind)[1] is Ellipsis:
            item = typing.get_args(kind)[0]  # an array of one type, inline: no call per array
            checks.append(f"type(v{i}) is list")
            if item in _INLINE:
                checks.append(f"all([type(x) is {_INLINE[item]} for x in v{i}])")
                value = f"tuple(v{i})"
            else:
                names[f"h{i}"], names[f"t{i}"] = converter.get_structure_hook(item), item
                value = f"tuple([h{i}(x, t{i}) for x in v{i}])"
        else:
            names[f"h{i}"], names[f"t{i}"] = converter.get_structure_hook(kind), kind
            value = f"h{i}(v{i}, t{i})"
        args.append(f"{a.alias}={value}" if a.kw_only else value)
    if checks:
        body += [f"    if not ({' and '.join(checks)}):", "        return slow(o, t)"]
    body.append(f"    return cl({', '.join(args)})")
    exec(compile("\n".join(body), f"<save format: structure {cl.__qualname__}>", "exec"), names)  # noqa: S102 - the code is made above from the class's own fields, never from a file
    return names["structure"]


def _configure_actions(conv: cattrs.Converter) -> None:
    """Actions as a tagged union over ALL_ACTIONS, ``"type"`` (the class name) first.

    Built as first needed (the union of 42 classes costs about 0.1 s, before the app's first
    frame when it was done at import): in the fast converter each tag gets its fast path when a
    save first holds one; cattrs' union (the slow path, and saving) is generated on first use,
    in a converter of its own with the same hooks, so that ``conv`` never holds a half-made
    union (the autosaver's thread may be the first to need it). Any action class, asked for by
    itself too, goes through the union (its tag first, and checked)."""
    known = {cls.__name__: cls for cls in ALL_ACTIONS}
    union: list[cattrs.Converter] = []
    lock = threading.Lock()

    def configured() -> cattrs.Converter:
        if not union:
            with lock:
                if not union:
                    made = _base_converter(detailed=conv.detailed_validation)
                    include_subclasses(
                        Action,
                        made,
                        subclasses=ALL_ACTIONS,
                        union_strategy=lambda u, c: configure_tagged_union(u, c, tag_name=TAG),
                    )
                    union.append(made)
        return union[0]

    def checked(value: Any, _type: Any) -> Action:
        if type(value) is not dict:
            raise WrongTypeError("an object", value)
        if value.get(TAG) not in known:
            if TAG not in value:
                raise Invalid("is missing: it names the action, e.g. \"NextTurn\"", TAG)
            raise UnknownValueError(value[TAG], sorted(known), "action type")
        return configured().get_structure_hook(Action)(value, Action)

    structure = checked
    if not conv.detailed_validation:  # each tag straight to its class's fast path
        by_tag: dict[str, Hook] = {}

        def structure(value: Any, _type: Any) -> Action:
            tag = value.get(TAG) if type(value) is dict else None
            fast = by_tag.get(tag) if isinstance(tag, str) else None
            if fast is None and isinstance(tag, str) and tag in known:
                fast = by_tag[tag] = _fast_path(known[tag], conv, checked, TAG)
            return checked(value, _type) if fast is None else fast(value, _type)

    def unstructure(action: Action) -> dict[str, Any]:
        fields = configured().get_unstructure_hook(Action)(action)
        return {TAG: fields.pop(TAG), **fields}

    def is_action(t: Any) -> bool:
        return isinstance(t, type) and issubclass(t, Action)

    conv.register_structure_hook_func(is_action, structure)
    conv.register_unstructure_hook_func(is_action, unstructure)


def _base_converter(*, detailed: bool) -> cattrs.Converter:
    """The format's hooks for everything but actions."""
    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=detailed)
    conv.register_structure_hook(int, _strict(int, "a whole number"))
    conv.register_structure_hook(bool, _strict(bool, "true or false"))
    conv.register_structure_hook(str, _strict(str, "a string"))  # also StrEnums: str is in their MRO
    conv.register_structure_hook(float, _number)
    conv.register_structure_hook_factory(_is_enum, _enum_hook)
    conv.register_structure_hook_factory(_is_tuple, _tuple_factory(detailed))
    conv.register_structure_hook_factory(_is_model_class, _class_hook)
    _configure_book(conv)
    return conv


#: The key naming a book entry's calculator: ``{"system": "d6", "effect": "5D+2", …}``.
SYSTEM_TAG = "system"


def _configure_book(conv: cattrs.Converter) -> None:
    """A spell book's inputs (:class:`~core.spellbook.book.SpellInputs`, ``CasterInputs``) as an
    object naming its system first (``"system"``), then the fields of that system's class, whose
    module is imported when a save first holds one of its entries (an empty book imports none)."""
    from core.spellbook.book import CASTER_SYSTEMS, SYSTEMS, CasterInputs, SpellInputs, caster_class, spell_class

    kinds: tuple[tuple[type, Callable[[str], type], tuple[str, ...]], ...] = (
        (SpellInputs, spell_class, tuple(SYSTEMS)),
        (CasterInputs, caster_class, CASTER_SYSTEMS),
    )
    for base, class_of, allowed in kinds:

        def structure(value: Any, _type: Any, class_of: Callable[[str], type] = class_of, allowed: tuple[str, ...] = allowed) -> Any:
            if type(value) is not dict:
                raise WrongTypeError("an object", value)
            if SYSTEM_TAG not in value:
                raise Invalid(f"is missing: it names the calculator ({', '.join(allowed)})", SYSTEM_TAG)
            system = value[SYSTEM_TAG]
            if type(system) is not str or system not in allowed:
                raise Invalid(UnknownValueError(system, allowed, "system").reason, SYSTEM_TAG)
            cls = class_of(system)
            return conv.get_structure_hook(cls)({k: v for k, v in value.items() if k != SYSTEM_TAG}, cls)

        def unstructure(inputs: Any) -> dict[str, Any]:
            return {SYSTEM_TAG: inputs.SYSTEM, **conv.get_unstructure_hook(type(inputs))(inputs)}

        conv.register_structure_hook_func(_exactly(base), structure)
        conv.register_unstructure_hook_func(_exactly(base), unstructure)


def _exactly(cls: type) -> Callable[[Any], bool]:
    """A cattrs predicate: the type asked for is ``cls`` itself (not a subclass)."""
    return lambda t: t is cls


def make_converter(*, detailed: bool = False) -> cattrs.Converter:
    """The converter of the save format; ``detailed`` collects each error with its path (slower)."""
    conv = _base_converter(detailed=detailed)
    _configure_actions(conv)
    return conv


CONVERTER = make_converter()
_DETAILED: list[cattrs.Converter] = []


def detailed_converter() -> cattrs.Converter:
    """The slower converter that names every bad field (built on first use)."""
    if not _DETAILED:
        _DETAILED.append(make_converter(detailed=True))
    return _DETAILED[0]


# -- reading ---------------------------------------------------------------------------------


def decode(raw: bytes, path: str | PathLike[str], envelope: EnvelopeFormat = CAMPAIGN) -> SaveFile:
    """The checked content of a save file's bytes (no replay); errors name the file and field.

    ``envelope`` is the format with its migrations (another one only in tests of a chain)."""
    return checked(raw, envelope.open(raw, path), path)


def checked(raw: bytes, payload: dict[str, Any], path: str | PathLike[str]) -> SaveFile:
    """The one validation of a save's payload (its envelope opened): every field structured, its
    texts and references checked. What ``apotheose check``, the app and the players' view run,
    so that a file one of them accepts the others open."""
    try:
        data = CONVERTER.structure(payload, SaveFile)
    except Exception as fast_error:  # noqa: BLE001 - any failure is explained by the detailed pass
        raise _explain(payload, Path(path), fast_error) from None
    from saves.integrity import check_loaded  # text and references: what would crash the app

    check_loaded(raw, payload, data.campaign, data.history.base, data.history.log, path)
    return data


#: Why a loaded journal's undo history was reset (:attr:`Loaded.note`).
HISTORY_RESET = (
    "the campaign differs from what its history gives (edited outside apotheose?): undo starts from here"
)


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


# -- writing ---------------------------------------------------------------------------------


def unstructure(value: Any, type_: Any = None) -> Any:
    """``value`` as JSON-ready data, as a save holds it."""
    return CONVERTER.unstructure(value, type_)


def encode(journal: Journal) -> bytes:
    """The bytes of a save of ``journal`` (see :class:`Encoder` to save often)."""
    return Encoder().encode(journal)


class _Array:
    """A JSON array of immutable values, one per line, kept encoded between saves.

    When the tuple only grew or shrank at its end, or lost items at its start (the history's
    window moving on), the items still there are neither encoded nor joined again: the bytes are
    cut and appended in place, so a save does not cost more with a longer history.

    An update is all or nothing: the new items are encoded before anything kept is touched, so
    an item that cannot be encoded leaves the array as its last update made it (its bytes, items
    and ends agreeing), and the next update, of any tuple, starts from there.
    """

    __slots__ = ("blob", "encode_item", "ends", "items", "origin", "sep")

    def __init__(self, encode_item: Callable[[Any], bytes], depth: int = 2) -> None:
        self.encode_item = encode_item
        self.sep = b",\n" + b"  " * (depth + 1)
        self.items: tuple = ()
        self.blob = bytearray()  # the items joined by ``sep``
        self.ends: list[int] = []  # where each item ends in the blob, counted from ``origin``
        self.origin = 0

    def update(self, items: tuple) -> bytearray:
        """The items joined by the separator (without the brackets), for ``items`` now."""
        old = self.items
        if items is old:
            return self.blob
        start = 0
        if old and items and items[0] is not old[0]:
            try:
                start = old.index(items[0])
            except ValueError:
                start = len(old)
        kept = min(len(old) - start, len(items))
        if not (kept and old[start : start + kept] == items[:kept]):  # identity first, then equality
            start = kept = 0
        added = [self.encode_item(item) for item in items[kept:]]  # may raise: nothing changed yet
        if kept:
            first = self.ends[start - 1] - self.origin + len(self.sep) if start else 0
            del self.blob[self.ends[start + kept - 1] - self.origin :]
            del self.blob[:first]
            self.origin += first
            self.ends = self.ends[start : start + kept]
        else:
            self.blob, self.ends, self.origin = bytearray(), [], 0
        for encoded in added:
            if self.ends:
                self.blob += self.sep
            self.blob += encoded
            self.ends.append(self.origin + len(self.blob))
        self.items = items
        return self.blob


class _Parts:
    """Encoded values by identity (characters, groups, encounters, and the campaign's rules,
    visibility and spell book); keeps only the last save's."""

    def __init__(self) -> None:
        self.cache: dict[int, tuple[object, bytes]] = {}
        self.used: dict[int, tuple[object, bytes]] = {}

    def get(self, value: object, hook: Callable[[Any], Any]) -> bytes:
        hit = self.cache.get(id(value))
        if hit is None or hit[0] is not value:
            hit = (value, orjson.dumps(hook(value)))
        self.used[id(value)] = hit
        return hit[1]

    def done(self) -> None:
        self.cache, self.used = self.used, {}


def _campaign_plan(conv: cattrs.Converter) -> list[tuple[str, bytes, bool, Callable[[Any], Any]]]:
    """For each field of Campaign: its name, its key, whether it is a list of model values, its hook."""
    plan = []
    for field in attrs.fields(attrs.resolve_types(Campaign)):
        args = typing.get_args(field.type)
        many = _is_tuple(field.type) and len(args) == 2 and args[1] is Ellipsis and attrs.has(args[0])
        hook = conv.get_unstructure_hook(args[0] if many else field.type)
        plan.append((field.name, orjson.dumps(field.name), many, hook))
    return plan


class Encoder:
    """Turns journals into save bytes, reusing the bytes of what did not change since its last call.

    One encoder per campaign file (the autosaver's); not thread-safe. The output is the same as
    ``orjson.dumps(unstructure(SaveFile(...)))`` laid out one item per line.
    """

    def __init__(self, keep: int = KEPT_IN_SAVE, slack: int = SLACK) -> None:
        self.keep, self.slack = keep, slack
        conv = CONVERTER
        self._plan = _campaign_plan(conv)
        self._parts = _Parts()
        entry, line = conv.get_unstructure_hook(Entry), conv.get_unstructure_hook(LogLine)
        self._arrays = {
            "done": _Array(lambda e: orjson.dumps(entry(e))),
            "undone": _Array(lambda e: orjson.dumps(entry(e))),
            "log": _Array(lambda ln: orjson.dumps(line(ln))),
        }
        self._campaign_hook = conv.get_unstructure_hook(Campaign)
        self._base: tuple[Campaign | None, bytes] = (None, b"")
        self._cut: tuple[int, Campaign | None] = (0, None)

    def window(self, journal: Journal) -> Journal:
        """The journal as this save keeps it: ``journal.trimmed`` to between keep and keep + slack."""
        n = len(journal.done)
        cut, cut_base = self._cut
        valid = 0 < cut <= n and self.keep <= n - cut <= self.keep + self.slack
        if not (valid and journal.states[cut - 1] is cut_base):
            cut = n - self.keep if n > self.keep + self.slack else 0
        self._cut = (cut, journal.states[cut - 1] if cut else None)
        return journal.trimmed(n - cut) if cut else journal

    def encode(self, journal: Journal) -> bytes:
        """The save's bytes for ``journal``. If a value cannot be encoded (its error is raised),
        what the encoder keeps is as its last call left it or valid for this journal: the next
        call writes exactly its journal, as a new encoder would."""
        saved = self.window(journal)
        base, base_bytes = self._base
        if saved.base is not base:
            base_bytes = orjson.dumps(self._campaign_hook(saved.base))
            self._base = (saved.base, base_bytes)
        out: list[bytes | bytearray] = [
            b'{\n  "format": ', orjson.dumps(FORMAT), b',\n  "version": ', b"%d" % CURRENT_VERSION,
            b',\n  "campaign": ', self._campaign(saved.campaign),
            b',\n  "history": {\n    "base": ', base_bytes,
        ]  # fmt: skip
        for name in ("done", "undone", "log"):
            out += [b',\n    "', name.encode(), b'": ', *_brackets(self._arrays[name].update(getattr(saved, name)), 2)]
        out.append(b"\n  }\n}\n")
        return b"".join(out)

    def _campaign(self, campaign: Campaign) -> bytes:
        out = []
        try:
            for name, key, many, hook in self._plan:
                value = getattr(campaign, name)
                if many:
                    frags = [self._parts.get(v, hook) for v in value]
                    encoded = b"".join(_brackets(b",\n      ".join(frags), 2))
                elif attrs.has(type(value)):  # rules, visibility, the spell book: kept while unchanged
                    encoded = self._parts.get(value, hook)
                else:
                    encoded = orjson.dumps(hook(value))
                out.append(b"    " + key + b": " + encoded)
        except BaseException:
            self._parts.used = {}  # this campaign's parts: the cache stays the last save's
            raise
        self._parts.done()
        return b"{\n" + b",\n".join(out) + b"\n  }"


def _brackets(items: bytes | bytearray, depth: int) -> tuple[bytes | bytearray, ...]:
    """The pieces of a JSON array whose items, one per line, are joined in ``items``; ``depth``
    is the array's indentation (two spaces each), its items one deeper."""
    if not items:
        return (b"[]",)
    return b"[\n" + b"  " * (depth + 1), items, b"\n" + b"  " * depth + b"]"


# -- migrations ------------------------------------------------------------------------------------


@CAMPAIGN.migration(1)
def migrate_1_to_2(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 2 adds each campaign's ``visibility`` (what the players see): a version-1 file
    gets the defaults (PCs exact, NPCs wound level, groups standing count)."""
    from core.visibility import Visibility

    default = orjson.loads(orjson.dumps(unstructure(Visibility())))
    history = payload.get("history")
    for campaign in (payload.get("campaign"), history.get("base") if isinstance(history, dict) else None):
        if isinstance(campaign, dict):
            campaign.setdefault("visibility", default)
    return payload


@CAMPAIGN.migration(2)
def migrate_2_to_3(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 3 lets a condition last until the start or the end of someone's next turn
    (``lasts``, ``of``) and be put on several combatants at once (``AddCondition.also``): a
    version-2 condition lasts its rounds, or until removed when it has none."""

    def condition(cond: Any) -> None:
        if isinstance(cond, dict):
            cond.setdefault("lasts", "rounds" if cond.get("rounds") is not None else "removed")
            cond.setdefault("of", None)

    def campaign(data: Any) -> None:
        for enc in data.get("encounters", ()) if isinstance(data, dict) else ():
            for part in enc.get("participants", ()) if isinstance(enc, dict) else ():
                for cond in part.get("conditions", ()) if isinstance(part, dict) else ():
                    condition(cond)

    history = payload.get("history")
    history = history if isinstance(history, dict) else {}
    campaign(payload.get("campaign"))
    campaign(history.get("base"))
    for name in ("done", "undone"):
        for entry in history.get(name, ()):
            action = entry.get("action") if isinstance(entry, dict) else None
            if isinstance(action, dict) and action.get("type") == "AddCondition":
                condition(action.get("condition"))
                action.setdefault("also", [])
    return payload


@CAMPAIGN.migration(3)
def migrate_3_to_4(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 4 keeps with each log line whether the players may read it, decided when it was
    written (``players``). For the lines of an older file that cannot be known any more (the
    campaign as it was then is gone): they are kept from the players, who never see a line
    about something the GM hid or kept private then."""
    history = payload.get("history")
    log = history.get("log") if isinstance(history, dict) else None
    for entry in log if isinstance(log, list) else ():
        if isinstance(entry, dict):
            entry.setdefault("players", False)
    return payload


@CAMPAIGN.migration(4)
def migrate_4_to_5(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 5 keeps each campaign's spell book (``book``: its own spells and remembered
    casters, :mod:`core.spellbook`): a version-4 campaign gets an empty one (the built-in spells
    are never in a file)."""
    history = payload.get("history")
    for campaign in (payload.get("campaign"), history.get("base") if isinstance(history, dict) else None):
        if isinstance(campaign, dict):
            campaign.setdefault("book", {"spells": [], "casters": []})
    return payload


@CAMPAIGN.migration(5)
def migrate_5_to_6(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 6 adds what else the GM may choose to show the players (core.visibility): HP as a
    bar or as the damage taken (new values only), the options (``conditions``, ``reveal``,
    ``next_up``, ``your_turn``, ``round_counter``, and per combatant ``toggles``) and ``aliases``;
    and with each log line the words the players read when an alias stood for a name
    (``shown``). A version-5 campaign gets what it showed then: NPC conditions and the round
    shown, nobody revealed by itself, no alias; the cues on; its lines read as written."""
    from core.visibility import Visibility

    added = {k: v for k, v in orjson.loads(orjson.dumps(unstructure(Visibility()))).items()
             if k in ("conditions", "reveal", "next_up", "your_turn", "round_counter", "toggles", "aliases")}
    history = payload.get("history")
    for campaign in (payload.get("campaign"), history.get("base") if isinstance(history, dict) else None):
        vis = campaign.get("visibility") if isinstance(campaign, dict) else None
        if isinstance(vis, dict):
            for key, value in added.items():
                vis.setdefault(key, value)
    log = history.get("log") if isinstance(history, dict) else None
    for entry in log if isinstance(log, list) else ():
        if isinstance(entry, dict):
            entry.setdefault("shown", None)
    return payload
