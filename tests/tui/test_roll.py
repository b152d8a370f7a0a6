"""Any check from the initiative list (`r`): the chance first, then the die typed or rolled."""

from __future__ import annotations

import pytest

from core.actions import Roll
from tests.tui.pilot import make_test_app, run, wait_for

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


def rolls(app) -> list[Roll]:
    return [e.action for e in app.session.journal.done if isinstance(e.action, Roll)]


@run
async def test_e2_arsouille_climbs_with_a_favourable_affect_typed_at_the_table() -> None:
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.selected = "arsouille"
        await pilot.pause()
        await pilot.press("r")
        await wait_for(pilot, lambda: app.screen.query("#roll-score"))
        await pilot.press("9")  # corps 4 + voleur 3 + cambrioleur 2
        screen = app.screen
        assert "50%" in str(screen.query_one("#roll-chance").render())
        screen.query_one("#roll-affect").value = 1  # favourable: +5, +1 shadow
        await pilot.pause()
        assert "75%" in str(screen.query_one("#roll-chance").render())
        screen.query_one("#roll-die").focus()
        await pilot.pause()
        await pilot.press("minus", "1", "enter")
        await wait_for(pilot, lambda: rolls(app))
        assert rolls(app) == [Roll("arsouille", 14, 10, (-1,), 1)]
        assert app.campaign.character("arsouille").shadow.value == 4
        assert "13 vs 10" in app.session.journal.done[-1].lines[0].en


@run
async def test_an_empty_die_rolls_and_bad_input_is_refused_in_french() -> None:
    app = make_test_app(lang="fr", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.selected = "segiere"
        await pilot.pause()
        await pilot.press("r")
        await wait_for(pilot, lambda: app.screen.query("#roll-score"))
        app.screen.query_one("#roll-difficulty").value = "très dur"
        await pilot.press("5", "enter")
        await pilot.pause()
        assert "difficulté inconnue" in str(app.screen.query_one("#roll-error").render())
        assert not rolls(app)
        app.screen.query_one("#roll-difficulty").value = "difficile"
        app.screen.query_one("#roll-score").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: rolls(app))
        roll = rolls(app)[0]
        assert (roll.score, roll.difficulty, len(roll.dice)) == (5, 10, 1)
