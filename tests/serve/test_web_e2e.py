"""``apotheose serve --web`` in a real browser: headless Chromium (Debian's, driven by Playwright)
against a server the test starts on 127.0.0.1.

A phone (390×844) opens the table's link: it sees the demo's visible combatants, never the hidden
crossbowmen (in no byte its tab was sent), and a GM action appears. Without the link's secret the
page, its script and its websocket answer 403 and no view starts. Closing the tab ends its view
within 2 s. A player's own link (``&pc=NAME``) gets the your-turn cue. The screenshot of the phone goes
to the test's temporary folder (docs/browser_phone.png, the same phone at pixel ratio 3, is
written by tests/serve/test_web_phones.py).
"""

from __future__ import annotations

import struct
import time

import pytest

from core.actions import AddCondition, Damage, SetAlias, SetShown
from core.encounter import Condition
from core.visibility import Shown
from tests.browsing import GM, Browser, WebServer, alive
from tests.present import present
from tests.terminals import wait_until

pytestmark = pytest.mark.slow

VISIBLE = (
    "Arsouille",
    "Alduin",
    "Segiere",
    "Morvan",
    "Romuald",
    "Brunvir",
    "Capitaine de la garde",
    "Vétérans de Villon",
)


@pytest.fixture(scope="module")
def browser():
    made = Browser()
    yield made
    made.close()


def test_a_phone_sees_the_visible_fight_never_the_hidden_and_a_gm_action(tmp_path, browser) -> None:
    server = WebServer(tmp_path)
    try:
        # without the secret: 403 for the page, its script and its websocket; no view starts
        refused = browser.tab()
        for path in ("/", "/static/js/textual.js", "/ws", "/?token=" + "x" * 43):
            response = refused.page.goto(f"http://127.0.0.1:{server.port}{path}")
            assert response is not None and response.status == 403, path
        assert "Ask the GM for the link" in refused.page.content()
        refused.page.close()
        assert server.children() == [] and server.view_pids() == []

        tab = browser.tab()
        tab.page.goto(server.url)
        tab.wait_for("Next: Capitaine de la garde")
        assert tab.page.url.endswith(f":{server.port}/")  # the secret left the address bar (a cookie now)
        columns, _rows = tab.size
        assert 40 <= columns < 64, tab.size  # a phone: the narrow layout
        screen = tab.text()
        for name in VISIBLE:
            assert name in screen, name
        lines = screen.splitlines()
        assert all(len(line.rstrip()) <= columns for line in lines)
        # a GM action appears: the captain hurt (as a bar), Segiere hit, a condition, an alias
        gm = GM(server.path)
        try:
            gm.play(
                SetShown("capitaine", Shown.BAR),
                Damage(("capitaine",), 9),
                Damage(("segiere",), 8),
                AddCondition("alduin", Condition("blessed")),
                SetAlias("veterans", "Les Ombres"),
            )
            tab.wait_for("Les Ombres")
            tab.wait_for("HP 10/14")
            screen = tab.text()
            assert "Vétérans" not in screen and "█████░░░░░" in screen and "blessed" in screen
            tab.page.wait_for_timeout(300)  # let the last frames settle before the picture
            picture = tmp_path / "browser_phone.png"
            tab.page.screenshot(path=str(picture))
            assert struct.unpack(">II", picture.read_bytes()[16:24]) == (390, 844)  # the PNG's width and height
        finally:
            gm.close()
        sent = tab.received.decode("utf-8", "replace")
        assert "Arbalétriers" not in sent and "Commands the veterans" not in sent  # hidden, and a GM note
        # a player's own link (&pc=): their view tells them their turn
        mine = browser.tab()
        mine.page.goto(present(server.url) + "&pc=Brunvir")
        mine.wait_for("Your turn, Brunvir!")
        assert "/ws/Brunvir" in mine.sockets[0]
        mine.page.close()
        wait_until(lambda: len(server.children()) == 1, 10)
        # closing the tab ends its view within 2 s
        view = server.view_pids()[0]  # the first tab's
        assert alive(view)
        tab.page.close()
        closed = time.monotonic()
        wait_until(lambda: not alive(view) and not server.children(), 10)
        assert time.monotonic() - closed <= 2.0
    finally:
        server.stop()
    assert server.children() == []
