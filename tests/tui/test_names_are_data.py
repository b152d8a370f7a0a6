"""Issue 15, item 1: every name is data, never Rich/Textual markup, wherever it is shown."""

from __future__ import annotations

import pytest

from tests.conftest import make_test_app, run
from tests.hostile import MORVAN, VILLON, hostile_campaign, walk


@pytest.mark.parametrize("name", [VILLON, MORVAN, "[b]x[/b] [$warning]y\\[/] [@click=app.quit]q[/] ]["])
@run
async def test_names_with_brackets_are_shown_as_typed(name):
    app = make_test_app(hostile_campaign(name))
    async with app.run_test(size=(120, 40)) as pilot:
        await walk(app, pilot)
    assert app.return_code in (None, 0)
