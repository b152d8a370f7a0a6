"""A book spell's caster, from the keys a GM types: ctrl+s in the Apothéose tab saves the spell
with the mystic it prices for, the book lists it with their name, and ``s`` on that caster's turn
opens the book on their spells (its last line: a new Apothéose spell, as ``s`` does otherwise)."""

from __future__ import annotations

import attrs
from textual.widgets import Input, OptionList, TabbedContent

from core.demo import demo_campaign
from core.spellbook.apotheose import ApotheoseInputs
from core.spellbook.book import BookSpell, SpellBook
from tests.conftest import make_test_app, run, wait_for
from tests.present import present
from tests.tui.pilot import NARROW
from tui.screens.prompts import ValuePrompt
from tui.screens.spell_book import FilterDialog


def on_turn_of(key: str, spells=()):
    campaign = demo_campaign().with_book(SpellBook(spells))
    return campaign.with_encounter(attrs.evolve(present(campaign.encounter), current=key))


async def press(pilot, keys: list[str]) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def listed(app) -> list[str]:
    options = app.screen.query_one("#filter-list", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


@run
async def test_a_spell_saved_on_alduins_turn_is_his_and_s_on_his_turn_opens_on_it():
    app = make_test_app(on_turn_of("alduin"))
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await press(pilot, ["s", "5", "ctrl+s"])  # nothing of his in the book: a new spell, as before
        await wait_for(pilot, lambda: isinstance(app.screen, ValuePrompt))
        await press(pilot, [*"Trait", "enter"])
        await wait_for(pilot, lambda: len(app.session.campaign.book.spells) == 1)
        assert app.session.campaign.book.spells[0] == BookSpell("Trait", ApotheoseInputs(5), caster="alduin")
        await press(pilot, ["ctrl+b"])
        await wait_for(pilot, lambda: isinstance(app.screen, FilterDialog))
        assert listed(app)[0].startswith("Trait · Apothéose · Alduin · ")
        await press(pilot, ["escape", "escape", "1", "s"])  # back to the list; s on his turn
        await wait_for(pilot, lambda: isinstance(app.screen, FilterDialog))
        assert app.screen.title_text == "Alduin's spells: Enter picks"
        assert [line.split(" · ")[0] for line in listed(app)] == ["Trait", "+ a new Apothéose spell"]
        await press(pilot, ["enter"])
        await wait_for(pilot, lambda: app.screen.query_one("#spell-intensity", Input).value == "5")
        assert app.screen.query_one("#spell-systems", TabbedContent).active == "spell-tab-apotheose"


@run
async def test_the_last_line_starts_a_new_spell_with_the_marked_targets():
    app = make_test_app(on_turn_of("alduin", [BookSpell("Trait", ApotheoseInputs(5), caster="alduin")]))
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        app.marked = frozenset({"segiere", "morvan", "romuald"})
        await press(pilot, ["s"])
        await wait_for(pilot, lambda: isinstance(app.screen, FilterDialog))
        await press(pilot, ["down", "enter"])
        await wait_for(pilot, lambda: not isinstance(app.screen, FilterDialog))
        await wait_for(pilot, lambda: app.screen.query_one("#spell-targets", Input).value == "3")
        assert app.screen.query_one("#spell-intensity", Input).value == ""
        assert app.focused is app.screen.query_one("#spell-intensity", Input)


@run
async def test_s_on_the_turn_of_someone_with_no_spell_of_theirs_starts_a_new_spell():
    app = make_test_app(on_turn_of("brunvir", [BookSpell("Trait", ApotheoseInputs(5), caster="alduin")]))
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await press(pilot, ["s", "4"])
        assert not isinstance(app.screen, FilterDialog)
        await wait_for(pilot, lambda: app.screen.query_one("#spell-intensity", Input).value == "4")


def test_a_remembered_quatre_poles_caster_keeps_his_intelligence_for_deadly_absorption():
    """Seed 002 l.62, « Vigueur 10 + niveau du sort + Intelligence »: a divine caster's Wisdom is
    his casting modifier, his Intelligence the escape's; the tab's int field round trips."""
    from core.house_rules import HouseRules
    from core.poles import PolesRequest
    from core.spellbook.poles import PolesCaster, PolesInputs
    from tui.screens.spell_book import caster_fields, caster_of

    orin = caster_of("poles", {"caster-level": 7, "mod": 3, "tradition": "divine", "intelligence": 2}, ())
    assert isinstance(orin, PolesCaster) and orin.intelligence == 2
    assert caster_fields(orin, None, {})["intelligence"] == 2
    assert orin.summary().en == "caster level 7, modifier +3, divine, Intelligence +2"
    spell = PolesInputs(PolesRequest(3, "divine", mod=1, intelligence=5, techniques=["absorption"])).cast_by(orin)
    result = spell.price(HouseRules()).result
    assert (result.save_dc, result.absorption_dc) == (16, 15)
    # A caster whose Intelligence is not remembered does not inherit the spell's (another's).
    plain = PolesInputs(PolesRequest(3, "divine", intelligence=5, techniques=["absorption"])).cast_by(
        PolesCaster(7, 3, "divine")
    )
    assert plain.request.intelligence is None and plain.price(HouseRules()).result.absorption_dc is None
