"""The spell tabs are built from system descriptions (tui/spells/): a toy fifth system — a
core-style pricing function and one description — gets a working tab, and every tab's inputs are
one attrs value, the one the spell book stores (each built-in spell shown in its tab prices as
the book prices it)."""

from __future__ import annotations

from typing import ClassVar

import attrs
import pytest
from textual.widgets import Static, TabbedContent

from core.breakdown import Lang
from core.campaign import Campaign
from core.errors import RulesError
from core.spellbook.seeds import SEEDS
from core.validators import between
from tests.conftest import make_test_app, run, wait_for
from tests.tui.pilot import NARROW
from tui import spells
from tui.spells.description import (
    Check,
    Choice,
    Fields,
    Line,
    Mode,
    Number,
    Row,
    Scored,
    SpellDescription,
    Values,
    parsed,
    prompt,
    refused,
)
from tui.widgets.spell_tab import SpellTab


# -- the toy system's "core" module: frozen values and a pure function with its breakdown ----------
@attrs.frozen
class Runes:
    """A rune spell: its power (1 to 9), its element, whether the caster is focused."""

    SYSTEM: ClassVar[str] = "runes"

    power: int = attrs.field(validator=between(1, 9))
    element: str = "fire"
    focused: bool = False


@attrs.frozen
class RuneCost:
    cost: int
    breakdown: tuple[str, ...]


FACTORS = {"fire": 2, "water": 1}


def rune_cost(spell: Runes) -> RuneCost:
    """``power × element's factor``, one less when focused (never below 1)."""
    factor = FACTORS[spell.element]
    cost = max(1, spell.power * factor - spell.focused)
    lines = (
        f"power {spell.power} × {spell.element} {factor}",
        *(("focused −1",) if spell.focused else ()),
        f"= {cost}",
    )
    return RuneCost(cost, lines)


# -- the toy system's description: all it takes to have a tab ----------------------------------------
def runes_typed(values: Values) -> Runes:
    if parsed(values, "power") is None:
        raise prompt("power", "spell.type_intensity")
    return Runes(parsed(values, "power"), values["element"], values["focused"])  # type: ignore[arg-type]  # checked above


def runes_shown(priced: RuneCost, lang: Lang) -> Scored:
    return Scored({"summary": f"{priced.cost} runes", "breakdown": "\n".join(priced.breakdown)}, True)


def runes_refused(error: RulesError, lang: Lang) -> Scored:
    return refused(error, lang, clear=("breakdown",))


def runes_price(spell: Runes, campaign: Campaign, **_: object) -> RuneCost:
    return rune_cost(spell)


RUNES = SpellDescription(
    "runes",
    ("Runes", "Runes"),
    (
        Mode(
            "spell",
            ("Spell", "Sort"),
            (
                Fields((
                    Row((Number("power", ("Power", "Puissance")), Choice("element", (("fire", ("fire ×2", "feu ×2")), ("water", ("water ×1", "eau ×1"))), "fire"))),
                    Check("focused", ("focused", "concentré")),
                )),
                Line("summary"),
                Line("breakdown"),
            ),
            runes_typed, runes_price, runes_shown, runes_refused, first="power",
            system="runes", filled=lambda spell: attrs.asdict(spell),
        ),
    ),
)  # fmt: skip


@pytest.fixture
def runes():
    """The toy system registered for one test (removed after it)."""
    registered = spells.register(RUNES)
    try:
        yield RUNES
    finally:
        spells.SYSTEMS.remove(registered)


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


@pytest.mark.slow
@run
async def test_a_toy_fifth_system_gets_a_tab_priced_on_every_key(runes):
    app = make_test_app()
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await app.screen.run_action("spell_system('runes')")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "runes-power")
        assert app.screen.query_one("#spell-systems", TabbedContent).active == "spell-tab-runes"
        assert text(app, "#runes-summary") == "Type an intensity (1 or more)."
        await pilot.press("4")
        await wait_for(pilot, lambda: text(app, "#runes-summary") == "8 runes")
        await pilot.press("tab", "space", "tab", "space")  # water, focused
        await wait_for(pilot, lambda: text(app, "#runes-summary") == "3 runes")
        assert text(app, "#runes-breakdown") == "power 4 × water 1\nfocused −1\n= 3"
        tab = app.screen.query_one("#spell-runes", SpellTab)
        assert tab.spell == Runes(4, "water", True)  # the tab's inputs: one attrs value
        await pilot.press("shift+tab", "shift+tab", "backspace", "1", "2")  # past the rules' bounds
        await wait_for(pilot, lambda: text(app, "#runes-summary").startswith("power: "))
        assert text(app, "#runes-breakdown") == ""


@run
async def test_a_toy_spell_written_to_its_tab_is_shown_and_priced_at_once(runes):
    app = make_test_app()
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await app.screen.run_action("spell_system('runes')")
        tab = app.screen.query_one("#spell-runes", SpellTab)
        await wait_for(pilot, lambda: tab.is_mounted)
        tab.spell = Runes(3, "fire", focused=True)
        assert text(app, "#runes-summary") == "5 runes"
        assert tab.spell == Runes(3, "fire", True)
        assert str(app.screen.query_one("#runes-element").render()) == "‹fire ×2›"


@pytest.mark.slow
@run
async def test_each_built_in_spell_shown_in_its_tab_prices_as_the_book_prices_it():
    """Every seed spell (Apothéose, Mage, Quatre Pôles, Système D6 and its psionics) written to
    its tab (``tab.spell = …``) reads back as a value the book prices to the same figure."""
    app = make_test_app()
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        rules = app.session.campaign.rules
        for seed in SEEDS:
            stored = seed.spell.inputs
            tab_id = "d6" if stored.SYSTEM == "d6-psionic" else stored.SYSTEM
            await app.screen.run_action(f"spell_system('{tab_id}')")
            tab = app.screen.query_one(f"#spell-{tab_id}", SpellTab)
            await wait_for(pilot, lambda tab=tab: tab.is_mounted)
            tab.spell = stored
            await pilot.pause()
            await wait_for(
                pilot, lambda tab=tab, stored=stored: tab.spell.price(rules).figure == stored.price(rules).figure
            )
            assert tab.priced is not None, seed.spell.name


def test_the_palette_opens_each_registered_system():
    """The command table (which imports no rules) names the systems ``tui.spells`` registers."""
    from tui.commands.table import BY_ID, SPELL_SYSTEMS
    from tui.i18n import said

    for lang in ("en", "fr"):
        named = [(tab_id, BY_ID[f"spell-system-{tab_id}"].text(lang)) for tab_id in SPELL_SYSTEMS]
        assert named == [(d.id, said(d.title, lang)) for d in spells.SYSTEMS]


def test_each_built_in_system_is_registered_as_its_description_says():
    """The tab strip titles a system from the registry, before its module is imported: each
    registered id, title and book systems are its description's."""
    for system in spells.SYSTEMS:
        description = system.description()
        assert (description.id, description.title) == (system.id, system.title)
        assert system.books == tuple(mode.system for mode in description.modes if mode.system)
    assert spells.pricing("d6-psionic").id == "d6"


def test_a_system_registered_under_another_title_is_refused_when_loaded():
    wrong = spells.System("mage", "poles.title", "tui.spells.mage:MAGE", ("mage",))
    with pytest.raises(ValueError, match="registered as"):
        wrong.description()
