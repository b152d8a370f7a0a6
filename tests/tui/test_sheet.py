"""The combatant sheet: shadow changes with their reason, the 6th-mark confirmation, XP and raises."""

from __future__ import annotations

import attrs
import pytest

from core.actions import ChangeShadow, Damage
from core.demo import demo_campaign
from core.shadow import Mark, Shadow, ShadowEvent, mark_level
from tests.tui.pilot import make_test_app, run, wait_for
from tests.tui.test_initiative_pane import SIZES
from tui.screens.combat_dialogs import PickDialog, ShadowDialog
from tui.screens.prompts import ConfirmDialog, ValuePrompt
from tui.screens.sheet import SheetScreen
from tui.screens.stigma import StigmaDialog


async def open_sheet(pilot, key: str) -> SheetScreen:
    pilot.app.selected = key
    await pilot.pause()
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, SheetScreen))
    assert pilot.app.screen.key == key
    return pilot.app.screen


def body(app) -> str:
    return str(app.screen.query_one("#sheet-body").render())


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@run
async def test_sheet_shows_the_character(size):
    app = make_test_app()
    async with app.run_test(size=size) as pilot:
        await open_sheet(pilot, "alduin")
        text = body(app)
        for part in (
            "soul (âme) 4",
            "max pm = âme 4 + 5 = 9",
            "mage (pyromancie",
            "ses amis",
            "pm 9/9 (max intensity 5)",
            "shadow 2/10",
            "not tainted",
        ):
            assert part in text, part
        assert app.screen.query_one("#sheet-box").border_title == "Alduin"
        await app.request(Damage(("alduin",), 3))
        await pilot.pause()
        assert "HP 5/8" in body(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SheetScreen)


@pytest.mark.slow
@run
async def test_shadow_change_goes_to_the_ledger():
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "arsouille")
        await pilot.press("plus")
        await wait_for(pilot, lambda: isinstance(app.screen, ShadowDialog))
        dialog = app.screen
        dialog.query_one("#shadow-event").value = ShadowEvent.attune_major.value
        await pilot.pause()
        assert dialog.query_one("#shadow-delta").value == "+2"
        dialog.query_one("#shadow-note").value = "the ring"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        assert app.session.journal.done[-1].action == ChangeShadow("arsouille", ShadowEvent.attune_major, 2, "the ring")
        shadow = app.campaign.character("arsouille").shadow
        assert shadow.value == 5 and shadow.ledger[-1].note == "the ring"
        assert "+2  3→5  attune a major magic item — the ring" in body(app)


@pytest.mark.slow
@run
async def test_minus_is_a_gm_change_down():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_sheet(pilot, "arsouille")
        await pilot.press("minus", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        assert app.session.journal.done[-1].action == ChangeShadow("arsouille", ShadowEvent.gm, -1)
        assert app.campaign.character("arsouille").shadow.value == 2


def five_stigmata_at_ten():
    campaign = demo_campaign()
    c = campaign.character("arsouille")
    marks = tuple(Mark("stigma", mark_level(n)) for n in range(1, 6))
    return campaign.with_character(attrs.evolve(c, shadow=Shadow(10, stigmata=marks)))


@pytest.mark.slow
@run
async def test_sixth_stigma_asks_and_applies_only_on_yes():
    app = make_test_app(five_stigmata_at_ten())
    async with app.run_test(size=(120, 40)) as pilot:
        await open_sheet(pilot, "arsouille")
        await pilot.press("plus", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert app.screen.question == "6th stigma: Arsouille becomes an NPC — confirm?"
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        assert app.session.journal.done == ()
        assert app.campaign.character("arsouille").pc
        await pilot.press("plus", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        # RULES 1.3: a stigma gained past 10 gets its permanent effect picked at once (Escape: later, key e)
        await wait_for(pilot, lambda: isinstance(app.screen, StigmaDialog))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        c = app.campaign.character("arsouille")
        assert not c.pc and len(c.shadow.stigmata) == 6 and c.shadow.value == 6
        assert app.session.journal.done[-1].action.confirm
        assert "NPC" in body(app).splitlines()[0]


@pytest.mark.slow
@run
async def test_voluntary_stigma_and_grace():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_sheet(pilot, "brunvir")  # shadow 5
        await pilot.press("t")  # RULES 1.3: the stigma dialog asks for its permanent effect
        await wait_for(pilot, lambda: isinstance(app.screen, StigmaDialog))
        app.screen.query_one("#stigma-text").focus()
        await pilot.press("enter")  # the default: a descriptive mark
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        s = app.campaign.character("brunvir").shadow
        assert s.value == 0 and len(s.stigmata) == 1
        assert "minor stigma" in body(app)
        await pilot.press("g")
        await pilot.pause()
        s = app.campaign.character("brunvir").shadow
        assert s.value == 5 and s.stigmata == () and s.graces == ()


@pytest.mark.slow
@run
async def test_award_xp_then_raise_with_override():
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "segiere")  # esprit 3
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ValuePrompt))
        await pilot.press("2", "0", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        assert app.campaign.character("segiere").xp == 20
        assert "XP 20" in body(app)
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, PickDialog))
        await pilot.press("down", "enter")  # esprit 3 → 4: 5 XP
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        c = app.campaign.character("segiere")
        assert c.characteristics.esprit == 4 and c.xp == 15 and c.max_willpower == 9
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, PickDialog))
        await pilot.press("down", "enter")  # a 2nd raise of 2 in esprit: past half, ask
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert "over half the raises in esprit" in app.screen.question
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        c = app.campaign.character("segiere")
        assert c.characteristics.esprit == 5 and c.xp == 10 and c.raises == (("esprit", 2),)


@pytest.mark.slow
@run
async def test_pm_and_exhaustion():
    campaign = demo_campaign()
    alduin = campaign.character("alduin")
    app = make_test_app(campaign.with_character(attrs.evolve(alduin, pm=1)))
    async with app.run_test(size=(120, 40)) as pilot:
        await open_sheet(pilot, "alduin")
        await pilot.press("m")
        await wait_for(pilot, lambda: isinstance(app.screen, ValuePrompt))
        await pilot.press("-", "1", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        assert app.campaign.character("alduin").pm == 0
        await pilot.press("w")
        await pilot.pause()
        app.screen.query_one("#exhaust-hp").value = "2"
        app.screen.query_one("#exhaust-wp").value = "2"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SheetScreen))
        c = app.campaign.character("alduin")
        assert c.pm == 4 and c.hp == 6 and c.willpower == 8 and c.exhaustion_used
        assert c.shadow.value == 4  # +1 per 2 pm recovered
        assert "exhaustion used this session" in body(app)


@pytest.mark.slow
@run
async def test_shadow_keys_refuse_an_npc():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_sheet(pilot, "capitaine")
        await pilot.press("plus", "t", "m")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert app.session.journal.done == ()


@run
async def test_group_sheet():
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "veterans")
        assert "12/12 standing, 0 felled" in body(app)
        assert "veterans (difficulty 10)" in body(app)


@pytest.mark.slow
@run
async def test_french_sheet():
    app = make_test_app(lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "segiere")
        text = body(app)
        assert "Caractéristiques" in text and "PV max = corps 9 + 5 = 14" in text
        assert "Registre d'ombre (plus récent d'abord)" in text
        descriptions = {b.id: b.description for _, b in app.screen._bindings}
        assert descriptions["sheet-close"] == "Fermer" and descriptions["sheet-xp"] == "PX"
        await pilot.press("plus")
        await wait_for(pilot, lambda: isinstance(app.screen, ShadowDialog))
        assert "Ombre de Segiere : 1" in str(app.screen.query_one(".dialog-question").render())
