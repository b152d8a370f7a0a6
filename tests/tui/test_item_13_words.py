"""Issue 34, item 13, the app's words: Textual's keys in French in the help, marked names listed
without cutting a name, the kult die's placeholder."""

from __future__ import annotations

import pytest

from tests.tui.pilot import NARROW, WIDE, make_test_app, open_demo, run, wait_for
from tui.i18n import listed


def test_item_13_marked_names_fit_without_a_name_cut():
    names = ["Brunvir", "Vétérans de Villon", "Romuald"]
    assert listed(names, "en", room=30) == "Brunvir and 2 more"
    assert listed(names, "fr", room=30) == "Brunvir et 2 autres"
    assert listed([*names, "Segiere"], "en", room=40) == "Brunvir, Vétérans de Villon and 2 more"
    assert listed(names, "en", room=60) == "Brunvir, Vétérans de Villon, Romuald"


def test_item_13_the_kult_die_placeholder_reads_as_words():
    from tui.i18n import t

    assert (t("dice.roll", "en"), t("dice.roll", "fr")) == ("(roll)", "(jet)")


@pytest.mark.slow
@run
async def test_item_13_the_help_lists_textual_keys_in_french():
    from tui.screens.help import HelpScreen

    app = make_test_app(lang="fr")
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        text = str(app.screen.query_one("#help-text").render())
        assert "Quitter" in text
        for english in ("Copy selected text", "Focus Next", "Quit\n"):
            assert english not in text + "\n"


@pytest.mark.slow
@pytest.mark.parametrize("size", [NARROW, WIDE])
@run
async def test_item_13_the_footer_keeps_help_and_palette_at_every_size(size):
    """At 80x24 the row of keys stopped at "P PC defen": the help's key was cut off. It is
    docked on the right before the palette's; a click on it opens the help."""
    from tests.tui.test_footer import row_text
    from tui.screens.help import HelpScreen

    async with open_demo(size=size) as (app, pilot):
        row = row_text(app)
        assert row.rstrip().endswith("? Keys ▏^p palette"), row
        await pilot.click(offset=(row.index("? Keys"), size[1] - 1))
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))


def test_item_13_a_cut_name_keeps_its_last_words():
    from tui.widgets.initiative_rows import fit_name

    for width in range(8, 22):
        a, b = fit_name("Arbalétriers de Villon", width), fit_name("Arbalétriers du toit", width)
        assert len(a) == len(b) == width and a != b, (width, a, b)
    assert fit_name("Arbalétriers de Villon", 14) == "Arb… de Villon"
    assert fit_name("Arbalétriers du toit", 12) == "Arb… du toit"
    assert fit_name("Brunvir", 10) == "Brunvir   "


@pytest.mark.slow
@pytest.mark.parametrize("size", [NARROW, WIDE])
@run
async def test_item_13_two_names_alike_stay_apart_in_the_initiative_list(size):
    """At 120x40 "Arbalétriers de Villon" and "Arbalétriers du toit" both read "Arbalétriers …"."""
    import attrs

    from core.demo import demo_campaign
    from tests.tui.pilot import row_text

    campaign = demo_campaign()
    campaign = campaign.with_group(attrs.evolve(campaign.group("veterans"), name="Arbalétriers du toit"))
    async with open_demo(campaign, size=size) as (app, _pilot):
        rows = row_text(app, "veterans"), row_text(app, "arbaletriers")
        assert ("toit" in rows[0]) and ("Villon" in rows[1]), rows
