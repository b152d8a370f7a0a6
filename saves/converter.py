"""The one definition of the save format: :func:`make_converter` (the fast converter
:data:`CONVERTER`, and the detailed one that names every bad field), built from the strict hooks
of :mod:`saves.hooks`, with actions as a tagged union (``"type"``) and spell-book entries naming
their calculator (``"system"``)."""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any

import cattrs
from cattrs.strategies import configure_tagged_union, include_subclasses

import core.actions
from core.actions import Action
from saves.hooks import (
    Hook,
    Invalid,
    UnknownValueError,
    WrongTypeError,
    class_hook,
    enum_hook,
    fast_path,
    is_enum,
    is_model_class,
    is_tuple,
    number,
    strict,
    tuple_factory,
)

#: The key naming an action's class in a save: ``{"type": "Damage", "targets": […], …}``.
TAG = "type"
#: A save keeps between KEPT_IN_SAVE and KEPT_IN_SAVE + SLACK actions: the base it holds then


def _union(conv: cattrs.Converter) -> Callable[[], cattrs.Converter]:
    """cattrs' tagged union over ALL_ACTIONS, generated on first use in a converter of its own
    with the same hooks as ``conv``, so that ``conv`` never holds a half-made union (the
    autosaver's thread may be the first to need it)."""
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
                        subclasses=core.actions.ALL_ACTIONS,
                        union_strategy=lambda u, c: configure_tagged_union(u, c, tag_name=TAG),
                    )
                    union.append(made)
        return union[0]

    return configured


def _configure_actions(conv: cattrs.Converter) -> None:
    """Actions as a tagged union over ALL_ACTIONS, ``"type"`` (the class name) first.

    Built as first needed (the union of 42 classes costs about 0.1 s, before the app's first
    frame when it was done at import): in the fast converter each tag gets its fast path when a
    save first holds one; cattrs' union (the slow path, and saving) is :func:`_union`. Any action
    class, asked for by itself too, goes through the union (its tag first, and checked).

    The action classes are imported when a save first holds an action (or one is saved): a
    campaign with no history opens without the rules behind them (:mod:`core.actions`)."""
    configured = _union(conv)

    @functools.cache
    def known() -> dict[str, type[Action]]:
        return {cls.__name__: cls for cls in core.actions.ALL_ACTIONS}

    def checked(value: Any, _type: Any) -> Action:
        if type(value) is not dict:
            raise WrongTypeError("an object", value)
        if value.get(TAG) not in known():
            if TAG not in value:
                raise Invalid('is missing: it names the action, e.g. "NextTurn"', TAG)
            raise UnknownValueError(value[TAG], sorted(known()), "action type")
        action: Action = configured().get_structure_hook(Action)(value, Action)
        return action

    structure = checked
    if not conv.detailed_validation:  # each tag straight to its class's fast path
        by_tag: dict[str, Hook] = {}

        def structure(value: Any, _type: Any) -> Action:
            tag = value.get(TAG) if type(value) is dict else None
            fast = by_tag.get(tag) if isinstance(tag, str) else None
            if fast is None and isinstance(tag, str) and tag in known():
                fast = by_tag[tag] = fast_path(known()[tag], conv, checked, TAG)
            return checked(value, _type) if fast is None else fast(value, _type)

        structure.by_tag, structure.tag = by_tag, TAG  # type: ignore[attr-defined] # for fast_path's parents

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
    conv.register_structure_hook(int, strict(int, "a whole number"))
    conv.register_structure_hook(bool, strict(bool, "true or false"))
    conv.register_structure_hook(str, strict(str, "a string"))  # also StrEnums: str is in their MRO
    conv.register_structure_hook(float, number)
    conv.register_structure_hook_factory(is_enum, enum_hook)
    conv.register_structure_hook_factory(is_tuple, tuple_factory(detailed))
    conv.register_structure_hook_factory(is_model_class, class_hook)
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

        def structure(
            value: Any, _type: Any, class_of: Callable[[str], type] = class_of, allowed: tuple[str, ...] = allowed
        ) -> Any:
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


def unstructure(value: Any, type_: Any = None) -> Any:
    """``value`` as JSON-ready data, as a save holds it."""
    return CONVERTER.unstructure(value, type_)
