"""The GM's inbox (issue 38): one message per player, the GM's answer, and nothing that breaks it."""

import os
import stat
from pathlib import Path

import pytest

from core.player_send import Sent
from saves.errors import SaveError
from saves.inbox import answer_for, inbox_path, message_path, open_inbox, post, settle, waiting


def sent(number: int = 1, player: str = "Marie", die: int = 7) -> Sent:
    return Sent(number, player, "alduin", "Alduin", "attack", die=die)


def test_the_inbox_is_a_folder_only_the_gm_enters(tmp_path: Path) -> None:
    inbox = open_inbox(tmp_path / "villon.json")
    assert inbox == inbox_path(tmp_path / "villon.json") == tmp_path / "villon.inbox"
    assert stat.S_IMODE(os.stat(inbox).st_mode) == 0o700
    post(inbox, sent())
    assert stat.S_IMODE(os.stat(message_path(inbox, "Marie")).st_mode) == 0o600


def test_one_message_waits_per_player_and_the_answer_is_left_for_serve(tmp_path: Path) -> None:
    inbox = open_inbox(tmp_path / "villon.json")
    assert post(inbox, sent(1))
    assert not post(inbox, sent(2, die=10))  # the first still waits: no second roll
    assert post(inbox, sent(1, player="Paul", die=-3))
    assert [s.player for s in waiting(inbox)] == ["Marie", "Paul"]
    assert settle(inbox, sent(1), "taken")
    assert not settle(inbox, sent(1), "refused")  # answered already
    assert answer_for(inbox, "Marie") == (1, "taken")
    assert [s.player for s in waiting(inbox)] == ["Paul"]
    assert post(inbox, sent(2))
    assert answer_for(inbox, "Marie") is None  # a new message clears the old answer


def test_a_settle_of_another_message_than_the_one_waiting_does_nothing(tmp_path: Path) -> None:
    inbox = open_inbox(tmp_path / "villon.json")
    post(inbox, sent(4))
    assert not settle(inbox, sent(3), "taken")
    assert waiting(inbox) == (sent(4),)


@pytest.mark.parametrize(
    "content",
    [b"", b"{", b"[1]", b'{"format": "apotheose.sent", "version": 1, "number": 1}', b"x" * 5000],
)
def test_a_file_that_is_not_a_message_is_put_aside_not_read_again(tmp_path: Path, content: bytes) -> None:
    inbox = open_inbox(tmp_path / "villon.json")
    post(inbox, sent(1, player="Paul"))
    bad = message_path(inbox, "Marie")
    bad.write_bytes(content)
    assert [s.player for s in waiting(inbox)] == ["Paul"]
    assert not bad.exists() and bad.with_name(bad.name + ".bad").exists()


def test_a_message_under_another_players_name_is_put_aside(tmp_path: Path) -> None:
    inbox = open_inbox(tmp_path / "villon.json")
    post(inbox, sent(1, player="Paul"))
    message_path(inbox, "Paul").rename(message_path(inbox, "Marie"))
    assert waiting(inbox) == ()


def test_an_inbox_that_is_a_link_or_open_to_others_is_refused(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    (tmp_path / "villon.inbox").symlink_to(elsewhere)
    with pytest.raises(SaveError, match="symbolic link"):
        open_inbox(tmp_path / "villon.json")
    assert waiting(tmp_path / "villon.inbox") == ()
    other = tmp_path / "other.inbox"
    other.mkdir()
    other.chmod(0o777)
    with pytest.raises(SaveError, match="open to others"):
        open_inbox(tmp_path / "other.json")
    with pytest.raises(SaveError, match="open to others"):
        post(other, sent())
