"""The README's and the guide's first fight, played with its ten keys at 80×24: what each key
does to the campaign is what the pages say."""

from __future__ import annotations

from tests.markdown import ROOT
from tests.tui.pilot import make_test_app, run, wait_for

KEYS = ("g", "7", "enter", "n", "k", "x", "4", "enter", "ctrl+z", "ctrl+l")


@run
async def test_the_first_fight_in_ten_keys_does_what_the_pages_say():
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:

        def hp(key: str) -> tuple[int, int]:
            brunvir = app.campaign.find(key)
            return brunvir.hp, brunvir.armour

        def standing() -> int:
            return next(g.standing for g in app.campaign.groups if g.name == "Vétérans de Villon")

        assert app.campaign.encounter.current == "brunvir" and standing() == 12
        await pilot.press(*KEYS[:3])  # Brunvir attacks the veterans with a kult die of 7
        await wait_for(pilot, lambda: standing() == 10)
        await pilot.press(KEYS[3])  # next turn: the Capitaine's
        await wait_for(pilot, lambda: app.campaign.encounter.current == "capitaine")
        await pilot.press(*KEYS[4:8])  # up to Brunvir, 4 damage: armour 3→0, HP 11→10
        await wait_for(pilot, lambda: hp("brunvir") == (10, 0))
        await pilot.press(KEYS[8])  # undone
        await wait_for(pilot, lambda: hp("brunvir") == (11, 3))
        await pilot.press(KEYS[9])  # the log, the undone hit struck through
        await wait_for(pilot, lambda: type(app.screen).__name__ == "LogScreen")
        assert standing() == 10 and app.campaign.encounter.current == "capitaine"
    assert len(KEYS) == 10
    for page in ("README.md", "docs/guide.md"):
        text = (ROOT / page).read_text(encoding="utf-8")
        assert "| `g` `7` `⏎` |" in text and "| `k` `x` `4` `⏎` |" in text and "| `ctrl+z` |" in text, page
