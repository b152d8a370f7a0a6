"""An immutable sequence that grows at its end in constant time: the journal's history and log.

A :class:`Run` is a window ``[lo, hi)`` on a list that only ever grows at its end. Appending to
the run that ends where the list ends extends that list in place and returns a longer window on
it: the runs made before still see only their own items, so every run stays a value. Appending
to a run that another already grew past (a new action after an undo) copies its items first.
Slices are windows on the same list, so cutting a history's old end costs nothing either.

A run equals a run or a tuple with the same items, and hashes like that tuple.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")

#: Two threads appending to runs of one list at once must not both extend it.
_GROWING = threading.Lock()


class Run(Sequence[T], Generic[T]):
    __slots__ = ("_hi", "_items", "_lo")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._lo = 0
        self._hi = len(self._items)

    @classmethod
    def of(cls, items: Iterable[T]) -> Run[T]:
        """``items`` as a run (a run is returned as it is: an idempotent attrs converter)."""
        return items if isinstance(items, Run) else cls(items)

    @classmethod
    def _window(cls, items: list[T], lo: int, hi: int) -> Run[T]:
        run: Run[T] = cls.__new__(cls)
        run._items, run._lo, run._hi = items, lo, hi
        return run

    def plus(self, *new: T) -> Run[T]:
        """This run with ``new`` appended (in constant time when nothing grew past this run)."""
        with _GROWING:
            items, lo = self._items, self._lo
            if len(items) != self._hi:  # another run goes on past this one: branch off
                items, lo = items[lo : self._hi], 0
            items.extend(new)
            return Run._window(items, lo, len(items))

    def __len__(self) -> int:
        return self._hi - self._lo

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> Run[T]: ...

    def __getitem__(self, index: int | slice) -> T | Run[T]:
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return Run(self._items[self._lo + start : self._lo + stop : step])
            return Run._window(self._items, self._lo + start, self._lo + max(start, stop))
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("run index out of range")
        return self._items[self._lo + index]

    def __iter__(self) -> Iterator[T]:
        if self._lo == 0:
            return islice(self._items, self._hi)
        return map(self._items.__getitem__, range(self._lo, self._hi))  # islice would walk from 0

    def __reversed__(self) -> Iterator[T]:
        return map(self._items.__getitem__, range(self._hi - 1, self._lo - 1, -1))

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        n = len(self)
        lo, hi, _ = slice(start, stop).indices(n)
        return self._items.index(value, self._lo + lo, self._lo + hi) - self._lo

    def _list(self) -> list[T]:
        items = self._items
        return items if self._lo == 0 and self._hi == len(items) else items[self._lo : self._hi]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Run):
            if other._items is self._items and other._lo == self._lo and other._hi == self._hi:
                return True
            return len(other) == len(self) and self._list() == other._list()
        if isinstance(other, tuple):
            return len(other) == len(self) and tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Iterable[T]) -> tuple[T, ...]:
        return (*self, *other)

    def __radd__(self, other: Iterable[T]) -> tuple[T, ...]:
        return (*other, *self)

    def __repr__(self) -> str:
        return f"Run({list(self)!r})"


__all__ = ["Run"]
