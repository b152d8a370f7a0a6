"""Interface text in English and French. Rules text comes with its own lines (core.breakdown)."""

from __future__ import annotations

import os
from collections.abc import Mapping

from core.breakdown import Lang
from core.errors import RulesError

LANGS = ("en", "fr")


def default_lang(env: Mapping[str, str] | None = None) -> Lang:
    """``fr`` when ``LC_ALL``/``LC_MESSAGES``/``LANG`` say French, else ``en``."""
    env = os.environ if env is None else env
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


#: key → (English, French). Keep keys short and grouped by screen.
TEXT: dict[str, tuple[str, str]] = {
    # app-wide
    "app.title": ("Apothéose", "Apothéose"),
    "app.read_only": ("READ-ONLY", "LECTURE SEULE"),
    "app.locked_by": (
        "Read-only: {holder} is writing this campaign.",
        "Lecture seule : {holder} écrit cette campagne.",
    ),
    "app.saved_failed": ("Save failed, will retry: {error}", "Échec de sauvegarde, nouvel essai : {error}"),
    "app.save_conflict": (
        "Stopped saving, another writer took this campaign over: {error}",
        "Sauvegarde arrêtée, un autre programme a repris cette campagne : {error}",
    ),
    "app.save_warning": ("Saved, but: {text}", "Sauvegardé, mais : {text}"),
    "app.saved_again": ("Saved again.", "Sauvegarde rétablie."),
    "app.nothing_undo": ("Nothing to undo.", "Rien à annuler."),
    "app.nothing_redo": ("Nothing to redo.", "Rien à rétablir."),
    "app.undone": ("Undone: {what}", "Annulé : {what}"),
    "app.redone": ("Redone: {what}", "Rétabli : {what}"),
    "app.read_only_refused": ("Read-only: nothing can be changed.", "Lecture seule : rien ne peut être modifié."),
    "app.award_xp": ("XP for every PC", "XP pour chaque PJ"),
    # panes
    "pane.initiative": ("Initiative", "Initiative"),
    "pane.mass": ("Mass combat", "Combat de masse"),
    "pane.damage": ("Damage", "Dégâts"),
    "pane.spell": ("Spell cost", "Coût de sort"),
}


def register(texts: dict[str, tuple[str, str]]) -> None:
    """Add a module's texts (each widget module registers its own at import)."""
    clash = set(texts) & set(TEXT)
    if clash:
        raise ValueError(f"text keys defined twice: {sorted(clash)}")
    TEXT.update(texts)


def pick(pair: tuple[str, str], lang: Lang = "en") -> str:
    """The one of an (English, French) pair that ``lang`` reads: the one place the app picks a
    language (registered texts, labels that come in pairs)."""
    return pair[1] if lang == "fr" else pair[0]


def plural_s(n: int, lang: Lang = "en") -> str:
    """The plural ``s`` after ``n`` (French: 0 and 1 are singular, English: only 1)."""
    return "" if n == 1 or (lang == "fr" and n == 0) else "s"


def decimal_comma(text: str, lang: Lang = "en") -> str:
    """A number written in ``lang``: ``1.5`` stays in English, becomes ``1,5`` in French."""
    return text.replace(".", ",") if lang == "fr" else text


def t(key: str, lang: Lang = "en", /, **values: object) -> str:
    """The text for ``key`` in ``lang``, formatted with ``values``; the key itself if unknown."""
    text = pick(TEXT.get(key, (key, key)), lang)
    return text.format(**values) if values else text


def refused(field: str, key: str, allowed: str | None = None, **values: object) -> RulesError:
    """A RulesError for ``field`` whose message is the registered text ``key``, in both languages."""
    return RulesError(field, t(key, "en", **values), allowed, t(key, "fr", **values))


def refusal(error: Exception, lang: Lang = "en") -> str:
    """What to show the GM for refused input: a :class:`core.errors.RulesError` (or anything with
    ``text(lang)``) in ``lang``, any other error as it says."""
    text = getattr(error, "text", None)
    return text(lang) if callable(text) else str(error)
