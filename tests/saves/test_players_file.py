"""The players' file (saves.players_file): its golden file, what writes it and when, its modes,
and the access list of ``apotheose players`` (saves.access, tui.cli.players)."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

import attrs
import orjson
import pytest

from core.actions import Damage, SetHidden
from core.demo import demo_campaign
from core.player_view import player_view_of
from saves.access import access_path, fingerprint, read_access
from saves.atomic import atomic_write
from saves.errors import BadFieldError, FutureVersionError
from saves.players_file import CURRENT_VERSION, decode_view, encode_view, players_path, read_players
from saves.store import AutoSaver, create_campaign, open_campaign
from tests.golden import reworded
from tests.golden.make_campaign_v1 import golden_journal
from tests.golden.make_players_v3 import golden_view
from tui.cli import main

GOLDEN = Path(__file__).parents[1] / "golden" / "players_v3.json"
GOLDEN_V2 = Path(__file__).parents[1] / "golden" / "players_v2.json"
GOLDEN_V1 = Path(__file__).parents[1] / "golden" / "players_v1.json"


def test_the_golden_players_file_is_what_the_projection_gives_today() -> None:
    view = golden_view()
    assert decode_view(reworded(GOLDEN.read_bytes()), GOLDEN) == view
    assert encode_view(view) == reworded(GOLDEN.read_bytes())  # the format did not move
    data = orjson.loads(GOLDEN.read_bytes())
    assert (data["format"], data["version"]) == ("apotheose.players", 3) == ("apotheose.players", CURRENT_VERSION)
    assert "Arbalétriers" not in GOLDEN.read_text() and "notes" not in GOLDEN.read_text()


def test_a_version_2_players_file_reads_as_it_showed_then() -> None:
    """Nothing asked of a PC, nothing waiting, sending on (there was no way to send)."""
    view = decode_view(reworded(GOLDEN_V2.read_bytes()), GOLDEN_V2)
    assert view == player_view_of(golden_journal())
    assert (view.asks, view.waiting, view.muted, view.sending, view.kult) == ((), (), (), True, "d20-10")


def test_a_version_1_players_file_reads_as_it_showed_then() -> None:
    """No bar, no damage taken, nobody announced next; the your-turn cue as before."""
    view = decode_view(reworded(GOLDEN_V1.read_bytes()), GOLDEN_V1)
    today = player_view_of(golden_journal())
    assert view == attrs.evolve(today, next_up=None)
    assert view.your_turn and all(r.bar is None and r.damage is None for r in view.rows)


def test_a_bad_or_newer_players_file_is_refused_naming_the_field(tmp_path) -> None:
    data = orjson.loads(GOLDEN.read_bytes())
    data["rows"][0]["hp"] = "5"
    with pytest.raises(BadFieldError) as caught:
        decode_view(orjson.dumps(data), tmp_path / "x.players.json")
    assert caught.value.field == "$.rows[0].hp"
    data = orjson.loads(GOLDEN.read_bytes())
    data["version"] = CURRENT_VERSION + 1
    with pytest.raises(FutureVersionError):
        decode_view(orjson.dumps(data), tmp_path / "x.players.json")


def test_new_opening_and_every_save_write_it_and_a_gm_only_change_does_not(tmp_path) -> None:
    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    players = players_path(path)
    assert players.name == "villon.players.json" and read_players(players) == player_view_of(
        open_campaign(path, read_only=True).journal
    )
    os.unlink(players)
    opened = open_campaign(path)
    assert players.exists()  # opening with the lock writes it (an older campaign gets one)
    saver = AutoSaver(path, opened.lock, seen=opened.seen, published=opened.published)
    journal, _ = opened.journal.record(Damage(("segiere",), 6))
    saver.save(journal)
    assert saver.flush(10)
    assert "HP 14→12" in read_players(players).log[-1].en and read_players(players).rows
    before = os.stat(players).st_ino
    journal, _ = journal.record(SetHidden("arbaletriers", True))  # already hidden: nothing changes for players
    saver.save(journal)
    assert saver.flush(10)
    assert os.stat(players).st_ino == before
    saver.close()
    opened.close()
    assert stat.S_IMODE(os.stat(players).st_mode) == 0o600  # not shared: the GM's alone


def test_the_players_see_a_change_before_the_campaigns_durable_write(tmp_path) -> None:
    """The players' picture is derived and rewritten at every open: it does not wait for the
    campaign's write (its fsyncs and backups), which each player would wait for on every change
    (issue 37). A campaign taken over by another writer still gets nothing published."""
    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    players = players_path(path)
    opened = open_campaign(path)
    seen_by_players: list[str] = []

    def writer(target: Path, data: bytes) -> object:
        seen_by_players.append(read_players(players).log[-1].en)
        return atomic_write(target, data)

    saver = AutoSaver(path, opened.lock, seen=opened.seen, published=opened.published, writer=writer)
    journal, _ = opened.journal.record(Damage(("segiere",), 6))
    saver.save(journal)
    assert saver.flush(10)
    assert "HP 14→12" in seen_by_players[-1]
    path.write_bytes(path.read_bytes() + b" ")  # another program's work: this saver stops writing
    journal, _ = journal.record(Damage(("segiere",), 2))
    saver.save(journal)
    assert saver.flush(10)
    assert saver.conflict is not None and "HP 12→10" not in read_players(players).log[-1].en
    saver.close()
    opened.close()


@pytest.mark.parametrize("then", ["shown", "save", "close"])
def test_the_players_file_of_the_opening_waits_for_the_app_to_be_shown(tmp_path, then: str) -> None:
    """Issue 37: the GM's app opens the campaign without writing the players' file (the players'
    feed imported and the file written before the first frame); its autosaver writes it once the
    app has drawn the campaign, or before its first save, or when the GM quits at once."""
    path = create_campaign(tmp_path / "villon.json", demo_campaign())
    players = players_path(path)
    os.unlink(players)
    opened = open_campaign(path, publish_now=False)
    assert opened.published is None and not players.exists()
    saver = AutoSaver(path, opened.lock, seen=opened.seen, warm=opened.journal, later=True)
    assert saver.flush(10) and not players.exists()  # nothing to save: still owed
    assert "_encoder" not in vars(saver)  # nor the encoder made (cattrs' hooks of the campaign)
    if then == "shown":
        saver.shown()
        with saver._changed:  # the thread's turn: it tells when it is over (bounded against a hang)
            while saver._owed or saver._warm is not None:
                assert saver._changed.wait(10), "the saver's thread did not tell its opening's turn was over"
        assert read_players(players) == player_view_of(opened.journal)
    elif then == "save":
        journal, _ = opened.journal.record(Damage(("segiere",), 6))
        saver.save(journal)
        assert saver.flush(10)
        assert "HP 14→12" in read_players(players).log[-1].en
    assert saver.close()
    opened.close()
    assert read_players(players) == player_view_of(saver._last or opened.journal)


def test_players_add_list_invite_remove(tmp_path, capsys) -> None:
    saves = tmp_path / "saves"
    assert main(["new", "villon", "--demo", "--saves", str(saves)]) == 0
    key = tmp_path / "alice"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    capsys.readouterr()
    assert main(["players", "add", "villon", "alice", f"{key}.pub", "--pc", "alduin", "--saves", str(saves)]) == 0
    assert fingerprint(key.with_suffix(".pub").read_text()) in capsys.readouterr().out
    assert main(["players", "invite", "villon", "bob", "--expires", "2h", "--saves", str(saves)]) == 0
    invited = capsys.readouterr().out
    code = invited.split("): ")[1].split()[0]
    assert "works once" in invited and code not in access_path(saves / "villon.json").read_text()  # only its hash
    assert main(["players", "list", "villon", "--saves", str(saves)]) == 0
    out = capsys.readouterr().out
    assert "alice (plays alduin): 1 key" in out and "bob: invited, until" in out
    assert stat.S_IMODE(os.stat(access_path(saves / "villon.json")).st_mode) == 0o600
    assert main(["players", "remove", "villon", "bob", "--saves", str(saves)]) == 0
    assert read_access(saves / "villon.json").invitations == ()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["add", "villon", "Alice", "KEY"], "cannot be an SSH user name"),
        (["add", "villon", "alice", "PRIVATE"], "is not an OpenSSH public key"),
        (["add", "villon", "alice", "KEY", "--pc", "capitaine"], "is an NPC, not a player character (the PCs: "),
        (["invite", "villon", "bob", "--expires", "forever"], "is not a duration"),
        (["remove", "villon", "nobody"], "is not a player"),
    ],
)
def test_players_refuses_bad_input_with_one_line(tmp_path, capsys, argv, words) -> None:
    saves = tmp_path / "saves"
    assert main(["new", "villon", "--demo", "--saves", str(saves)]) == 0
    key = tmp_path / "k"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    argv = [{"KEY": f"{key}.pub", "PRIVATE": str(key)}.get(a, a) for a in argv]
    capsys.readouterr()
    assert main(["players", *argv, "--saves", str(saves)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err
    assert read_access(saves / "villon.json").players == ()
