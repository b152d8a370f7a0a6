"""Interface text in English and French, from one catalogue (:mod:`tui.texts`). Rules text comes
with its own lines (core.breakdown)."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from core.breakdown import Lang
from core.errors import RulesError

if TYPE_CHECKING:
    from tui.texts import Catalogue

LANGS = ("en", "fr")


def default_lang(env: Mapping[str, str] | None = None) -> Lang:
    """``fr`` when ``LC_ALL``/``LC_MESSAGES``/``LANG`` say French, else ``en``."""
    env = os.environ if env is None else env
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


@functools.cache
def catalogue() -> Mapping[Lang, Catalogue]:
    """Every interface text, per language: key → text (:mod:`tui.texts.en`, :mod:`tui.texts.fr`),
    loaded the first time a text is asked for and checked whole then, once
    (:func:`tui.texts.check`: a :class:`tui.texts.CatalogueError` names each key that is wrong).
    A command line that shows no text never loads it."""
    from tui.texts import check, en, fr

    texts: Mapping[Lang, Catalogue] = {"en": en.TEXTS, "fr": fr.TEXTS}
    check(texts)
    return texts


def both(key: str) -> tuple[str, str]:
    """The (English, French) texts of ``key``, unformatted: for a choice that renders in either."""
    return (_text(key, "en"), _text(key, "fr"))


def _text(key: str, lang: Lang) -> str:
    try:
        return catalogue()["fr" if lang == "fr" else "en"][key]
    except KeyError:
        raise KeyError(f"no text {key!r} in the catalogue (tui/texts/en.py and fr.py)") from None


def pick(pair: tuple[str, str], lang: Lang = "en") -> str:
    """The one of an (English, French) pair that ``lang`` reads: the one place the app picks a
    language (labels that come in pairs, from the rules or a spell system)."""
    return pair[1] if lang == "fr" else pair[0]


#: A text to show: a key of the catalogue (``"mage.hint.sphere"``, read in the language of the
#: moment, its ``{k[…]}`` keys the live keymap's), or an (English, French) pair made from core's
#: words (a tradition's name, a duration's row).
Said = str | tuple[str, str]


def said(text: Said, lang: Lang = "en") -> str:
    """What ``text`` (a key of the catalogue or a pair) says in ``lang``."""
    return t(text, lang) if isinstance(text, str) else pick(text, lang)


def plural_s(n: int, lang: Lang = "en") -> str:
    """The plural ``s`` after ``n`` (French: 0 and 1 are singular, English: only 1)."""
    return "" if n == 1 or (lang == "fr" and n == 0) else "s"


def listed(names: list[str], lang: Lang = "en", room: int = 32) -> str:
    """``Brunvir, Vétérans de Villon and 1 more``: the names that fit in ``room`` characters
    (the first always), the others counted, never a name cut in the middle."""
    shown = names[:1]
    for name in names[1:]:
        rest = len(names) - len(shown) - 1
        more = len(t("list.more", lang, n=rest, s=plural_s(rest, lang))) if rest else 0
        if len(", ".join([*shown, name])) + more > room:
            break
        shown.append(name)
    rest = len(names) - len(shown)
    return ", ".join(shown) + (t("list.more", lang, n=rest, s=plural_s(rest, lang)) if rest else "")


def decimal_comma(text: str, lang: Lang = "en") -> str:
    """A number written in ``lang``: ``1.5`` stays in English, becomes ``1,5`` in French."""
    return text.replace(".", ",") if lang == "fr" else text


def _nth(keys: tuple[str, ...], nth: int) -> str:
    """The ``nth`` key (0: the first) of ``keys``, or the last one it has."""
    return keys[min(nth, len(keys) - 1)]


def default_name(binding_id: str, nth: int = 0) -> str:
    """A binding's first default key (``nth``: another, counted from 0) as ``keymap.toml`` writes
    it (``ctrl+n``, ``enter``)."""
    from tui.commands.table import BY_ID

    return _nth(BY_ID[binding_id].key_list, nth)


def default_key(binding_id: str, nth: int = 0) -> str:
    """A binding's first default key (``nth``: another) as the footer writes it (``ctrl+n`` →
    ``^n``): what a text names before an app runs (its keymap then answers, :func:`show_keys_of`)."""
    key = default_name(binding_id, nth)
    return "^" + key.removeprefix("ctrl+") if key.startswith("ctrl+") else key


#: How a text's ``{k[binding-id]}`` is written: the running app's live key (after its keymap),
#: as the footer shows it (``^n``, ``⏎``) and as ``keymap.toml`` names it (``ctrl+n``, ``enter``);
#: each takes the binding id and which of its keys (0: the first).
_key_display: Callable[[str, int], str] = default_key
_key_name: Callable[[str, int], str] = default_name

#: How a key hint is written: ``shown`` as the footer (``^n``, ``⏎``, ``esc``), ``spelled`` as
#: ``keymap.toml`` (``ctrl+t``), ``word`` in a sentence's words (``enter``, ``échap``), ``Word``
#: the same capitalised (``Enter``, ``Échap``). In a text: ``{k[condition-cancel]:Word}``. A
#: binding with several keys names another with ``@N`` (from 1): ``{k[choice-next]:@2}`` is
#: the second (``→`` of ``space,right``), or its last when the keymap gives it fewer.
KEY_FORMS = ("shown", "spelled", "word", "Word")


def key_word(shown: str, lang: Lang = "en") -> str:
    """A key as the footer or ``keymap.toml`` writes it (``space``, ``escape``) in ``lang``'s
    words (``espace``, ``échap``): the catalogue's ``key.<name>``, else as it is (``^n``, ``f6``)."""
    return catalogue()["fr" if lang == "fr" else "en"].get(f"key.{shown}", shown)


def key_form(spec: str) -> tuple[str, int]:
    """A key's format spec (``word``, ``@2``, ``Word@2``) → (its form, which key from 0)."""
    form, at, nth = spec.partition("@")
    if at and not (nth.isdigit() and int(nth) >= 1):
        raise ValueError(f"a key's @N counts its keys from 1, not {spec!r}")
    return form or "shown", int(nth) - 1 if at else 0


def key_of(binding_id: str, lang: Lang = "en", form: str = "shown", nth: int = 0) -> str:
    """The key that does ``binding_id`` now (the running app's, after its keymap; ``nth``: its
    other keys, from 0), in ``lang``, written the way ``form`` (one of :data:`KEY_FORMS`) says."""
    if form == "shown":
        return key_word(_key_display(binding_id, nth), lang)
    name = _key_name(binding_id, nth)
    if form == "spelled":
        return name
    if form not in KEY_FORMS:
        raise ValueError(f"a key is written {' or '.join(KEY_FORMS)}, not {form!r}")
    word = key_word(name, lang)
    return word[:1].upper() + word[1:] if form == "Word" else word


class _Key:
    """``{k[dmg-pugilat]}`` in a text: the key that does it now (the one source of key hints);
    ``{k[form-apply]:Word}`` that key in words (:data:`KEY_FORMS`), ``{k[choice-next]:@2}`` its
    second key."""

    def __init__(self, binding_id: str, lang: Lang) -> None:
        self.binding_id, self.lang = binding_id, lang

    def __format__(self, spec: str) -> str:
        form, nth = key_form(spec)
        return key_of(self.binding_id, self.lang, form, nth)

    def __str__(self) -> str:
        return key_of(self.binding_id, self.lang)


class _Keys:
    """``k`` in a text: ``k[binding-id]`` is that binding's key (:class:`_Key`)."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang

    def __getitem__(self, binding_id: str) -> _Key:
        return _Key(binding_id, self.lang)


def show_keys_of(display: Callable[[str, int], str] | None, name: Callable[[str, int], str] | None = None) -> None:
    """Texts name keys through ``display`` ((binding id, which key from 0) → the key shown) and
    ``name`` (the same → the key as ``keymap.toml`` writes it); None: the defaults."""
    global _key_display, _key_name
    _key_display = display or default_key
    _key_name = name or default_name


def t(key: str, lang: Lang = "en", /, **values: object) -> str:
    """The text for ``key`` in ``lang``, formatted with ``values``. A key that is not in the
    catalogue is a KeyError (a bug the catalogue's tests find), never shown to the GM as it is."""
    text = _text(key, lang)
    if "{k[" in text:
        values.setdefault("k", _Keys(lang))
    return text.format(**values) if values else text


def refused(field: str, key: str, allowed: str | None = None, **values: object) -> RulesError:
    """A RulesError for ``field`` whose message is the catalogue's text ``key``, in both languages."""
    return RulesError(field, t(key, "en", **values), allowed, t(key, "fr", **values))


def refusal(error: BaseException, lang: Lang = "en") -> str:
    """What to show the GM for refused input: a :class:`core.errors.RulesError` (or anything with
    ``text(lang)``) in ``lang``, any other error as it says."""
    text = getattr(error, "text", None)
    return text(lang) if callable(text) else str(error)
