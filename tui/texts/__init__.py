"""The interface's texts: one catalogue per language, plain data (:mod:`tui.texts.en`,
:mod:`tui.texts.fr`), read by :func:`tui.i18n.t`.

:func:`check` makes them one catalogue: both languages have exactly the same keys, every text is
written, and a key's texts take the same ``{placeholders}``, so a call that works in English works
in French. :mod:`tui.i18n` runs it once, when it loads the catalogue; a failure names the key.
Rules text is not here: it comes with its own lines (:mod:`core.breakdown`).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from core.breakdown import Lang

#: One language's texts: key → text (``{placeholders}`` filled by :func:`tui.i18n.t`).
Catalogue = Mapping[str, str]

#: Placeholders that one language's grammar writes and the other leaves out (the caller passes
#: them all): ``autre{s}``/``more``, ``tour {de_name}``/``{name}'s turn``.
ONE_LANGUAGE_ONLY: Mapping[str, frozenset[str]] = {
    "list.more": frozenset({"s"}),
    "mage.successes": frozenset({"es"}),
    "init.turn": frozenset({"name", "de_name"}),
    "status.turn": frozenset({"name", "de_name"}),
}


NONE: frozenset[str] = frozenset()
_FORMATTER = string.Formatter()


class CatalogueError(ValueError):
    """The catalogue is not whole: a text missing in a language, empty, or taking other values."""


def placeholders(text: str) -> frozenset[str]:
    """The values a text takes: ``{name}``, ``{k[dmg-pugilat]}`` (a ValueError on a stray brace)."""
    if "{" not in text and "}" not in text:
        return NONE
    return frozenset(field for _, field, _, _ in _FORMATTER.parse(text) if field is not None)


def problems(catalogues: Mapping[Lang, Catalogue]) -> list[str]:
    """What keeps ``catalogues`` (language → key → text) from being one catalogue, key by key."""
    found: list[str] = []
    every = set().union(*(texts.keys() for texts in catalogues.values()))
    for key in every:
        texts = {lang: catalogue.get(key) for lang, catalogue in catalogues.items()}
        written = {lang: text for lang, text in texts.items() if isinstance(text, str) and text.strip()}
        for lang in texts.keys() - written.keys():
            found.append(f"{key}: no {lang} text" if texts[lang] is None else f"{key}: the {lang} text is empty")
        if not any("{" in text or "}" in text for text in written.values()):
            continue
        fields: dict[Lang, frozenset[str]] = {}
        for lang, text in written.items():
            try:
                fields[lang] = placeholders(text) - ONE_LANGUAGE_ONLY.get(key, NONE)
            except ValueError as error:
                found.append(f"{key}: the {lang} text has a stray brace ({error})")
        if len(set(fields.values())) > 1:
            takes = "; ".join(f"{lang} {sorted(f)}" for lang, f in fields.items())
            found.append(f"{key}: the languages take other placeholders ({takes})")
    return sorted(found)


def check(catalogues: Mapping[Lang, Catalogue]) -> None:
    """A :class:`CatalogueError` naming each key that is missing, empty or mismatched."""
    found = problems(catalogues)
    if found:
        raise CatalogueError("the text catalogue is not whole: " + "; ".join(found))
