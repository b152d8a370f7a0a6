"""The access list's format (saves.access): version 2 keeps each player's PC name (the server
never loads the campaign to find it) and where ``apotheose serve`` last listened; a version-1
list (tests/golden/access_v1.json) still loads, without either. Version 3 keeps whether a
player's seat gets plain lines (``players add --lines``, issue 38 item 4); a version-2 list
(tests/golden/access_v2.json) loads with nobody's."""

from __future__ import annotations

import shutil
from pathlib import Path

from saves.access import (
    ACCESS,
    Player,
    Server,
    access_path,
    add_player,
    invite,
    read_access,
    remember_server,
)
from tests.present import present

GOLDEN = Path(__file__).parents[1] / "golden" / "access_v1.json"
KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIA9dlB6V1dZfcQ1X7Pz8hZ0Hq5Cq0o5JkL4gZQyB3Rk9 alice@laptop"


def test_a_version_1_access_list_still_loads(tmp_path) -> None:
    campaign = tmp_path / "villon.json"
    shutil.copy(GOLDEN, access_path(campaign))
    known = read_access(campaign)
    assert known.player("alice") == Player("alice", (" ".join(KEY.split()[:2]),), pc="alduin", pc_name=None)
    assert known.invited("bob", now=0) and known.server is None


def test_version_2_keeps_the_pc_name_and_the_servers_address(tmp_path) -> None:
    campaign = tmp_path / "villon.json"
    add_player(campaign, "alice", KEY, pc="alduin", pc_name="Alduin")
    invite(campaign, "bob", pc="morvan", pc_name="Morvan")
    remember_server(campaign, "gm-laptop", 2222)
    assert ACCESS.current_version == 3 and '"version":3' in access_path(campaign).read_text().replace(" ", "")
    known = read_access(campaign)
    assert (present(known.player("alice")).pc_name, present(known.player("bob")).pc_name) == ("Alduin", "Morvan")
    assert known.server == Server("gm-laptop", 2222)
    add_player(campaign, "alice", KEY)  # a key added again: the character stays
    assert present(read_access(campaign).player("alice")).pc_name == "Alduin"


def test_a_version_2_access_list_loads_without_plain_lines(tmp_path) -> None:
    campaign = tmp_path / "villon.json"
    shutil.copy(GOLDEN.with_name("access_v2.json"), access_path(campaign))
    known = read_access(campaign)
    alice = present(known.player("alice"))
    assert (alice.pc_name, alice.lines) == ("Alduin", False)
    assert known.server == Server("gm-laptop", 2222)


def test_version_3_keeps_a_seat_of_plain_lines(tmp_path) -> None:
    campaign = tmp_path / "villon.json"
    add_player(campaign, "alice", KEY, pc="alduin", pc_name="Alduin", lines=True)
    invite(campaign, "bob", lines=True)
    assert present(read_access(campaign).player("alice")).lines
    assert present(read_access(campaign).player("bob")).lines
    add_player(campaign, "alice", KEY)  # a key added again: the seat stays as it was
    assert present(read_access(campaign).player("alice")).lines
    add_player(campaign, "alice", KEY, lines=False)
    assert not present(read_access(campaign).player("alice")).lines
