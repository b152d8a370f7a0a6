"""``apotheose serve --web`` on phones and retina screens: headless Chromium (Debian's, driven by
Playwright) at 360–430 CSS pixels wide with device pixel ratios 1, 2 and 3, and a 1280×800
laptop at ratio 2, against a server the test starts on 127.0.0.1.

Each sees the whole fight, nothing cut: 40 columns or more, the terminal no wider than the
window, the HP column and the log on the screen, and the letters drawn at the size of their cells
(at ratio 3 they were drawn three times too big: a third of the columns showed). Screenshots go
to the test's folder; the phone at ratio 3 is docs/browser_phone.png
(``APOTHEOSE_UPDATE_SCREENSHOT=1`` writes it again).
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

import pytest

from tests.browsing import Chromium, WebServer
from tests.present import present

pytestmark = pytest.mark.slow

SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "browser_phone.png"
SCREENS = [
    (360, 740, 1),
    (360, 740, 3),
    (390, 844, 2),
    (390, 844, 3),
    (430, 932, 3),
    (1280, 800, 2),
]

#: Before the page's scripts: every font the page draws letters with (the terminal draws each
#: letter once, in a canvas of its own, then copies it to its cells).
FONTS = """
window.__fonts = [];
const fillText = CanvasRenderingContext2D.prototype.fillText;
CanvasRenderingContext2D.prototype.fillText = function (...args) {
  const size = this.font.match(/([0-9.]+)px/);
  if (size) window.__fonts.push(parseFloat(size[1]));
  return fillText.apply(this, args);
};
"""
#: What the page drew, measured in it: the window's width, the terminal's right edge, and the
#: biggest font its letters were drawn with, in CSS pixels (the terminal's canvas may hold more
#: device pixels than CSS pixels: its scale).
MEASURE = """() => {
  const screen = document.querySelector(".xterm-screen").getBoundingClientRect();
  const text = document.querySelector("canvas.xterm-text-layer");
  const scale = text.width / text.getBoundingClientRect().width;
  return {window: window.innerWidth, terminal: screen.right, font: Math.max(...window.__fonts) / scale,
          asked: parseFloat(document.getElementById("terminal").dataset.fontSize)};
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    made = WebServer(tmp_path_factory.mktemp("phones"))
    yield made
    made.stop()
    assert made.children() == []


@pytest.fixture(scope="module")
def chromium():
    """One Chromium for the screens, each in a new context (an empty profile of its own)."""
    made = Chromium()
    yield made
    made.close()


@pytest.mark.parametrize(("width", "height", "ratio"), SCREENS)
def test_the_whole_fight_fits_at_any_pixel_ratio(server, chromium, tmp_path, width, height, ratio) -> None:
    with chromium.tab({"width": width, "height": height}, scale=ratio) as tab:
        tab.page.add_init_script(FONTS)
        tab.page.goto(server.url)
        tab.wait_for("Capitaine de la garde")
        tab.wait_for("HP 8/8")  # the HP column
        columns, _rows = present(tab.size)
        assert columns >= 40, tab.size
        assert "Log" in tab.text() or width > 600, tab.text()  # a phone: the log under the table
        drawn = tab.page.evaluate(MEASURE)
        assert drawn["terminal"] <= drawn["window"], drawn  # nothing past the window's edge
        assert abs(drawn["font"] - drawn["asked"]) < 0.5, drawn  # letters the size of their cells
        assert 8 <= drawn["asked"] <= 16, drawn  # readable
        tab.page.wait_for_timeout(300)  # let the last frames settle before the picture
        phone = (width, height, ratio) == (390, 844, 3)
        picture = SCREENSHOT if phone and os.environ.get("APOTHEOSE_UPDATE_SCREENSHOT") else tmp_path / "screen.png"
        tab.page.screenshot(path=str(picture))
        assert struct.unpack(">II", picture.read_bytes()[16:24]) == (width * ratio, height * ratio)
        tab.page.close()
