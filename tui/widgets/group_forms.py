"""The two forms of mass combat (RULES 1.5): an attack on a mook group (:class:`AttackForm`,
an :class:`AttackGroup`) and a defence against one (:class:`DefenceForm`, a :class:`DefendGroup`).
Both show the chance of success before any die is rolled and what a hit would do; the pane that
holds them is :class:`tui.widgets.mass_combat.MassCombatPane`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, Select, Static

from core import actions
from core.actions import Outcome
from core.breakdown import Lang
from core.combat import (
    Grade,
    Range,
    attack_group_roll,
    defence_difficulty,
    defend_group,
    defend_group_roll,
    group_difficulty,
)
from core.damage import apply_damage
from core.errors import RulesError
from core.mooks import MookGroup
from core.rolls import chance_of_success
from tui.access import gm
from tui.door import Answer
from tui.i18n import both, t
from tui.inbox import taken
from tui.textual_fixes.chooser import Chooser
from tui.widgets.dice_field import ROLL, DieEntry, KultDieField, faces
from tui.widgets.form import character_or_none
from tui.widgets.inputs import (
    AFFECTS,
    RANGES,
    Cycle,
    ErrorLine,
    FieldError,
    Missing,
    NumberField,
    percent,
    preview_error,
    set_text,
)
from tui.widgets.player_roll import RollForm, hidden_line
from tui.widgets.score_parts import ScoreToggles

if TYPE_CHECKING:
    from core.actions import AttackGroup
    from tui.widgets.mass_combat import MassCombatPane


def _grade_label(grade: Grade) -> tuple[str, str]:
    """``veterans 8`` / ``vétérans 8``: a grade and its difficulty, for a choice in either language."""
    en, fr = both(f"mass.grade.{grade.value}")
    return (f"{en} {grade.difficulty}", f"{fr} {grade.difficulty}")


GRADES: tuple[tuple[Grade, tuple[str, str]], ...] = tuple((g, _grade_label(g)) for g in Grade)


def attack_score_rows(prefix: str, lang: Lang) -> ComposeResult:
    """The attacker's score, range and affect, the trade/speciality toggles and the score's
    parts: the rows an attack on a group and on named NPCs share (ids ``{prefix}-score``…)."""
    with Horizontal(classes="row"):
        yield Label(t("mass.score", lang), classes="label")
        yield NumberField(id=f"{prefix}-score", label=t("mass.score", lang), classes="score")
        yield Label(t("mass.range", lang), classes="label")
        yield Cycle(RANGES, id=f"{prefix}-range")
        yield Label(t("mass.affect", lang), classes="label")
        yield Cycle(AFFECTS, id=f"{prefix}-affect", classes="affect")
    yield ScoreToggles(lang, id=f"{prefix}-applies")
    yield Static("", id=f"{prefix}-parts", classes="score-parts", markup=False)


class AttackForm(RollForm):
    """Attacker, target group, range, score, affect, kult die and reroll; chance and preview."""

    pane: MassCombatPane  # the pane that holds this form
    SENT = "atk-sent"

    SCORES: ClassVar[dict[str, tuple[str, bool]]] = {"atk-attacker": ("atk-score", True)}

    def __init__(self, pane: MassCombatPane, **kwargs: Any) -> None:
        super().__init__(pane, **kwargs)
        #: The last attack this form applied and whether it can still be rerolled.
        self.last: tuple[AttackGroup, bool] | None = None

    def compose(self) -> ComposeResult:
        lang = self.pane.lang
        with Horizontal(classes="row"):
            yield Label(t("mass.attacker", lang), classes="label")
            yield Chooser(self.pane.compose_options(), prompt=t("fields.gm", lang), compact=True, id="atk-attacker")
            yield Static("", id="atk-target", classes="target", markup=False)
        yield from attack_score_rows("atk", lang)
        with Horizontal(classes="row"):
            yield Label(t("mass.kult", lang), classes="label")
            yield KultDieField(id="atk-die", label="kult", classes="die")
            yield Label(t("mass.reroll", lang), classes="label")
            yield KultDieField(empty="none", id="atk-reroll", label=t("mass.reroll", lang).lower(), classes="die")
            yield ErrorLine(id="atk-error")
        waiting = Static(t("mass.reroll_waiting", lang), id="atk-waiting", classes="waiting", markup=False)
        waiting.display = False
        yield waiting
        yield hidden_line("atk-sent")
        yield Static("", id="atk-chance", classes="chance", markup=False)
        yield Static("", id="atk-preview", classes="preview", markup=False)

    @property
    def die(self) -> KultDieField:
        return self.query_one("#atk-die", KultDieField)

    @property
    def attacker(self) -> str | None:
        return self.query_one("#atk-attacker", Select).selection

    def roll_kind(self) -> str:
        return "attack"

    # -- preview and apply ----------------------------------------------------------------------
    def preview(self) -> None:
        pane, lang = self.pane, self.pane.lang
        self.offer_sent()
        group = pane.target_group()
        target = self.query_one("#atk-target", Static)
        chance = self.query_one("#atk-chance", Static)
        shown = self.query_one("#atk-preview", Static)
        if group is None:
            set_text(target, "→ —")
            set_text(chance, t("mass.no_groups", lang) if not pane.campaign.groups else t("mass.no_target", lang))
            set_text(shown, "")
            return
        set_text(target, f"→ {group.name}")
        current = pane.current_group()
        die = pane.campaign.rules.die
        try:
            score = self.query_one("#atk-score", NumberField).number(lang)
            first = self.die.entry(die, lang)
            again = self.query_one("#atk-reroll", KultDieField).entry(die, lang)
        except FieldError as error:
            self.query_one(ErrorLine).show(preview_error(error))
            set_text(chance, t("mass.group_turn", lang, name=current.name) if current and self.attacker is None else "")
            set_text(shown, "")
            return
        self.query_one(ErrorLine).show("")
        range_ = self.query_one("#atk-range", Cycle).value
        asked = group_difficulty(group.grade, range_)
        difficulty = asked.value
        set_text(
            chance,
            t(
                "mass.chance",
                lang,
                pct=percent(chance_of_success(score, difficulty, die), lang),
                difficulty=asked.line.text(lang),
            ),
        )
        if isinstance(first, int) and group.standing:
            dice = (first, again) if isinstance(again, int) else (first,)
            rolled = self._rolled(score, group, range_, dice, difficulty)
            if rolled is None:
                set_text(shown, "")
                return
            text = rolled
        else:
            text = t("mass.hit_rule", lang, d=difficulty, n=group.standing)
        set_text(shown, text)

    def _rolled(
        self, score: int, group: MookGroup, range_: Range, dice: tuple[int, ...], difficulty: int
    ) -> str | None:
        """What the attack with ``dice`` typed fells; None, the refusal shown, if the rules refuse it."""
        pane, lang = self.pane, self.pane.lang
        try:
            result = attack_group_roll(
                score,
                group.grade,
                range_,
                group.standing,
                kult=dice,
                die=pane.campaign.rules.die,
                rerolls_allowed=pane.campaign.rules.max_rerolls,
            )
        except RulesError as refused:
            self.query_one(ErrorLine).show(refused.text(lang))
            return None
        key = "mass.typed" if result.hit else "mass.typed_miss"
        faces = " ".join(f"{face:+d}" for face in dice)
        return t(
            key,
            lang,
            die=faces,
            final=result.attack,
            d=difficulty,
            felled=result.felled,
            left=group.standing - result.felled,
            total=group.total,
        )

    async def submit(self) -> Answer | None:
        pane, lang = self.pane, self.pane.lang
        campaign, die, rng = pane.campaign, pane.campaign.rules.die, gm(pane).session.rng
        error = self.query_one(ErrorLine)
        reroll_field = self.query_one("#atk-reroll", KultDieField)
        sent = self.offer_sent()
        typed = bool(self.die.value.strip())  # the GM's die wins over a player's
        try:
            group = pane.target_group()
            if group is None or group.standing == 0:
                raise FieldError(t("mass.no_target", lang))
            score = self.query_one("#atk-score", NumberField).number(lang)
            first = self.die.entry(die, lang)
            again = reroll_field.entry(die, lang)
        except FieldError as refused:
            error.show(str(refused))
            return None
        range_: Range = self.query_one("#atk-range", Cycle).value
        affect = self.query_one("#atk-affect", Cycle).value
        previous = self.rerollable()
        replaces = None
        if again is not None and not self.die.value.strip() and previous is not None:
            # Reroll the failed attack just made: it is replaced by the same one with a second die.
            action, replaces = attrs.evolve(previous, dice=(*previous.dice, *faces(again, die=die, rng=rng))), previous
        else:
            dice = faces(first, again, die=die, rng=rng)
            action = actions.AttackGroup(group.id, score, dice, range_, self.attacker, affect)
            action = taken(action, None if typed else sent)  # type: ignore[assignment]  # an AttackGroup still
        can_reroll = action.can_reroll(campaign)  # the rules' answer (a miss, a die left)
        # A miss that can be rerolled keeps the form: it waits for the reroll die.
        answer = await pane.apply(action, error, replace_last=replaces is not None)
        if isinstance(answer, Outcome):
            if replaces is None:
                self.answered(sent, typed)
            self.last = (action, can_reroll)
            self.die.value = ""
            reroll_field.value = ""
            self.query_one("#atk-waiting").display = can_reroll
            if can_reroll:  # the reroll die is the next thing the GM types (Esc, n…: go on)
                pane.add_result_line(t("mass.reroll_hint", lang))
                pane.pane_to_front(reroll_field)
                reroll_field.wait()
        return answer

    @on(KultDieField.Left)
    def _went_on(self) -> None:
        self.query_one("#atk-waiting").display = False

    def rerollable(self) -> AttackGroup | None:
        """The attack this form applied last, if it is still the journal's last and can be rerolled."""
        if self.last is None:
            return None
        action, can_reroll = self.last
        done = gm(self.pane).session.journal.done
        return action if can_reroll and done and done[-1].action is action else None


class DefenceForm(RollForm):
    """Defender, grade, attackers, score, affect, optional kult die; difficulty, chance, hit cost."""

    SENT = "def-sent"

    pane: MassCombatPane  # the pane that holds this form

    SCORES: ClassVar[dict[str, tuple[str, bool]]] = {"def-defender": ("def-score", True)}

    #: The group the defence is against (the one whose turn it is, or targeted), if any: no more
    #: attackers than it has standing (the count shown is the count used).
    against: str | None = None

    def compose(self) -> ComposeResult:
        lang = self.pane.lang
        with Horizontal(classes="row"):
            yield Label(t("mass.defender", lang), classes="label")
            yield Chooser(self.pane.compose_options(), prompt="—", compact=True, id="def-defender")
            yield Cycle(GRADES, value=Grade.VETERAN, id="def-grade")
            yield Label(t("mass.attackers", lang), classes="label")
            yield NumberField("1", id="def-attackers", label=t("mass.attackers_name", lang), classes="count")
        with Horizontal(classes="row"):
            yield Label(t("mass.score", lang), classes="label")
            yield NumberField(id="def-score", label=t("mass.score", lang), classes="score")
            yield Label(t("mass.affect", lang), classes="label")
            yield Cycle(AFFECTS, id="def-affect", classes="affect")
            yield Label(t("mass.kult", lang), classes="label")
            yield KultDieField(empty="static", id="def-die", label="kult", classes="die")
            yield ErrorLine(id="def-error")
        yield hidden_line("def-sent")
        yield ScoreToggles(lang, id="def-applies")
        yield Static("", id="def-parts", classes="score-parts", markup=False)
        yield Static("", id="def-chance", classes="chance", markup=False)
        yield Static("", id="def-preview", classes="preview", markup=False)

    @property
    def defender(self) -> str | None:
        return self.query_one("#def-defender", Select).selection

    @property
    def die(self) -> KultDieField:
        return self.query_one("#def-die", KultDieField)

    def roll_kind(self) -> str:
        return "defence"

    def set_defender(self, key: str | None) -> None:
        if key is not None and key in self.pane.fighter_keys:
            self.choose("def-defender", key)

    def set_grade(self, grade: Grade) -> None:
        self.query_one("#def-grade", Cycle).value = grade

    def read(self) -> tuple[str, Grade, int, int, DieEntry]:
        """(defender, grade, attackers, score, die entry), or a FieldError."""
        lang = self.pane.lang
        defender = self.defender
        if defender is None:  # not chosen yet: said at Enter, not before (nobody's mistake)
            raise Missing(t("mass.no_defender", lang))
        if character_or_none(self.pane.campaign, defender) is None:  # chosen, then gone
            raise FieldError(t("mass.no_defender", lang))
        attackers = self.query_one("#def-attackers", NumberField).number(lang, minimum=1)
        grade = self.query_one("#def-grade", Cycle).value
        group = self.pane.campaign.find(self.against) if self.against else None
        if isinstance(group, MookGroup) and group.grade == grade and attackers > group.standing:
            raise FieldError(t("mass.more_than_standing", lang, name=group.name, n=group.standing, asked=attackers))
        score = self.query_one("#def-score", NumberField).number(lang)
        entry = self.query_one("#def-die", KultDieField).entry(self.pane.campaign.rules.die, lang)
        return defender, grade, attackers, score, entry

    def preview(self) -> None:
        pane, lang = self.pane, self.pane.lang
        self.offer_sent()
        chance = self.query_one("#def-chance", Static)
        shown = self.query_one("#def-preview", Static)
        try:
            defender, grade, attackers, score, entry = self.read()
        except FieldError as error:
            self.refuse(error, chance, shown)
            return
        self.query_one(ErrorLine).show("")
        character = pane.campaign.character(defender)
        die = pane.campaign.rules.die
        _, difficulty, difficulty_line = defence_difficulty(grade, attackers)
        with_die = t("mass.with_die", lang, pct=percent(chance_of_success(score, difficulty, die), lang))
        static = defend_group(score, grade, attackers)
        verdict = t("mass.hit" if static.hit else "mass.held", lang)
        set_text(chance, f"{with_die} · {t('mass.static', lang, score=score, d=difficulty, verdict=verdict)}")

        def cost(n: int) -> str:
            return apply_damage(n, hp=character.hp, armour=character.armour, bruise=character.bruise).preview.text(lang)

        if isinstance(entry, int):
            result = defend_group_roll(score, grade, attackers, kult=entry, die=die, rerolls_allowed=0)
            verdict = (
                t("mass.hit_costs", lang, n=result.damage, preview=cost(result.damage))
                if result.hit
                else t("mass.no_cost", lang)
            )
            text = t("mass.typed_def", lang, die=f"{entry:+d}", final=result.defence, d=difficulty, verdict=verdict)
        elif entry == ROLL:
            text = t("mass.roll_cost", lang, preview=cost(1))
        else:
            text = (
                t("mass.hit_costs", lang, n=static.damage, preview=cost(static.damage))
                if static.hit
                else t("mass.no_cost", lang)
            )
        set_text(shown, f"{difficulty_line.text(lang)}\n{text}")

    async def submit(self) -> Answer | None:
        pane = self.pane
        error = self.query_one(ErrorLine)
        sent = self.offer_sent()
        typed = bool(self.die.value.strip())  # the GM's die wins over a player's
        try:
            defender, grade, attackers, score, entry = self.read()
        except FieldError as refused:
            error.show(str(refused))
            return None
        dice = faces(entry, die=pane.campaign.rules.die, rng=gm(pane).session.rng)
        affect = self.query_one("#def-affect", Cycle).value
        action = actions.DefendGroup(defender, grade, attackers, score, dice, affect)
        answer = await pane.apply(self.with_sender(action, sent), error)
        if isinstance(answer, Outcome):
            self.answered(sent, typed)
            self.die.value = ""
        return answer
