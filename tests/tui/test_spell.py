"""The spell cost pane: cost as the GM types, casting with victims, confirmation, resistance."""

from __future__ import annotations

import attrs
import pytest
from textual.widgets import Checkbox, Input, SelectionList, Static

from core.magic import DURATION, RANGE, TARGETS
from core.shadow import Mark, Shadow
from tests.conftest import make_test_app, run, wait_for
from tui.screens.prompts import ConfirmDialog
from tui.screens.victims import VictimsDialog
from tui.spells.apotheose import scale_hint
from tui.widgets.spell import SpellPane

pytestmark = pytest.mark.slow  # most tests here start the whole app, over a second each


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


async def open_spell(pilot, caster: str | None = "alduin") -> SpellPane:
    """The spell pane focused on intensity, ``caster`` selected (Brunvir has the turn)."""
    app = pilot.app
    await pilot.pause()
    if caster is not None:
        app.selected = caster
    pane = app.screen.query_one(SpellPane)
    pane.start_entry()
    await pilot.pause()
    assert app.focused is app.screen.query_one("#spell-intensity", Input)
    return pane


async def type_into(pilot, field: str, value: str) -> None:
    """Put ``value`` in a field as if typed (the pane reacts to Input.Changed), focused."""
    field_widget = pilot.app.screen.query_one(f"#spell-{field}", Input)
    field_widget.focus()
    field_widget.value = value
    await pilot.pause()


def test_scale_hints_show_anchors_and_between():
    assert scale_hint(DURATION, 1, "en") == "1 = 10 minutes"
    assert scale_hint(DURATION, 3, "en") == "1 (10 minutes) … 5 (24 hours)"
    assert scale_hint(RANGE, 7, "fr") == "au-delà de 5 (à l'échelle d'une ville)"
    assert scale_hint(TARGETS, 3, "fr") == "3 = 3 cibles"


@run
async def test_e14_cost_updates_as_the_gm_types():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_spell(pilot)
        await pilot.press("5")
        assert text(app, "#spell-total").startswith("intensity 5 = 5 pm · medium effect")
        await type_into(pilot, "targets", "3")
        assert (
            text(app, "#spell-total") == "intensity 5 + targets 3 (3 targets) = 8 pm · very strong effect · major spell"
        )
        assert text(app, "#spell-targets-hint") == "3 = 3 targets"
        assert "Alduin" in text(app, "#spell-caster")


@run
async def test_e16_five_pm_is_a_medium_effect_in_french():
    app = make_test_app(lang="fr")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4")
        await open_spell(pilot)
        await pilot.press("5")
        assert text(app, "#spell-total") == "intensité 5 = 5 pm · effet moyen · sortilège mineur"
        assert text(app, "#spell-verdict") == "Peut lancer : 9 pm → 4"
        await type_into(pilot, "targets", "3")
        assert "effet très fort" in text(app, "#spell-total")
        assert "il faut un affect inspirant (+2 ombre)" in text(app, "#spell-verdict")


@run
async def test_e3_alduin_cannot_cast_8_without_inspiration():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_spell(pilot)
        await pilot.press("5")
        await type_into(pilot, "targets", "3")
        assert text(app, "#spell-verdict") == "Above max intensity 5: needs an inspiring affect (+2 shadow)"
        assert text(app, "#spell-intensity-hint") == "max 5, limit 9"
        before = app.session.journal
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, VictimsDialog)
        assert app.session.journal is before
        assert app.campaign.character("alduin").pm == 9


@run
async def test_e3_inspired_cast_spends_pm_and_gains_two_shadow():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_spell(pilot)
        await pilot.press("5")
        await type_into(pilot, "targets", "3")
        app.screen.query_one("#spell-inspired", Checkbox).focus()
        await pilot.press("space")
        assert text(app, "#spell-verdict") == "Can cast inspired: 9 pm → 1, shadow +2"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, VictimsDialog))
        await pilot.press("enter")  # no victim marked: no damage
        await wait_for(pilot, lambda: app.campaign.character("alduin").pm == 1)
        alduin = app.campaign.character("alduin")
        assert alduin.shadow_value == 4
        assert [c.hp for c in app.campaign.roster] == [c.hp for c in app.session.journal.base.roster]
        # the pane follows: 1 pm left now; the fields start a new spell (nothing carried)
        assert "pm 1/9" in text(app, "#spell-caster")
        assert app.screen.query_one("#spell-intensity").value == ""


@run
async def test_cast_with_marked_victims_paid_for_damages_them_through_armour():
    """Two victims need a spell paid for two targets (RULES 1.7: targets 2), 3 + 2 = 5 pm."""
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_spell(pilot)
        app.marked = frozenset({"segiere", "morvan"})
        app.screen.query_one("#spell-targets").value = "2"
        await pilot.press("3", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, VictimsDialog))
        assert set(app.screen.query_one(SelectionList).selected) == {"segiere", "morvan"}
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.campaign.character("alduin").pm == 4)
        segiere, morvan = app.campaign.character("segiere"), app.campaign.character("morvan")
        assert (segiere.armour, segiere.hp) == (1, 14)  # 3 on 4 armour
        assert (morvan.armour, morvan.hp) == (0, 9)  # 1 armour, then 2 real
        assert len(app.session.journal.done) == 1  # one action: the cast and its damage


@run
async def test_item2_a_spell_at_a_mook_group_fells_as_many_as_it_paid_for():
    """RULES 1.7: a 3-target spell aimed at one group fells 3 mooks; one paid for one target
    cannot hit two victims (refused, naming both numbers)."""
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_spell(pilot)
        app.marked = frozenset({"veterans"})
        app.screen.query_one("#spell-targets").value = "3"
        await pilot.press("1", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, VictimsDialog))
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.campaign.group("veterans").standing == 9)
        assert app.session.journal.done[-1].action.aimed == (("veterans", 3),)
        app.marked = frozenset({"segiere", "morvan"})
        app.screen.query_one("#spell-targets").value = "0"
        app.screen.query_one("#spell-intensity").value = ""
        app.screen.query_one("#spell-intensity").focus()
        await pilot.press("1", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, VictimsDialog))
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.session.journal.done) == 1  # refused: paid for 1, 2 victims


@run
async def test_victims_chosen_in_the_dialog_and_escape_cancels():
    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_spell(pilot)
        await pilot.press("3", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, VictimsDialog))
        await pilot.press("escape")
        await pilot.pause()
        assert app.campaign.character("alduin").pm == 9
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, VictimsDialog))
        choices = app.screen.query_one(SelectionList)
        keys = [choices.get_option_at_index(i).value for i in range(choices.option_count)]
        for _ in range(keys.index("romuald")):
            await pilot.press("down")
        await pilot.press("space", "enter")
        await wait_for(pilot, lambda: app.campaign.character("romuald").hp == 6)


@run
async def test_a_sixth_stigma_asks_for_confirmation():
    app = make_test_app()
    near = Shadow(value=9, stigmata=tuple(Mark("stigma", "supreme") for _ in range(5)))
    campaign = app.session.campaign
    campaign = campaign.with_character(attrs.evolve(campaign.character("alduin"), shadow=near))
    app = make_test_app(campaign)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_spell(pilot)
        await pilot.press("8")
        app.screen.query_one("#spell-inspired", Checkbox).value = True
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, VictimsDialog))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("n")
        await pilot.pause()
        assert app.campaign.character("alduin").pc
        assert app.campaign.character("alduin").pm == 9
        # No: the next key is the list's; s opens the spell again (a new spell, fields anew).
        await pilot.press("s", "8")
        app.screen.query_one("#spell-inspired", Checkbox).value = True
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, VictimsDialog))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_for(pilot, lambda: not app.campaign.character("alduin").pc)
        assert app.campaign.character("alduin").pm == 1


@run
async def test_not_a_mystic_cannot_cast():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_spell(pilot, caster=None)  # Brunvir's turn, nobody selected
        await pilot.press("2")
        assert text(app, "#spell-caster") == "Caster: Brunvir (not a mystic)"
        assert text(app, "#spell-verdict") == "Brunvir is not a mystic: cannot cast"
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, VictimsDialog)
        assert not app.session.journal.done


@run
async def test_e15_resistance_shows_chance_then_the_typed_die():
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_spell(pilot)
        await pilot.press("5")
        app.screen.query_one("#spell-resist-target").value = "segiere"
        app.screen.query_one("#spell-resist-affects").value = "matter"
        await pilot.pause()
        # Segiere: corps 9 above âme 2: the spell needs kult ≥ +4
        assert text(app, "#spell-resist").startswith("5 vs 9 (corps): takes effect on kult ≥ +4, ")
        await type_into(pilot, "kult", "3")
        assert text(app, "#spell-resist") == "pm spent 5 + kult +3 = 8 against 9 (corps) · resisted"  # RULES 1.7
        await type_into(pilot, "kult", "")
        await pilot.press("enter")  # empty: rolled with the session's dice, shown in the field
        rolled = app.screen.query_one("#spell-kult", Input).value
        assert rolled and -9 <= int(rolled) <= 10
        assert text(app, "#spell-resist").startswith(f"pm spent 5 + kult {int(rolled):+d} = ")
        assert not app.session.journal.done  # resistance changes nothing


@run
async def test_item3_the_casts_total_pm_is_the_resistance_score():
    """RULES 1.7 ("Il dépense 5 points de magie … un score final de 8 (5 +3)"): intensity 3 +
    duration 1 + targets 2 = 6 pm spent is the caster's score against the target."""
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_spell(pilot)
        app.screen.query_one("#spell-duration").value = "1"
        app.screen.query_one("#spell-targets").value = "2"
        await pilot.press("3")
        app.screen.query_one("#spell-resist-target").value = "segiere"
        app.screen.query_one("#spell-resist-affects").value = "matter"
        await pilot.pause()
        assert text(app, "#spell-resist").startswith("6 vs 9 (corps): takes effect on kult ≥ +3, ")
        await type_into(pilot, "kult", "3")
        assert text(app, "#spell-resist") == "pm spent 6 + kult +3 = 9 against 9 (corps) · the spell takes effect"


@run
async def test_the_palette_offers_each_spell_system_and_opens_its_tab():
    from tui.commands.palette import GMCommands

    app = make_test_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        provider = GMCommands(app.screen)
        labels = dict(provider.commands())
        assert labels["screen.spell_system('apotheose')"] == "Spell cost: Apothéose"
        await app.run_action("screen.spell_system('apotheose')")
        await pilot.pause()
        assert app.screen.pane == "spell"
        assert app.focused is not None and app.focused.id == "spell-intensity"


@run
async def test_an_empty_campaign_opens_without_a_fight():
    """A new campaign (no roster, no encounter) opens and shows the spell pane (it crashed)."""
    from core.campaign import Campaign

    app = make_test_app(Campaign(name="Vide"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4")
        await pilot.pause()
        assert app.screen.pane == "spell"


@run
async def test_invisible_magic_is_priced_in_the_tab_and_not_cast():
    """Seed 000 l.469: « la magie invisible ne coute aucun point de magie quel que soit l'effet
    accompli »; l.459: only « un personnage qui dispose d'au moins une grâce »."""
    app = make_test_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await open_spell(pilot)
        await pilot.press("5")
        await type_into(pilot, "targets", "3")
        box = app.screen.query_one("#spell-invisible", Checkbox)
        box.focus()
        await pilot.press("space")
        await wait_for(pilot, lambda: text(app, "#spell-total").startswith("0 pm · invisible magic"))
        assert (
            text(app, "#spell-total")
            == "0 pm · invisible magic (usual magic: intensity 5 + targets 3 (3 targets) = 8 pm)"
        )
        assert text(app, "#spell-verdict") == "No grace: invisible magic is impossible"  # Alduin holds none
        before = app.session.journal
        app.screen.query_one("#spell-intensity", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, VictimsDialog) and app.session.journal is before
