"""Damage (RULES 1.6): damage or heal the marked or selected combatants, or resolve one attack
against one opponent (RULES 1.5). A preview line per target shows what will happen before Enter
applies it; the result's breakdown stays under the form."""

from __future__ import annotations

import re
from collections.abc import Coroutine
from typing import Any, ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import ContentSwitcher, Input, Label, Select, Static

from core.actions import AttackOpponent, Damage, DefendOpponent, Heal, Outcome, RepairArmour, trial
from core.breakdown import Lang
from core.campaign import Campaign
from core.combat import Range
from core.damage import HIT, Weapon, apply_damage
from core.duel import attack_difficulty, attack_opponent_roll, defend_opponent_roll
from core.errors import RulesError
from core.rolls import chance_of_success
from tui.access import gm
from tui.access import targets as marked_or_selected
from tui.commands.keys import Described, bindings
from tui.door import Answer
from tui.i18n import plural_s, register, t
from tui.textual_fixes.checkbox import Checkbox
from tui.textual_fixes.chooser import Chooser
from tui.textual_fixes.recent_static import RecentStatic
from tui.widgets.dice_field import DieEntry, KultDieField, cast
from tui.widgets.form import Form, FormPane, character_or_none
from tui.widgets.inputs import AFFECTS, RANGES, Cycle, ErrorLine, FieldError, NumberField, labels, percent, set_text
from tui.widgets.pane import focus_now
from tui.widgets.score_parts import ScoreToggles

register(
    {
        "dmg.targets": ("Targets: {names}", "Cibles : {names}"),
        "dmg.no_target": (
            "none: move the cursor or mark with space",
            "aucune : déplacez le curseur ou marquez avec espace",
        ),
        "dmg.entry": ("Damage / heal", "Dégâts / soins"),
        "dmg.duel": ("One opponent", "Un adversaire"),
        "dmg.amount": ("Amount", "Montant"),
        "dmg.hint": ("7 or -7: damage · +3: heal · Enter applies", "7 ou -7 : dégâts · +3 : soins · Entrée applique"),
        "dmg.bad_amount": ("amount: 7 or -7 damages, +3 heals", "montant : 7 ou -7 blesse, +3 soigne"),
        "dmg.pugilat": ("pugilat", "pugilat"),
        "dmg.bypass": ("bypass armour", "ignorer l'armure"),
        "dmg.nothing_to_repair": ("No armour to repair.", "Aucune armure à réparer."),
        "dmg.need_target": ("pick a target first", "choisissez d'abord une cible"),
        "dmg.attacker": ("Attacker", "Attaquant"),
        "dmg.defender": ("Defender", "Défenseur"),
        "dmg.attack": ("Attack", "Attaque"),
        "dmg.defence": ("Defence", "Défense"),
        "dmg.kult": ("Kult", "Kult"),
        "dmg.affect": ("Affect", "Affect"),
        "dmg.weapon.normal": ("weapon 1", "arme 1"),
        "dmg.weapon.magic": ("magic 2", "magique 2"),
        "dmg.no_defender": ("pick who defends", "choisissez qui se défend"),
        "dmg.chance": ("chance {pct} · {difficulty}", "chance {pct} · {difficulty}"),
        "dmg.hit_rule": (
            "hit: {base} + 1 per 5 over {d}; at {base}: {preview}",
            "touché : {base} + 1 par 5 au-dessus de {d} ; à {base} : {preview}",
        ),
        "dmg.typed_hit": (
            "kult {die}: {final} vs {d} → {ranks} rank{s}, {damage} damage: {preview}",
            "kult {die} : {final} contre {d} → {ranks} rang{s}, {damage} dégâts : {preview}",
        ),
        "dmg.typed_miss": ("kult {die}: {final} vs {d} → miss", "kult {die} : {final} contre {d} → raté"),
        "dmg.defends": ("defender rolls ^o", "le défenseur jette ^o"),
        "dmg.defence_chance": (
            "defence chance {pct} · against attack {attack}",
            "chance de parer {pct} · contre l'attaque {attack}",
        ),
        "dmg.defence_rule": (
            "failed defence: {base} + 1 per 5 under {attack}; at {base}: {preview}",
            "défense ratée : {base} + 1 par 5 sous {attack} ; à {base} : {preview}",
        ),
        "dmg.typed_parried": (
            "kult {die}: defence {final} vs {attack} → parried",
            "kult {die} : défense {final} contre {attack} → paré",
        ),
        "dmg.typed_failed": (
            "kult {die}: defence {final} vs {attack} → {ranks} rank(s) short, {damage} damage: {preview}",
            "kult {die} : défense {final} contre {attack} → {ranks} rang(s) de moins, {damage} dégâts : {preview}",
        ),
    }
)

WEAPONS = tuple((w, labels(f"dmg.weapon.{w.value}")) for w in Weapon)
AMOUNT = re.compile(r"([-+]?)(\d+)")


def parse_amount(text: str, lang: Lang = "en") -> tuple[bool, int]:
    """``7`` / ``-7`` → (False, 7) damage; ``+3`` → (True, 3) healing."""
    match = AMOUNT.fullmatch(text.strip())
    if match is None:
        raise FieldError(t("dmg.bad_amount", lang))
    try:
        return match[1] == "+", HIT.parse("damage", match[2])
    except RulesError as error:
        raise FieldError(error.text(lang)) from None


def preview_lines(campaign: Campaign, action: Damage | Heal, lang: Lang) -> list[str]:
    """What ``action`` would write in the log, line by line: the reducer's own answer on the
    current campaign (nothing changes), or why the rules refuse it."""
    try:
        return [item.text(lang) for item in trial(campaign, action).lines]
    except RulesError as refused:
        return [refused.text(lang)]


class EntryForm(Form):
    """The amount field and a preview line per target."""

    pane: DamagePane  # the pane that holds this form

    def compose(self) -> ComposeResult:
        lang = self.pane.lang
        with Horizontal(classes="row"):
            yield Label(t("dmg.amount", lang), classes="label")
            yield Input(
                id="dmg-amount", restrict=r"[-+]?\d{0,3}", compact=True, select_on_focus=True, placeholder="7 / +3"
            )
            yield ErrorLine(id="dmg-error")
        yield Static("", id="dmg-preview", classes="preview", markup=False)

    @property
    def amount(self) -> Input:
        return self.query_one("#dmg-amount", Input)

    def preview(self) -> None:
        pane, lang = self.pane, self.pane.lang
        shown = self.query_one("#dmg-preview", Static)
        error = self.query_one(ErrorLine)
        if not self.amount.value.strip():
            error.show("")
            set_text(shown, t("dmg.hint", lang))
            return
        try:
            healing, amount = parse_amount(self.amount.value, lang)
        except FieldError as refused:
            error.show(str(refused))
            set_text(shown, "")
            return
        error.show("")
        targets = pane.targets()
        if not targets:
            set_text(shown, t("dmg.need_target", lang))
            return
        set_text(shown, "\n".join(preview_lines(pane.campaign, self.action(targets, healing, amount), lang)))

    def action(self, targets: tuple[str, ...], healing: bool, amount: int) -> Damage | Heal:
        """The action the amount stands for, with the pane's toggles."""
        pugilat, bypass = self.pane.toggles()
        return Heal(targets, amount) if healing else Damage(targets, amount, pugilat, bypass)

    async def submit(self) -> Answer | None:
        pane, lang = self.pane, self.pane.lang
        error = self.query_one(ErrorLine)
        try:
            healing, amount = parse_amount(self.amount.value, lang)
            targets = pane.targets()
            if not targets:
                raise FieldError(t("dmg.need_target", lang))
        except FieldError as refused:
            error.show(str(refused))
            return None
        answer = await pane.apply(self.action(targets, healing, amount), error)
        if isinstance(answer, Outcome):
            self.amount.value = ""
            pane.used_up()
        return answer


class DuelForm(Form):
    """One attacker against one defender's defence score: chance, then what the hit does. With
    "defender rolls" ticked, the die, affect and reroll are the defender's (a PC's defence roll,
    RULES 1.5) against the attack's final value."""

    pane: DamagePane  # the pane that holds this form

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
        yield Static("", id="duel-chance", classes="chance", markup=False)
        yield Static("", id="duel-preview", classes="preview", markup=False)

    @property
    def die(self) -> KultDieField:
        return self.query_one("#duel-die", KultDieField)

    def set_fighters(self, attacker: str | None, defender: str | None) -> None:
        self.choose("duel-attacker", attacker)
        if defender is not None and defender in self.pane.fighter_keys:
            self.choose("duel-defender", defender)

    def read(self) -> tuple[str, int, int, DieEntry]:
        """(defender, attack score, defence score, die entry), or a FieldError."""
        lang = self.pane.lang
        defender = self.query_one("#duel-defender", Select).selection
        if defender is None or character_or_none(self.pane.campaign, defender) is None:
            raise FieldError(t("dmg.no_defender", lang))
        score = self.query_one("#duel-score", NumberField).number(lang)
        defence = self.query_one("#duel-defence", NumberField).number(lang)
        return defender, score, defence, self.die.entry(self.pane.campaign.rules.die, lang)

    def preview(self) -> None:
        pane, lang = self.pane, self.pane.lang
        chance = self.query_one("#duel-chance", Static)
        shown = self.query_one("#duel-preview", Static)
        try:
            defender, score, defence, entry = self.read()
        except FieldError as refused:
            self.refuse(str(refused), chance, shown)
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
            if isinstance(entry, int):
                duel = defend_opponent_roll(defence, score, kult=entry, die=die, weapon=weapon, rerolls_allowed=0)
                values = {"die": f"{entry:+d}", "final": duel.final, "attack": score}
                text = (
                    t(
                        "dmg.typed_failed",
                        lang,
                        ranks=duel.ranks,
                        damage=duel.damage,
                        preview=hit(duel.damage),
                        **values,
                    )
                    if duel.hit
                    else t("dmg.typed_parried", lang, **values)
                )
            else:
                text = t("dmg.defence_rule", lang, base=weapon.base, attack=score, preview=hit(weapon.base))
        elif isinstance(entry, int):
            duel = attack_opponent_roll(
                score, defence, kult=entry, die=die, weapon=weapon, range=range_, rerolls_allowed=0
            )
            values = {"die": f"{entry:+d}", "final": duel.final, "d": difficulty}
            text = (
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
        else:
            text = t("dmg.hit_rule", lang, base=weapon.base, d=difficulty, preview=hit(weapon.base))
        set_text(shown, text)

    async def submit(self) -> Answer | None:
        pane = self.pane
        error = self.query_one(ErrorLine)
        try:
            defender, score, defence, entry = self.read()
        except FieldError as refused:
            error.show(str(refused))
            return None
        face = cast(entry, pane.campaign.rules.die, gm(pane).session.rng)
        pugilat, bypass = pane.toggles()
        action: AttackOpponent | DefendOpponent
        if self.defends:
            action = DefendOpponent(
                defender, score, defence, (face,), self.query_one("#duel-attacker", Select).selection,
                self.query_one("#duel-weapon", Cycle).value, pugilat, bypass, self.query_one("#duel-affect", Cycle).value,
            )  # fmt: skip
        else:
            action = AttackOpponent(
                self.query_one("#duel-attacker", Select).selection, defender, score, defence, (face,),
                self.query_one("#duel-weapon", Cycle).value, self.query_one("#duel-range", Cycle).value,
                pugilat, bypass, self.query_one("#duel-affect", Cycle).value,
            )  # fmt: skip
        answer = await pane.apply(action, error)
        if isinstance(answer, Outcome):
            self.die.value = ""
            if not self.defends:
                pane.used_up()
        return answer


class DamagePane(Described, FormPane):
    """Damage or heal the marked (else the selected) combatants; ctrl+t: one-opponent attack."""

    TITLE_KEY = "pane.damage"
    MODES = (("dmg-entry", "dmg.entry"), ("dmg-duel", "dmg.duel"))
    OPENERS: ClassVar[dict[str, str]] = {"dmg-entry": "start_entry", "dmg-duel": "start_duel"}
    BINDINGS: ClassVar[list[BindingType]] = bindings("damage")

    def compose(self) -> ComposeResult:
        lang = self.lang
        yield RecentStatic("", id="dmg-targets", markup=False)
        yield Static("", id="dmg-mode", classes="form-mode")
        with Horizontal(classes="row", id="dmg-toggles"):
            yield Checkbox(t("dmg.pugilat", lang) + " ^n", id="dmg-pugilat", compact=True)
            yield Checkbox(t("dmg.bypass", lang) + " ^g", id="dmg-bypass", compact=True)
        with ContentSwitcher(initial="dmg-entry", id="dmg-forms"):
            yield EntryForm(self, id="dmg-entry")  # the duel form: composed when first shown
        with VerticalScroll(id="dmg-result-box"):
            yield Static("", id="dmg-result", classes="form-result")

    @property
    def duel(self) -> DuelForm | None:
        """The one-opponent form once shown (composed then, with whose turn it is and the last
        character selected: what it would have followed)."""
        return self.form_of(DuelForm)

    def prepare(self) -> None:
        self.watch(self.app, "marked", self.targets_changed, init=False)
        self.last_selected = self.selected_character()
        self.targets_changed()

    def follow(self, campaign: Campaign) -> None:
        self.sync_selects()
        self.targets_changed()

    def used_up(self) -> None:
        """After a hit: pugilat and bypass-armour were for that hit, the marks for that action."""
        for box in self.query("#dmg-toggles Checkbox").results(Checkbox):
            box.value = False
        if getattr(self.app, "marked", None):
            gm(self).marked = frozenset()

    def new_turn(self) -> None:
        for box in self.query("#dmg-toggles Checkbox").results(Checkbox):
            box.value = False
        form = self.duel
        if form is not None:
            form.set_fighters(self.current_character(), form.query_one("#duel-defender", Select).selection)
            form.preview()

    def selection_changed(self, key: str | None) -> None:
        if character_or_none(self.campaign, key) is not None:
            self.last_selected = key
            form = self.duel
            if form is not None:
                form.set_fighters(form.query_one("#duel-attacker", Select).selection, key)
        self.targets_changed()

    def targets_changed(self, *_: object) -> None:
        keys = self.targets()
        names = ", ".join(self.campaign.name_of(k) for k in keys) or t("dmg.no_target", self.lang)
        set_text(self.query_one("#dmg-targets", RecentStatic), t("dmg.targets", self.lang, names=names))
        self._toggled()

    @on(Checkbox.Changed)
    def _toggled(self) -> None:
        self.query_one(EntryForm).preview()
        if self.duel is not None:
            self.duel.preview()

    # -- look-ups -------------------------------------------------------------------------------
    def targets(self) -> tuple[str, ...]:
        """The marked combatants in initiative order, else the selected one."""
        return marked_or_selected(self)

    def toggles(self) -> tuple[bool, bool]:
        return self.query_one("#dmg-pugilat", Checkbox).value, self.query_one("#dmg-bypass", Checkbox).value

    def selected_character(self) -> str | None:
        key = getattr(self.app, "selected", None)
        return key if character_or_none(self.campaign, key) is not None else None

    # -- public entry points --------------------------------------------------------------------
    def start_entry(self) -> None:
        """The amount field focused, for the marked or selected combatants."""
        self.show_form("dmg-entry")
        form = self.query_one(EntryForm)
        form.amount.value = ""
        self.targets_changed()
        focus_now(form.amount)

    def start_duel(self, defends: bool = False) -> Coroutine[Any, Any, None] | None:
        """The one-opponent attack: the current combatant against the selected one, die focused;
        ``defends``: the selected PC rolls its defence against the current combatant's attack.
        The first time, the form is composed: what is returned opens it once mounted, and the key's
        action returns it for Textual to finish before the next key (the die typed at once)."""
        self.sync_selects(force=True)
        return self.open_form(
            DuelForm,
            "dmg-duel",
            ready=lambda form: form.set_fighters(self.current_character(), self.last_selected),
            opened=lambda form: self._open_duel(form, defends),
        )

    def _open_duel(self, form: DuelForm, defends: bool) -> None:
        self.show_form("dmg-duel")
        form.query_one("#duel-defends", Checkbox).value = defends
        form.set_fighters(self.current_character(), self.selected_character())
        form.preview()
        focus_now(form.die)

    def focus_main(self) -> None:
        if self.mode == "dmg-duel" and self.duel is not None:
            focus_now(self.duel.die)
        else:
            focus_now(self.query_one(EntryForm).amount)

    def action_switch(self) -> Coroutine[Any, Any, None] | None:
        if self.mode == "dmg-entry":
            return self.start_duel()
        self.start_entry()
        return None

    def action_tick(self, selector: str) -> None:
        self.query_one(selector, Checkbox).toggle()

    def action_defends(self) -> Coroutine[Any, Any, None] | None:
        """ctrl+o: the duel form's "PC defends" box. From the damage form (the duel form perhaps
        not composed yet), the duel form opens with it ticked: the selected PC defends."""
        form = self.duel
        if self.mode != "dmg-duel" or form is None:
            return self.start_duel(defends=True)
        form.query_one("#duel-defends", Checkbox).toggle()
        return None

    @work(group="form")
    async def action_repair(self) -> None:
        """Restore the lost armour points of each target."""
        worn = [
            key for key in self.targets() if (c := character_or_none(self.campaign, key)) and c.armour < c.max_armour
        ]
        if not worn:
            self.app.notify(t("dmg.nothing_to_repair", self.lang))
            return
        lines = []
        for key in worn:
            answer = await gm(self).request(RepairArmour(key))
            if isinstance(answer, Outcome):
                lines.append(answer.lines[0].text(self.lang))
        self.show_result("\n".join(lines))
