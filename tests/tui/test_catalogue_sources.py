"""Issue 36, one text catalogue: the command table and the spell systems write no words of their
own (their labels, hints and choices are the catalogue's), and a key hint once written by hand
(``space or ←/→``, ``U clears``) names the key the GM's keymap gives now."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.tui.pilot import WIDE, make_test_app, run, select, wait_for
from tests.tui.test_keymap import write_keymap

ROOT = Path(__file__).resolve().parents[2]

#: The modules whose on-screen words are the catalogue's: the command table (with what the
#: players see) and the spell systems with their tabs.
SCANNED = (
    "tui/commands/table.py",
    "tui/players_see.py",
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tui" / "spells").glob("*.py")),
    *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tui" / "widgets").glob("spell*.py")),
)

#: Pairs of strings there that are not (English, French) texts: field names, read together.
NOT_TEXTS = {
    ("tui/spells/apotheose.py", ("total", "breakdown")),  # the lines a refusal clears
    ("tui/spells/mage.py", ("vulgar", "sleepers")),  # the paradox choices that are vulgar magic
    ("tui/spells/poles.py", ("limit", "pool")),  # blood mana's fields
    ("tui/widgets/spell_mage.py", ("attribute", "ability")),  # a rote's fields
    ("tui/widgets/spell_poles.py", ("counter-who", "counter-spent")),  # the counterspell's fields
    ("tui/spells/__init__.py", ("d6", "d6-psionic")),  # the book systems the D6 tab prices
}


def string_pairs(where: str) -> list[tuple[int, tuple[str, str]]]:
    """Each tuple of two literal strings in ``where`` (the shape an (English, French) pair had)."""
    tree = ast.parse((ROOT / where).read_text(encoding="utf-8"))
    return [
        (node.lineno, (node.elts[0].value, node.elts[1].value))  # type: ignore[attr-defined]
        for node in ast.walk(tree)
        if isinstance(node, ast.Tuple)
        and len(node.elts) == 2
        and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.elts)
    ]


#: Where code is named: a scope's node, a handler's module (``"tui.players_see:"``).
CODE = re.compile(r"^[a-z_][\w.]*:\w*$")


def test_the_table_and_the_spell_systems_write_no_english_french_pair() -> None:
    """A label, a hint, a choice or a title of the command table or a spell system is a key of
    the catalogue (``"mage.hint.rote"``), never an (English, French) pair written in the code.
    Pairs that are no texts: a choice's value and its text's key, a name and the code it names."""
    from tui.i18n import catalogue

    keys = catalogue()["en"]
    assert len(SCANNED) > 8
    found = [
        f"{where}:{line} {pair!r}"
        for where in SCANNED
        for line, pair in string_pairs(where)
        if (where, pair) not in NOT_TEXTS and not any(text in keys or CODE.match(text) for text in pair)
    ]
    assert found == []
    for where, pair in NOT_TEXTS:  # each exception still there (else it goes from the list)
        assert pair in [p for _, p in string_pairs(where)], (where, pair)


def test_a_command_has_no_label_of_its_own() -> None:
    """The table holds ids, keys, scopes and handlers: a command's words are looked up by its id."""
    import attrs

    from tui.commands.table import Command

    assert {field.name for field in attrs.fields(Command)}.isdisjoint({"label", "labels", "text", "texts"})
    assert Command("undo", "ctrl+z", "app", "undo", palette=True).palette_text("fr") == "Annuler la dernière action"


def test_the_mage_hints_name_the_choice_keys_of_the_keymap() -> None:
    """The hints once written ``space or ←/→`` follow the keys of ``choice-next`` (both of them)
    and ``choice-previous``; the mark hints follow ``init-mark`` and ``init-unmark``."""
    from tui.i18n import show_keys_of, t

    keys = {("choice-next", 0): "f6", ("choice-next", 1): "f7", ("choice-previous", 0): "f8"}
    keys |= {("init-mark", 0): "f9", ("init-unmark", 0): "f10", ("sheet-stigma-effect", 0): "f11"}

    def key(binding_id: str, nth: int = 0) -> str:
        return keys[binding_id, nth]

    show_keys_of(key, key)
    try:
        assert t("mage.hint.rote", "en") == "rote or improvised: f6 or f8/f7"
        assert t("mage.hint.targets", "fr") == "cibles : un nombre, ou f6/f8/f7 ; +N : succès en plus"
        assert t("init.key.marked", "en", n=2) == "Mark (2 marked, f10 clears)"
        assert t("dmg.no_target", "fr") == "aucune : déplacez le curseur ou marquez avec f9"
        assert t("sheet.effect_to_pick", "en") == "effect to pick: f11"
    finally:
        show_keys_of(None)


def test_a_key_past_the_bindings_last_is_its_last() -> None:
    """``{k[choice-next]:@2}`` is the second key; a keymap that gives one key names that one."""
    from tui.i18n import key_form, key_of

    assert key_form("") == ("shown", 0) and key_form("Word@2") == ("Word", 1) and key_form("@3") == ("shown", 2)
    with pytest.raises(ValueError, match="from 1"):
        key_form("@0")
    assert key_of("choice-next", "fr", "word", 0) == "espace"
    assert key_of("choice-next", "en", "spelled", 1) == "right"
    assert key_of("init-mark", "en", "spelled", 5) == "space"


@pytest.mark.slow
@run
async def test_remapped_keys_change_the_hints_once_written_by_hand(monkeypatch, tmp_path):
    """keymap.toml moves the choice keys, the marks and the stigma's effect: the Mage tab's hint,
    the footer's Mark and the damage pane say the new keys, in the app as the GM runs it."""
    write_keymap(monkeypatch, tmp_path, 'choice-next = ["f6", "f7"]\nchoice-previous = "f8"\ninit-unmark = "f10"\n')
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await select(pilot, "segiere")
        await pilot.press("space")  # init-mark, as it was
        mark = "Mark (1 marked, f10 clears)"
        await wait_for(pilot, lambda: mark in [b.binding.description for b in app.screen.active_bindings.values()])
        await app.run_action("screen.spell_system('mage')")
        await wait_for(pilot, lambda: bool(app.screen.query("#mage-rote")))
        app.screen.query_one("#mage-rote").focus()
        hint = "rote or improvised: f6 or f8/f7"
        await wait_for(pilot, lambda: str(app.screen.query_one("#mage-hint").render()) == hint)
        assert str(app.screen.query_one("#mage-rote").tooltip) == hint
