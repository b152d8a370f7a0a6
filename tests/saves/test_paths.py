"""Where saves live, campaign names to files, listing campaigns, and import hygiene of saves/."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from core.errors import RulesError
from saves.paths import (
    ensure_saves_dir,
    list_campaigns,
    resolve_campaign,
    saves_dir,
    slug,
)


def test_saves_flag_wins_over_the_environment(tmp_path):
    assert saves_dir(tmp_path / "flag", env={"APOTHEOSE_SAVES": str(tmp_path / "env")}) == tmp_path / "flag"


def test_environment_variable_is_used_without_a_flag(tmp_path):
    assert saves_dir(None, env={"APOTHEOSE_SAVES": str(tmp_path / "env")}) == tmp_path / "env"


def test_tilde_is_expanded(monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert saves_dir("~/camps", env={}) == tmp_path / "camps"
    assert saves_dir(None, env={"APOTHEOSE_SAVES": "~/env"}) == tmp_path / "env"


def test_default_is_the_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    expected = Path(platformdirs.user_data_dir("apotheose", appauthor=False)) / "campaigns"
    assert saves_dir(None, env={}) == expected
    assert saves_dir("", env={"APOTHEOSE_SAVES": ""}) == expected
    if sys.platform.startswith("linux"):
        assert expected == tmp_path / "data" / "apotheose" / "campaigns"


def test_ensure_saves_dir_creates_a_private_folder(tmp_path):
    folder = ensure_saves_dir(tmp_path / "a" / "campaigns")
    assert folder.is_dir()
    assert stat.S_IMODE(folder.stat().st_mode) & 0o077 == 0
    assert ensure_saves_dir(folder) == folder


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("nuit", "nuit"),
        ("La Nuit des Cendres", "la-nuit-des-cendres"),
        ("Les Chroniques d'Éther", "les-chroniques-d-ether"),
        ("  Ōkami — saison 2 ", "okami-saison-2"),
        ("camp_1", "camp_1"),
    ],
)
def test_a_name_becomes_a_safe_file_in_the_saves_folder(tmp_path, name, stem):
    assert slug(name) == stem
    assert resolve_campaign(name, tmp_path) == tmp_path / f"{stem}.json"


@pytest.mark.parametrize("name", ["..", "a..b", ".", "", "!!!", "a\\b", "x\0y", "Ωμέγα"])
def test_unsafe_or_empty_names_are_rejected(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(RulesError) as caught:
        resolve_campaign(name, tmp_path / "saves")
    assert caught.value.field == "campaign"


def test_long_names_are_cut():
    assert len(slug("a" * 300)) == 80


@pytest.mark.parametrize("given", ["notes/camp", "/srv/jdr/camp", "camp.json", "../camp.json", "./camp"])
def test_a_path_is_used_as_is(tmp_path, given):
    assert resolve_campaign(given, tmp_path) == Path(given)


def test_an_existing_file_is_a_path_and_a_path_object_is_kept(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("oldcamp").write_text("{}")
    assert resolve_campaign("oldcamp", tmp_path / "saves") == Path("oldcamp")
    assert resolve_campaign(Path("new"), tmp_path / "saves") == Path("new")
    assert resolve_campaign("new", tmp_path / "saves") == tmp_path / "saves" / "new.json"


def test_list_campaigns_shows_only_campaign_files(tmp_path):
    for name in ("b.json", "a.json", "a.json.1", "a.json.lock", "a.json.lock.info", "notes.txt", ".a.json.x-1-ff.tmp"):
        (tmp_path / name).write_text("{}")
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "link.json").symlink_to(tmp_path / "a.json")
    assert list_campaigns(tmp_path) == [tmp_path / "a.json", tmp_path / "b.json"]


def test_list_campaigns_of_a_missing_folder_is_empty(tmp_path):
    assert list_campaigns(tmp_path / "nowhere") == []


def test_saves_never_imports_textual_or_rich():
    code = (
        "import sys, saves, saves.atomic, saves.lock, saves.paths, saves.envelope, saves.errors\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'asyncssh'))\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ})
    assert result.returncode == 0, result.stderr
