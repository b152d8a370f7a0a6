"""Issue 34, item 9: every key hint on screen comes from the live keymap (one source). With
keymap.toml moving pugilat to f6, the box reads ``pugilat f6``, not ``pugilat ^n``."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from tests.tui.pilot import WIDE, make_test_app, run, select, wait_for
from tests.tui.test_keymap import write_keymap


def catalogue() -> dict[str, tuple[str, str]]:
    from tui.i18n import catalogue as loaded

    return {key: (text, loaded()["fr"][key]) for key, text in loaded()["en"].items()}


def test_item_9_every_key_a_text_names_is_a_binding_of_the_table():
    from tui.commands.table import BY_ID

    named = set()
    for pair in catalogue().values():
        for text in pair:
            for _, field, _, _ in string.Formatter().parse(text):
                if field and field.startswith("k["):
                    named.add(field[2:-1])
    assert named and named <= set(BY_ID)


def test_item_9_no_text_writes_a_ctrl_key_by_hand():
    """``^n`` or ``ctrl+n`` in a text is a hint that lies after a remap: texts name keys as
    ``{k[binding-id]}`` (ctrl+p, the palette's, is Textual's own and cannot be remapped)."""
    hand = re.compile(r"\^[a-z]\b|ctrl\+(?!p\b|q\b)[a-z]")
    found = [(key, text) for key, pair in catalogue().items() for text in pair if hand.search(text)]
    assert found == []


async def open_damage(pilot) -> None:
    """Segière selected, the damage pane open on her (``x``)."""
    await select(pilot, "segiere")
    await pilot.press("x")
    await wait_for(pilot, lambda: bool(pilot.app.screen.query("#dmg-pugilat")))


@pytest.mark.slow
@run
async def test_item_9_remapped_keys_show_on_the_boxes_and_buttons(monkeypatch, tmp_path):
    write_keymap(monkeypatch, tmp_path, 'dmg-pugilat = "f6"\ndmg-bypass = "f7"\nconfirm-yes = "o"\n')
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await open_damage(pilot)
        assert str(app.screen.query_one("#dmg-pugilat").label) == "pugilat f6"
        assert str(app.screen.query_one("#dmg-bypass").label) == "bypass armour f7"
        await pilot.press("f6")
        await wait_for(pilot, lambda: app.screen.query_one("#dmg-pugilat").value)
        await pilot.press("escape")
        await select(pilot, "veterans")
        await pilot.press("delete")
        from tui.screens.prompts import ConfirmDialog

        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert str(app.screen.query_one("#yes").label) == "Yes (o)"
        assert str(app.screen.query_one("#no").label) == "No (n)"


@pytest.mark.slow
@run
async def test_item_9_the_default_keys_show_without_a_keymap():
    app = make_test_app(lang="fr")
    async with app.run_test(size=WIDE) as pilot:
        await open_damage(pilot)
        assert str(app.screen.query_one("#dmg-pugilat").label) == "pugilat ^n"
        assert str(app.screen.query_one("DamagePane .form-mode").render()).endswith("ctrl+t")


# -- hints written in the code, outside the catalogue (issue 36: key hints drawn from the live keymap)
ROOT = Path(__file__).resolve().parents[2]
HAND = re.compile(r"\^[a-z]\b|ctrl\+(?!p\b|q\b|c\b)[a-z]")
#: Where a ctrl key may be written: the command table (the keys themselves), the guide's prose
#: (docs/guide.md, not the screen), the keys a die field leaves to the field (not a hint).
KEYS_NOT_HINTS = {"tui/commands/table.py", "tui/commands/guide.py", "tui/widgets/dice_field.py"}


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, kinds) and node.body and isinstance(node.body[0], ast.Expr)
    }


def test_no_string_of_the_code_writes_a_ctrl_key_by_hand():
    """A hint the code writes (the forms' ``ctrl+t`` on their tab line) names its key through the
    keymap (:func:`tui.i18n.key_of`), never as a string: the same rule as the catalogue's texts.
    Docstrings and comments may name the default keys."""
    found = []
    for path in sorted((ROOT / "tui").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        if where in KEYS_NOT_HINTS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                if HAND.search(node.value):
                    found.append(f"{where}:{node.lineno} {node.value!r}")
    assert found == []


@pytest.mark.slow
@run
async def test_the_form_tab_lines_show_the_remapped_switch_keys(monkeypatch, tmp_path):
    """The damage pane's and the D6 tab's line of forms end with the key that switches them now:
    ``ctrl+t`` by default, ``f8`` / ``f9`` once keymap.toml moves them."""
    write_keymap(monkeypatch, tmp_path, 'dmg-switch = "f8"\nd6-switch = "f9"\n')
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await open_damage(pilot)
        line = str(app.screen.query_one("DamagePane .form-mode").render())
        assert line.endswith("f8") and "ctrl+t" not in line
        await pilot.press("f8")
        await wait_for(pilot, lambda: app.screen.query_one("DamagePane").mode == "dmg-duel")
        await pilot.press("escape")
        await app.run_action("screen.spell_system('d6')")
        await wait_for(pilot, lambda: bool(app.screen.query("#d6-mode")))
        await wait_for(pilot, lambda: str(app.screen.query_one("#d6-mode").render()).endswith("f9"))
        assert "ctrl+t" not in str(app.screen.query_one("#d6-mode").render())


# -- keys named in words (``{k[condition-cancel]:Word}``) ------------------------------------------------
def test_every_key_a_text_names_is_written_a_known_way():
    from tui.i18n import KEY_FORMS, key_form

    forms = {
        (key, spec)
        for key, pair in catalogue().items()
        for text in pair
        for _, field, spec, _ in string.Formatter().parse(text)
        if field and field.startswith("k[")
    }
    assert {key_form(spec)[0] for _, spec in forms} <= {*KEY_FORMS}
    assert {spec for _, spec in forms} >= {"", "word", "Word"}  # the forms the texts use are the ones tested


@pytest.fixture
def keys_named():
    """Texts name keys as ``display`` / ``name`` say, then as the defaults again."""
    from tui.i18n import show_keys_of

    def use(display: str, name: str) -> None:
        def shown(_id: str, _nth: int = 0) -> str:
            return display

        def spelled(_id: str, _nth: int = 0) -> str:
            return name

        show_keys_of(shown, spelled)

    yield use
    show_keys_of(None)


def test_a_key_in_words_is_the_keymaps_key(keys_named):
    """A dialog's hint names its cancel key in words, the keymap's: ``Escape: cancel`` by default,
    ``F4: cancel`` once keymap.toml moves it to f4 (never the default written by hand)."""
    from tui.i18n import key_of, t

    keys_named("esc", "escape")
    assert t("cdlg.shadow_hint", "en") == "Enter: OK · Escape: cancel"
    assert t("cdlg.shadow_hint", "fr") == "Entrée : OK · Échap : annuler"
    assert t("spell.victims_help", "fr") == "espace : cocher · échap : lancer · échap : annuler"
    assert (key_of("line-cancel", "en"), key_of("line-cancel", "en", "spelled")) == ("esc", "escape")
    keys_named("f4", "f4")
    assert t("cdlg.shadow_hint", "en") == "Enter: OK · F4: cancel"
    assert t("stigma.hint", "fr").endswith("F4 : annuler")
    assert t("poles.blood_roll", "en", dice=3, forced=1) == "3d6 HP · roll d100 (F4) + 1"
    with pytest.raises(ValueError, match="not 'loud'"):
        key_of("line-cancel", "en", "loud")


@pytest.mark.slow
@run
async def test_the_condition_dialog_names_the_remapped_keys(monkeypatch, tmp_path):
    write_keymap(monkeypatch, tmp_path, 'condition-cancel = "f4"\ncondition-ok = "f5"\n')
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "segiere")
        await pilot.press("c")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "ConditionDialog")
        hint = str(app.screen.query_one(".dialog-hint").render())
        assert hint == "F5: OK · F4: cancel"
        await pilot.press("f4")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "MainScreen")
