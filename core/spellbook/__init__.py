"""A campaign's spell book: named spells of the four calculators, and remembered casters.

- :mod:`core.spellbook.book`: the book itself (kept in the campaign, saved with it), its names
  and the systems it knows. Light to import: a campaign holds it.
- :mod:`core.spellbook.apotheose`, :mod:`~core.spellbook.mage`, :mod:`~core.spellbook.poles`,
  :mod:`~core.spellbook.d6`: each system's inputs (what its calculator takes, stored as given,
  never its results), how they are priced under the campaign's house rules, and its casters.
  Imported when a book first holds one of theirs.
- :mod:`core.spellbook.seeds`: the source texts' spells and worked examples, built in.

The actions that change a book are in :mod:`core.actions.book`.
"""
