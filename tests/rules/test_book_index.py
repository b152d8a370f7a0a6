"""core.spellbook.index: a book's names indexed once (issue 37): finding and filtering give what
a pass over every spell gives, letter after letter, and nothing is priced."""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from core.choices import _folded
from core.spellbook.book import SpellBook, name_key
from core.spellbook.index import BookIndex, index_of
from core.spellbook.seeds import SEEDS, Entry, entries, find

NAMES = ["Boule de feu", "boule de FEU", "Bôule", "Éclair", "éclair", "Soin", "Mur", "Brume", "Feu follet"]
BOOK = SpellBook(
    tuple(attrs.evolve(SEEDS[i % len(SEEDS)].spell, name=f"{NAMES[i % len(NAMES)]} {i}") for i in range(60))
)


def filtered_by_a_pass(book: SpellBook, typed: str, system: str | None = None) -> list[Entry]:
    """What the book screen's filter did: every spell folded, those starting with it first."""
    wanted = _folded(typed.strip())
    holding = [e for e in entries(book) if wanted in _folded(e.spell.name)]
    ordered = sorted(holding, key=lambda e: not _folded(e.spell.name).startswith(wanted))
    return [e for e in ordered if system is None or e.spell.system == system]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(list("bouléÉ fe1234 ") + ["Feu", "ÉCL"]), max_size=8), st.booleans())
def test_filtering_letter_after_letter_gives_what_a_pass_over_every_spell_gives(letters: list[str], back: bool) -> None:
    index = BookIndex(BOOK)
    typed = ""
    for letter in letters:
        typed = typed[:-1] if back and typed and letter == " " else typed + letter
        assert index.filter(typed) == filtered_by_a_pass(BOOK, typed)
    assert index.filter(typed, "d6") == filtered_by_a_pass(BOOK, typed, "d6")


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([*NAMES, "boule de feu 0", "BOULE DE FEU 1", "Eclair 3", "eclair 4", "Mur 6", "nothing"]))
def test_finding_by_name_gives_what_a_pass_over_every_spell_gives(name: str) -> None:
    every = entries(BOOK)
    exact = [e for e in every if name_key(e.spell.name) == name_key(name)]
    blind = [e for e in every if _folded(e.spell.name) == _folded(name)]
    assert index_of(BOOK).matching(name) == (exact, blind)
    if len(exact) == 1 or (not exact and len(blind) == 1):
        assert find(BOOK, name) == (exact or blind)[0]


def test_a_book_is_indexed_once_and_prices_nothing(monkeypatch) -> None:
    from core.spellbook.book import BookSpell

    def refuse(*_args: object) -> None:
        raise AssertionError("priced")

    monkeypatch.setattr(BookSpell, "price", refuse)
    book = SpellBook(BOOK.spells[:10])
    assert index_of(book) is index_of(book)
    assert index_of(book).filter("bo") == filtered_by_a_pass(book, "bo")


def _folded_as_before(text: str) -> str:
    """The fold as first written: NFKD, then every combining mark dropped, one by one."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(c for c in plain if not unicodedata.combining(c)).replace("-", "_").replace(" ", "_")


@given(st.text())
def test_the_fold_is_the_same_as_first_written_for_any_text(text) -> None:
    assert _folded(text) == _folded_as_before(text)


def test_the_names_are_folded_when_first_typed_not_when_the_list_opens(monkeypatch) -> None:
    """Opening the book's list asks for its first lines only: the names are folded when the
    first letter is typed (issue 37: 10,000 names folded before the list's first frame), and
    the list's order is made once per book and tab."""
    import core.spellbook.index as index_module

    folds: list[str] = []

    def counted(text: str) -> str:
        folds.append(text)
        return _folded(text)

    monkeypatch.setattr(index_module, "_folded", counted)
    index = BookIndex(BOOK)
    assert index.positions("") == list(range(len(index.entries)))
    assert index.order(["d6"]) is index.order(["d6"])
    assert len(folds) <= 1  # at most what is typed: no name
    assert index.filter("bo") == filtered_by_a_pass(BOOK, "bo")
    assert len(folds) >= len(index.entries)
