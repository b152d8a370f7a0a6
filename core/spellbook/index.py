"""The spell book's names, indexed once so that finding and filtering cost little at 10,000
spells (issue 37): :class:`BookIndex` folds every name once, when first needed (case and accent blind), keeps the
exact and folded names in dicts for :meth:`BookIndex.find`, and filters as the GM types
(:meth:`BookIndex.filter`), each letter narrowing the last letter's result. Nothing is priced
here: a caller prices only the spells it shows (:meth:`BookSpell.price`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from core.choices import _folded
from core.spellbook.book import SpellBook, name_key
from core.spellbook.seeds import Entry, entries

#: The indexes of the last books asked about (by identity): a book is indexed once.
_LAST: list[tuple[SpellBook, BookIndex]] = []


class BookIndex:
    """Every spell of a book (:func:`~core.spellbook.seeds.entries`), its names folded once, when
    first needed: the book's list opens on its first lines without them (issue 37)."""

    def __init__(self, book: SpellBook) -> None:
        self.entries: tuple[Entry, ...] = entries(book)
        self._folded: tuple[str, ...] | None = None
        self._tables: tuple[dict[str, list[int]], dict[str, list[int]]] | None = None
        self._narrowing = Narrowing(lambda: self.folded, len(self.entries))
        self._orders: dict[tuple[str, ...], tuple[int, ...]] = {}

    @property
    def folded(self) -> tuple[str, ...]:
        """Each entry's name folded (:func:`core.choices._folded`), in the entries' order."""
        if self._folded is None:
            self._folded = tuple(_folded(e.spell.name) for e in self.entries)
        return self._folded

    def order(self, own: Sequence[str]) -> tuple[int, ...]:
        """The positions of the entries as the book's list shows them: the systems ``own``
        first, the campaign's own spells the newest first, then the built-in ones (kept for the
        next opening)."""
        key = tuple(own)
        found = self._orders.get(key)
        if found is None:
            every = self.entries
            mine = [at for at in reversed(range(len(every))) if not every[at].built_in]
            seeds = [at for at in range(len(every)) if every[at].built_in]
            found = self._orders[key] = tuple(sorted([*mine, *seeds], key=lambda at: every[at].spell.system not in key))
        return found

    def matching(self, name: str, system: str | None = None) -> tuple[list[Entry], list[Entry]]:
        """The entries named ``name`` exactly (case-insensitively), then those named it case and
        accent blind (of ``system`` when given): what :func:`~core.spellbook.seeds.find` tries."""
        if self._tables is None:
            by_key: dict[str, list[int]] = {}
            by_folded: dict[str, list[int]] = {}
            for i, (entry, folded) in enumerate(zip(self.entries, self.folded, strict=True)):
                by_key.setdefault(name_key(entry.spell.name), []).append(i)
                by_folded.setdefault(folded, []).append(i)
            self._tables = (by_key, by_folded)
        out = []
        for table, key in zip(self._tables, (name_key(name), _folded(name)), strict=True):
            found = [self.entries[i] for i in table.get(key, ())]
            out.append([e for e in found if system is None or e.spell.system == system])
        return out[0], out[1]

    def positions(self, typed: str, system: str | None = None) -> list[int]:
        """The positions of the entries whose folded name holds ``typed`` folded, those that
        start with it first, each in the book's order. A query that goes on from the last one
        (a letter typed) looks only among the last one's result."""
        every = self._narrowing.positions(typed)
        if system is None:
            return every
        return [i for i in every if self.entries[i].spell.system == system]

    def filter(self, typed: str, system: str | None = None) -> list[Entry]:
        """The entries :meth:`positions` gives, in that order."""
        return [self.entries[i] for i in self.positions(typed, system)]


class Narrowing:
    """Filters a list of folded words (:func:`core.choices._folded`) as the GM types: the
    positions of those that hold what is typed, those that start with it first, each in the
    list's order. A query that goes on from the last one (a letter typed) looks only among the
    last one's result. ``folded`` may be a function making the words, with ``size`` their
    count: it is called when something is first typed (or :meth:`prepare`), not for the whole
    list."""

    def __init__(self, folded: Sequence[str] | Callable[[], Sequence[str]], size: int | None = None) -> None:
        self._make: Callable[[], Sequence[str]] | None = None
        self._words: Sequence[str] = ()
        if callable(folded):
            if size is None:
                raise ValueError("a function making the words needs their count")
            self._make, self.size = folded, size
        else:
            self._words, self.size = folded, len(folded) if size is None else size
        self._last: tuple[str, list[int] | None] = ("", None)

    @property
    def folded(self) -> Sequence[str]:
        if self._make is not None:
            self._words, self._make = self._make(), None
        return self._words

    def prepare(self) -> None:
        """Make the folded words now (before the first letter needs them)."""
        self.folded  # noqa: B018 - made by the property

    def positions(self, typed: str) -> list[int]:
        wanted = _folded(typed.strip())
        if not wanted:  # every word holds and starts with nothing: the whole list, in order
            self._last = ("", None)
            return list(range(self.size))
        last, found = self._last
        folded = self.folded
        among = found if found is not None and wanted.startswith(last) else range(len(folded))
        holding = [i for i in among if wanted in folded[i]]
        self._last = (wanted, holding)
        starting = [i for i in holding if folded[i].startswith(wanted)]
        return starting + [i for i in holding if not folded[i].startswith(wanted)]


def index_of(book: SpellBook) -> BookIndex:
    """The index of ``book`` (made once per book value held: the last few are kept)."""
    for known, index in _LAST:
        if known is book:
            return index
    index = BookIndex(book)
    _LAST[:] = [*_LAST[-2:], (book, index)]
    return index
