"""An attack on a group that is not mooks (RULES 1.5, issue 7 item 7): the third form of the
mass-combat pane (ctrl+t).

The group is the named NPCs (and PCs) the GM marked in the initiative list (space): each has
its own HP and armour. The GM gives the group's grade (its difficulty), the attacker's score and
kult die, and picks whom the hit takes first (space in the list, in the order wanted). Before
Enter the preview names who is touched and what each takes through armour; Enter applies an
:class:`AttackNamedGroup` (undo, log).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Label, Select, SelectionList, Static

from core.actions import AttackNamedGroup, Outcome
from core.campaign import Campaign
from core.combat import Grade, group_difficulty
from core.damage import apply_damage
from core.errors import RulesError
from core.rolls import chance_of_success
from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.door import Answer
from tui.i18n import t
from tui.safe import markup, plain
from tui.textual_fixes.chooser import Chooser
from tui.widgets.dice_field import KultDieField, faces
from tui.widgets.form import Form
from tui.widgets.group_forms import GRADES, attack_score_rows
from tui.widgets.inputs import Cycle, ErrorLine, FieldError, NumberField, percent, preview_error, set_text

if TYPE_CHECKING:
    from tui.widgets.mass_combat import MassCombatPane


def marked_members(campaign: Campaign, marked: frozenset[str]) -> tuple[str, ...]:
    """The marked characters (mook groups left out), in initiative order, then roster order."""
    if not marked:
        return ()
    encounter = campaign.encounter
    order = [*(encounter.keys if encounter else ()), *(c.id for c in campaign.roster)]
    keys = [k for k in marked if k in order and campaign.has(k) and not any(g.id == k for g in campaign.groups)]
    return tuple(sorted(keys, key=order.index))


class Picks(Described, SelectionList[str]):
    """The group's members; space picks whom the hit takes first, Enter applies the attack."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("named-picks")

    def action_apply(self) -> None:
        self.query_ancestor(NamedGroupForm).enter()


class NamedGroupForm(Form):
    """Attacker, grade, range, score, affect, kult die, whom first; chance and who takes what."""

    pane: MassCombatPane  # the pane that holds this form

    SCORES: ClassVar[dict[str, tuple[str, bool]]] = {"ng-attacker": ("ng-score", True)}

    def __init__(self, pane: MassCombatPane, **kwargs: Any) -> None:
        super().__init__(pane, **kwargs)
        self.members: tuple[str, ...] = ()

    def compose(self) -> ComposeResult:
        lang = self.pane.lang
        with Horizontal(classes="row"):
            yield Label(t("mass.attacker", lang), classes="label")
            yield Chooser(self.pane.compose_options(), prompt=t("fields.gm", lang), compact=True, id="ng-attacker")
            yield Label(t("named.grade", lang), classes="label")
            yield Cycle(GRADES, value=Grade.STANDARD, id="ng-grade")
        yield from attack_score_rows("ng", lang)
        with Horizontal(classes="row"):
            yield Label(t("mass.kult", lang), classes="label")
            yield KultDieField(id="ng-die", label="kult", classes="die")
            yield ErrorLine(id="ng-error")
        yield Label(t("named.picks", lang), classes="label picks-label")
        yield Picks(id="ng-picks", compact=True)
        yield Static("", id="ng-chance", classes="chance", markup=False)
        yield Static("", id="ng-preview", classes="preview", markup=False)

    @property
    def die(self) -> KultDieField:
        return self.query_one("#ng-die", KultDieField)

    @property
    def picks(self) -> Picks:
        return self.query_one(Picks)

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        event.stop()
        self.preview()

    def follow_members(self, members: tuple[str, ...]) -> None:
        """The group is the marked characters (initiative order); picks of those still in it stay."""
        campaign = self.pane.campaign
        names = tuple(campaign.name_of(k) for k in members)
        if (members, names) == (self.members, getattr(self, "_names", None)):
            return
        picks = self.picks
        kept = [k for k in picks.selected if k in members]
        self.members, self._names = members, names
        picks.clear_options()
        picks.add_options([(plain(name), key) for name, key in zip(names, members, strict=False)])
        for key in kept:
            picks.select(key)

    def action(self, dice: tuple[int, ...]) -> AttackNamedGroup:
        lang = self.pane.lang
        if not self.members:
            raise FieldError(t("named.none", lang))
        score = self.query_one("#ng-score", NumberField).number(lang)
        return AttackNamedGroup(
            self.members,
            self.query_one("#ng-grade", Cycle).value,
            score,
            dice,
            tuple(self.picks.selected),
            self.query_one("#ng-attacker", Select).selection,
            self.query_one("#ng-range", Cycle).value,
            affect=self.query_one("#ng-affect", Cycle).value,
        )

    def preview(self) -> None:
        pane, lang = self.pane, self.pane.lang
        campaign = pane.campaign
        chance = self.query_one("#ng-chance", Static)
        shown = self.query_one("#ng-preview", Static)
        error = self.query_one(ErrorLine)
        die = campaign.rules.die
        try:
            entry = self.die.entry(die, lang)
            action = self.action((entry,) if isinstance(entry, int) else (0,))
        except FieldError as refused:
            error.show(preview_error(refused) if self.members else "")
            set_text(chance, "" if self.members else t("named.none", lang))
            set_text(shown, "")
            return
        error.show("")
        asked = group_difficulty(action.grade, action.range)
        difficulty = asked.value
        set_text(
            chance,
            t(
                "mass.chance",
                lang,
                pct=percent(chance_of_success(action.score, difficulty, die), lang),
                difficulty=asked.line.text(lang),
            ),
        )
        if not isinstance(entry, int):
            set_text(shown, t("named.rule", lang, d=difficulty, n=len(self.members), dmg=action.weapon.base))
            return
        try:
            touched, damage, verdict = action.victims(campaign)
        except RulesError as refused:
            error.show(refused.text(lang))
            set_text(shown, "")
            return
        parts = [plain(f"kult {entry:+d}: {verdict.text(lang)}")]
        for key in touched:
            c = campaign.character(key)
            hit = apply_damage(damage, hp=c.hp, armour=c.armour, bruise=c.bruise, bypass_armour=action.bypass_armour)
            parts.append(markup("  • $name", name=t("named.victim", lang, name=c.name, preview=hit.preview.text(lang))))
        set_text(shown, Content("\n").join(parts))

    async def submit(self) -> Answer | None:
        pane = self.pane
        error = self.query_one(ErrorLine)
        die, rng = pane.campaign.rules.die, gm(pane).session.rng
        try:
            entry = self.die.entry(die, pane.lang)
            action = self.action(faces(entry, die=die, rng=rng))
        except FieldError as refused:
            error.show(str(refused))
            return None
        answer = await pane.apply(action, error)
        if isinstance(answer, Outcome):
            self.die.value = ""
            self.picks.deselect_all()
        return answer
