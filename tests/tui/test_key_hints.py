"""Issue 34, item 9: every key hint on screen comes from the live keymap (one source). With
keymap.toml moving pugilat to f6, the box reads ``pugilat f6``, not ``pugilat ^n``."""

from __future__ import annotations

import re
import string

import pytest

from tests.tui.pilot import WIDE, make_test_app, run, select, wait_for
from tests.tui.test_keymap import write_keymap


def catalogue() -> dict[str, tuple[str, str]]:
    from tui.i18n import CATALOGUE

    return {key: (text, CATALOGUE["fr"][key]) for key, text in CATALOGUE["en"].items()}


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


@pytest.mark.slow
@run
async def test_item_9_remapped_keys_show_on_the_boxes_and_buttons(monkeypatch, tmp_path):
    write_keymap(monkeypatch, tmp_path, 'dmg-pugilat = "f6"\ndmg-bypass = "f7"\nconfirm-yes = "o"\n')
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "segiere")
        await pilot.press("x")
        await wait_for(pilot, lambda: bool(app.screen.query("#dmg-pugilat")))
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
        await select(pilot, "segiere")
        await pilot.press("x")
        await wait_for(pilot, lambda: bool(app.screen.query("#dmg-pugilat")))
        assert str(app.screen.query_one("#dmg-pugilat").label) == "pugilat ^n"
