"""The spell book's commands (tui/commands/book.py), and the spell cost and mass combat commands
(tui/commands/spell.py, mass.py), each run on a session without an app."""

from __future__ import annotations

from typing import Any

import attrs

from core.actions import CastSpell, SetStanding
from core.actions.book import SaveSpell
from core.demo import demo_campaign
from core.spellbook.book import BookSpell, SpellBook
from core.spellbook.seeds import entries
from tests.commands.session import SessionContext, Typed, press
from tui import spells
from tui.commands.book import NEW_SPELL, REMEMBER
from tui.door import Answer
from tui.spells.description import SpellDescription


def description(system: str) -> SpellDescription:
    return spells.system(system)


def seed(system: str) -> BookSpell:
    return next(e.spell for e in entries(SpellBook()) if e.spell.system == system)


@attrs.define
class Tab:
    """The spell tab shown, as the book's commands read it (tui.commands.context.BookTab)."""

    description: SpellDescription
    spell: Any = None
    values: dict[str, Any] = attrs.Factory(dict)
    book_name: str = ""
    remembers_casters: bool = False
    caster: str | None = None

    def stores(self, system: str) -> bool:
        return True

    def caster_key(self) -> str | None:
        return self.caster


def first_line(dialog: Any) -> object:
    """The GM picks the dialog's first line."""
    return dialog.options[0][0]


def test_ctrl_b_lists_the_book_the_tab_s_system_first_and_shows_the_spell_picked() -> None:
    ctx = SessionContext.on(demo_campaign(), tab=Tab(description("mage")), answers=[first_line])
    press(ctx, "spell-book")
    options = ctx.asked[0].options  # type: ignore[attr-defined]
    assert options[0][0].spell.system == "mage" and len(options) == len(entries(SpellBook()))
    assert ctx.shown == [options[0][0].spell]
    escaped = SessionContext.on(demo_campaign(), answers=[None])
    press(escaped, "spell-book")
    assert escaped.shown == [] and escaped.went == []


def test_ctrl_s_saves_the_tab_s_spell_under_the_name_typed() -> None:
    tab = Tab(description("mage"), spell=seed("mage").inputs, book_name="Ancien", caster="alduin")
    ctx = SessionContext.on(demo_campaign(), tab=tab, answers=[Typed("Boule")])
    press(ctx, "spell-save")
    assert ctx.asked[0].value == "Ancien"  # type: ignore[attr-defined]
    saved = ctx.campaign.book.spells[-1]
    assert (saved.name, saved.caster, saved.inputs) == ("Boule", "alduin", tab.spell)
    assert tab.book_name == "Boule" and [type(a) for a in ctx.requested] == [SaveSpell]
    nothing = SessionContext.on(demo_campaign())
    press(nothing, "spell-save")  # no spell tab shown: nothing asked
    assert nothing.asked == []


def test_ctrl_o_remembers_the_tab_s_caster_then_fills_a_tab_with_it() -> None:
    tab = Tab(description("mage"), values={"arete": 3, "avatar": 2}, remembers_casters=True)
    ctx = SessionContext.on(demo_campaign(), tab=tab, answers=[REMEMBER, Typed("Ana: Forces 3")])
    press(ctx, "spell-caster")
    (caster,) = ctx.campaign.book.casters
    assert caster.name == "Ana" and caster.system == "mage"
    ctx.answers.append(first_line)  # a Sphere's line first: it fills the most
    press(ctx, "spell-caster")
    assert ctx.shown == [(caster, "Forces")]
    assert [value for value, _, _ in ctx.asked[0].options] == [REMEMBER]  # type: ignore[attr-defined]
    assert [value for value, _, _ in ctx.asked[-1].options] == [(caster, "Forces"), (caster, None), REMEMBER]  # type: ignore[attr-defined]


def test_s_on_a_caster_s_turn_opens_the_book_on_their_spells() -> None:
    """Brunvir's turn, a spell of his in the book: ``s`` lists it, and a new spell last."""
    ctx = SessionContext.on(demo_campaign(), answers=[first_line])
    ctx.request(SaveSpell(attrs.evolve(seed("apotheose"), name="Le sien", caster="brunvir")))
    press(ctx, "init-spell")
    assert [value for value, _, _ in ctx.asked[0].options][1:] == [NEW_SPELL]  # type: ignore[attr-defined]
    assert [s.name for s in ctx.shown] == ["Le sien"]  # type: ignore[attr-defined]
    ctx.answers.append(lambda dialog: NEW_SPELL)
    press(ctx, "init-spell")
    assert ctx.went == [("spell", "new", {})]


@attrs.define
class Apotheose:
    """The Apothéose tab as ``spell-cast`` reads it (tui.commands.context.Casting)."""

    ctx: SessionContext
    ready: CastSpell | None
    cast_on: list[tuple[str, ...]] = attrs.Factory(list)

    def cast_asked(self) -> CastSpell | None:
        return self.ready

    async def cast(self, cast: CastSpell, victims: tuple[str, ...]) -> Answer:
        self.cast_on.append(victims)
        return await self.ctx.request(attrs.evolve(cast, victims=victims))


def test_enter_in_the_spell_asks_its_victims_then_casts() -> None:
    spell = CastSpell("alduin", seed("apotheose").inputs.request)  # type: ignore[attr-defined]
    ctx = SessionContext.on(demo_campaign(), marked=frozenset({"capitaine"}), answers=[("capitaine",)])
    ctx.caster = tab = Apotheose(ctx, spell)
    press(ctx, "spell-cast")
    dialog = ctx.asked[0]
    assert dialog.marked == {"capitaine"} and tab.cast_on == [("capitaine",)]  # type: ignore[attr-defined]
    assert [a.victims for a in ctx.requested] == [("capitaine",)]  # type: ignore[attr-defined]
    ctx.answers.append(None)  # Escape: back to the spell's fields
    press(ctx, "spell-cast")
    assert tab.cast_on == [("capitaine",)]
    refused = SessionContext.on(demo_campaign())
    refused.caster = Apotheose(refused, None)  # the spell as typed is refused: nothing asked
    press(refused, "spell-cast")
    assert refused.asked == []


def test_s_on_the_group_list_sets_how_many_stand() -> None:
    ctx = SessionContext.on(demo_campaign(), at_cursor="veterans", answers=[Typed("7")])
    press(ctx, "mass-standing")
    assert ctx.asked[0].label == "Vétérans de Villon: how many standing? (0…12)"  # type: ignore[attr-defined]
    assert ctx.campaign.group("veterans").standing == 7 and ctx.requested == [SetStanding("veterans", 7)]
    nowhere = SessionContext.on(demo_campaign(), at_cursor="morvan")
    press(nowhere, "mass-standing")
    assert nowhere.asked == []
