"""Sharing a campaign with the players' group; symlinks never followed; the players' log."""

from __future__ import annotations

import grp
import os
import stat
from pathlib import Path

import pytest

from core.actions import Damage, SetHidden
from core.demo import demo_campaign
from core.journal import Journal
from saves.atomic import atomic_write, backups_of
from saves.errors import SaveError
from saves.format import encode
from saves.lock import CampaignLock, lock_path
from saves.players_file import players_path
from saves.share import share_campaign
from saves.store import AutoSaver, create_campaign, open_campaign
from tests.present import present
from tui.cli import main
from tui.cli.campaign import main_log


def a_group() -> str:
    """A group this process may give its files to: another one when root, else its own."""
    if os.geteuid() == 0:
        for name in ("daemon", "nogroup", "users"):
            try:
                grp.getgrnam(name)
                return name
            except KeyError:
                continue
    return grp.getgrgid(os.getegid()).gr_name


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@pytest.fixture
def shared(tmp_path, capsys) -> tuple[Path, int, str]:
    folder = tmp_path / "campagnes"
    path = create_campaign(folder / "villon.json", demo_campaign())
    group = a_group()
    assert main(["share", str(path), "--group", group]) == 0
    return path, grp.getgrnam(group).gr_gid, capsys.readouterr().out


def test_share_makes_the_folder_setgid_group_readable_and_writable_by_the_gm_alone(shared) -> None:
    path, gid, out = shared
    assert "shared with group" in out and "drwxr-s---" in out and "cannot pass through" in out
    assert mode(path.parent) == 0o2750 and os.stat(path.parent).st_gid == gid
    assert mode(players_path(path)) == 0o640 and os.stat(players_path(path)).st_gid == gid
    assert mode(path) == 0o600  # the campaign, with its secrets, is the GM's alone
    assert mode(lock_path(path)) == 0o600  # nobody else can take the lock


def test_later_saves_and_backups_keep_the_modes_and_the_group(shared) -> None:
    path, gid, _ = shared
    opened = open_campaign(path)
    saver = AutoSaver(path, opened.lock)
    journal = opened.journal
    for action in (Damage(("segiere",), 2), Damage(("segiere",), 1)):
        journal, _ = journal.record(action)
        saver.save(journal)
        assert saver.flush(10)
    saver.close()
    opened.close()
    for file in (path, *backups_of(path)):
        assert mode(file) == 0o600 and os.stat(file).st_gid == gid, file
    assert mode(players_path(path)) == 0o640 and os.stat(players_path(path)).st_gid == gid
    assert backups_of(path)
    group_readable = sorted(f.name for f in path.parent.iterdir() if mode(f) & stat.S_IRGRP)
    assert group_readable == ["villon.players.feed", "villon.players.json"]  # the picture and its changes
    assert all(not mode(f) & (stat.S_IWGRP | stat.S_IWOTH) for f in path.parent.iterdir() if not f.is_symlink())


def test_share_refuses_an_unknown_group_and_a_symlinked_campaign(tmp_path, capsys) -> None:
    path = create_campaign(tmp_path / "c" / "villon.json", demo_campaign())
    assert main(["share", str(path), "--group", "no-such-group-xyz"]) == 1
    assert "no group" in capsys.readouterr().err
    link = tmp_path / "c" / "link.json"
    link.symlink_to(path)
    with pytest.raises(SaveError, match="symbolic link"):
        share_campaign(link, a_group())


def test_a_campaign_owned_by_another_user_opens_read_only_saying_whose(tmp_path) -> None:
    if os.geteuid() != 0:
        pytest.skip("giving a file to another user needs root")  # CI runs as root
    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    os.chown(path, 1, -1)  # daemon
    opened = open_campaign(path)
    assert opened.read_only and "belongs to" in present(opened.unlockable)
    assert not lock_path(path).exists() or opened.lock is None


def test_planted_symlinks_are_never_followed_when_saving_backing_up_locking_or_exporting(tmp_path) -> None:
    folder = tmp_path / "campagnes"
    path = create_campaign(folder / "villon.json", demo_campaign())
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    for n in (1, 2):
        Path(f"{path}.{n}").symlink_to(victim)
    (folder / "villon.json.lock.info").symlink_to(victim)
    with CampaignLock(path):
        atomic_write(path, encode(Journal.start(demo_campaign())))
        atomic_write(path, encode(Journal.start(demo_campaign())))
    out = folder / "journal.md"
    out.symlink_to(victim)
    assert main_log([str(path), "-o", str(out)]) == 0
    assert victim.read_text() == "precious"
    assert not out.is_symlink() and "Combat log" in out.read_text()
    lock_path(path).unlink()
    lock_path(path).symlink_to(victim)
    with pytest.raises(SaveError, match="symbolic link"):
        CampaignLock(path).acquire()
    assert victim.read_text() == "precious"


def test_log_players_leaves_out_hidden_combatants(tmp_path, capsys) -> None:
    journal = Journal.start(demo_campaign())
    for action in (SetHidden("capitaine", True), Damage(("capitaine",), 3), Damage(("segiere",), 2)):
        journal, _ = journal.record(action)
    path = tmp_path / "villon.json"
    atomic_write(path, encode(journal))
    assert main_log([str(path), "--players"]) == 0
    players = capsys.readouterr().out
    assert "Segiere takes 2" in players and "Capitaine" not in players
    assert main_log([str(path)]) == 0
    assert "Capitaine" in capsys.readouterr().out
