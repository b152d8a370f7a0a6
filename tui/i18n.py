"""Interface text in English and French. Rules text comes with its own lines (core.breakdown)."""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping

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
    "list.more": (" and {n} more", " et {n} autre{s}"),
}


#: The modules that register texts. Each registers its own at import, so a module loaded late
#: (a form, a dialog) costs nothing at start-up; :func:`load_catalogue` imports them all (the
#: first time a key is not found, and in the tests, which check this list is complete).
TEXT_MODULES = (
    "tui.commands.book",
    "tui.commands.fight",
    "tui.commands.mass",
    "tui.commands.palette",
    "tui.keymap",
    "tui.players_see",
    "tui.screens.bad_save",
    "tui.screens.combat_dialogs",
    "tui.screens.forms",
    "tui.screens.group_form",
    "tui.screens.help",
    "tui.screens.log",
    "tui.screens.prompts",
    "tui.screens.roll",
    "tui.screens.sheet",
    "tui.screens.stigma",
    "tui.screens.templates",
    "tui.screens.victims",
    "tui.spells.apotheose",
    "tui.spells.d6",
    "tui.spells.mage",
    "tui.spells.poles",
    "tui.view.app",
    "tui.view.render",
    "tui.widgets.damage",
    "tui.widgets.dice_field",
    "tui.widgets.duel",
    "tui.widgets.form",
    "tui.widgets.group_forms",
    "tui.widgets.initiative",
    "tui.widgets.initiative_rows",
    "tui.widgets.inputs",
    "tui.widgets.mass_combat",
    "tui.widgets.named_group",
    "tui.widgets.score_parts",
    "tui.widgets.spell",
    "tui.widgets.spell_d6",
    "tui.widgets.spell_poles",
    "tui.widgets.spell_tab",
    "tui.widgets.status",
)


def check_texts(texts: Mapping[str, tuple[str, str]]) -> None:
    """Every text in English and in French, both non-empty: a ValueError otherwise (at the import
    of the module that registers them, never on screen)."""
    bad = []
    for key, pair in texts.items():
        if not (isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(x, str) and x for x in pair)):
            bad.append(f"{key}: needs an English and a French text")
    if bad:
        raise ValueError("incomplete texts: " + "; ".join(bad))


def register(texts: dict[str, tuple[str, str]]) -> None:
    """Add a module's texts (each widget module registers its own at import), each checked by
    :func:`check_texts`."""
    clash = set(texts) & set(TEXT)
    if clash:
        raise ValueError(f"text keys defined twice: {sorted(clash)}")
    check_texts(texts)
    TEXT.update(texts)


def load_catalogue() -> None:
    """Every registered text: the modules of :data:`TEXT_MODULES` imported."""
    for name in TEXT_MODULES:
        importlib.import_module(name)


def pick(pair: tuple[str, str], lang: Lang = "en") -> str:
    """The one of an (English, French) pair that ``lang`` reads: the one place the app picks a
    language (registered texts, labels that come in pairs)."""
    return pair[1] if lang == "fr" else pair[0]


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


def default_key(binding_id: str) -> str:
    """A binding's first default key as the footer writes it (``ctrl+n`` → ``^n``): what a text
    names before an app runs (its keymap then answers, :func:`show_keys_of`)."""
    from tui.commands.table import BY_ID

    key = BY_ID[binding_id].key_list[0]
    return "^" + key.removeprefix("ctrl+") if key.startswith("ctrl+") else key


#: How a text's ``{k[binding-id]}`` is written: the running app's live key (after its keymap).
_key_display: Callable[[str], str] = default_key


#: Key names as a French GM reads them (the footer's and the help's).
KEY_WORDS: dict[str, dict[str, str]] = {
    "en": {},
    "fr": {"space": "espace", "enter": "entrée", "escape": "échap", "delete": "suppr", "backspace": "retour"},
}


class _Keys:
    """``{k[dmg-pugilat]}`` in a text: the key that does it now (the one source of key hints)."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang

    def __getitem__(self, binding_id: str) -> str:
        return key_of(binding_id, self.lang)


def key_of(binding_id: str, lang: Lang = "en") -> str:
    """The key shown for ``binding_id`` (the running app's, after its keymap), in ``lang``."""
    shown = _key_display(binding_id)
    return KEY_WORDS[lang].get(shown, shown)


def show_keys_of(display: Callable[[str], str] | None) -> None:
    """Texts name keys through ``display`` (binding id → the key shown); None: the defaults."""
    global _key_display
    _key_display = display or default_key


def t(key: str, lang: Lang = "en", /, **values: object) -> str:
    """The text for ``key`` in ``lang``, formatted with ``values``. A key whose module is not
    imported yet loads the whole catalogue; a key that is nowhere is a KeyError (a bug the
    catalogue's tests find), never shown to the GM as it is."""
    pair = TEXT.get(key)
    if pair is None:
        load_catalogue()
        pair = TEXT.get(key)
        if pair is None:
            raise KeyError(f"no text {key!r} in the catalogue")
    text = pick(pair, lang)
    if "{k[" in text:
        values.setdefault("k", _Keys(lang))
    return text.format(**values) if values else text


def refused(field: str, key: str, allowed: str | None = None, **values: object) -> RulesError:
    """A RulesError for ``field`` whose message is the registered text ``key``, in both languages."""
    return RulesError(field, t(key, "en", **values), allowed, t(key, "fr", **values))


def refusal(error: BaseException, lang: Lang = "en") -> str:
    """What to show the GM for refused input: a :class:`core.errors.RulesError` (or anything with
    ``text(lang)``) in ``lang``, any other error as it says."""
    text = getattr(error, "text", None)
    return text(lang) if callable(text) else str(error)
