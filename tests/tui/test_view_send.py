"""The players' view sends (issue 38 item 1): its keys, its small form, its status and footer
lines, in both languages, over a real socket pair standing for ``serve``'s channel."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from core.player_send import Ask, Waiting
from core.player_view import PlayerView, Row
from saves.atomic import atomic_write
from saves.players_file import encode_view
from tests.tui.pilot import run, wait_for
from tui.view.app import ViewApp
from tui.view.send import SendScreen

WORDS = {
    "en": {
        "footer": "s die · r roll for me · d I'm done",
        "status": "Players' view of Villon · q quits · ? keys",
        "sent": "sent: +7 for your attack, waiting for the GM",
        "taken": "the GM took it",
        "refused": "refused: the GM has not asked that roll",
        "gm_refused": "the GM refused it",
        "off": "sending is off",
        "by_table": "the server rolled -3 for your defence, waiting for the GM",
        "waiting": "Waiting for the GM: Alduin attack +7 · Bérénice defence -3 rolled by the server",
    },
    "fr": {
        "footer": "s dé · r lance pour moi · d j'ai fini",
        "status": "Vue des joueurs de Villon · q quitte · ? touches",
        "sent": "envoyé : +7 pour ton jet (attaque), en attente du MJ",
        "taken": "le MJ l'a pris",
        "refused": "refusé : le MJ n'a pas demandé ce jet",
        "gm_refused": "le MJ l'a refusé",
        "off": "l'envoi est coupé",
        "by_table": "le serveur a lancé -3 pour ton jet (défense), en attente du MJ",
        "waiting": "En attente du MJ : Alduin attaque +7 · Bérénice défense -3 lancé par le serveur",
    },
}


def players_file(tmp_path: Path, **kwargs: object) -> Path:
    rows = (Row("Alduin", "pc", current=True), Row("Bérénice", "pc"), Row("Garde", "npc"))
    path = tmp_path / "villon.players.json"
    atomic_write(path, encode_view(PlayerView("Villon", encounter="Rue", rows=rows, **kwargs)), backups=0)  # type: ignore[arg-type]
    return path


def seat(tmp_path: Path, lang: str, pc: str | None = "Alduin", **kwargs: object) -> tuple[ViewApp, socket.socket]:
    """A view with a channel, and serve's end of it."""
    from tui.view.follow import read_view

    path = players_file(tmp_path, **kwargs)
    ours, theirs = socket.socketpair()
    ours.setblocking(False)
    app = ViewApp(path, read_view(path), lang=lang, poll=True, pc=pc, send_fd=theirs.detach())  # type: ignore[arg-type]
    return app, ours


def received(sock: socket.socket) -> list[dict[str, object]]:
    try:
        data = sock.recv(65536)
    except BlockingIOError:
        return []
    return [json.loads(line) for line in data.splitlines()]


def collect(sock: socket.socket, got: list[dict[str, object]], count: int = 1) -> bool:
    """What the view wrote, added to ``got``: whether there are ``count`` messages now."""
    got.extend(received(sock))
    return len(got) >= count


def status(app: ViewApp) -> str:
    return str(app.query_one("#status").render())


def footer(app: ViewApp) -> str:
    return str(app.query_one("#send").render())


@pytest.mark.parametrize("lang", ["en", "fr"])
@run
async def test_a_typed_die_is_sent_and_its_answers_shown(tmp_path: Path, lang: str) -> None:
    app, serve = seat(tmp_path, lang)
    words = WORDS[lang]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert footer(app) == words["footer"]
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SendScreen))
        await pilot.press("9", "9", "enter")  # no such face: the form stays, nothing is sent
        await pilot.pause()
        assert isinstance(app.screen, SendScreen) and received(serve) == []
        await pilot.press("backspace", "backspace", "7", "enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, SendScreen))
        got: list[dict[str, object]] = []
        await wait_for(pilot, lambda: collect(serve, got), every=0.02)
        assert got == [{"kind": "attack", "die": 7}]
        for answer, said in (
            ({"state": "sent", "number": 1, "kind": "attack", "die": 7, "by_table": False}, "sent"),
            ({"state": "taken", "number": 1}, "taken"),
            ({"state": "refused", "reason": "not_asked"}, "refused"),
            ({"state": "gm_refused", "number": 2}, "gm_refused"),
        ):
            serve.send(json.dumps(answer).encode() + b"\n")
            expected = words[said]
            await wait_for(pilot, lambda: status(app) == expected, every=0.02)  # noqa: B023


@pytest.mark.parametrize("lang", ["en", "fr"])
@run
async def test_roll_for_me_picks_among_the_rolls_asked_and_done_ends_the_turn(tmp_path: Path, lang: str) -> None:
    app, serve = seat(tmp_path, lang, asks=(Ask("Alduin", "defence"),))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")  # attack (his turn) and defence (asked): the form asks which
        await wait_for(pilot, lambda: isinstance(app.screen, SendScreen))
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, SendScreen))
        await pilot.press("d")
        got: list[dict[str, object]] = []
        await wait_for(pilot, lambda: collect(serve, got, 2), every=0.02)
        assert got == [{"kind": "defence", "die": "roll"}, {"kind": "done"}]
        answer = {"state": "sent", "number": 1, "kind": "defence", "die": -3, "by_table": True}
        serve.send(json.dumps(answer).encode() + b"\n")
        await wait_for(pilot, lambda: status(app) == WORDS[lang]["by_table"], every=0.02)


@run
async def test_a_single_roll_asked_is_rolled_for_at_once_and_another_pcs_asks_are_not_offered(tmp_path: Path) -> None:
    app, serve = seat(tmp_path, "en", pc="Bérénice", asks=(Ask("Bérénice", "resistance"), Ask("Alduin", "defence")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert footer(app) == "s die · r roll for me"  # not her turn: no "done"
        assert status(app) == WORDS["en"]["status"]  # not "read-only": this seat sends
        await pilot.press("r")
        got: list[dict[str, object]] = []
        await wait_for(pilot, lambda: collect(serve, got), every=0.02)
        assert got == [{"kind": "resistance", "die": "roll"}]


@pytest.mark.parametrize("lang", ["en", "fr"])
@run
async def test_sending_off_is_said_and_sends_nothing(tmp_path: Path, lang: str) -> None:
    app, serve = seat(tmp_path, lang, sending=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert footer(app) == WORDS[lang]["off"]
        await pilot.press("s", "r", "d")
        await pilot.pause()
        assert not isinstance(app.screen, SendScreen)
        assert status(app) == WORDS[lang]["off"] and received(serve) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
@run
async def test_every_player_sees_what_waits_and_a_view_without_a_channel_offers_no_key(
    tmp_path: Path, lang: str
) -> None:
    from tui.view.follow import read_view

    waiting = (Waiting("Alduin", "attack", 7), Waiting("Bérénice", "defence", -3, by_table=True))
    path = players_file(tmp_path, waiting=waiting)
    app = ViewApp(path, read_view(path), lang=lang, poll=True, pc="Alduin")  # type: ignore[arg-type]  # the shell-account recipe
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert str(app.query_one("#waiting").render()) == WORDS[lang]["waiting"]
        assert not app.query("#send")
        await pilot.press("s")
        await pilot.pause()
        assert not isinstance(app.screen, SendScreen)


@run
async def test_a_serve_gone_is_said_and_the_view_stays(tmp_path: Path) -> None:
    app, serve = seat(tmp_path, "en")
    async with app.run_test(size=(40, 24)) as pilot:
        await pilot.pause()
        serve.close()
        await wait_for(pilot, lambda: status(app) == "sending stopped: the server is gone", every=0.02)
        await pilot.press("r")
        await pilot.pause()
        assert app.is_running


@run
async def test_a_name_in_brackets_waits_as_typed_not_as_markup(tmp_path: Path) -> None:
    from tui.view.follow import read_view

    waiting = (Waiting("Morvan [/]", "attack", 7), Waiting("[b]x[/b] [@click=app.quit]q[/]", "defence", 2))
    path = players_file(tmp_path, waiting=waiting)
    app = ViewApp(path, read_view(path), pc="Alduin")  # type: ignore[arg-type]
    async with app.run_test(size=(120, 24)) as pilot:
        await pilot.pause()
        shown = str(app.query_one("#waiting").render())
        assert "Morvan [/] attack +7" in shown and "[b]x[/b] [@click=app.quit]q[/] defence +2" in shown
