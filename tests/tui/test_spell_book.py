"""The spell book in the spell tabs, from the keys a GM types: ctrl+s saves the tab's spell under a
name (undo takes it back), ctrl+b picks a spell of the book (the campaign's own and the seeds')
and shows it in its system's tab, priced; ctrl+o picks or remembers a Mage / Quatre Pôles caster.
The keystroke counts of issue 26's table are counted from the initiative list."""

from __future__ import annotations

import attrs
import pytest
from textual.widgets import Static, TabbedContent

from core.demo import demo_campaign
from core.mage import MageEffect, mage_spell
from core.spellbook.apotheose import ApotheoseInputs
from core.spellbook.book import BookCaster, BookSpell, SpellBook
from core.spellbook.mage import MageCaster, MageInputs, Sphere
from core.spellbook.poles import PolesCaster
from core.spellbook.seeds import built_in
from tests.conftest import make_test_app, run, wait_for
from tests.tui.pilot import NARROW, open_demo
from tests.tui.spell_harness import walk_from_the_list
from tui.screens.prompts import ConfirmDialog, ValuePrompt
from tui.screens.spell_book import FilterDialog
from tui.spells.mage import summary


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


def active_tab(app) -> str:
    return app.screen.query_one("#spell-systems", TabbedContent).active


def with_book(spells=(), casters=()):
    campaign = demo_campaign()
    return campaign.with_book(SpellBook(spells, casters))


async def press(pilot, keys: list[str]) -> None:
    """The keys one by one, as a GM types them (each let through before the next)."""
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


async def ctrl_s_saves_the_tab_spell_under_a_name_and_undo_takes_it_back(app, pilot):
    await pilot.pause()
    await press(pilot, ["4", "5", "tab", "tab", "tab", "3", "ctrl+s"])
    await wait_for(pilot, lambda: isinstance(app.screen, ValuePrompt))
    await press(pilot, [*"Torches", "enter"])
    await wait_for(pilot, lambda: len(app.session.campaign.book.spells) == 1)
    saved = app.session.campaign.book.spells[0]
    assert saved == BookSpell("Torches", ApotheoseInputs(5, targets=3))
    await pilot.press("ctrl+z")
    await wait_for(pilot, lambda: app.session.campaign.book.spells == ())


@run
async def test_a_name_the_book_has_asks_before_it_is_replaced():
    app = make_test_app(with_book([BookSpell("Torches", ApotheoseInputs(2))]))
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await press(pilot, ["4", "7", "ctrl+s"])
        await wait_for(pilot, lambda: isinstance(app.screen, ValuePrompt))
        await press(pilot, [*"torches", "enter"])
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.session.campaign.book.spells[0].inputs == ApotheoseInputs(7))


async def a_built_in_name_or_a_control_character_is_refused_in_the_prompt(app, pilot):
    await pilot.pause()
    await press(pilot, ["4", "5", "ctrl+s"])
    await wait_for(pilot, lambda: isinstance(app.screen, ValuePrompt))
    await press(pilot, [*"Lire l'esprit", "enter"])  # a seed (E15)
    await wait_for(pilot, lambda: "built-in" in text(app, "#prompt-error"))
    assert isinstance(app.screen, ValuePrompt) and app.session.campaign.book.spells == ()


@run
async def test_the_book_from_the_apotheose_tab() -> None:
    """Three cases in one app, each from where a new app starts
    (:func:`~tests.tui.spell_harness.walk_from_the_list` puts it back and checks it is)."""
    async with open_demo(size=NARROW) as (app, pilot):
        await walk_from_the_list(
            pilot,
            [
                ctrl_s_saves_the_tab_spell_under_a_name_and_undo_takes_it_back,
                a_built_in_name_or_a_control_character_is_refused_in_the_prompt,
                the_book_filters_as_the_gm_types_and_escape_leaves_the_tab_as_it_was,
            ],
        )


@run
async def test_the_seed_soin_priced_as_printed_in_six_keys_from_the_initiative_list():
    """Issue 26's target: a seed spell (D6 *Soin*) ≤ 6 keys (it was 88)."""
    app = make_test_app()
    keys = ["4", "ctrl+b", "s", "o", "i", "enter"]
    assert len(keys) <= 6
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await press(pilot, keys)
        soin = built_in("d6", "Soin").spell.inputs
        outcome = soin.difficulty(app.session.campaign.rules.d6_halve)
        await wait_for(
            pilot, lambda: text(app, "#d6-result") == f"total {outcome.total} → difficulty {outcome.difficulty}"
        )
        assert active_tab(app) == "spell-tab-d6"
        assert app.focused is not None and app.focused.id == "d6-effect"  # ready to adjust


@run
async def test_recast_a_spell_of_the_book_any_system_in_four_keys():
    """Issue 26's target: a spell from the book, from the initiative list, ≤ 4 keys."""
    effect = MageEffect(sphere=2, arete=3, targets=2, difficulty=6)
    app = make_test_app(with_book([BookSpell("Bourrasque", MageInputs(effect))]))
    keys = ["4", "ctrl+b", "b", "enter"]
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await press(pilot, keys)
        expected = mage_spell(effect)
        await wait_for(pilot, lambda: text(app, "#mage-summary") == summary(expected, "en"))
        assert active_tab(app) == "spell-tab-mage"


async def the_book_filters_as_the_gm_types_and_escape_leaves_the_tab_as_it_was(app, pilot):
    await pilot.pause()
    await press(pilot, ["4", "5", "ctrl+b"])
    await wait_for(pilot, lambda: isinstance(app.screen, FilterDialog))
    dialog = app.screen
    everything = len(dialog.shown)
    await press(pilot, [*"psycho"])
    assert 0 < len(dialog.shown) < everything
    assert all("Psychométrie" in entry.spell.name for entry in dialog.shown)
    await pilot.press("escape")
    await wait_for(pilot, lambda: not isinstance(app.screen, FilterDialog))
    assert app.screen.query_one("#spell-intensity").value == "5"


MAGE_CASTER = BookCaster("Ana", MageCaster(3, avatar=2, spheres=(Sphere("Forces", 2),)))


@run
async def test_a_new_mage_effect_with_a_remembered_caster_in_twelve_keys():
    """Issue 26's target: a new Mage effect with a remembered caster ≤ 12 keys (it was 23):
    sphere 2 and arete 3 from the caster (picked from the Apothéose tab: it shows the Mage
    tab), 2 targets, difficulty 6."""
    app = make_test_app(with_book(casters=[MAGE_CASTER]))
    keys = ["4", "ctrl+o", "enter", "right", "tab", "tab", "tab", "tab", "6"]
    assert len(keys) <= 12
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await press(pilot, keys)
        expected = mage_spell(MageEffect(sphere=2, arete=3, avatar=2, targets=2, difficulty=6))
        await wait_for(pilot, lambda: text(app, "#mage-summary") == summary(expected, "en"))
        tab = app.screen.query_one("#spell-mage")
        assert tab.spell == MageInputs(
            MageEffect(sphere=2, arete=3, avatar=2, targets=2, radius=1, difficulty=6)
        )  # radius 1 m: the first row


@run
async def test_remembering_the_tab_caster_with_its_spheres():
    app = make_test_app()
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await app.screen.run_action("spell_system('mage')")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "mage-sphere")
        await press(pilot, ["2", "tab", "tab", "4", "ctrl+o"])  # arete 4
        await wait_for(pilot, lambda: isinstance(app.screen, FilterDialog))
        await pilot.press("enter")  # the only line: remember the tab's caster
        await wait_for(pilot, lambda: isinstance(app.screen, ValuePrompt))
        await press(pilot, [*"Ana: Forces 3, Prime 1", "enter"])
        await wait_for(pilot, lambda: len(app.session.campaign.book.casters) == 1)
        caster = app.session.campaign.book.casters[0]
        assert caster == BookCaster("Ana", MageCaster(4, spheres=(Sphere("Forces", 3), Sphere("Prime", 1))))


@run
async def test_a_quatre_poles_caster_fills_level_modifier_tradition_and_blood_mana():
    caster = BookCaster("Orin", PolesCaster(5, 3, "divine", blood_limit=4, blood_pool=12))
    app = make_test_app(with_book(casters=[caster]))
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await app.screen.run_action("spell_system('poles')")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "poles-level")
        await press(pilot, ["ctrl+o", "enter", "2"])
        tab = app.screen.query_one("#spell-poles")
        await wait_for(pilot, lambda: tab.values["level"] == 2)
        values = tab.values
        assert (values["caster-level"], values["mod"], values["tradition"]) == (5, 3, "divine")
        assert (values["blood-limit"], values["blood-pool"]) == (4, 12)
        assert tab.spell.request == attrs.evolve(tab.spell.request, caster_level=5, mod=3)


@pytest.mark.parametrize(
    ("tab_id", "remembers"), [("apotheose", False), ("mage", True), ("poles", True), ("d6", False)]
)
def test_only_the_mage_and_poles_tabs_remember_their_caster(tab_id, remembers):
    from tui import spells
    from tui.widgets.spell_tab import CasterTab, widget_class

    assert issubclass(widget_class(spells.system(tab_id).tab), CasterTab) is remembers


def app_on_file(path):
    """The app on the demo campaign as if opened from the file ``path`` (nothing is saved)."""
    import random

    from tui.app import make_app
    from tui.session import Session

    return make_app(Session.of(demo_campaign(), rng=random.Random(0), path=path), lang="en")


@run
async def test_the_last_spell_of_each_tab_is_kept_across_restarts(tmp_path, monkeypatch):
    """Issue 26 item 4: the tabs as the GM left them, per campaign file (a per-user state file)."""
    monkeypatch.setenv("APOTHEOSE_STATE", str(tmp_path / "state"))
    campaign = tmp_path / "table.json"
    app = app_on_file(campaign)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await app.screen.run_action("spell_system('mage')")
        await wait_for(pilot, lambda: app.focused is not None and app.focused.id == "mage-sphere")
        await press(pilot, ["2", "tab", "tab", "3"])
        await pilot.press("ctrl+q")
    assert (tmp_path / "state" / "last-spells.json").exists()
    again = app_on_file(campaign)
    async with again.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await again.screen.run_action("spell_system('mage')")
        tab = again.screen.query_one("#spell-mage")
        await wait_for(pilot, lambda: tab.values["sphere"] == 2 and tab.values["arete"] == 3)
        assert text(again, "#mage-summary").startswith("1 success to make on 5 dice")
    other = app_on_file(tmp_path / "other.json")  # another campaign file: its own tabs
    async with other.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await other.screen.run_action("spell_system('mage')")
        tab = other.screen.query_one("#spell-mage")
        await wait_for(pilot, lambda: tab.is_mounted)
        assert tab.values["sphere"] is None


@run
async def test_a_broken_state_file_only_loses_the_last_spells(tmp_path, monkeypatch):
    monkeypatch.setenv("APOTHEOSE_STATE", str(tmp_path))
    (tmp_path / "last-spells.json").write_text(
        '{"' + str((tmp_path / "t.json").resolve()) + '": {"mage": {"system": "mage", "effect": 3}}}'
    )
    app = app_on_file(tmp_path / "t.json")
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await app.screen.run_action("spell_system('mage')")
        tab = app.screen.query_one("#spell-mage")
        await wait_for(pilot, lambda: tab.is_mounted)
        assert tab.values["sphere"] is None
        assert text(app, "#mage-summary") == "Type the caster's Sphere level (1–10)."


@run
async def test_a_new_quatre_poles_spell_with_a_remembered_caster_and_one_technique_in_twelve_keys():
    """Issue 26's target: ≤ 12 keys (it was 27–34): level 2 from a slot, quickened, cast by a
    remembered caster (ctrl+t opens the techniques to add from any field; typing finds one)."""
    from core.poles import Applied, PolesRequest

    caster = BookCaster("Orin", PolesCaster(5, 3, "profane"))
    app = make_test_app(with_book(casters=[caster]))
    keys = ["4", "ctrl+o", "enter", "2", "tab", "space", "ctrl+t", "q", "enter"]
    assert len(keys) <= 12
    async with app.run_test(size=NARROW) as pilot:
        await pilot.pause()
        await press(pilot, keys)
        tab = app.screen.query_one("#spell-poles")
        expected = PolesRequest(2, "profane", slot=True, caster_level=5, mod=3, techniques=[Applied("quicken", True)])
        await wait_for(pilot, lambda: tab.spell.request == expected)
        assert active_tab(app) == "spell-tab-poles"
