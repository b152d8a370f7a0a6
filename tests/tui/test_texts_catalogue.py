"""Issue 34, item 6: every text the app shows comes from the catalogue, in both languages.

Delete asks its question with the name (never the raw key ``form.remove_question``), from the
initiative list and from the Quatre Pôles tab; the catalogue is complete at load: every key the
code uses exists in English and in French."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tui.pilot import WIDE, open_demo, select, wait_for


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_item_6_delete_asks_with_the_name(lang):
    from tests.tui.pilot import run
    from tui.screens.prompts import ConfirmDialog

    @run
    async def body():
        async with open_demo(size=WIDE, lang=lang) as (app, pilot):
            await select(pilot, "veterans")
            await pilot.press("delete")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            question = app.screen.question
            assert "form." not in question
            assert "Vétérans de Villon" in question
            assert ("Remove" if lang == "en" else "Retirer") in question

    body()


@pytest.mark.slow
def test_item_6_delete_from_the_poles_tab_with_a_checkbox_focused():
    from tests.tui.pilot import run
    from tui.screens.prompts import ConfirmDialog
    from tui.textual_fixes.checkbox import Checkbox

    @run
    async def body():
        async with open_demo(size=WIDE) as (app, pilot):
            await select(pilot, "brunvir")
            app.screen.action_spell_system("poles")
            await wait_for(pilot, lambda: bool(app.screen.query("#poles-slot")))
            app.screen.query_one("#poles-slot", Checkbox).focus()
            await pilot.pause()
            await pilot.press("delete")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            assert app.screen.question == "Remove Brunvir from the campaign and from every fight?"

    body()


# -- the catalogue, complete at load ----------------------------------------------------------
KEY_SHAPE = re.compile(r"^[a-z][a-z_0-9]*(\.[a-z_0-9-]+)+$")  # a command's: command.init-next
ROOT = Path(__file__).resolve().parents[2]


def catalogue() -> dict[str, tuple[str, str]]:
    """key → (English, French), straight from the two catalogues (no module needs importing)."""
    from tui.i18n import catalogue as loaded

    return {key: (text, loaded()["fr"][key]) for key, text in loaded()["en"].items()}


def _not_a_text(value: str) -> bool:
    """Strings shaped like keys that are something else: actions (``app.undo``), a file name."""
    from tui.app import ApotheoseApp

    head, _, rest = value.partition(".")
    return value.endswith(".toml") or (head == "app" and hasattr(ApotheoseApp, f"action_{rest}"))


def test_item_6_every_key_the_code_names_is_in_both_languages():
    """Every string of the code shaped like a key of the catalogue (``form.remove_question``) is
    a key with an English and a French text; every ``f"init.tag.{…}"`` family has members."""
    text = catalogue()
    prefixes = {key.split(".")[0] for key in text}
    missing, families = [], []
    for path in sorted((ROOT / "tui").rglob("*.py")):
        if path.parent.name == "texts":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY_SHAPE.match(node.value):
                value = node.value
                if value.split(".")[0] not in prefixes or _not_a_text(value):
                    continue
                # the players' view names its own texts without their prefix (word("hp"))
                if not any(k in text for k in (value, f"view.text.{value}", f"view.word.{value}")):
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno} {value}")
            elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                head = str(node.values[0].value)
                if KEY_SHAPE.match(head.rstrip(".")) and head.endswith(".") and head.split(".")[0] in prefixes:
                    if not any(k.startswith(head) for k in text):
                        families.append(f"{path.relative_to(ROOT)}:{node.lineno} {head}…")
    assert missing == [] and families == []
    for key, (en, fr) in text.items():
        assert en.strip() and fr.strip(), key


#: The functions that take a text's key: (module, name) → (the key's argument, the prefix added).
KEY_TAKERS = {
    ("tui.i18n", "t"): (0, ""),
    ("tui.i18n", "refused"): (1, ""),
    ("tui.i18n", "both"): (0, ""),
    ("tui.spells.description", "prompt"): (1, ""),
    ("tui.spells.description", "in_both"): (0, ""),
    ("tui.i18n", "said"): (0, ""),
    ("tui.widgets.inputs", "labels"): (0, ""),
    ("tui.view.render", "word"): (0, "view.word."),
    ("tui.view.app", "text"): (0, "view.text."),
}


def _asked_keys(path: Path) -> list[tuple[int, str, bool]]:
    """Each (line, key, whole) a call of :data:`KEY_TAKERS` in ``path`` names: a literal key
    (``t("form.remove_question", lang)``, either branch of ``t("a" if x else "b")``), or the head
    of a family (``t(f"init.tag.{state}")``, ``t("pane." + name)``, ``whole`` False)."""
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    takers = {name: where for (home, name), where in KEY_TAKERS.items() if home == module}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0:
            for alias in node.names:
                if (node.module, alias.name) in KEY_TAKERS:
                    takers[alias.asname or alias.name] = KEY_TAKERS[(node.module or "", alias.name)]
    found: list[tuple[int, str, bool]] = []

    def named(arg: ast.expr, prefix: str, line: int) -> None:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            found.append((line, prefix + arg.value, True))
        elif isinstance(arg, ast.IfExp):
            named(arg.body, prefix, line)
            named(arg.orelse, prefix, line)
        elif isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
            found.append((line, prefix + str(arg.values[0].value), False))
        elif isinstance(arg, ast.BinOp) and isinstance(arg.left, ast.Constant) and isinstance(arg.left.value, str):
            found.append((line, prefix + arg.left.value, False))

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in takers:
            index, prefix = takers[node.func.id]
            if len(node.args) > index:
                named(node.args[index], prefix, node.lineno)
    return found


def test_every_key_a_call_asks_for_is_in_the_catalogue():
    """``t("form.remove_question", lang)``, ``refused(field, "key")``, ``word("hp", lang)`` …: a
    key missing from the catalogue fails here, whatever its prefix, never shows on screen."""
    text = catalogue()
    asked, missing = 0, []
    for path in sorted((ROOT / "tui").rglob("*.py")):
        for line, key, whole in _asked_keys(path):
            asked += 1
            if not (key in text if whole else any(k.startswith(key) for k in text)):
                missing.append(f"{path.relative_to(ROOT)}:{line} {key}{'' if whole else '…'}")
    assert asked > 300, "the scan found too few calls: is a function that takes a key missing from KEY_TAKERS?"
    assert missing == []


#: Families looked up by data, not named in the code: Textual's own key descriptions (by their
#: English, tui.screens.help) and key names in words (by the key, tui.i18n.key_word).
LOOKED_UP = ("help.textual.", "key.")


def test_every_text_of_the_catalogue_is_used():
    """No text is left behind: each key is a string of the code, the head of a family the code
    builds (``f"init.tag.{…}"``, ``"pane." + name``), a players' view word, or looked up by data."""
    named, heads = set(), set()
    for path in (ROOT / "tui").rglob("*.py"):
        if path.parent.name == "texts":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                named.add(node.value)
            elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                heads.add(str(node.values[0].value))
            elif (
                isinstance(node, ast.BinOp) and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)
            ):
                heads.add(node.left.value)
    heads = {head for head in heads if "." in head}
    unused = [
        key
        for key in catalogue()
        if key not in named
        and key.removeprefix("view.word.").removeprefix("view.text.") not in named
        and not key.startswith((*LOOKED_UP, *heads))
    ]
    assert unused == []


def test_the_scan_finds_each_call_form(tmp_path, monkeypatch):
    """The scan reads literal keys, both branches, families and aliases (``refused as refusal``)."""
    source = (
        "from tui.i18n import refused as refusal\nfrom tui.i18n import t\n"
        "t('form.a', lang)\nt('form.b' if x else 'form.c')\nt(f'init.tag.{s}')\nt('pane.' + n)\n"
        "refusal('field', 'form.d')\n"
    )
    (tmp_path / "tui").mkdir()
    (tmp_path / "tui" / "probe.py").write_text(source, encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert _asked_keys(tmp_path / "tui" / "probe.py") == [
        (3, "form.a", True),
        (4, "form.b", True),
        (4, "form.c", True),
        (5, "init.tag.", False),
        (6, "pane.", False),
        (7, "form.d", True),
    ]


def test_a_missing_text_fails_never_shows_its_key():
    from tui.i18n import t

    with pytest.raises(KeyError, match="form.no_such_text"):
        t("form.no_such_text", "fr")


def test_the_check_names_the_key_a_language_lacks():
    from tui.texts import CatalogueError, check

    with pytest.raises(CatalogueError, match=r"form\.only_english: no fr text"):
        check({"en": {"form.only_english": "Only English"}, "fr": {}})
    with pytest.raises(CatalogueError, match=r"form\.half: the fr text is empty"):
        check({"en": {"form.half": "Half"}, "fr": {"form.half": " "}})


def test_the_check_names_the_key_whose_placeholders_differ():
    from tui.texts import CatalogueError, check

    with pytest.raises(CatalogueError, match=r"form\.remove_question: the languages take other placeholders"):
        check({"en": {"form.remove_question": "Remove {name}?"}, "fr": {"form.remove_question": "Retirer {nom} ?"}})
    with pytest.raises(CatalogueError, match=r"form\.hint: .*\{k\[dmg-bypass\]\}|form\.hint: the languages"):
        check({"en": {"form.hint": "bypass {k[dmg-bypass]}"}, "fr": {"form.hint": "ignorer {k[dmg-pugilat]}"}})
    with pytest.raises(CatalogueError, match=r"form\.brace: the fr text has a stray brace"):
        check({"en": {"form.brace": "{n} left"}, "fr": {"form.brace": "{n reste"}})
    check({"en": {"list.more": " and {n} more"}, "fr": {"list.more": " et {n} autre{s}"}})


def test_the_shipped_catalogue_is_whole():
    """The check the app runs at load, on the catalogue as shipped: nothing to report."""
    from tui.i18n import catalogue as loaded
    from tui.texts import ONE_LANGUAGE_ONLY, placeholders, problems

    assert problems(loaded()) == []
    assert len(loaded()["en"]) > 400
    for key, names in ONE_LANGUAGE_ONLY.items():  # each exception still needed, and no wider
        en, fr = placeholders(loaded()["en"][key]), placeholders(loaded()["fr"][key])
        assert en != fr and en ^ fr == names, key


def test_a_text_missing_in_french_stops_the_catalogue_loading():
    """The check runs as ``tui.i18n`` loads the catalogue: a key English has and French lacks is
    an error naming it then, before any screen could show the key."""
    code = (
        "from tui.texts import fr; del fr.TEXTS['form.remove_question']\n"
        "from tui.i18n import t\n"
        "try:\n    t('app.title')\nexcept ValueError as error:\n    print(type(error).__name__, error)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.startswith("CatalogueError the text catalogue is not whole: form.remove_question: no fr text")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_catalogue_is_plain_data(lang):
    """``tui/texts/<lang>.py`` is a docstring, its imports and one dict of literal strings: nothing
    runs when it loads."""
    tree = ast.parse((ROOT / "tui" / "texts" / f"{lang}.py").read_text(encoding="utf-8"))
    body = list(tree.body)
    assert isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
    assert all(isinstance(node, ast.ImportFrom) for node in body[1:-1])
    (texts,) = body[-1:]
    assert isinstance(texts, ast.AnnAssign) and isinstance(texts.value, ast.Dict)
    for key, value in zip(texts.value.keys, texts.value.values, strict=True):
        assert isinstance(key, ast.Constant) and isinstance(key.value, str) and KEY_SHAPE.match(key.value), key
        assert isinstance(value, ast.Constant) and isinstance(value.value, str), key.value


def test_no_module_registers_texts_at_import():
    """Texts are written in the catalogue only: no module adds its own when it is imported."""
    import tui.i18n

    assert not hasattr(tui.i18n, "register") and not hasattr(tui.i18n, "TEXT_MODULES")
    registering = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "tui").rglob("*.py")
        if re.search(r"^(i18n\.)?register\(\s*\{", path.read_text(encoding="utf-8"), re.M)
    ]
    assert registering == []


def test_every_text_loads_with_the_catalogue_alone():
    """In a fresh interpreter, ``tui.i18n`` has every text without importing a screen, a widget
    or Textual: a text used before its screen is loaded is there, the command line stays light."""
    code = (
        "import sys; from tui.i18n import t; print(sorted(m for m in sys.modules if m.startswith('tui.'))); "
        "print(t('form.remove_question', 'fr', name='X')); "
        "print(sorted(m for m in sys.modules if m.startswith(('tui.', 'textual'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    before, said, after = out.stdout.strip().splitlines()
    assert before == str(["tui.i18n"])  # the command line's helpers (plural_s, default_lang) load no text
    assert said == "Retirer X de la campagne et de tous les combats ?"
    assert after == str(["tui.i18n", "tui.texts", "tui.texts.en", "tui.texts.fr"])


def test_item_6_no_method_of_the_main_screen_hides_another() -> None:
    """The main screen mixes several key sets: none may define a method another defines (a
    shadowed ``_selected`` made delete ask with a raw key)."""
    import inspect

    from tui.screens.main import MainScreen

    owners: dict[str, list[str]] = {}
    for klass in MainScreen.__mro__:
        # tui.textual_fixes hold Textual's own bases, patched: their hooks are there to override.
        if klass.__module__.startswith("tui.") and not klass.__module__.startswith("tui.textual_fixes"):
            for name, value in vars(klass).items():
                if inspect.isfunction(value) and not name.startswith("__"):
                    owners.setdefault(name, []).append(klass.__name__)
    assert {name: who for name, who in owners.items() if len(who) > 1} == {}
