"""Any check (RULES 1.2): score + kult die against a difficulty, for the selected combatant.

The score is filled in from the characteristic chosen and what the GM says applies (trade ^b,
speciality ^s; :mod:`core.scores`), each part named under it. The score, the chance of success
and, with a die typed, what the roll would give show as the GM types; Enter rolls (or takes the
die typed at the table) and applies a :class:`~core.actions.Roll`, which logs it and moves the
PC's shadow (affect, critical failure). Its result then stays under the initiative list.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Select, Static

from core.actions import Roll, trial
from core.characteristics import CHARACTERISTIC_NAMES, CHARACTERISTICS
from core.errors import RulesError
from core.player_send import Sent
from core.rolls import AFFECT, chance_of_success, parse_difficulty
from core.validators import looks_whole
from tui.access import gm
from tui.commands.keys import Described, bindings
from tui.i18n import pick, refusal, t
from tui.inbox import said, taken
from tui.safe import plain
from tui.state import AppState
from tui.textual_fixes.checkbox import Checkbox
from tui.widgets.dice_field import KultDieField, faces
from tui.widgets.inputs import FieldError, percent, read_whole, set_text
from tui.widgets.player_roll import hidden_line
from tui.widgets.score_parts import (
    ScoreToggles,
    applies_to,
    default_score,
    last_characteristic,
    parts_text,
    remembered,
)


class RollDialog(Described, AppState, ModalScreen["Roll | None"]):
    """Dismisses the :class:`Roll` to apply (its die typed or rolled now), or None."""

    DEFAULT_CSS = """
    #roll-what { height: auto; }
    #roll-characteristic { width: 18; margin-right: 1; }
    #roll-what ScoreToggles { width: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = bindings("roll")

    def __init__(self, key: str) -> None:
        super().__init__(classes="dialog")
        self.key = key
        #: What the score is made of (``Arsouille: corps 4 + voleur (trade) 3 = 7``).
        self.parts = ""
        #: What the PC's player sent for this roll (a resistance roll, issue 38), and whether the
        #: GM typed a die over it: the command answers it once the roll is recorded.
        self.sent: Sent | None = None
        self.typed = False

    def compose(self) -> ComposeResult:
        lang = self.lang
        c = self.campaign.character(self.key)
        characteristic = self.filled_for = last_characteristic(self.app, self.key)
        with Vertical(classes="dialog-box"):
            yield Label(plain(t("roll.title", lang, name=c.name)), classes="dialog-question")
            with Horizontal(id="roll-what"):
                names = [(pick(CHARACTERISTIC_NAMES[k], lang), k) for k in CHARACTERISTICS]
                yield Select(names, value=characteristic, allow_blank=False, id="roll-characteristic", compact=True)
                yield ScoreToggles(lang, scope="roll", id="roll-applies")
            yield Label(t("roll.score", lang))
            yield Input(
                str(default_score(self.app, c, characteristic).value), id="roll-score", type="integer", compact=True
            )
            yield Static("", id="roll-parts", markup=False)
            yield Label(t("roll.difficulty", lang))
            yield Input("10", id="roll-difficulty", compact=True)
            yield Label(t("roll.affect", lang))
            options = [(t(f"roll.affect.{k}", lang), v) for k, v in (("none", 0), ("good", 1), ("bad", -1))]
            yield Select(options, value=0, allow_blank=False, id="roll-affect", compact=True)
            yield Label(t("roll.die", lang))
            yield KultDieField(id="roll-die", label="kult")
            yield hidden_line("roll-sent")
            yield Static("", id="roll-chance")
            yield Static("", id="roll-error", classes="field-error", markup=False)

    def on_mount(self) -> None:
        c = self.campaign.character(self.key)
        self.query_one(ScoreToggles).show_for(c, applies_to(self.app, c, self.characteristic))
        self.query_one("#roll-score", Input).focus()
        self._preview()
        self.watch(self.app, "waiting", lambda _: self._preview(), init=False)

    @property
    def characteristic(self) -> str:
        return str(self.query_one("#roll-characteristic", Select).value)

    def refill(self) -> None:
        """The score again from the characteristic and what applies (what was typed goes)."""
        c = self.campaign.character(self.key)
        last_characteristic(self.app, self.key, self.characteristic)
        self.query_one(ScoreToggles).show_for(c, applies_to(self.app, c, self.characteristic))
        self.query_one("#roll-score", Input).value = str(default_score(self.app, c, self.characteristic).value)

    @on(Select.Changed, "#roll-characteristic")
    def _characteristic_changed(self) -> None:
        """Another characteristic: its score (the Select's first message, at mount, changes
        nothing: a score typed ahead stays)."""
        if self.characteristic != self.filled_for:
            self.filled_for = self.characteristic
            self.refill()

    @on(Checkbox.Changed, ".applies-trade, .applies-speciality")
    def _applies_changed(self, event: Checkbox.Changed) -> None:
        """The GM says whether the trade or speciality applies: remembered for this character
        and characteristic, and the score filled in again."""
        c = self.campaign.character(self.key)
        remembered(self.app)[(c.id, self.characteristic)] = ScoreToggles.changed(
            applies_to(self.app, c, self.characteristic), event
        )
        self.refill()

    def action_applies(self, which: str) -> None:
        toggles = self.query_one(ScoreToggles)
        box = toggles.trade if which == "trade" else toggles.speciality
        if not box.disabled:
            box.toggle()

    def _affect(self) -> int:
        value = self.query_one("#roll-affect", Select).value
        return value if isinstance(value, int) else 0  # the Select has no blank: always -1, 0 or +1

    def _show_parts(self) -> None:
        """The parts of the score: what it assumes, with the affect; the score used if typed."""
        c = self.campaign.character(self.key)
        affect = self._affect()
        full = default_score(self.app, c, self.characteristic, affect=affect)
        try:
            used = str(self._score())
        except FieldError:
            used = ""
        self.parts = parts_text(c.name, full, used, self.lang)
        self.query_one("#roll-parts", Static).update(self.parts)

    def _score(self) -> int:
        text = self.query_one("#roll-score", Input).value.strip()
        if not looks_whole(text):
            raise FieldError(t("roll.score_needed", self.lang))
        return read_whole(text, "score", self.lang) + AFFECT * self._affect()

    def _read(self) -> tuple[int, int]:
        difficulty = parse_difficulty(self.query_one("#roll-difficulty", Input).value)
        return self._score(), difficulty

    @on(Input.Changed)
    @on(Select.Changed)
    def _preview(self) -> None:
        """The score's parts, the score and chance, and with a die typed what Enter would give."""
        self._show_parts()
        self._offer()
        chance, error = self.query_one("#roll-chance", Static), self.query_one("#roll-error", Static)
        lang, die = self.lang, self.campaign.rules.die
        try:
            score, difficulty = self._read()
            entry = self.query_one(KultDieField).entry(die, lang)
        except (RulesError, FieldError) as problem:
            chance.update("")
            error.update(refusal(problem, lang) if self.query_one("#roll-score", Input).value else "")
            return
        text = t(
            "roll.chance",
            lang,
            score=score,
            difficulty=difficulty,
            pct=percent(chance_of_success(score, difficulty, die), lang),
        )
        if isinstance(entry, int):
            try:
                outcome = trial(self.campaign, Roll(self.key, score, difficulty, (entry,), self._affect()))
                text += "\n" + t("roll.would", lang, die=f"{entry:+d}", what=outcome.lines[0].text(lang))
            except RulesError:
                pass
        chance.update(plain(text))
        error.update("")

    @on(Input.Submitted)
    def _submitted(self) -> None:
        error = self.query_one("#roll-error", Static)
        die = self.campaign.rules.die
        try:
            score, difficulty = self._read()
            dice = faces(self.query_one(KultDieField).entry(die, self.lang), die=die, rng=gm(self).session.rng)
            roll = Roll(self.key, score, difficulty, dice, self._affect())
        except (RulesError, FieldError) as problem:
            error.update(refusal(problem, self.lang))
            return
        self.typed = bool(self.query_one(KultDieField).value.strip())  # the GM's die wins
        gm(self).ask_roll(None, None)
        self.dismiss(taken(roll, None if self.typed else self.sent))  # type: ignore[arg-type]  # a Roll still

    def _offer(self) -> None:
        """What the PC's player sent for a resistance roll: the empty die field takes it."""
        app = gm(self)
        c = self.campaign.character(self.key)
        app.ask_roll(self.key if c.pc else None, "resistance")
        self.sent = sent = app.offered
        self.query_one(KultDieField).offer(sent.die if sent is not None else None)
        line = self.query_one("#roll-sent", Static)
        set_text(line, t("inbox.take", self.lang, said=said(sent, self.lang)) if sent else "")
        line.display = sent is not None

    def action_cancel(self) -> None:
        gm(self).ask_roll(None, None)
        self.dismiss(None)
