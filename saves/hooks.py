"""The save format's strict cattrs hooks: exactly the JSON type asked for (no coercion), enums by
value, tuples from arrays only, objects with exactly their fields; and the fast path that
structures the usual save about twice as fast as cattrs' generated functions, taking exactly what
they take (:mod:`saves.converter` puts them together)."""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import cattrs
import orjson
from cattrs.errors import (
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn

from core.actions import Action
from saves.envelope import _json_type

Hook = Callable[[Any, Any], Any]


class Invalid(ValueError):
    """A value the format refuses; ``field`` (if any) is the key inside it that is wrong."""

    def __init__(self, reason: str, field: str | None = None) -> None:
        self.reason, self.field = reason, field
        super().__init__(reason)


class WrongTypeError(Invalid, TypeError):
    """A JSON value of the wrong type for its field."""

    def __init__(self, expected: str, value: object) -> None:
        super().__init__(f"expected {expected}, found {found(value)}")


class UnknownValueError(Invalid):
    """A string that is none of the values its field allows."""

    def __init__(self, value: object, allowed: typing.Iterable[str], what: str = "value") -> None:
        super().__init__(f"unknown {what} {value!r} (allowed: {', '.join(allowed)})")


def found(value: object) -> str:
    """``a string "5"``, ``a number 3.7``, ``true``, ``an array``: a JSON value, for a message."""
    if isinstance(value, (bool, type(None))):
        return orjson.dumps(value).decode()
    if isinstance(value, (dict, list)):
        return _json_type(value)
    shown = orjson.dumps(value).decode()
    return f"{_json_type(value)} {shown if len(shown) <= 60 else shown[:60] + f'… ({len(shown)} characters)'}"


def strict(kind: type, expected: str) -> Hook:
    """Exactly ``kind`` (no coercion: not "5" for 5, not true for 1); a subclass of ``kind`` asked
    for (a StrEnum for ``str``) is an enum, taken by value."""

    def structure(value: Any, type_: Any) -> Any:
        if type(value) is not kind:
            raise WrongTypeError(expected, value)
        return value if type_ is kind else member(type_, value)

    structure.strict_kind = kind  # type: ignore[attr-defined] # fast_path takes a StrEnum inline
    return structure


def number(value: Any, _type: Any) -> float:
    if type(value) is float or type(value) is int:
        return value
    raise WrongTypeError("a number", value)


def is_enum(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, enum.Enum)


def member(cls: type[enum.Enum], value: Any) -> enum.Enum:
    """The member of ``cls`` whose value is ``value``: by value only (not by label or name)."""
    try:
        return cls._value2member_map_[value]
    except (KeyError, TypeError):  # TypeError: an array or object is not a value
        raise UnknownValueError(value, [str(m.value) for m in cls]) from None


def enum_hook(cls: type[enum.Enum]) -> Hook:
    """Enums that are neither str nor int (those go through :func:`strict`)."""
    return lambda value, _type: member(cls, value)


def is_tuple(t: Any) -> bool:
    return typing.get_origin(t) is tuple


def tuple_factory(detailed: bool) -> Callable[[Any, cattrs.Converter], Hook]:
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

            def fast(value: Any, _type: Any) -> tuple[Any, ...]:
                if type(value) is not list:
                    raise WrongTypeError("an array", value)
                return tuple([hook(v, item) for v in value])

            return fast
        if not detailed:
            return lambda value, _type: tuple([h(v, it) for v, h, it in items(value)])

        def collect(value: Any, _type: Any) -> tuple[Any, ...]:
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


def is_model_class(t: Any) -> bool:
    return isinstance(t, type) and attrs.has(t) and not issubclass(t, Action)


def class_hook(cl: type[Any], converter: cattrs.Converter) -> Hook:
    """cattrs' generated function, behind a check that the value is a JSON object (and, in the
    fast converter, behind :func:`fast_path`, which calls it only for a value it does not take:
    there it is generated when first needed, not for every class of a save as the app opens it)."""
    made: list[Hook] = []

    def inner() -> Hook:
        if not made:  # two threads may both make it: the same function, either one kept
            made.append(make_dict_structure_fn(cl, converter))
        return made[0]

    def structure(value: Any, _type: Any) -> Any:
        if type(value) is not dict:
            raise WrongTypeError("an object", value)
        return inner()(value, cl)

    if converter.detailed_validation:
        inner()
        return structure
    return fast_path(cl, converter, structure)


#: Types checked inline by :func:`fast_path` (their hook is :func:`strict`: exactly this type).
_INLINE = {int: "int", str: "str", bool: "bool"}


def fast_path(cl: type, converter: cattrs.Converter, slow: Hook, tag: str | None = None) -> Hook:
    """A structure function for the usual case, a save as :class:`Encoder` writes it: an object
    with exactly the fields of ``cl`` (plus ``tag``), whole numbers, strings and true/false of
    the right type. It calls the same hooks and ``cl`` as cattrs' function does, only without
    its bookkeeping (about 2x faster); anything else (a missing, extra or mistyped field) goes to
    ``slow``, which takes it or raises the exact error. So it accepts exactly what ``slow`` does."""
    fields = [a for a in attrs.fields(attrs.resolve_types(cl)) if a.init]
    names: dict[str, Any] = {"cl": cl, "slow": slow, "new": object.__new__}
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
    checks: list[str] = []
    values = [_field_code(i, a.type, converter, names, checks, body) for i, a in enumerate(fields)]
    args = [f"{a.alias}={value}" if a.kw_only else value for a, value in zip(fields, values, strict=True)]
    if checks:
        body += [f"    if not ({' and '.join(checks)}):", "        return slow(o, t)"]
    plain = plain_init(cl)
    if plain:  # what its __init__ would do, without the call: each slot set in turn (converted)
        names.update({f"s{i}": getattr(cl, a.name).__set__ for i, a in enumerate(fields)})
        names.update({f"c{i}": a.converter for i, a in enumerate(fields) if a.converter is not None})
        values = [
            v if a.converter is None else f"c{i}({v})" for i, (a, v) in enumerate(zip(fields, values, strict=True))
        ]
        body += ["    x = new(cl)", *(f"    s{i}(x, {value})" for i, value in enumerate(values)), "    return x"]
    else:
        body.append(f"    return cl({', '.join(args)})")
    exec(compile("\n".join(body), f"<save format: structure {cl.__qualname__}>", "exec"), names)  # noqa: S102 - the code is made above from the class's own fields, never from a file
    structure: Hook = names["structure"]
    if plain and tag is None and fields and all(a.type in _INLINE and a.converter is None for a in fields):
        structure.leaf = cl  # type: ignore[attr-defined] # its parents build it inline (_leaf_code)
    return structure


def _leaf(kind: Any, converter: cattrs.Converter) -> bool:
    """Whether ``kind`` is built by a :func:`fast_path` that its parents may repeat inline: a class
    of :func:`plain_init` whose fields are whole numbers, strings or true/false (a :class:`Line`)."""
    return isinstance(kind, type) and getattr(converter.get_structure_hook(kind), "leaf", None) is kind


def _leaf_code(src: str, out: str, leaf: type, names: dict[str, Any], key: str, indent: str) -> list[str]:
    """The statements building ``leaf`` from the JSON value ``src`` into ``out`` as its own
    :func:`fast_path` does, handing the whole object to ``slow`` for anything else (its own
    structure function, called by cattrs' function, then raises the exact error)."""
    fields = [a for a in attrs.fields(attrs.resolve_types(leaf)) if a.init]
    names[f"{key}c"] = leaf
    names.update({f"{key}s{j}": getattr(leaf, a.name).__set__ for j, a in enumerate(fields)})
    checks = " and ".join(f"type({key}{j}) is {_INLINE[a.type]}" for j, a in enumerate(fields))
    return [
        f"{indent}if type({src}) is not dict or len({src}) != {len(fields)}:",
        f"{indent}    return slow(o, t)",
        f"{indent}try:",
        *(f"{indent}    {key}{j} = {src}[{a.name!r}]" for j, a in enumerate(fields)),
        f"{indent}except KeyError:",
        f"{indent}    return slow(o, t)",
        f"{indent}if not ({checks}):",
        f"{indent}    return slow(o, t)",
        f"{indent}{out} = new({key}c)",
        *(f"{indent}{key}s{j}({out}, {key}{j})" for j in range(len(fields))),
    ]


#: attrs' converter that takes the instance or the field (a plain function is called as it is).
_CONVERTER = getattr(attrs, "Converter", ())


def plain_init(cl: type) -> bool:
    """Whether ``cl``'s ``__init__`` only sets each of its fields in turn (through the field's
    converter, a plain function, if it has one), so that setting its slots directly
    (:func:`fast_path`) builds the same object: a frozen slotted attrs class whose ``__init__``
    attrs made, every field taken by it, with no validator, pre- or post-init hook, converter
    taking the instance or the field, or cached hash (read from attrs' ``__attrs_props__``: with
    an attrs too old to have it, every class goes through its ``__init__``)."""
    props = getattr(cl, "__attrs_props__", None)
    init = cl.__dict__.get("__init__")
    if props is None or init is None or not getattr(init, "__code__", None):
        return False
    fields = attrs.fields(cl)
    return (
        props.is_slotted
        and props.is_frozen
        and props.added_init
        and not props.is_exception
        and props.field_transformer is None
        and props.hashability.name != "HASHABLE_CACHED"
        and init.__code__.co_filename.startswith("<attrs generated")
        and not hasattr(cl, "__attrs_pre_init__")
        and not hasattr(cl, "__attrs_post_init__")
        and all(a.init and a.validator is None and not isinstance(a.converter, _CONVERTER) for a in fields)
        and all(type(getattr(cl, a.name, None)) is types.MemberDescriptorType for a in fields)
    )


def _field_code(
    i: int, kind: Any, converter: cattrs.Converter, names: dict[str, Any], checks: list[str], body: list[str]
) -> str:
    """The expression building field ``i`` (of type ``kind``) in :func:`fast_path`'s code; the
    checks it needs are appended to ``checks``, the hooks it calls put in ``names``, the
    statements it needs first (:func:`_statements_code`) appended to ``body``."""
    value = _statements_code(i, kind, converter, names, body)
    if value is not None:
        return value
    options = typing.get_args(kind) if typing.get_origin(kind) in (typing.Union, types.UnionType) else ()
    optional = [o for o in options if o is not type(None)] if type(None) in options else []
    if kind in _INLINE:
        checks.append(f"type(v{i}) is {_INLINE[kind]}")
        value = f"v{i}"
    elif len(optional) == 1 and len(options) == 2 and optional[0] in _INLINE:  # X | None
        checks.append(f"(v{i} is None or type(v{i}) is {_INLINE[optional[0]]})")
        value = f"v{i}"
    elif len(optional) == 1 and len(options) == 2 and attrs.has(optional[0]):  # a class | None: no call for None
        names[f"h{i}"], names[f"t{i}"] = converter.get_structure_hook(optional[0]), optional[0]
        value = f"(None if v{i} is None else h{i}(v{i}, t{i}))"
    elif kind is None or kind is Any:
        value = f"v{i}"
    elif is_enum(kind) and getattr(converter.get_structure_hook(kind), "strict_kind", None) in _INLINE:
        plain = _INLINE[converter.get_structure_hook(kind).strict_kind]  # type: ignore[attr-defined]
        names[f"m{i}"] = kind._value2member_map_  # a str or int enum by its value: one dict look-up
        checks.append(f"type(v{i}) is {plain} and v{i} in m{i}")
        value = f"m{i}[v{i}]"
    elif is_tuple(kind) and len(typing.get_args(kind)) == 2 and typing.get_args(kind)[1] is Ellipsis:
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
    return value


def _statements_code(
    i: int, kind: Any, converter: cattrs.Converter, names: dict[str, Any], body: list[str]
) -> str | None:
    """For a field ``i`` built by statements of :func:`fast_path`'s code (appended to ``body``)
    rather than by a call: a leaf (:func:`_leaf`), a leaf or None, an array of leaves, or an
    action (its class's structure function found by its tag, inline); None for any other."""
    options = typing.get_args(kind) if typing.get_origin(kind) in (typing.Union, types.UnionType) else ()
    optional = [o for o in options if o is not type(None)] if type(None) in options else []
    args = typing.get_args(kind) if is_tuple(kind) else ()
    if _leaf(kind, converter):
        body += _leaf_code(f"v{i}", f"x{i}", kind, names, f"l{i}_", "    ")
        return f"x{i}"
    if len(optional) == 1 and len(options) == 2 and _leaf(optional[0], converter):  # a leaf | None
        leaf = _leaf_code(f"v{i}", f"x{i}", optional[0], names, f"l{i}_", "        ")
        body += [f"    if v{i} is None:", f"        x{i} = None", "    else:", *leaf]
        return f"x{i}"
    if len(args) == 2 and args[1] is Ellipsis and _leaf(args[0], converter):  # an array of leaves
        leaf = _leaf_code(f"y{i}", f"z{i}", args[0], names, f"l{i}_", "        ")
        body += [
            f"    if type(v{i}) is not list:",
            "        return slow(o, t)",
            f"    x{i} = []",
            f"    for y{i} in v{i}:",
        ]
        body += [*leaf, f"        x{i}.append(z{i})"]
        return f"tuple(x{i})"
    hook = converter.get_structure_hook(kind) if isinstance(kind, type) else None
    if isinstance(getattr(hook, "by_tag", None), dict):  # an action
        names[f"h{i}"], names[f"t{i}"], names[f"d{i}"] = hook, kind, hook.by_tag  # type: ignore[union-attr]
        body += [
            f"    g{i} = v{i}.get({hook.tag!r}) if type(v{i}) is dict else None",  # type: ignore[union-attr]
            f"    f{i} = d{i}.get(g{i}) if type(g{i}) is str else None",
        ]
        return f"(h{i} if f{i} is None else f{i})(v{i}, t{i})"
    return None
