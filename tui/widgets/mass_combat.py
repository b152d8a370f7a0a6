"""Mass combat (RULES 1.5): the mook groups, an attack on a group, a defence against a group.

The group list shows each group's standing; the attack form builds an :class:`AttackGroup`, the
defence form a :class:`DefendGroup`. Both show the chance of success before any die is rolled
and what a hit would do; Enter applies, and the result's breakdown stays under the forms.
"""

from __future__ import annotations

from collections.abc import Coroutine
from typing import Any, ClassVar

import attrs
from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from core.actions import AttackGroup, DefendGroup, Outcome, SetStanding
from core.breakdown import Lang
from core.campaign import Campaign
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
from tui.commands.keys import Described, bindings
from tui.door import Answer
from tui.i18n import pick, register, t
from tui.messages import ShowPane
from tui.safe import markup, visible
from tui.textual_fixes.chooser import Chooser
from tui.widgets.dice_field import ROLL, DieEntry, KultDieField, cast
from tui.widgets.form import Form, FormPane, character_or_none, fighters
from tui.widgets.inputs import AFFECTS, RANGES, Cycle, ErrorLine, FieldError, NumberField, percent, set_text
from tui.widgets.named_group import NamedGroupForm, marked_members
from tui.widgets.pane import focus_now
from tui.widgets.score_parts import ScoreToggles

register(
    {
        "mass.attack": ("Attack a group", "Attaquer un groupe"),
        "mass.defence": ("Defend against a group", "Défense contre un groupe"),
        "mass.attacker": ("Attacker", "Attaquant"),
        "mass.defender": ("Defender", "Défenseur"),
        "mass.score": ("Score", "Score"),
        "mass.range": ("Range", "Portée"),
        "mass.affect": ("Affect", "Affect"),
        "mass.kult": ("Kult", "Kult"),
        "mass.reroll": ("Reroll", "Relance"),
        "mass.attackers": ("×", "×"),
        "mass.attackers_name": ("attackers", "assaillants"),
        "mass.hidden": ("hidden", "caché"),
        "mass.no_groups": ("No mook group in this campaign.", "Aucun groupe de sbires dans cette campagne."),
        "mass.no_target": ("pick a group with someone standing", "choisissez un groupe où quelqu'un est debout"),
        "mass.no_defender": ("pick a character to defend", "choisissez un personnage qui se défend"),
        "mass.group_turn": ("{name} is a mook group: its attacks are defences (ctrl+t)", "{name} est un groupe de sbires : ses attaques sont des défenses (ctrl+t)"),
        "mass.chance": ("chance {pct} · {difficulty}", "chance {pct} · {difficulty}"),
        "mass.hit_rule": ("hit: 1 felled + 1 per 5 over {d} ({n} standing)", "touché : 1 à terre + 1 par 5 au-dessus de {d} ({n} debout)"),
        "mass.typed": ("kult {die}: {final} vs {d} → {felled} felled ({left}/{total} standing)", "kult {die} : {final} contre {d} → {felled} à terre ({left}/{total} debout)"),
        "mass.typed_miss": ("kult {die}: {final} vs {d} → miss", "kult {die} : {final} contre {d} → raté"),
        "mass.reroll_waiting": (
            "Missed. Reroll? Type its die (r: roll) and Enter, +1 shadow for a PC · Esc, Enter or n: go on",
            "Raté. Relancer ? Tapez le dé (r : jet) puis Entrée, +1 ombre pour un PJ · Échap, Entrée ou n : continuer",
        ),
        "mass.reroll_hint": ("failed: type a reroll die (or r) and Enter to reroll (+1 shadow for a PC)", "raté : tapez une relance (ou r) puis Entrée pour relancer (+1 ombre pour un PJ)"),
        "mass.static": ("static {score} vs {d}: {verdict}", "fixe {score} contre {d} : {verdict}"),
        "mass.with_die": ("chance {pct} with a die (r)", "chance {pct} avec un dé (r)"),
        "mass.hit": ("hit", "touché"),
        "mass.held": ("held", "tenu"),
        "mass.no_cost": ("held off: no damage", "repoussés : aucun dégât"),
        "mass.hit_costs": ("a hit costs {n}: {preview}", "une touche coûte {n} : {preview}"),
        "mass.typed_def": ("kult {die}: {final} vs {d} → {verdict}", "kult {die} : {final} contre {d} → {verdict}"),
        "mass.roll_cost": ("a hit costs 1 + 1 per 5 short; at 1: {preview}", "une touche coûte 1 + 1 par 5 manquants ; à 1 : {preview}"),
    }
)

SHORT_GRADES = {"civil": ("civilians", "civils"), "standard": ("standard", "standard"), "veteran": ("veterans", "vétérans"), "elite": ("elite", "élite")}
GRADES: tuple[tuple[Grade, tuple[str, str]], ...] = tuple(
    (g, (f"{SHORT_GRADES[g.value][0]} {g.difficulty}", f"{SHORT_GRADES[g.value][1]} {g.difficulty}")) for g in Grade
)
BAR = 8


def bar(standing: int, total: int) -> str:
    filled = round(BAR * standing / total) if total else 0
    return f"[$success]{'█' * filled}[/][$text-muted]{'░' * (BAR - filled)}[/]"


def group_prompt(group: MookGroup, lang: Lang) -> Content:
    """One line of the group list; the group's name is plain text, cut to 20 cells."""
    name = visible(group.name, lines=False)
    name = name if len(name) <= 20 else name[:19] + "…"
    grade = dict(GRADES)[group.grade]
    grade_text = pick(grade, lang)
    hidden = " [$text-muted]$hidden[/]" if group.hidden else ""
    count = f"{group.standing:>2}/{group.total:<2}"
    return markup(
        f"$name $grade {count} {bar(group.standing, group.total)}{hidden}",
        name=f"{name:<20}", grade=f"{grade_text:<11}", hidden=t("mass.hidden", lang),
    )


class GroupList(Described, OptionList):
    """The mook groups, one line each; the highlighted one is the target."""

    BINDINGS: ClassVar[list[BindingType]] = bindings("groups")

    def __init__(self, **kwargs) -> None:
        super().__init__(compact=True, **kwargs)
        self.shown: tuple[MookGroup, ...] = ()

    def show(self, groups: tuple[MookGroup, ...], lang: Lang) -> None:
        """Update only the lines whose group changed; rebuild when groups come or go."""
        if groups is self.shown:
            return
        if tuple(g.id for g in groups) != tuple(g.id for g in self.shown):
            highlighted = self.highlighted
            self.set_options([Option(group_prompt(g, lang), id=g.id) for g in groups])
            if groups:
                self.highlighted = min(highlighted or 0, len(groups) - 1)
        else:
            for index, (old, new) in enumerate(zip(self.shown, groups, strict=False)):
                if old is not new and old != new:
                    self.replace_option_prompt_at_index(index, group_prompt(new, lang))
        self.shown = groups

    @property
    def group_id(self) -> str | None:
        option = self.highlighted_option
        return option.id if option is not None else None

    def point_at(self, group_id: str) -> None:
        for index, group in enumerate(self.shown):
            if group.id == group_id:
                self.highlighted = index

    def action_attack(self) -> None:
        self.pane.start_attack(keep_target=True)

    def action_defend(self) -> Coroutine[Any, Any, None] | None:
        """The defence form (composed the first time: Textual awaits what is returned)."""
        return self.pane.start_defence()

    def action_nudge(self, step: int) -> None:
        self.pane.nudge_standing(step)

    @property
    def pane(self) -> MassCombatPane:
        return self.query_ancestor(MassCombatPane)


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


class AttackForm(Form):
    """Attacker, target group, range, score, affect, kult die and reroll; chance and preview."""

    pane: MassCombatPane  # the pane that holds this form

    SCORES: ClassVar[dict[str, tuple[str, bool]]] = {"atk-attacker": ("atk-score", True)}

    def __init__(self, pane: MassCombatPane, **kwargs) -> None:
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
        yield Static("", id="atk-chance", classes="chance", markup=False)
        yield Static("", id="atk-preview", classes="preview", markup=False)

    @property
    def die(self) -> KultDieField:
        return self.query_one("#atk-die", KultDieField)

    @property
    def attacker(self) -> str | None:
        return self.query_one("#atk-attacker", Select).selection

    # -- preview and apply ----------------------------------------------------------------------
    def preview(self) -> None:
        pane, lang = self.pane, self.pane.lang
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
            self.query_one(ErrorLine).show(str(error))
            set_text(chance, t("mass.group_turn", lang, name=current.name) if current and self.attacker is None else "")
            set_text(shown, "")
            return
        self.query_one(ErrorLine).show("")
        range_ = self.query_one("#atk-range", Cycle).value
        asked = group_difficulty(group.grade, range_)
        difficulty = asked.value
        set_text(chance, t("mass.chance", lang, pct=percent(chance_of_success(score, difficulty, die), lang), difficulty=asked.line.text(lang)))
        if isinstance(first, int) and group.standing:
            dice = (first, again) if isinstance(again, int) else (first,)
            try:
                result = attack_group_roll(score, group.grade, range_, group.standing, kult=dice, die=die, rerolls_allowed=pane.campaign.rules.max_rerolls)
            except RulesError as refused:
                self.query_one(ErrorLine).show(refused.text(lang))
                set_text(shown, "")
                return
            key = "mass.typed" if result.hit else "mass.typed_miss"
            faces = " ".join(f"{face:+d}" for face in dice)
            text = t(key, lang, die=faces, final=result.attack, d=difficulty, felled=result.felled, left=group.standing - result.felled, total=group.total)
        else:
            text = t("mass.hit_rule", lang, d=difficulty, n=group.standing)
        set_text(shown, text)

    async def submit(self) -> Answer | None:
        pane, lang = self.pane, self.pane.lang
        campaign, die, rng = pane.campaign, pane.campaign.rules.die, gm(pane).session.rng
        error = self.query_one(ErrorLine)
        reroll_field = self.query_one("#atk-reroll", KultDieField)
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
            action, replaces = attrs.evolve(previous, dice=(*previous.dice, cast(again, die, rng))), previous
        else:
            dice = (cast(first, die, rng),) + (() if again is None else (cast(again, die, rng),))
            action = AttackGroup(group.id, score, dice, range_, self.attacker, affect)
        can_reroll = action.can_reroll(campaign)  # the rules' answer (a miss, a die left)
        # A miss that can be rerolled keeps the form: it waits for the reroll die.
        answer = await pane.apply(action, error, replace_last=replaces is not None)
        if isinstance(answer, Outcome):
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


class DefenceForm(Form):
    """Defender, grade, attackers, score, affect, optional kult die; difficulty, chance, hit cost."""

    pane: MassCombatPane  # the pane that holds this form

    SCORES: ClassVar[dict[str, tuple[str, bool]]] = {"def-defender": ("def-score", True)}

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
        yield ScoreToggles(lang, id="def-applies")
        yield Static("", id="def-parts", classes="score-parts", markup=False)
        yield Static("", id="def-chance", classes="chance", markup=False)
        yield Static("", id="def-preview", classes="preview", markup=False)

    @property
    def defender(self) -> str | None:
        return self.query_one("#def-defender", Select).selection

    def set_defender(self, key: str | None) -> None:
        if key is not None and key in self.pane.fighter_keys:
            self.choose("def-defender", key)

    def set_grade(self, grade: Grade) -> None:
        self.query_one("#def-grade", Cycle).value = grade

    def read(self) -> tuple[str, Grade, int, int, DieEntry]:
        """(defender, grade, attackers, score, die entry), or a FieldError."""
        lang = self.pane.lang
        defender = self.defender
        if defender is None or character_or_none(self.pane.campaign, defender) is None:
            raise FieldError(t("mass.no_defender", lang))
        attackers = self.query_one("#def-attackers", NumberField).number(lang, minimum=1)
        score = self.query_one("#def-score", NumberField).number(lang)
        entry = self.query_one("#def-die", KultDieField).entry(self.pane.campaign.rules.die, lang)
        return defender, self.query_one("#def-grade", Cycle).value, attackers, score, entry

    def preview(self) -> None:
        pane, lang = self.pane, self.pane.lang
        chance = self.query_one("#def-chance", Static)
        shown = self.query_one("#def-preview", Static)
        try:
            defender, grade, attackers, score, entry = self.read()
        except FieldError as error:
            self.query_one(ErrorLine).show(str(error))
            set_text(chance, "")
            set_text(shown, "")
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
            verdict = t("mass.hit_costs", lang, n=result.damage, preview=cost(result.damage)) if result.hit else t("mass.no_cost", lang)
            text = t("mass.typed_def", lang, die=f"{entry:+d}", final=result.defence, d=difficulty, verdict=verdict)
        elif entry == ROLL:
            text = t("mass.roll_cost", lang, preview=cost(1))
        else:
            text = t("mass.hit_costs", lang, n=static.damage, preview=cost(static.damage)) if static.hit else t("mass.no_cost", lang)
        set_text(shown, f"{difficulty_line.text(lang)}\n{text}")

    async def submit(self) -> Answer | None:
        pane = self.pane
        error = self.query_one(ErrorLine)
        try:
            defender, grade, attackers, score, entry = self.read()
        except FieldError as refused:
            error.show(str(refused))
            return None
        face = cast(entry, pane.campaign.rules.die, gm(pane).session.rng)
        affect = self.query_one("#def-affect", Cycle).value
        action = DefendGroup(defender, grade, attackers, score, () if face is None else (face,), affect)
        answer = await pane.apply(action, error)
        if isinstance(answer, Outcome):
            self.query_one("#def-die", KultDieField).value = ""
        return answer


class MassCombatPane(Described, FormPane):
    """The mook groups with an attack form and a defence form (ctrl+t switches)."""

    TITLE_KEY = "pane.mass"
    MODES = (("mass-attack", "mass.attack"), ("mass-defence", "mass.defence"), ("mass-named", "named.mode"))
    OPENERS: ClassVar[dict[str, str]] = {"mass-attack": "start_attack", "mass-defence": "start_defence", "mass-named": "start_named"}
    BINDINGS: ClassVar[list[BindingType]] = bindings("mass")

    def compose(self) -> ComposeResult:
        yield GroupList(id="mass-groups")
        yield Static("", id="mass-mode", classes="form-mode")
        with ContentSwitcher(initial="mass-attack", id="mass-forms"):
            yield AttackForm(self, id="mass-attack")  # the defence and named forms: when first shown
        with VerticalScroll(id="mass-result-box"):
            yield Static("", id="mass-result", classes="form-result")

    def prepare(self) -> None:
        first = self.first_standing()
        if first is not None:
            self.query_one(GroupList).point_at(first.id)
        self.query_one(AttackForm).choose("atk-attacker", self.current_character())
        self.last_selected = self.selected_character()
        self.watch(self.app, "marked", self._marked_changed, init=False)
        self.refresh_forms()

    def _marked_changed(self, marked: frozenset[str]) -> None:
        named = self.form_of(NamedGroupForm)
        if named is not None:
            named.follow_members(marked_members(self.campaign, marked))
            named.preview()

    def follow(self, campaign: Campaign) -> None:
        self.query_one(GroupList).show(campaign.groups, self.lang)
        self.sync_selects()
        self.refresh_forms()

    def new_turn(self) -> None:
        self.query_one(AttackForm).choose("atk-attacker", self.current_character())
        named = self.form_of(NamedGroupForm)
        if named is not None:
            named.choose("ng-attacker", self.current_character())
        self.refresh_forms()

    def selection_changed(self, key: str | None) -> None:
        if character_or_none(self.campaign, key) is not None:
            self.last_selected = key
            defence = self.form_of(DefenceForm)
            if defence is not None:
                defence.set_defender(key)
        elif key is not None and any(g.id == key for g in self.campaign.groups):
            self.query_one(GroupList).point_at(key)

    @on(OptionList.OptionHighlighted, "#mass-groups")
    def _target_changed(self, event: OptionList.OptionHighlighted) -> None:
        group = self.target_group()
        defence = self.form_of(DefenceForm)
        if group is not None and self.mode == "mass-defence" and defence is not None:
            defence.set_grade(group.grade)
        self.refresh_forms()

    @on(OptionList.OptionSelected, "#mass-groups")
    def _target_chosen(self, event: OptionList.OptionSelected) -> None:
        self.start_attack(keep_target=True)

    def refresh_forms(self) -> None:
        self.query_one(AttackForm).preview()
        defence = self.form_of(DefenceForm)
        if defence is not None:
            defence.preview()
        named = self.form_of(NamedGroupForm)
        if named is not None:
            named.follow_members(marked_members(self.campaign, gm(self).marked))
            named.preview()

    # -- look-ups -------------------------------------------------------------------------------
    def target_group(self) -> MookGroup | None:
        key = self.query_one(GroupList).group_id
        return next((g for g in self.campaign.groups if g.id == key), None)

    def first_standing(self) -> MookGroup | None:
        return next((g for g in self.campaign.groups if g.standing), None)

    def current_group(self) -> MookGroup | None:
        key = self.current_key()
        return next((g for g in self.campaign.groups if g.id == key), None)

    def selected_character(self) -> str | None:
        key = getattr(self.app, "selected", None)
        if character_or_none(self.campaign, key) is not None:
            return key
        pcs = [c for c in fighters(self.campaign) if c.pc]
        return pcs[0].id if pcs else None

    # -- public entry points --------------------------------------------------------------------
    def start_attack(self, keep_target: bool = False) -> None:
        """The attack form, the current combatant attacking, the die field focused."""
        self.sync_selects(force=True)
        self.show_form("mass-attack")
        target = self.target_group()
        if target is None or (target.standing == 0 and not keep_target):
            first = self.first_standing()
            if first is not None:
                self.query_one(GroupList).point_at(first.id)
        form = self.query_one(AttackForm)
        if not keep_target:
            form.choose("atk-attacker", self.current_character())
        form.preview()
        focus_now(form.die)

    def start_defence(self) -> Coroutine[Any, Any, None] | None:
        """The defence form: the selected character against the current or targeted group
        (composed the first time: what is returned opens it, see :meth:`FormPane.open_form`)."""
        self.sync_selects(force=True)
        return self.open_form(DefenceForm, "mass-defence", ready=self._defence_ready, opened=self._open_defence)

    def _defence_ready(self, form: DefenceForm) -> None:
        form.set_defender(self.last_selected or self.selected_character())
        form.preview()

    def _open_defence(self, form: DefenceForm) -> None:
        self.show_form("mass-defence")
        form.set_defender(self.selected_character())
        group = self.current_group() or self.target_group() or self.first_standing()
        if group is not None:
            form.set_grade(group.grade)
        form.preview()
        focus_now(self.query_one("#def-attackers", NumberField))

    def pane_to_front(self, focus: Widget) -> None:
        """Show this pane (on a narrow screen the others hide), ``focus`` focused in it."""
        focus_now(focus)
        self.post_message(ShowPane("mass", focus))

    def focus_main(self) -> None:
        groups = self.query_one(GroupList)
        if groups.option_count:
            focus_now(groups)
        else:
            focus_now(self.query_one(AttackForm).die)

    def start_named(self) -> Coroutine[Any, Any, None] | None:
        """The attack on the marked named NPCs: the current combatant attacking, the die focused
        (composed the first time: what is returned opens it, see :meth:`FormPane.open_form`)."""
        self.sync_selects(force=True)
        return self.open_form(NamedGroupForm, "mass-named", ready=self._named_ready, opened=self._open_named)

    def _named_ready(self, form: NamedGroupForm) -> None:
        form.choose("ng-attacker", self.current_character())
        form.follow_members(marked_members(self.campaign, gm(self).marked))
        form.preview()

    def _open_named(self, form: NamedGroupForm) -> None:
        self.show_form("mass-named")
        form.follow_members(marked_members(self.campaign, getattr(self.app, "marked", frozenset())))
        form.choose("ng-attacker", self.current_character())
        form.preview()
        focus_now(form.die)

    def action_switch(self) -> Coroutine[Any, Any, None] | None:
        if self.mode == "mass-attack":
            return self.start_defence()
        if self.mode == "mass-defence":
            return self.start_named()
        self.start_attack(keep_target=True)
        return None

    # -- standing by hand -----------------------------------------------------------------------
    def nudge_standing(self, step: int) -> None:
        group = self.target_group()
        if group is not None and 0 <= group.standing + step <= group.total:
            gm(self).request(SetStanding(group.id, group.standing + step))
