"""The spell book's names, indexed once so that finding and filtering cost little at 10,000
spells (issue 37): :class:`BookIndex` folds every name once (case and accent blind), keeps the
exact and folded names in dicts for :meth:`BookIndex.find`, and filters as the GM types
(:meth:`BookIndex.filter`), each letter narrowing the last letter's result. Nothing is priced
here: a caller prices only the spells it shows (:meth:`BookSpell.price`)."""

from __future__ import annotations

from collections.abc import Sequence

from core.choices import _folded
from core.spellbook.book import SpellBook, name_key
from core.spellbook.seeds import Entry, entries

#: The indexes of the last books asked about (by identity): a book is indexed once.
_LAST: list[tuple[SpellBook, BookIndex]] = []


class BookIndex:
    """Every spell of a book (:func:`~core.spellbook.seeds.entries`), its names folded once."""

    def __init__(self, book: SpellBook) -> None:
        self.entries: tuple[Entry, ...] = entries(book)
        self.folded: tuple[str, ...] = tuple(_folded(e.spell.name) for e in self.entries)
        self._by_key: dict[str, list[int]] = {}
        self._by_folded: dict[str, list[int]] = {}
        for i, (entry, folded) in enumerate(zip(self.entries, self.folded, strict=True)):
            self._by_key.setdefault(name_key(entry.spell.name), []).append(i)
            self._by_folded.setdefault(folded, []).append(i)
        self._narrowing = Narrowing(self.folded)

    def matching(self, name: str, system: str | None = None) -> tuple[list[Entry], list[Entry]]:
        """The entries named ``name`` exactly (case-insensitively), then those named it case and
        accent blind (of ``system`` when given): what :func:`~core.spellbook.seeds.find` tries."""
        out = []
        for table, key in ((self._by_key, name_key(name)), (self._by_folded, _folded(name))):
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
    last one's result."""

    def __init__(self, folded: Sequence[str]) -> None:
        self.folded = folded
        self._last: tuple[str, list[int] | None] = ("", None)

    def positions(self, typed: str) -> list[int]:
        wanted = _folded(typed.strip())
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
