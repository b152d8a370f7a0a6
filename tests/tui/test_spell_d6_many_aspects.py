"""Issue 34, item 8, in the Système D6 tab: a spell of many aspects is shown at the cost of one
pricing (it was priced twice per aspect, each time over every aspect: a quadratic freeze), the
tab adds no aspect past the limit, and a saved last spell with too many aspects is said, not shown."""

from __future__ import annotations

import json
import random

import pytest

from core.d6.spell import MAX_ASPECTS
from core.demo import demo_campaign
from core.spellbook.book import SpellInputs
from core.spellbook.d6 import D6Aspect, D6Inputs
from saves.format import CONVERTER
from tests.tui.pilot import WIDE, make_test_app, run, wait_for
from tui.widgets.spell_d6 import AspectRow, D6Spell
from tui.widgets.spell_tab import SpellTab

pytestmark = pytest.mark.slow


async def open_d6(app, pilot) -> D6Spell:
    await pilot.pause()
    await app.run_action("screen.spell_system('d6')")
    tab = app.screen.query_one(D6Spell)
    await wait_for(pilot, lambda: tab.is_mounted and app.focused is app.screen.query_one("#d6-effect"))
    return tab


def spell_of(count: int) -> D6Inputs:
    return D6Inputs(effect="4D", aspects=[D6Aspect(f"a{i}", value=1) for i in range(count)])


@run
async def test_item_8_a_spell_of_max_aspects_is_priced_once_not_once_per_field(monkeypatch):
    """Counted, not timed: showing a spell of MAX_ASPECTS aspects prices it at most 3 times (it
    was 2 × aspects + 1, each pricing reading every aspect)."""
    priced = []
    refresh = SpellTab.refresh_result

    def counted(self):
        priced.append(len(self.query(AspectRow)))
        refresh(self)

    monkeypatch.setattr(SpellTab, "refresh_result", counted)
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        tab = await open_d6(app, pilot)
        priced.clear()
        tab.spell = spell_of(MAX_ASPECTS)
        await wait_for(pilot, lambda: len(tab.aspect_list().rows()) == MAX_ASPECTS)
        for _ in range(5):
            await pilot.pause()
        await wait_for(pilot, lambda: str(tab.query_one("#d6-result").render()).startswith("total 42"))
        assert 1 <= len(priced) <= 3, priced
        # the GM's typing still prices at once
        row = tab.aspect_list().rows()[0]
        row.query_one(".d6-value").value = "5"
        await wait_for(pilot, lambda: str(tab.query_one("#d6-result").render()).startswith("total 46"))


@run
async def test_item_8_no_aspect_is_added_past_the_limit():
    app = make_test_app()
    async with app.run_test(size=WIDE) as pilot:
        tab = await open_d6(app, pilot)
        tab.spell = spell_of(MAX_ASPECTS)
        await wait_for(pilot, lambda: len(tab.aspect_list().rows()) == MAX_ASPECTS)
        await pilot.press("ctrl+n")
        await wait_for(pilot, lambda: any("at most" in n.message for n in app._notifications))
        assert not tab.aspect_list().adder.expanded
        assert [n.message for n in app._notifications][-1] == (
            f"aspects: at most {MAX_ASPECTS} aspects, got {MAX_ASPECTS + 1} (allowed: ≤ {MAX_ASPECTS})"
        )
        assert len(tab.aspect_list().rows()) == MAX_ASPECTS


@run
async def test_item_8_a_saved_last_spell_of_too_many_aspects_is_said_not_shown(tmp_path, monkeypatch):
    """100 aspects froze the tab about 4 s at every visit: refused at load, the GM is told."""
    from tui.app import make_app
    from tui.session import Session

    monkeypatch.setenv("APOTHEOSE_STATE", str(tmp_path))
    campaign = tmp_path / "table.json"
    entry = CONVERTER.unstructure(spell_of(1), SpellInputs)
    entry["aspects"] = entry["aspects"] * 100
    (tmp_path / "last-spells.json").write_text(json.dumps({str(campaign.resolve()): {"d6": entry}}))
    app = make_app(Session.of(demo_campaign(), rng=random.Random(0), path=campaign), lang="fr")
    async with app.run_test(size=WIDE) as pilot:
        tab = await open_d6(app, pilot)
        said = [n.message for n in app._notifications]
        assert said == [
            f"Le dernier sort Système D6 n'a pas été repris : aspects : au plus {MAX_ASPECTS} aspects, pas 100"
            f" (permis : ≤ {MAX_ASPECTS})"
        ]
        assert tab.aspect_list().rows() == []
