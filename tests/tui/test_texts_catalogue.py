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
KEY_SHAPE = re.compile(r"^[a-z][a-z_0-9]*(\.[a-z_0-9]+)+$")
ROOT = Path(__file__).resolve().parents[2]


def catalogue() -> dict[str, tuple[str, str]]:
    from tui.i18n import TEXT, load_catalogue

    load_catalogue()
    return TEXT


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
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and KEY_SHAPE.match(node.value):
                value = node.value
                if value.split(".")[0] not in prefixes or _not_a_text(value):
                    continue
                if not any(k in text for k in (value, f"view.text.{value}", f"view.word.{value}")):
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno} {value}")
            elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                head = str(node.values[0].value)
                if KEY_SHAPE.match(head.rstrip(".")) and head.endswith(".") and head.split(".")[0] in prefixes:
                    if not any(k.startswith(head) for k in text):
                        families.append(f"{path.relative_to(ROOT)}:{node.lineno} {head}…")
    assert missing == [] and families == []
    for key, (en, fr) in text.items():
        assert en and fr, key


def test_item_6_every_module_that_registers_texts_is_in_the_catalogue():
    from tui.i18n import TEXT_MODULES

    registering = set()
    for path in (ROOT / "tui").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        if re.search(r"^register\(", source, re.M):
            registering.add(".".join(path.relative_to(ROOT).with_suffix("").parts))
    assert registering == set(TEXT_MODULES)


def test_item_6_a_missing_text_fails_never_shows_its_key():
    from tui.i18n import check_texts, t

    with pytest.raises(KeyError):
        t("form.no_such_text", "fr")
    with pytest.raises(ValueError, match="form.half"):
        check_texts({"form.half": ("Only English", "")})


@pytest.mark.slow
def test_item_6_a_text_whose_module_is_not_loaded_yet_is_found():
    """A module using another module's text before that one is imported: the catalogue loads."""
    code = (
        "import sys; from tui.i18n import t; assert 'tui.screens.forms' not in sys.modules; "
        "print(t('form.remove_question', 'fr', name='X'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "Retirer X de la campagne et de tous les combats ?"


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
