"""The last spell of each tab (``saves/last_spells.py``): a state file the GM never sees, read
within the bounds of every outside file; a broken one loses only the scratch."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.spellbook.apotheose import ApotheoseInputs
from saves.last_spells import load, save


def test_what_is_saved_for_a_campaign_is_loaded_for_it_alone(tmp_path: Path) -> None:
    state = tmp_path / "last-spells.json"
    spell = ApotheoseInputs(intensity=5, targets=3)
    save(tmp_path / "villon.json", {"apotheose": spell}, state)
    assert load(tmp_path / "villon.json", state) == {"apotheose": spell}
    assert load(tmp_path / "other.json", state) == {}


@pytest.mark.parametrize(
    "text",
    ["", "not json", "[1, 2]", "[" * 5000 + "]" * 5000, '{"a": ' * 40 + "1" + "}" * 40, "\ud800"],
    ids=["empty", "not-json", "a-list", "nested-5000", "nested-40", "lone-surrogate"],
)
def test_a_broken_state_file_loads_as_nothing(tmp_path: Path, text: str) -> None:
    state = tmp_path / "last-spells.json"
    state.write_text(text, encoding="utf-8", errors="surrogatepass")
    assert load(tmp_path / "villon.json", state) == {}


def test_a_state_file_that_is_a_folder_loads_as_nothing(tmp_path: Path) -> None:
    (tmp_path / "last-spells.json").mkdir()
    assert load(tmp_path / "villon.json", tmp_path / "last-spells.json") == {}
