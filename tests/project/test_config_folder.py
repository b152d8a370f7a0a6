"""Every test runs with ``APOTHEOSE_CONFIG`` set to one empty folder that a worker's tests share
(tests/conftest.py): never the keymap.toml of whoever runs the tests, and a test that writes in
it is named and the folder emptied for the next."""

from __future__ import annotations

import os
from pathlib import Path

from tests.conftest import emptied


def test_the_config_folder_is_an_empty_one() -> None:
    folder = Path(os.environ["APOTHEOSE_CONFIG"])
    assert folder.is_dir() and list(folder.iterdir()) == []


def test_what_a_test_wrote_in_the_shared_folder_is_named_and_removed(tmp_path: Path) -> None:
    (tmp_path / "keymap.toml").write_text("[keys]\n", encoding="utf-8")
    (tmp_path / "cache" / "deep").mkdir(parents=True)
    (tmp_path / "link").symlink_to(tmp_path / "cache")
    assert emptied(tmp_path) == ["cache", "keymap.toml", "link"]
    assert list(tmp_path.iterdir()) == []
    assert emptied(tmp_path) == []
