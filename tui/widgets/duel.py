"""One attacker against one opponent (RULES 1.5), the damage pane's second form: the chance to
hit, then what the hit does to the defender, before Enter resolves it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, Select, Static

from core.actions import AttackOpponent, DefendOpponent, Outcome
from core.breakdown import Lang
from core.combat import Range
from core.damage import Weapon, apply_damage
from core.dice import KultDie
from core.duel import attack_difficulty, attack_opponent_roll, defend_opponent_roll
from core.rolls import chance_of_success
from tui.access import gm
from tui.door import Answer
from tui.i18n import plural_s, t
from tui.textual_fixes.checkbox import Checkbox
from tui.textual_fixes.chooser import Chooser
from tui.widgets.dice_field import DieEntry, KultDieField, faces
from tui.widgets.form import character_or_none
from tui.widgets.inputs import (
    AFFECTS,
    RANGES,
    Cycle,
    ErrorLine,
    FieldError,
    Missing,
    NumberField,
    labels,
    percent,
    set_text,
)
from tui.widgets.player_roll import RollForm, hidden_line
from tui.widgets.score_parts import ScoreToggles

if TYPE_CHECKING:
    from tui.widgets.damage import DamagePane


WEAPONS = tuple((w, labels(f"dmg.weapon.{w.value}")) for w in Weapon)


class DuelForm(RollForm):
    """One attacker against one defender's defence score: chance, then what the hit does. With
    "defender rolls" ticked, the die, affect and reroll are the defender's (a PC's defence roll,
    RULES 1.5) against the attack's final value."""

    pane: DamagePane  # the pane that holds this form

    SENT = "duel-sent"
    SCORES: ClassVar[dict[str, tuple[str, bool]]] = {
        "duel-attacker": ("duel-score", True),
        "duel-defender": ("duel-defence", False),
    }
    DEFENDS: ClassVar[dict[str, tuple[str, bool]]] = {
        "duel-attacker": ("duel-score", False),
        "duel-defender": ("duel-defence", True),
    }

    @property
    def defends(self) -> bool:
        return self.query_one("#duel-defends", Checkbox).value

    @on(Checkbox.Changed, "#duel-defends")
    def _defends_changed(self, event: Checkbox.Changed) -> None:
        """The affect moves the roller's score: the attacker's, or the defender's when it rolls."""
        event.stop()
        self.SCORES = self.DEFENDS if event.value else DuelForm.SCORES  # type: ignore[misc]  # this form's own scores follow who defends
        for select_id in self.SCORES:
            self.prefill(select_id, self.query_one(f"#{select_id}", Select).selection)
        self.preview()

    def compose(self) -> ComposeResult:
        lang, options = self.pane.lang, self.pane.compose_options()
        with Horizontal(classes="row"):
            yield Label(t("dmg.attacker", lang), classes="label")
            yield Chooser(options, prompt=t("fields.gm", lang), compact=True, id="duel-attacker")
        with Horizontal(classes="row"):  # a row each: two long names side by side were cut
            yield Label(t("dmg.defender", lang), classes="label")
            yield Chooser(options, prompt="—", compact=True, id="duel-defender")
        with Horizontal(classes="row"):
            yield Label(t("dmg.attack", lang), classes="label")
            yield NumberField(id="duel-score", label=t("dmg.attack", lang), classes="score")
            yield Label(t("dmg.defence", lang), classes="label")
            yield NumberField(id="duel-defence", label=t("dmg.defence", lang), classes="score")
            yield Cycle(WEAPONS, id="duel-weapon")
            yield Cycle(RANGES, id="duel-range")
        yield ScoreToggles(lang, id="duel-applies")
        yield Static("", id="duel-parts", classes="score-parts", markup=False)
        with Horizontal(classes="row"):
            yield Label(t("dmg.kult", lang), classes="label")
            yield KultDieField(id="duel-die", label="kult", classes="die")
            yield Label(t("dmg.affect", lang), classes="label")
            yield Cycle(AFFECTS, id="duel-affect", classes="affect")
            yield Checkbox(t("dmg.defends", lang), id="duel-defends", compact=True)
        yield ErrorLine(id="duel-error")  # its own line: the row above leaves it a few columns
        yield hidden_line("duel-sent")
        yield Static("", id="duel-chance", classes="chance", markup=False)
        yield Static("", id="duel-preview", classes="preview", markup=False)

    @property
    def die(self) -> KultDieField:
        return self.query_one("#duel-die", KultDieField)

    def roll_kind(self) -> str:
        return "defence" if self.defends else "attack"

    def set_fighters(self, attacker: str | None, defender: str | None) -> None:
        self.choose("duel-attacker", attacker)
        if defender is not None and defender in self.pane.fighter_keys:
            self.choose("duel-defender", defender)

    def read(self) -> tuple[str, int, int, DieEntry]:
        """(defender, attack score, defence score, die entry), or a FieldError."""
        lang = self.pane.lang
        defender = self.query_one("#duel-defender", Select).selection
        if defender is None:  # not chosen yet: said at Enter, not before (nobody's mistake)
            raise Missing(t("dmg.no_defender", lang))
        if character_or_none(self.pane.campaign, defender) is None:  # chosen, then gone
            raise FieldError(t("dmg.no_defender", lang))
        score = self.query_one("#duel-score", NumberField).number(lang)
        defence = self.query_one("#duel-defence", NumberField).number(lang)
        return defender, score, defence, self.die.entry(self.pane.campaign.rules.die, lang)

    def preview(self, *_: object) -> None:
        pane, lang = self.pane, self.pane.lang
        self.offer_sent()
        chance = self.query_one("#duel-chance", Static)
        shown = self.query_one("#duel-preview", Static)
        try:
            defender, score, defence, entry = self.read()
        except FieldError as refused:
            self.refuse(refused, chance, shown)
            return
        self.query_one(ErrorLine).show("")
        die = pane.campaign.rules.die
        weapon: Weapon = self.query_one("#duel-weapon", Cycle).value
        range_: Range = self.query_one("#duel-range", Cycle).value
        _range, difficulty, difficulty_line = attack_difficulty(defence, range_)
        set_text(
            chance,
            t(
                "dmg.chance",
                lang,
                pct=percent(chance_of_success(score, difficulty, die), lang),
                difficulty=difficulty_line.text(lang),
            ),
        )
        c = pane.campaign.character(defender)
        pugilat, bypass = pane.toggles()

        def hit(n: int) -> str:
            return apply_damage(
                n, hp=c.hp, armour=c.armour, bruise=c.bruise, pugilat=pugilat, bypass_armour=bypass
            ).preview.text(lang)

        if self.defends:
            set_text(
                chance,
                t("dmg.defence_chance", lang, pct=percent(chance_of_success(defence, score, die), lang), attack=score),
            )
            text = _defence_text(entry, defence, score, die, weapon, hit, lang)
        else:
            text = _attack_text(entry, score, defence, die, weapon, range_, difficulty, hit, lang)
        set_text(shown, text)

    async def submit(self) -> Answer | None:
        pane = self.pane
        error = self.query_one(ErrorLine)
        sent = self.offer_sent()
        try:
            defender, score, defence, entry = self.read()
        except FieldError as refused:
            error.show(str(refused))
            return None
        typed = bool(self.die.value.strip())  # the GM's die wins over a player's
        dice = faces(entry, die=pane.campaign.rules.die, rng=gm(pane).session.rng)
        pugilat, bypass = pane.toggles()
        action: AttackOpponent | DefendOpponent
        if self.defends:
            action = DefendOpponent(
                defender, score, defence, dice, self.query_one("#duel-attacker", Select).selection,
                self.query_one("#duel-weapon", Cycle).value, pugilat, bypass, self.query_one("#duel-affect", Cycle).value,
            )  # fmt: skip
        else:
            action = AttackOpponent(
                self.query_one("#duel-attacker", Select).selection, defender, score, defence, dice,
                self.query_one("#duel-weapon", Cycle).value, self.query_one("#duel-range", Cycle).value,
                pugilat, bypass, self.query_one("#duel-affect", Cycle).value,
            )  # fmt: skip
        answer = await pane.apply(self.with_sender(action, sent), error)
        if isinstance(answer, Outcome):
            self.answered(sent, typed)
            self.die.value = ""
            if not self.defends:
                pane.used_up()
        return answer


def _defence_text(
    entry: DieEntry, defence: int, score: int, die: KultDie, weapon: Weapon, hit: Callable[[int], str], lang: Lang
) -> str:
    """The defender rolls: with its die typed, parried or the hit's damage; else the rule."""
    if isinstance(entry, int):
        duel = defend_opponent_roll(defence, score, kult=entry, die=die, weapon=weapon, rerolls_allowed=0)
        values = {"die": f"{entry:+d}", "final": duel.final, "attack": score}
        return (
            t("dmg.typed_failed", lang, ranks=duel.ranks, damage=duel.damage, preview=hit(duel.damage), **values)
            if duel.hit
            else t("dmg.typed_parried", lang, **values)
        )
    return t("dmg.defence_rule", lang, base=weapon.base, attack=score, preview=hit(weapon.base))


def _attack_text(
    entry: DieEntry,
    score: int,
    defence: int,
    die: KultDie,
    weapon: Weapon,
    range_: Range,
    difficulty: int,
    hit: Callable[[int], str],
    lang: Lang,
) -> str:
    """The attacker rolls: with its die typed, a miss or the hit's damage; else the rule."""
    if isinstance(entry, int):
        duel = attack_opponent_roll(score, defence, kult=entry, die=die, weapon=weapon, range=range_, rerolls_allowed=0)
        values = {"die": f"{entry:+d}", "final": duel.final, "d": difficulty}
        return (
            t(
                "dmg.typed_hit",
                lang,
                ranks=duel.ranks,
                s=plural_s(duel.ranks, lang),
                damage=duel.damage,
                preview=hit(duel.damage),
                **values,
            )
            if duel.hit
            else t("dmg.typed_miss", lang, **values)
        )
    return t("dmg.hit_rule", lang, base=weapon.base, d=difficulty, preview=hit(weapon.base))
