"""A GM's first real fight (issue 14), second part: readable without colour, scores that say what
they assume, less sent over SSH, the words of the log. Played with the keys a GM types."""

from __future__ import annotations

import pytest

from tests.tui.pilot import NARROW, WIDE, done_actions, row_text, run, wait_for
from tests.tui.pilot import make_app_trades_apply as make_test_app  # the trades ticked (issue 14 item 7)
from tui.textual_fixes.checkbox import Checkbox
from tui.widgets.status import StatusBar


# -- 8. readable without colour --------------------------------------------------------------
@pytest.mark.slow
@run
async def test_checkboxes_say_their_state_in_text_under_no_color(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("x")
        await pilot.pause()
        box = app.screen.query_one("#dmg-pugilat", Checkbox)
        assert box.render().plain.startswith("[ ] ")
        await pilot.press("ctrl+n")  # tick pugilat
        await pilot.pause()
        assert box.value and box.render().plain.startswith("[x] ")
        await pilot.press("4", "enter")  # the hit it was ticked for: it resets
        await wait_for(pilot, lambda: len(done_actions(app)) == 1)
        assert box.render().plain.startswith("[ ] ")


@pytest.mark.slow
@run
async def test_every_checkbox_of_the_app_writes_its_state():
    from textual.widgets import Checkbox as TextualCheckbox

    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("x")
        await pilot.pause()
        boxes = list(app.screen.query(TextualCheckbox))
        assert len(boxes) >= 3  # pugilat, bypass armour, inspired
        for box in boxes:
            assert isinstance(box, Checkbox)
            assert box.render().plain[:3] in ("[x]", "[ ]")


@pytest.mark.slow
@pytest.mark.parametrize("size", [NARROW, WIDE], ids=["80x24", "120x40"])
def test_read_only_header_says_whose_turn_it_is_and_its_whole_message(size):
    """The first line says READ-ONLY and whose turn it is; who writes the campaign (a long
    message: who, where, since when, which file to delete) is on the lines under it, whole."""
    from tests.tui.pilot import screen_text

    holder = (
        "Morvan on elsewhere.invalid (pid 4242) since 2026-11-30T21:03:00+00:00 "
        "(if nobody writes it, delete /srv/jdr/campagnes/villon.json.lock.info)"
    )

    @run
    async def play():
        app = make_test_app(read_only=True, locked_by=holder)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            rows = screen_text(app).splitlines()
            assert rows[0].lstrip().startswith("READ-ONLY ")
            assert rows[0].rstrip().endswith("turn: Brunvir")  # whole, on screen
            below = app.screen.query_one("#tabs" if size == NARROW else "#initiative").region.y  # the header's end
            shown = "".join("".join(rows[1:below]).split())
            assert shown == "".join(f"writing this campaign: {holder}".split())  # whole, nothing cut

    play()


@pytest.mark.slow
@run
async def test_a_campaign_read_only_by_choice_has_no_holder_line():
    from tui.widgets.status import HolderLine

    app = make_test_app(read_only=True)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        assert app.screen.query_one(StatusBar).render().plain.startswith(" READ-ONLY ")
        assert not app.screen.query_one(HolderLine).display


# -- 9. over SSH, send less ------------------------------------------------------------------
def mouse_codes(app) -> str:
    """What the app's terminal driver writes to turn the mouse on."""
    from types import SimpleNamespace

    written: list[str] = []
    terminal = SimpleNamespace(_mouse=app.mouse, write=written.append, flush=lambda: None)
    app.driver_class._enable_mouse_support(terminal)
    return "".join(written)


def test_over_ssh_the_app_asks_for_clicks_but_not_every_motion(tmp_path, monkeypatch):
    from tui.run import build

    monkeypatch.setenv("SSH_CONNECTION", "192.0.2.7 50522 192.0.2.1 22")
    codes = mouse_codes(build(["--saves", str(tmp_path)]))
    assert "\x1b[?1000h" in codes and "\x1b[?1003h" not in codes  # clicks yes, motion no
    assert "\x1b[?1003h" in mouse_codes(build(["--saves", str(tmp_path), "--mouse"]))
    assert build(["--saves", str(tmp_path), "--no-mouse"]).mouse is False
    monkeypatch.delenv("SSH_CONNECTION")
    assert "\x1b[?1003h" in mouse_codes(build(["--saves", str(tmp_path)]))  # at home: the whole mouse


# -- 11. words: bruising shows in the HP numbers ---------------------------------------------


@pytest.mark.slow
@run
async def test_bruising_shows_next_to_the_hp_numbers():
    for lang, words in (("en", "(2 bruised)"), ("fr", "(2 contus.)")):
        app = make_test_app(lang=lang)
        async with app.run_test(size=WIDE) as pilot:
            app.selected = "romuald"  # 9/9, no armour
            await pilot.pause()
            await pilot.press("x", "ctrl+n", "4", "enter")  # a punch: 4 through, half of it bruising
            await wait_for(pilot, lambda app=app: app.campaign.character("romuald").bruise == 2)
            await pilot.pause()
            line = row_text(app, "romuald")
            assert "7/9" in line and words in line, line
