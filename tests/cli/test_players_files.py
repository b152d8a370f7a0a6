"""``apotheose players`` and the files a GM hands it (issue 33 items 11, 12, 13): a key file as
Windows writes it, a file of several keys, a character named or given by id, a player listed
once, a hostile lock file beside the campaign."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from saves.access import MAX_KEYS_IN_FILE, fingerprint, read_access
from tests.present import present
from tui.cli import main


@pytest.fixture
def saves(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    monkeypatch.setenv("APOTHEOSE_SAVES", str(folder))
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["new", "villon", "--demo"]) == 0
    return folder


def new_key(tmp_path, name: str = "k") -> str:
    path = tmp_path / name
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", f"{name}@laptop", "-f", str(path)], check=True)
    return (tmp_path / f"{name}.pub").read_text()


def keys_of(saves, player: str) -> tuple[str, ...]:
    found = read_access(saves / "villon.json").player(player)
    return () if found is None else found.keys


# -- item 12: key files ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "written",
    [
        lambda text: "\ufeff" + text,  # a byte-order mark (Notepad's "UTF-8 with BOM")
        lambda text: text.replace("\n", "\r\n"),  # Windows line ends
        lambda text: "\ufeff" + text.replace("\n", "\r\n"),
    ],
    ids=["bom", "crlf", "bom-crlf"],
)
def test_a_key_file_with_a_bom_or_crlf_is_accepted(saves, tmp_path, capsys, written) -> None:
    text = new_key(tmp_path)
    pub = tmp_path / "windows.pub"
    pub.write_bytes(written(text).encode("utf-8"))
    capsys.readouterr()
    assert main(["players", "add", "villon", "alice", str(pub)]) == 0
    assert capsys.readouterr().out == f"alice may join villon: {fingerprint(text)}\n"
    assert keys_of(saves, "alice") == (" ".join(text.split()[:2]),)


def test_a_key_file_of_two_keys_adds_both_and_says_so(saves, tmp_path, capsys) -> None:
    laptop, phone = new_key(tmp_path, "laptop"), new_key(tmp_path, "phone")
    pub = tmp_path / "both.pub"
    pub.write_text(f"# bob's keys\n{laptop}\n{phone}")
    capsys.readouterr()
    assert main(["players", "add", "villon", "bob", str(pub)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"bob may join villon: {fingerprint(laptop)}",
        f"bob may join villon: {fingerprint(phone)}",
    ]
    assert len(keys_of(saves, "bob")) == 2


def test_a_key_file_with_a_bad_line_or_too_many_keys_adds_none(saves, tmp_path, capsys) -> None:
    good = new_key(tmp_path)
    bad = tmp_path / "bad.pub"
    bad.write_text(f"{good}not a key at all\n")
    many = tmp_path / "many.pub"
    many.write_text(good * (MAX_KEYS_IN_FILE + 1))
    empty = tmp_path / "empty.pub"
    empty.write_text("\ufeff\r\n# nothing\r\n")
    for path, said in (
        (bad, f"the key file {bad} line 2 is not an OpenSSH public key"),
        (many, f"the key file {many} holds {MAX_KEYS_IN_FILE + 1} keys: at most {MAX_KEYS_IN_FILE}"),
        (empty, f"the key file {empty} holds no public key"),
    ):
        capsys.readouterr()
        assert main(["players", "add", "villon", "bob", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err, err
    assert keys_of(saves, "bob") == ()


# -- item 12: a roster file's bounds ----------------------------------------------------------
def test_a_json_roster_of_more_than_100000_rows_is_refused_and_adds_nothing(saves, tmp_path, capsys) -> None:
    from saves.reading import MAX_ROWS

    before = (saves / "villon.json").read_bytes()
    roster = tmp_path / "many.json"
    roster.write_text("[" + ",".join(['{"name": "Garde"}'] * (MAX_ROWS + 1)) + "]")
    capsys.readouterr()
    assert main(["import", "villon", str(roster)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "100,001 entries: more than 100,000 rows: not read" in err, err
    assert (saves / "villon.json").read_bytes() == before


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_a_name_longer_than_the_bound_is_refused_at_its_line(saves, tmp_path, capsys, fmt) -> None:
    from saves.roster_file import NAME_MAX

    before = (saves / "villon.json").read_bytes()
    roster = tmp_path / f"long.{fmt}"
    long = "N" * 131_000
    if fmt == "json":
        roster.write_text(f'[\n{{"name": "{long}"}}]')
    else:
        roster.write_text(f"name\n{long}\n")  # the header is line 1
    capsys.readouterr()
    assert main(["import", "villon", str(roster)]) == 1
    err = capsys.readouterr().err
    said = f"line 2: name: at most {NAME_MAX} characters, got 131,000"
    assert err.count("\n") == 1 and said in err and long not in err, err
    assert (saves / "villon.json").read_bytes() == before
    ok = tmp_path / "ok.json"
    ok.write_text(f'[{{"name": "{"N" * NAME_MAX}"}}]')
    assert main(["import", "villon", str(ok)]) == 0


# -- item 13: a player's character, by name or id; each player listed once ---------------------
@pytest.mark.parametrize("given", ["Alduin", "alduin", " ALDUIN "])
def test_players_add_and_invite_take_the_pcs_name_or_id(saves, tmp_path, capsys, given) -> None:
    pub = tmp_path / "k.pub"
    pub.write_text(new_key(tmp_path))
    assert main(["players", "add", "villon", "alice", str(pub), "--pc", given]) == 0
    assert main(["players", "invite", "villon", "bob", "--pc", given]) == 0
    access = read_access(saves / "villon.json")
    assert (
        present(access.player("alice")).pc == "alduin" and present(access.player("bob")).pc == "alduin"
    )  # the id, as before


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ("Capitaine de la garde", "Capitaine de la garde is an NPC, not a player character"),
        ("capitaine", "Capitaine de la garde is an NPC, not a player character"),
        ("veterans", "Vétérans de Villon is a mook group, not a player character"),
        ("Zed", "no character is called 'Zed'"),
    ],
)
def test_players_add_refuses_an_npc_a_group_or_nobody_listing_the_pcs(saves, tmp_path, capsys, given, said) -> None:
    pub = tmp_path / "k.pub"
    pub.write_text(new_key(tmp_path))
    capsys.readouterr()
    for command in (["add", "villon", "alice", str(pub)], ["invite", "villon", "alice"]):
        assert main(["players", *command, "--pc", given]) == 2
        err = capsys.readouterr().err
        pcs = "(the PCs: Arsouille, Alduin, Segiere, Morvan, Romuald, Brunvir)"
        assert err == f"apotheose players: --pc: {said} {pcs}\n", err
    assert read_access(saves / "villon.json").players == ()


def test_view_pc_refuses_an_npc_or_a_group_listing_the_pcs(saves, capsys) -> None:
    capsys.readouterr()
    assert main(["view", "villon", "--pc", "capitaine de la garde"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("apotheose view: --pc: Capitaine de la garde is an NPC, not a player character (the PCs: ")
    assert "Alduin" in err and err.count("\n") == 1
    # a PC, by its name in any case: accepted (the view then stops only because no terminal is here)
    main(["view", "villon", "--pc", "ALDUIN"])
    assert "--pc" not in capsys.readouterr().err


def test_the_view_never_says_your_turn_to_an_npc_named_as_the_pc() -> None:
    from core.player_view import PlayerView, Row
    from tui.view.app import ViewApp

    npc_up = PlayerView("villon", "Fight", 1, (Row("Capitaine de la garde", "npc", current=True),))
    pc_up = PlayerView("villon", "Fight", 1, (Row("Alduin", "pc", current=True),))
    assert not ViewApp(Path("villon.players.json"), npc_up, pc="Capitaine de la garde").my_turn
    assert ViewApp(Path("villon.players.json"), pc_up, pc="alduin").my_turn


def test_each_player_is_listed_once() -> None:
    from saves.access import Access, Invitation, Player

    later = 2e9
    access = Access(
        players=(
            Player("alice", ("ssh-ed25519 AAAA",)),
            Player("bob", ("ssh-ed25519 BBBB",)),
            Player("carol", (), "alduin"),
        ),
        invitations=(
            Invitation("bob", "0" * 64, later),
            Invitation("carol", "1" * 64, later),
            Invitation("dan", "2" * 64, 1.0),
        ),
    )
    assert access.listed(now=1e9) == ["alice", "bob (invited again)", "carol (invited)"]


def test_players_list_names_each_player_once(saves, tmp_path, capsys) -> None:
    pub = tmp_path / "k.pub"
    pub.write_text(new_key(tmp_path))
    assert main(["players", "add", "villon", "bob", str(pub)]) == 0
    assert main(["players", "invite", "villon", "bob"]) == 0  # a new device
    assert main(["players", "invite", "villon", "carol", "--pc", "Alduin"]) == 0
    capsys.readouterr()
    assert main(["players", "list", "villon"]) == 0
    said = [line for line in capsys.readouterr().out.splitlines() if not line.startswith("  ")]
    assert [line.split(":")[0] for line in said] == ["bob", "carol (plays alduin)"], said
    assert said[0].startswith("bob: 1 key, invited, until ") and said[1].startswith(
        "carol (plays alduin): invited, until "
    )


# -- item 11: hostile files beside a campaign -------------------------------------------------
@pytest.mark.parametrize("planted", ["symlink", "fifo"])
def test_a_symlink_or_fifo_at_the_access_lock_is_refused_in_one_line_and_nothing_is_lost(
    saves, tmp_path, capsys, planted
) -> None:
    import os

    pub = tmp_path / "k.pub"
    pub.write_text(new_key(tmp_path))
    assert main(["players", "add", "villon", "alice", str(pub)]) == 0
    before = (saves / "villon.access.json").read_bytes()
    lock = saves / ".villon.access.lock"
    lock.unlink()
    target = tmp_path / "elsewhere"
    target.write_text("not yours")
    if planted == "symlink":
        lock.symlink_to(target)
    else:
        os.mkfifo(lock)
    capsys.readouterr()
    for argv in (["add", "villon", "bob", str(pub)], ["invite", "villon", "carol"], ["remove", "villon", "alice"]):
        assert main(["players", *argv]) == 1
        err = capsys.readouterr().err
        what = "is a symbolic link" if planted == "symlink" else "is not a regular file"
        assert err.count("\n") == 1 and f"its lock file {lock} {what}; refusing to use it" in err, err
        assert "Traceback" not in err
    assert (saves / "villon.access.json").read_bytes() == before and target.read_text() == "not yours"
