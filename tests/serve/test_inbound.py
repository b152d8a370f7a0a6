"""The channel from a view to the GM's inbox (issue 38 items 1 and 3), without an app: the
protocol's parsing and limits, serve's decision, and a real socket pair read by serve's channel."""

from __future__ import annotations

import asyncio
import json
import random
import socket
from pathlib import Path

import pytest

from core.player_send import Ask, Sent
from core.player_view import PlayerView, Row
from saves.atomic import atomic_write
from saves.inbox import answer_for, open_inbox, settle, waiting
from saves.players_file import encode_view
from tui.serve.channel import LINES_PER_SECOND, Channel, Inbound, pair
from tui.serve.inbound import MAX_LINE, Request, Seat, decide, parse_answer, parse_request

ALDUIN = Seat("marie", "alduin", "Alduin")
BERENICE = Seat("paul", "berenice", "Bérénice")


def view(**kwargs: object) -> PlayerView:
    rows = (Row("Alduin", "pc", current=True), Row("Bérénice", "pc"), Row("Garde", "npc"))
    return PlayerView("Villon", encounter="Rue", rows=rows, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (b'{"kind": "attack", "die": 7}', Request("attack", 7)),
        (b'{"kind": "defence", "die": "roll"}', Request("defence", roll=True)),
        (b'{"kind": "done"}', Request("done")),
        (b'{"kind": "attack", "die": -9}', Request("attack", -9)),
    ],
)
def test_a_message_is_a_kind_and_a_die_or_roll(line: bytes, expected: Request) -> None:
    assert parse_request(line) == expected


@pytest.mark.parametrize(
    "line",
    [
        b"",
        b"{",
        b"\xff\xfe\x00binary",
        b"[1, 2]",
        b'"attack"',
        b'{"kind": "heal", "die": 3}',
        b'{"kind": "attack"}',
        b'{"kind": "attack", "die": 7.5}',
        b'{"kind": "attack", "die": true}',
        b'{"kind": "attack", "die": "7"}',
        b'{"kind": "done", "die": 3}',
        b'{"kind": "attack", "die": 7, "player": "paul"}',
        b'{"kind": "attack", "die": 7, "text": "hello GM"}',
        b'{"kind": "attack", "die": 99999999999999999999}',
        b'{"kind": "attack", "die": 7, "pad": "' + b"x" * MAX_LINE + b'"}',
        b"[" * 100000,
    ],
)
def test_anything_else_is_bad(line: bytes) -> None:
    assert parse_request(line) == "bad"


def test_serve_stamps_the_seat_and_bounds_the_die_to_the_campaigns_kult_die() -> None:
    v = view(kult="d20-10")
    sent = decide(v, ALDUIN, Request("attack", 7), number=3, rng=random.Random(1))
    assert sent == Sent(3, "marie", "alduin", "Alduin", "attack", 7)
    assert decide(v, ALDUIN, Request("attack", 11), number=3, rng=random.Random(1)) == "die"
    assert decide(v, ALDUIN, Request("attack", -10), number=3, rng=random.Random(1)) == "die"


def test_roll_for_me_is_rolled_by_serves_source_and_marked() -> None:
    rolled = decide(view(), ALDUIN, Request("attack", roll=True), number=1, rng=random.Random(5))
    again = decide(view(), ALDUIN, Request("attack", roll=True), number=1, rng=random.Random(5))
    assert isinstance(rolled, Sent) and rolled.by_table and rolled == again
    assert rolled.die in range(-9, 11)


def test_a_player_sends_only_what_the_one_rule_allows_for_their_seats_pc() -> None:
    v = view(asks=(Ask("Bérénice", "defence"),))
    # Bérénice's defence was asked: her seat may send it, Alduin's may not
    assert decide(v, ALDUIN, Request("defence", 3), number=1, rng=random.Random(1)) == "not_asked"
    assert isinstance(decide(v, BERENICE, Request("defence", 3), number=1, rng=random.Random(1)), Sent)
    # it is Alduin's turn, not Bérénice's
    assert decide(v, BERENICE, Request("done"), number=1, rng=random.Random(1)) == "not_your_turn"
    assert decide(v, BERENICE, Request("attack", 3), number=1, rng=random.Random(1)) == "not_asked"
    assert decide(v, ALDUIN, Request("done"), number=1, rng=random.Random(1)) == Sent(
        1, "marie", "alduin", "Alduin", "done"
    )
    assert decide(view(sending=False), ALDUIN, Request("attack", 3), number=1, rng=random.Random(1)) == "off"
    assert decide(view(muted=("Alduin",)), ALDUIN, Request("attack", 3), number=1, rng=random.Random(1)) == "off"
    # a seat's PC in another case is the same PC
    lower = Seat("marie", "alduin", "alduin")
    assert isinstance(decide(view(), lower, Request("attack", 3), number=1, rng=random.Random(1)), Sent)


def campaign(tmp_path: Path, **kwargs: object) -> tuple[Path, Path]:
    game = tmp_path / "villon.json"
    game.write_text("{}")
    players = tmp_path / "villon.players.json"
    atomic_write(players, encode_view(view(**kwargs)), backups=0)
    return game, players


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_one_message_waits_per_player_and_one_every_two_seconds(tmp_path: Path) -> None:
    game, players = campaign(tmp_path, asks=(Ask("Bérénice", "defence"),))
    clock = Clock()
    inbound = Inbound(game, players, rng=random.Random(2), log=lambda _: None, clock=clock)
    first = inbound.handle(ALDUIN, Request("attack", 7))
    assert isinstance(first, Sent) and first.number == 1
    clock.now = 10
    assert inbound.handle(ALDUIN, Request("attack", 8)) == "busy"
    assert isinstance(inbound.handle(BERENICE, Request("defence", roll=True)), Sent)
    inbox = open_inbox(game)
    assert settle(inbox, first, "taken")
    clock.now = 11
    second = inbound.handle(ALDUIN, Request("attack", 8))
    assert isinstance(second, Sent) and second.number == 2
    assert settle(inbox, second, "refused")
    clock.now = 12  # 1 s after the last: too soon
    assert inbound.handle(ALDUIN, Request("attack", 8)) == "slow"
    assert sorted((s.player, s.kind) for s in waiting(inbox)) == [("paul", "defence")]


def test_numbers_go_on_after_a_restart(tmp_path: Path) -> None:
    game, players = campaign(tmp_path)
    first = Inbound(game, players, log=lambda _: None).handle(ALDUIN, Request("attack", 7))
    assert isinstance(first, Sent)
    settle(open_inbox(game), first, "taken")
    again = Inbound(game, players, log=lambda _: None).handle(ALDUIN, Request("attack", 1))
    assert isinstance(again, Sent) and again.number == 2


def test_an_unreadable_players_file_posts_nothing(tmp_path: Path) -> None:
    game, players = campaign(tmp_path)
    players.write_text("{not json")
    assert Inbound(game, players, log=lambda _: None).handle(ALDUIN, Request("attack", 7)) == "unreadable"
    assert waiting(open_inbox(game)) == ()


async def read_answers(sock: socket.socket, count: int) -> list[dict[str, object]]:
    loop = asyncio.get_running_loop()
    buffer = b""
    while buffer.count(b"\n") < count:
        data = await asyncio.wait_for(loop.sock_recv(sock, 4096), 30)
        assert data, "the channel closed"
        buffer += data
    answers = [parse_answer(line) for line in buffer.splitlines()]
    assert all(a is not None for a in answers)
    return answers  # type: ignore[return-value]


@pytest.mark.slow
def test_a_channel_refuses_malformed_frames_survives_a_flood_and_tells_the_gms_answer(tmp_path: Path) -> None:
    game, players = campaign(tmp_path)
    clock = Clock()
    said: list[str] = []
    inbound = Inbound(game, players, rng=random.Random(3), log=said.append, clock=clock)

    async def scenario() -> None:
        ours, theirs = pair()
        theirs.setblocking(False)
        channel = Channel(inbound, ALDUIN, ours)
        task = asyncio.ensure_future(channel.run())
        loop = asyncio.get_running_loop()
        frames = [b"{", b"\x00\xff\x01", b'{"kind": "heal", "die": 1}', b'{"kind": "attack", "die": 99}']
        await loop.sock_sendall(theirs, b"\n".join(frames) + b"\n")
        answers = await read_answers(theirs, 4)
        assert [a["reason"] for a in answers] == ["bad", "bad", "bad", "die"]
        # a huge line: refused once, whole, and the next line is read again
        clock.now += 1  # a new second of the channel's budget
        await loop.sock_sendall(theirs, b"x" * 100_000 + b'\n{"kind": "attack", "die": 7}\n')
        answers = await read_answers(theirs, 2)
        assert answers[0] == {"state": "refused", "reason": "bad"}
        assert answers[1]["state"] == "sent" and answers[1]["die"] == 7
        # a flood: 10,000 lines, read and dropped past the budget; one message waits at most
        await loop.sock_sendall(theirs, b'{"kind": "attack", "die": 5}\n' * 10_000)
        inbox = open_inbox(game)
        [posted] = waiting(inbox)
        assert posted.die == 7 and posted.player == "marie"
        assert settle(inbox, posted, "taken")
        buffer = b""
        while b'"taken"' not in buffer:
            buffer += await asyncio.wait_for(loop.sock_recv(theirs, 65536), 30)
        assert channel.dropped > 0 and channel.refused <= 10_000
        theirs.close()  # the view dies: the channel ends, nothing crashes
        await asyncio.wait_for(task, 30)
        assert [s.die for s in waiting(inbox)] == []

    asyncio.run(scenario())
    assert LINES_PER_SECOND < 10
    # the flood is said once, when the seat goes
    assert [line for line in said if "dropped past the rate limit" in line] == [
        line for line in said if line.startswith("marie: ")
    ]
    assert len([line for line in said if "dropped past the rate limit" in line]) == 1


def test_a_channel_tells_a_seat_of_its_message_that_waited_across_a_restart(tmp_path: Path) -> None:
    game, players = campaign(tmp_path)
    first = Inbound(game, players, log=lambda _: None).handle(ALDUIN, Request("attack", 7))
    assert isinstance(first, Sent)

    async def scenario() -> None:
        ours, theirs = pair()
        theirs.setblocking(False)
        task = asyncio.ensure_future(Channel(Inbound(game, players, log=lambda _: None), ALDUIN, ours).run())
        [told] = await read_answers(theirs, 1)
        assert told == {"state": "sent", "number": 1, "kind": "attack", "die": 7, "by_table": False}
        settle(open_inbox(game), first, "refused")
        buffer = b""
        while b"gm_refused" not in buffer:
            buffer += await asyncio.wait_for(asyncio.get_running_loop().sock_recv(theirs, 4096), 30)
        assert json.loads(buffer.splitlines()[-1]) == {"state": "gm_refused", "number": 1}
        theirs.close()
        await asyncio.wait_for(task, 30)

    asyncio.run(scenario())
    assert answer_for(open_inbox(game), "marie") == (1, "refused")


def test_only_a_seat_naming_a_pc_gets_a_channel_and_the_view_takes_only_a_socket(tmp_path: Path) -> None:
    from tui.serve.views import view_command
    from tui.view.cli import _send_fd

    assert "--send-fd" not in view_command(tmp_path / "p.json", "en", None, "--no-mouse", send_fd=7)
    assert view_command(tmp_path / "p.json", "en", "Alduin", "--no-mouse", send_fd=7)[-4:] == [
        "--send-fd",
        "7",
        "--pc",
        "Alduin",
    ]
    ours, theirs = pair()
    with ours, theirs, open(tmp_path / "file", "w") as file:
        assert _send_fd(theirs.fileno()) == theirs.fileno()
        assert _send_fd(file.fileno()) is None  # a file, a terminal, a pipe: the view stays read-only
        assert _send_fd(None) is None and _send_fd(0) is None and _send_fd(9999) is None


def test_a_browser_tab_sends_only_when_the_gm_lets_tabs_send(tmp_path: Path) -> None:
    """The link is the whole table's and names no one: without ``serve --web-sends`` a tab,
    even one naming a PC, gets no channel to the inbox (its view stays read-only)."""
    from tui.serve.cli import parser
    from tui.serve.web import WebTable

    campaign = tmp_path / "villon.json"
    closed = WebTable(campaign, tmp_path / "villon.players.json")
    assert closed.channel_ends("Alduin") == (None, None)
    opened = WebTable(campaign, tmp_path / "villon.players.json", sends=True)
    assert opened.channel_ends(None) == (None, None)
    ours, theirs = opened.channel_ends("Alduin")
    assert ours is not None and theirs is not None
    ours.close()
    theirs.close()
    parse = parser().parse_args
    assert not parse(["villon", "--web"]).web_sends
    assert parse(["villon", "--web", "--web-sends"]).web_sends


def test_a_seat_with_nothing_waiting_looks_at_no_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An idle seat wakes nothing (it looked at the inbox's answers twice a second, message or
    not: 8 idle players, 16 wake-ups a second in serve); a message waiting is looked at again."""
    import tui.serve.channel as channel_module

    game, players = campaign(tmp_path)
    first = Inbound(game, players, log=lambda _: None).handle(ALDUIN, Request("attack", 7))
    assert isinstance(first, Sent)
    check = 1e-6  # a delay no other sleep here uses
    monkeypatch.setattr(channel_module, "ANSWER_CHECK", check)
    real_sleep = asyncio.sleep
    looks: list[float] = []

    async def counted_sleep(delay: float) -> None:
        if delay == check:
            looks.append(delay)
        await real_sleep(delay)

    monkeypatch.setattr(asyncio, "sleep", counted_sleep)

    async def scenario() -> None:
        ours, theirs = pair()
        theirs.setblocking(False)
        task = asyncio.ensure_future(Channel(Inbound(game, players, log=lambda _: None), ALDUIN, ours).run())
        await read_answers(theirs, 1)  # the message that waited: looked at until answered
        settle(open_inbox(game), first, "taken")
        buffer = b""
        while b'"taken"' not in buffer:
            buffer += await asyncio.wait_for(asyncio.get_running_loop().sock_recv(theirs, 4096), 30)
        assert looks  # looked at while it waited
        looks.clear()
        for _ in range(20):  # nothing waits now: 20 turns of the loop, no look
            await real_sleep(0.001)
        assert looks == []
        theirs.close()
        await asyncio.wait_for(task, 30)

    asyncio.run(scenario())
