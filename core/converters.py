"""attrs converters shared by the frozen rules classes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def as_tuple(items: Iterable[Any]) -> tuple[Any, ...]:
    """``tuple(items)``, as a named converter for ``tuple[X, ...]`` fields (idempotent, so
    ``attrs.evolve`` may re-run it).

    Its items are ``Any`` on purpose: mypy's attrs plugin types ``__init__`` from the converter's
    argument and cannot bind a generic one (``converter=tuple`` or an ``Iterable[T]`` converter
    leaves an unsolved ``T`` that rejects every argument), so the field's own annotation carries
    the item type.
    """
    return tuple(items)
