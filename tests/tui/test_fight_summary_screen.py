"""Ending a fight shows its summary (issue 38 item 5): the GM ends the demo fight with its keys
(``F``, then ``y``), and the summary is on screen, in English and in French, each figure with its
breakdown; Escape closes it; the combat log holds it too."""

from __future__ import annotations

import pytest

from core.actions import AttackGroup, AttackOpponent, Damage
from tests.tui.pilot import WIDE, make_test_app, run, wait_for
from tui.screens.fight_summary import FightSummaryScreen

pytestmark = pytest.mark.slow


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            ("Summary of Embuscade à Leda: 1 round(s)", "damage dealt (HP) 4", "mooks felled", "damage taken (HP) 3"),
        ),
        (
            "fr",
            (
                "Bilan de Embuscade à Leda : 1 round(s)",
                "dégâts infligés (PV) 4",
                "sbires abattus",
                "dégâts subis (PV) 3",
            ),
        ),
    ],
)
@run
async def test_ending_the_demo_fight_shows_its_summary(lang, words):
    app = make_test_app(lang=lang)
    async with app.run_test(size=WIDE) as pilot:
        for action in (
            AttackOpponent("brunvir", "capitaine", 12, 3, (10,)),  # the armour takes it
            AttackOpponent("brunvir", "capitaine", 12, 3, (10,)),  # 4 HP
            AttackGroup("veterans", 12, (10,), attacker="alduin"),
            Damage(("alduin",), 3, bypass_armour=True),
        ):
            await app.request(action)
        await pilot.press("F")
        await wait_for(pilot, lambda: "Leda" in str(app.screen.query("Static").first().render()))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(app.screen, FightSummaryScreen))
        assert app.campaign.active is None
        shown = str(app.screen.query_one("#summary-text").render())
        for word in words:
            assert word in shown, (word, shown)
        assert "Brunvir" in shown and "Capitaine de la garde" in shown and "Alduin" in shown
        assert "round 1" in shown  # the breakdown under each figure
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, FightSummaryScreen))
        logged = [ln.line.text(lang) for ln in app.session.journal.log]
        assert any(line.startswith(words[0]) for line in logged)
