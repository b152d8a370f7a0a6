"""attrs validators that raise :class:`RulesError` naming the field and what it allows, and the
one definition of a bounded whole number (:class:`Whole`) that every edge asks."""

from __future__ import annotations

import itertools
import operator
import re
from collections.abc import Callable, Collection, Sequence
from typing import Any

import attrs

from core.errors import Allowed, RulesError
from core.text import FREE_TEXT, QUOTE, UNSAFE, UNSAFE_IN_LINE, control_in, quote

#: The widest whole number any value of a campaign or an action may hold, whatever its field:
#: far past what the rules make meaningful, far inside what a save can write (64 bits), so that
#: no sum or product of such numbers overflows a save. Fields the rules bound more tightly name
#: their own :class:`Whole` (``CHARACTERISTIC``: 0…99).
LIMIT = 999_999_999


def _shown(value: object) -> str:
    """``value`` for a message: a text quoted, escaped and cut; a huge number cut too."""
    if isinstance(value, str):
        return quote(value)
    text = repr(value)
    return text if len(text) <= 24 else f"{text[:20]}… ({len(text)} digits)"


def not_whole(field: str, value: Any, allowed: str | None = None) -> RulesError:
    """The error for a value that is not a whole number."""
    shown = _shown(value)
    return RulesError(
        field, f"must be a whole number, got {shown}", allowed, f"doit être un nombre entier, pas {shown}"
    )


#: A whole number typed as text: an optional sign, ASCII digits.
_TYPED = re.compile(r"\s*([-+]?)([0-9]+)\s*")


def looks_whole(text: str) -> bool:
    """Whether ``text`` is written as a whole number (spaces around it, a sign, digits): the
    edges that say "not a number" in their own words ask this, then :meth:`Whole.parse`."""
    return _TYPED.fullmatch(text) is not None


@attrs.frozen
class Whole:
    """A whole number from ``minimum`` to ``maximum``: what a field of the rules may hold.

    The one definition every edge asks — a form's field, a command-line flag, a roster file, a
    template, the save loader (through the model's validators) — so that each bound lives in
    one place, next to its rule (``CHARACTERISTIC = Whole(0, 99)`` in
    :mod:`core.characteristics`), and nothing past it reaches the reducer or the save encoder.
    Its errors name the field and the bounds: ``corps: must be between 0 and 99, got 100``.
    Used as an attrs validator too: ``corps: int = attrs.field(validator=CHARACTERISTIC)``.
    """

    minimum: int = -LIMIT
    maximum: int = LIMIT

    @property
    def allowed(self) -> str:
        """``0…99``, ``≥ 1`` (when only the least is the rules'), ``≤ 10``."""
        if self.maximum >= LIMIT and self.minimum <= -LIMIT:
            return f"{self.minimum}…{self.maximum}"
        if self.maximum >= LIMIT:
            return f"≥ {self.minimum}"
        if self.minimum <= -LIMIT:
            return f"≤ {self.maximum}"
        return f"{self.minimum}…{self.maximum}"

    def check(self, field: str, value: object) -> int:
        """``value`` if it is an int within the bounds, else a RulesError naming ``field``."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise not_whole(field, value, self.allowed)
        if not self.minimum <= value <= self.maximum:
            raise self.outside(field, value)
        return value

    def parse(self, field: str, text: str) -> int:
        """The whole number typed in ``text`` (spaces around it, a sign), within the bounds;
        else a RulesError naming ``field`` (a huge number is refused without being converted)."""
        match = _TYPED.fullmatch(text)
        if match is None:
            raise not_whole(field, text, self.allowed)
        digits = match[2].lstrip("0") or "0"
        if len(digits) > len(str(LIMIT)):
            raise self.outside(field, text.strip(), negative=match[1] == "-")
        return self.check(field, int(match[1] + digits))

    def outside(self, field: str, value: int | str, *, negative: bool = False) -> RulesError:
        """The error for ``value`` past the bounds: a number, or the digits typed (too many to
        convert; ``negative`` when a minus came first)."""
        if isinstance(value, int):
            low, shown = value < self.minimum, _shown(value)
        else:
            low, shown = negative, value if len(value) <= QUOTE else f"{value[:QUOTE]}… ({len(value)} characters)"
        lo, hi = self.minimum, self.maximum
        if lo > -LIMIT and hi < LIMIT:
            en, fr = f"must be between {lo} and {hi}", f"doit être entre {lo} et {hi}"
        elif low:
            en, fr = f"must be at least {lo}", f"doit valoir au moins {lo}"
        else:
            en, fr = f"must be at most {hi}", f"doit valoir au plus {hi}"
        # Past the side the rules leave open (LIMIT), both ends are named: "0…999999999".
        allowed = f"{lo}…{hi}" if (lo <= -LIMIT if low else hi >= LIMIT) else self.allowed
        return RulesError(field, f"{en}, got {shown}", allowed, f"{fr}, pas {shown}")

    def __call__(self, _instance: Any, attribute: Any, value: Any) -> None:
        """As an attrs validator: the field's value must be within the bounds (the usual case,
        a plain int within them, without a second call: every object a save holds runs these)."""
        if type(value) is not int or not self.minimum <= value <= self.maximum:
            self.check(attribute.name, value)


#: Any whole number a campaign or an action may hold (the bound of a field the rules leave open).
ANY_WHOLE = Whole()


def whole_at_least(field: str, value: object, minimum: int = 0) -> None:
    """For plain functions: reject ``value`` unless it is a whole number from ``minimum`` to
    :data:`LIMIT`."""
    ok = isinstance(value, int) and not isinstance(value, bool) and value >= minimum
    require(
        field,
        ok,
        f"must be a whole number ≥ {minimum}, got {_shown(value)}",
        f"≥ {minimum}",
        f"doit être un nombre entier ≥ {minimum}, pas {_shown(value)}",
    )
    Whole(minimum).check(field, value)


def at_least(minimum: int) -> Whole:
    """Reject a value below ``minimum`` (or past :data:`LIMIT`, or anything that is not an int)."""
    return Whole(minimum)


def between(minimum: int, maximum: int) -> Whole:
    """Reject a value outside ``minimum…maximum``."""
    return Whole(minimum, maximum)


#: Reject anything that is not an int (bools included) or is past :data:`LIMIT` either way.
whole_number = ANY_WHOLE


#: The field names of each attrs class :func:`refuse_outside` walked (looked up once per class).
_FIELDS: dict[type, tuple[str, ...]] = {}


def refuse_outside(value: object, field: str = "text") -> None:
    """Refuse what must never reach the reducer, naming the field: a text holding a control
    character (:func:`core.text.control_in`) or a whole number past :data:`LIMIT`, anywhere in
    ``value`` (an action and the values it carries, in order), without recursion. The values
    are looked at in bulk first (:func:`passes_outside`); they are walked one by one, for the
    field and the message, only when that look finds something or cannot tell."""
    if passes_outside(value, field):
        return
    error = outside_error(value, field)
    if error is not None:
        raise error


def outside_error(value: object, field: str) -> RulesError | None:
    """The error :func:`refuse_outside` raises for ``value`` (the first refused text or number,
    in order), or None: every value walked one by one."""
    stack: list[tuple[object, str]] = [(value, field)]
    while stack:
        value, field = stack.pop()
        if isinstance(value, str):
            bad = control_in(value, field)
            if bad is not None:
                code, shown = f"U+{ord(bad.group()):04X}", quote(value)
                return RulesError(
                    field, f"cannot hold the control character {code} ({shown})",
                    fr=f"ne peut pas contenir le caractère de contrôle {code} ({shown})",
                )  # fmt: skip
        elif isinstance(value, int):
            if not -LIMIT <= value <= LIMIT:
                return ANY_WHOLE.outside(field, value)
        elif isinstance(value, (tuple, list)):
            stack.extend((item, field) for item in reversed(value))
        elif value is not None:
            kind = type(value)
            names = _FIELDS.get(kind)
            if names is None:
                names = _FIELDS[kind] = tuple(a.name for a in getattr(kind, "__attrs_attrs__", ()))
            stack.extend((getattr(value, name), name) for name in reversed(names))
    return None


#: What :func:`passes_outside` reads of each class at once: the fields declared text on one
#: line, text that may span lines (:data:`~core.text.FREE_TEXT`), numbers, and the others (walked).
_Plan = tuple[
    Callable[[Any], tuple[Any, ...]] | None,
    Callable[[Any], tuple[Any, ...]] | None,
    Callable[[Any], tuple[Any, ...]] | None,
    Callable[[Any], tuple[Any, ...]] | None,
    tuple[str, ...],
]
_PLANS: dict[type, _Plan] = {}
#: The types a number read in bulk may have (anything else: :func:`passes_outside` cannot tell).
_NUMBERS = frozenset({int, bool})


def fields_reader(names: Sequence[str]) -> Callable[[Any], tuple[Any, ...]] | None:
    """What reads the attributes ``names`` of a value as one tuple (:func:`operator.attrgetter`,
    a tuple even for one), or None for no name."""
    if not names:
        return None
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda value: (one(value),)
    return operator.attrgetter(*names)


def _plan(kind: type) -> _Plan:
    line: list[str] = []
    free: list[str] = []
    numbers: list[str] = []
    others: list[str] = []
    for a in getattr(kind, "__attrs_attrs__", ()):
        declared = a.type if isinstance(a.type, str) else getattr(a.type, "__name__", None)
        if declared == "str":
            (free if a.name in FREE_TEXT else line).append(a.name)
        elif declared in ("int", "bool"):
            numbers.append(a.name)
        else:
            others.append(a.name)
    return fields_reader(line), fields_reader(free), fields_reader(numbers), fields_reader(others), tuple(others)


def passes_outside(value: object, field: str = "text") -> bool:
    """True when :func:`refuse_outside` lets ``value`` through, told quickly: an attrs value's
    fields declared text are read together and searched as one text, those declared numbers
    checked together (the rest walked as :func:`outside_error` walks it, without a message). False
    when something is refused, and also when it cannot tell: a field that does not hold what it
    declares, a number of a subclass of int (:func:`refuse_outside` then walks the values)."""
    line: list[object] = []
    free: list[object] = []
    numbers: list[object] = []
    stack: list[tuple[object, str]] = [(value, field)]
    while stack:
        value, field = stack.pop()
        if isinstance(value, str):
            (free if field in FREE_TEXT else line).append(value)
        elif isinstance(value, int):
            numbers.append(value)
        elif isinstance(value, (tuple, list)):
            if value:
                stack.extend(zip(value, itertools.repeat(field)))
        elif value is not None:
            kind = type(value)
            plan = _PLANS.get(kind)
            if plan is None:
                plan = _PLANS[kind] = _plan(kind)
            texts, free_texts, whole, walked, names = plan
            if texts is not None:
                line.extend(texts(value))
            if free_texts is not None:
                free.extend(free_texts(value))
            if whole is not None:
                numbers.extend(whole(value))
            if walked is not None:
                stack.extend(zip(walked(value), names, strict=True))
    try:
        if UNSAFE_IN_LINE.search("".join(line)) or UNSAFE.search("".join(free)):  # type: ignore[arg-type]
            return False
    except TypeError:  # a field declared text holds something else
        return False
    return not numbers or (
        set(map(type, numbers)) <= _NUMBERS and -LIMIT <= min(numbers) and max(numbers) <= LIMIT  # type: ignore[type-var,operator]
    )


def one_of(allowed: Collection[Any]) -> Callable[[Any, Any, Any], None]:
    """Reject a value that is not among ``allowed``."""
    allowed_values = tuple(allowed)

    def check(_instance: Any, attribute: Any, value: Any) -> None:
        if value not in allowed_values:
            raise RulesError(
                attribute.name,
                f"unknown value {value!r}",
                [getattr(a, "value", a) for a in allowed_values],
                f"valeur inconnue {value!r}",
            )

    return check


def require(
    field: str, ok: bool, message: str, allowed: Allowed = None, fr: str | None = None, *, allowed_fr: Allowed = None
) -> None:
    """Raise a :class:`RulesError` for ``field`` unless ``ok``: for checks in plain functions."""
    if not ok:
        raise RulesError(field, message, allowed, fr, allowed_fr=allowed_fr)


def text(_instance: Any, attribute: Any, value: Any) -> None:
    """Reject anything that is not a string."""
    if not isinstance(value, str):
        raise RulesError(
            attribute.name, f"must be text, got {_shown(value)}", fr=f"doit être du texte, pas {_shown(value)}"
        )


def non_empty(_instance: Any, attribute: Any, value: Any) -> None:
    """Reject an empty or blank string."""
    if not isinstance(value, str) or not value.strip():
        raise RulesError(attribute.name, "must not be empty", fr="ne doit pas être vide")
