"""No defence against more attackers than stand (issue 34, item 5): Vétérans at 5/12, ``v 9``
was priced "+ 8 more attackers (max) = 30" with no word that only 5 stand. The count shown must
be the count used: the attackers field refuses 9, saying so, and nothing is priced."""

from __future__ import annotations

import attrs
import pytest

from tests.tui.pilot import burst, make_test_app, quiet, run, turn_of
from tui.widgets.inputs import ErrorLine

pytestmark = pytest.mark.slow  # every test here takes over a second (the app, a server or a process)


def five_standing():
    campaign = turn_of("veterans")
    return campaign.with_group(attrs.evolve(campaign.group("veterans"), standing=5))


@run
async def test_nine_attackers_against_five_standing_is_refused_at_the_field() -> None:
    app = make_test_app(five_standing())
    async with app.run_test(size=(120, 40)) as pilot:
        await quiet(pilot)
        assert app.campaign.group("veterans").standing == 5
        app.selected = "segiere"
        await quiet(pilot)
        burst(app, "v", "9")
        await quiet(pilot)
        shown = [e.message for e in app.screen.query(ErrorLine) if e.message]
        assert shown == ["Vétérans de Villon: only 5 standing, not 9 attackers"]
        assert "8 more attackers" not in str(app.screen.query_one("#def-preview").render())
        before = len(app.session.journal.done)
        burst(app, "enter")
        await quiet(pilot)
        assert len(app.session.journal.done) == before  # refused, nothing applied
        burst(app, "escape", "v", "5")
        await quiet(pilot)
        assert [e.message for e in app.screen.query(ErrorLine) if e.message] == []
        assert "4 more attackers" in str(app.screen.query_one("#def-preview").render())
